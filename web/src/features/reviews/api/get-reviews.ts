import { type Review, reviewSchema } from '@shared/schemas/support';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export const reviewsAnswer = z.object({ reviews: z.array(reviewSchema) });

/** The published reviews (approved by an admin), newest first. */
export function getReviews() {
  return api.get('/review', reviewsAnswer).then((answer) => answer.reviews);
}

export const reviewsQueryKey = ['reviews'] as const;

export function useReviews() {
  return useQuery({ queryKey: reviewsQueryKey, queryFn: getReviews });
}

/**
 * The reviews this visitor posted from this page, awaiting approval: held in the query cache only, never
 * fetched (no client reads a review before it is approved). A key of its own, not under `reviews`, so a
 * refetch of the published ones (cache-updates.ts) leaves them be.
 */
export const awaitingReviewsKey = ['awaiting-reviews'] as const;

export function useAwaitingReviews(): Review[] {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: awaitingReviewsKey,
    // Whatever is held: an invalidation must not empty it.
    queryFn: () => queryClient.getQueryData<Review[]>(awaitingReviewsKey) ?? [],
    initialData: [],
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  }).data;
}
