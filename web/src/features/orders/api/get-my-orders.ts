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

const isOpen = (order: { status: string }) => order.status === 'pending' || order.status === 'processing';

export function useMyOrders() {
  return useQuery({
    queryKey: myOrdersQueryKey,
    queryFn: getMyOrders,
    // Orders under way move by themselves (the provider, the admin): look again while one is on screen.
    refetchInterval: (current) => (current.state.data?.orders.some(isOpen) ? OPEN_ORDERS_REFRESH_MS : false),
  });
}

/** The Orders page's filter (the URL's): one tab, a search, a range of Pakistan days. */
export type MyOrdersFilter = Omit<z.infer<typeof myOrdersQuery>, 'limit' | 'cursor'>;

const PAGE = 25;
/** While an order on screen is still under way, the page looks again this often (only while it is visible). */
export const OPEN_ORDERS_REFRESH_MS = 30_000;

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
    refetchInterval: (current) => (current.state.data?.pages.some((page) => page.orders.some(isOpen)) ? OPEN_ORDERS_REFRESH_MS : false),
  });
  const orders = useMemo(() => query.data?.pages.flatMap((page) => page.orders) ?? [], [query.data]);
  return Object.assign(query, { orders });
}
