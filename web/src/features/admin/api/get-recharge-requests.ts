import { adminRechargeRequestSchema } from '@shared/schemas';
import { useAdminList } from '@/features/admin/hooks/use-admin-list';

export const adminRequestsKey = ['admin', 'recharge-requests'] as const;

/** The pending top-up requests: a queue, oldest first (the longest-waiting customer first), every one. */
export function usePendingRechargeRequests() {
  return useAdminList({
    key: adminRequestsKey,
    path: '/admin/recharge-requests',
    itemsKey: 'requests',
    item: adminRechargeRequestSchema,
    params: { status: 'pending' },
  });
}
