import type { OrderStatus } from '@shared/order-status';
import { orderSchema } from '@shared/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const allOrdersAnswer = z.object({ orders: z.array(orderSchema), nextCursor: z.string().nullable() });

export interface OrdersFilter {
  status?: OrderStatus | undefined;
  q?: string | undefined;
}

export function getAllOrders(filter: OrdersFilter, cursor?: string) {
  return api.get('/admin/order', allOrdersAnswer, { params: { status: filter.status, q: filter.q, limit: 50, cursor } });
}

export const adminOrdersKey = ['admin', 'orders'] as const;

/** All orders, newest first, a page of 50 at a time (load more follows `nextCursor`). */
export function useAllOrders(filter: OrdersFilter) {
  return useInfiniteQuery({
    queryKey: [...adminOrdersKey, filter],
    queryFn: ({ pageParam }) => getAllOrders(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
