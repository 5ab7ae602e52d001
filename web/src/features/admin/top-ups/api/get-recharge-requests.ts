import { adminRechargeRequestSchema, type RechargeRequest } from '@shared/schemas/top-ups';
import { useAdminList } from '@/features/admin/shared/hooks/use-admin-list';

export const adminRequestsKey = ['admin', 'recharge-requests'] as const;

/** Top-up requests in one state, every one: pending is a queue, oldest first (the longest-waiting customer first); the rest newest first. */
export function useRechargeRequests(status: RechargeRequest['status']) {
  return useAdminList({
    key: adminRequestsKey,
    path: '/admin/recharge-requests',
    itemsKey: 'requests',
    item: adminRechargeRequestSchema,
    params: { status },
  });
}

export const usePendingRechargeRequests = () => useRechargeRequests('pending');
