import { adminReviewSchema, rejectReviewBody } from '@shared/schemas/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { adminOverviewKey } from '@/features/admin/reports/api/get-overview';
import { api } from '@/lib/api-client';
import { adminReviewsKey } from './get-admin-reviews';

export const decideReviewAnswer = z.object({ message: z.string(), review: adminReviewSchema });

/** Approve publishes the review on About; reject keeps it off, with a note for the admins. 409 when already decided. */
export type ReviewDecision = { id: string; decision: 'approve' } | { id: string; decision: 'reject'; note?: string };

export function decideReview(input: ReviewDecision) {
  const path = `/admin/reviews/${encodeURIComponent(input.id)}/${input.decision}`;
  return input.decision === 'approve'
    ? api.post(path, decideReviewAnswer)
    : api.post(path, decideReviewAnswer, rejectReviewBody.parse(input.note ? { note: input.note } : {}));
}

export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReview,
    // Refetched whether it worked or not (a 409 means another admin decided it meanwhile); the waiting count too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminReviewsKey }),
        queryClient.invalidateQueries({ queryKey: adminOverviewKey }),
      ]),
  });
}
