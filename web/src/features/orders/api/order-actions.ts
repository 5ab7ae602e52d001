// The customer's actions on an order of theirs: Cancel (a drip-feed's is its Stop) and Refill. Both are
// safe to send twice (a second cancel finds the order final or asked; a second refill answers the first),
// so no Idempotency-Key. Whatever the answer, the lists and the balance are read again: a refusal means the
// order changed since it was shown.
import { customerRefillSchema, orderSchema } from '@shared/schemas/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { profileQueryKey } from '@/lib/profile';
import { myOrdersQueryKey } from './get-my-orders';

export const cancelOrderAnswer = z.object({ message: z.string(), order: orderSchema });
export const refillAnswer = z.object({ message: z.string(), refill: customerRefillSchema });

/**
 * POST /api/orders/{id}/cancel: 200 with the order cancelled (or the drip-feed stopped) and refunded, or
 * 202 with `order.cancelRequested` when its provider was asked (the refund follows its confirmation).
 */
export function cancelOrder(id: string) {
  return api.post(`/orders/${encodeURIComponent(id)}/cancel`, cancelOrderAnswer, {});
}

/** POST /api/orders/{id}/refill: the new request, or the one still pending. */
export function requestRefill(id: string) {
  return api.post(`/orders/${encodeURIComponent(id)}/refill`, refillAnswer, {});
}

function useOrderAction<Answer>(action: (id: string) => Promise<Answer>) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: action,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: profileQueryKey(user?.uid) });
      void queryClient.invalidateQueries({ queryKey: myOrdersQueryKey });
    },
  });
}

export const useCancelOrder = () => useOrderAction(cancelOrder);
export const useRequestRefill = () => useOrderAction(requestRefill);
