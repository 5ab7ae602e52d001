import { type Review, reviewBody, reviewSchema } from '@shared/schemas/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { awaitingReviewsKey } from './get-reviews';

export const createReviewAnswer = z.object({ review: reviewSchema, message: z.optional(z.string()) });

export function createReview(body: z.input<typeof reviewBody>) {
  return api.post('/review', createReviewAnswer, reviewBody.parse(body)).then((answer) => answer.review);
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // The spec puts the new review at the top of the list. Now a review shows publicly only
    // once an admin approved it, so it goes to the top of its author's own view, marked "Awaiting
    // approval" (the published list is left as the server has it).
    onSuccess: (review) =>
      queryClient.setQueryData<Review[]>(awaitingReviewsKey, (old) => [review, ...(old ?? []).filter((r) => r._id !== review._id)]),
  });
}
