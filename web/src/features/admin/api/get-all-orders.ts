import type { OrderStatus } from '@shared/order-status';
import type { Platform } from '@shared/platforms';
import { orderSchema } from '@shared/schemas';
import { useAdminList } from '@/features/admin/hooks/use-admin-list';

export interface OrdersFilter {
  status?: OrderStatus | undefined;
  q?: string | undefined;
  platform?: Platform | undefined;
  serviceId?: string | undefined;
  /** Pakistan days (YYYY-MM-DD), both included. */
  from?: string | undefined;
  to?: string | undefined;
}

export const adminOrdersKey = ['admin', 'orders'] as const;

/** All orders, newest first, a server page at a time (Load more follows `nextCursor`). */
export function useAllOrders(filter: OrdersFilter) {
  return useAdminList({ key: adminOrdersKey, path: '/admin/order', itemsKey: 'orders', item: orderSchema, params: { ...filter } });
}
