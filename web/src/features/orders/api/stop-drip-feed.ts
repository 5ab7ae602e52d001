import { orderSchema } from '@shared/schemas/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { profileQueryKey } from '@/lib/profile';
import { myOrdersQueryKey } from './get-my-orders';

export const cancelOrderAnswer = z.object({ message: z.string(), order: orderSchema });

/**
 * POST /api/orders/{id}/cancel: the customer stops their drip-feed; the runs not started are refunded
 * (once: a second stop finds it final). No Idempotency-Key is needed for that reason.
 */
export function stopDripFeed(id: string) {
  return api.post(`/orders/${encodeURIComponent(id)}/cancel`, cancelOrderAnswer, {});
}

export function useStopDripFeed() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: stopDripFeed,
    // Refetched whether it worked or not: a refusal (already finished, its last run just started) means
    // the order changed since the list was read.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: profileQueryKey(user?.uid) });
      void queryClient.invalidateQueries({ queryKey: myOrdersQueryKey });
    },
  });
}
