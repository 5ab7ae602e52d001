import { type Review, reviewBody, reviewSchema } from '@shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { reviewsQueryKey } from './get-reviews';

export const createReviewAnswer = z.object({ review: reviewSchema });

export function createReview(body: z.input<typeof reviewBody>) {
  return api.post('/review', createReviewAnswer, reviewBody.parse(body)).then((answer) => answer.review);
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // The new review goes to the top of the list (spec §4).
    onSuccess: (review) =>
      queryClient.setQueryData<Review[]>(reviewsQueryKey, (old) => [review, ...(old ?? []).filter((r) => r._id !== review._id)]),
  });
}
