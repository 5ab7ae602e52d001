import { isFinalStatus } from '@shared/order-status';
import { type myOrdersQuery, orderSchema } from '@shared/schemas/orders';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export const myOrdersAnswer = z.object({ orders: z.array(orderSchema), nextCursor: z.nullable(z.string()) });

/** The newest 200 of the signed-in user's orders (the API's largest page): the dashboard's. */
export function getMyOrders() {
  return api.get('/order/my-orders', myOrdersAnswer, { params: { limit: 200 } });
}

/** Every query of the customer's orders starts with this: invalidating it refreshes the dashboard and /orders. */
export const myOrdersQueryKey = ['my-orders'] as const;

// The dashboard's 200 are read again when the bell's count rises or an order's push arrives
// (lib/unread-notifications.ts), on focus and on reconnect: not on a clock, each answer being 200 orders.
export function useMyOrders() {
  return useQuery({ queryKey: myOrdersQueryKey, queryFn: getMyOrders });
}

/** The Orders page's filter (the URL's): one tab, a search, a range of Pakistan days. */
export type MyOrdersFilter = Omit<z.infer<typeof myOrdersQuery>, 'limit' | 'cursor'>;

const PAGE = 25;
/**
 * While an order on the Orders page is under way, it looks again this often (only while visible): a start
 * (pending → in progress) sends no notification. An end does, and refreshes it at once.
 */
export const OPEN_ORDERS_REFRESH_MS = 60_000;

export function getMyOrdersPage(filter: MyOrdersFilter, cursor?: string, signal?: AbortSignal) {
  return api.get('/order/my-orders', myOrdersAnswer, { params: { ...filter, limit: PAGE, cursor }, signal });
}

/** The customer's orders for the Orders page, newest first, a page at a time (Load more follows the cursor). */
export function useMyOrderPages(filter: MyOrdersFilter) {
  const query = useInfiniteQuery({
    queryKey: [...myOrdersQueryKey, 'pages', filter],
    queryFn: ({ pageParam, signal }) => getMyOrdersPage(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A new tab or search keeps the last list on screen until its own answer comes.
    placeholderData: keepPreviousData,
    // Orders under way move by themselves (the provider, the admin): look again while one is on screen.
    refetchInterval: (current) =>
      current.state.data?.pages.some((page) => page.orders.some((order) => !isFinalStatus(order.status))) ? OPEN_ORDERS_REFRESH_MS : false,
  });
  const orders = useMemo(() => query.data?.pages.flatMap((page) => page.orders) ?? [], [query.data]);
  return Object.assign(query, { orders });
}
