import { adminReviewSchema, type ReviewStatus } from '@shared/schemas/support';
import { useAdminList } from '@/features/admin/shared/hooks/use-admin-list';

export const adminReviewsKey = ['admin', 'reviews'] as const;

/** Reviews in one state: pending is a queue, oldest first (the longest waiting first); the rest newest first. */
export function useAdminReviews(status: ReviewStatus) {
  return useAdminList({ key: adminReviewsKey, path: '/admin/reviews', itemsKey: 'reviews', item: adminReviewSchema, params: { status } });
}
