import { orderSchema, type PlaceOrderBody, placeOrderBody } from '@shared/schemas/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { profileQueryKey } from '@/lib/profile';
import { SPENDING_KEY } from '@/lib/unread-notifications';
import { myOrdersQueryKey } from './get-my-orders';

export const placeOrderAnswer = z.object({ message: z.string(), order: orderSchema, balance: z.number() });
export type PlaceOrderAnswer = z.infer<typeof placeOrderAnswer>;

/** POST /api/order/place with the attempt's Idempotency-Key, so a retry never charges twice. */
export function placeOrder({ body, idempotencyKey }: { body: PlaceOrderBody; idempotencyKey: string }) {
  return api.post('/order/place', placeOrderAnswer, placeOrderBody.parse(body), { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: (answer) => {
      // The balance shown drops at once to what the server charged; then everything refetches.
      queryClient.setQueryData(profileQueryKey(user?.uid), (old: { balance: number } | undefined) =>
        old ? { ...old, balance: answer.balance } : old,
      );
      void queryClient.invalidateQueries({ queryKey: profileQueryKey(user?.uid) });
      void queryClient.invalidateQueries({ queryKey: myOrdersQueryKey });
      // The spending follows the ledger at once (GET /api/ledger/spending reads what the rollups have not yet).
      void queryClient.invalidateQueries({ queryKey: [SPENDING_KEY] });
    },
    onError: (error) => {
      // Blocked since the profile was read: the profile says why, and the page shows it.
      if (error instanceof ApiError && error.code === 'account_suspended')
        void queryClient.invalidateQueries({ queryKey: profileQueryKey(user?.uid) });
    },
  });
}
