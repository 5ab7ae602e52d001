import { reviewSchema } from '@shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export const reviewsAnswer = z.object({ reviews: z.array(reviewSchema) });

export function getReviews() {
  return api.get('/review', reviewsAnswer).then((answer) => answer.reviews);
}

export const reviewsQueryKey = ['reviews'] as const;

export function useReviews() {
  return useQuery({ queryKey: reviewsQueryKey, queryFn: getReviews });
}
