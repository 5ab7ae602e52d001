import { orderSchema } from '@shared/schemas/orders';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export const myOrdersAnswer = z.object({ orders: z.array(orderSchema), nextCursor: z.nullable(z.string()) });

/** The newest 200 of the signed-in user's orders (the API's largest page). */
export function getMyOrders() {
  return api.get('/order/my-orders', myOrdersAnswer, { params: { limit: 200 } });
}

export const myOrdersQueryKey = ['my-orders'] as const;

export function useMyOrders() {
  return useQuery({ queryKey: myOrdersQueryKey, queryFn: getMyOrders });
}
