import { rechargeSchema } from '@shared/schemas/money';
import { useAdminList } from '@/features/admin/shared/hooks/use-admin-list';

export const adminRechargesKey = ['admin', 'recharges'] as const;

/** Credits (add-balance and approved top-ups), newest first, every one a page at a time. */
export function useRecentRecharges() {
  return useAdminList({ key: adminRechargesKey, path: '/admin/recent-recharges', itemsKey: 'recharges', item: rechargeSchema });
}
