import type { RefillStatus } from '@shared/api-v2';
import { refillSchema } from '@shared/schemas/orders';
import { useAdminList } from '@/features/admin/shared/hooks/use-admin-list';

export const adminRefillsKey = ['admin', 'refills'] as const;

/** Refill requests resellers made through API v2: pending ones oldest first (a queue), others newest first. */
export function useRefills(status: RefillStatus | undefined) {
  return useAdminList({ key: adminRefillsKey, path: '/admin/refills', itemsKey: 'refills', item: refillSchema, params: { status } });
}
