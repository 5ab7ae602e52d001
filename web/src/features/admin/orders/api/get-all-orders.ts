import type { FulfilmentState } from '@shared/fulfilment';
import type { OrderStatus } from '@shared/order-status';
import type { Platform } from '@shared/platforms';
import { adminOrderSchema } from '@shared/providers';
import { useAdminList } from '@/features/admin/shared/hooks/use-admin-list';

export interface OrdersFilter {
  status?: OrderStatus | undefined;
  q?: string | undefined;
  platform?: Platform | undefined;
  serviceId?: string | undefined;
  /** Pakistan days (YYYY-MM-DD), both included. */
  from?: string | undefined;
  to?: string | undefined;
  /** Where the orders stand with their provider (combines with the dates or an order number only). */
  fulfilment?: FulfilmentState | undefined;
}

export const adminOrdersKey = ['admin', 'orders'] as const;

/** All orders, newest first, a server page at a time (Load more follows `nextCursor`), each with its fulfilment. */
export function useAllOrders(filter: OrdersFilter) {
  return useAdminList({ key: adminOrdersKey, path: '/admin/order', itemsKey: 'orders', item: adminOrderSchema, params: { ...filter } });
}
