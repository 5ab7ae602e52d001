// The admin's hand on a wallet SMS: attach it to a pending request (credits what the SMS says arrived), or dismiss it with a note.
import { rechargeRequestSchema } from '@shared/schemas';
import { attachEventBody, dismissEventBody, walletEventSchema } from '@shared/wallet-autopilot';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { adminOverviewKey } from './get-overview';
import { adminRechargesKey } from './get-recent-recharges';
import { adminRequestsKey } from './get-recharge-requests';
import { adminUsersKey } from './get-users';
import { walletEventsKey } from './get-wallet-events';

export const attachAnswer = z.object({ message: z.string(), request: rechargeRequestSchema });
export const dismissAnswer = z.object({ event: walletEventSchema });

const eventPath = (id: string) => `/admin/wallet-events/${encodeURIComponent(id)}`;

export function attachWalletEvent({ id, requestId }: { id: string; requestId: string }) {
  return api.post(`${eventPath(id)}/attach`, attachAnswer, attachEventBody.parse({ requestId }));
}

export function dismissWalletEvent({ id, note }: { id: string; note: string }) {
  return api.post(`${eventPath(id)}/dismiss`, dismissAnswer, dismissEventBody.parse({ note }));
}

/** What an SMS decision can change: the queues, the credits, the customer's balance and the Overview's counts. */
export function useInvalidateTopUps() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [adminRequestsKey, walletEventsKey, adminRechargesKey, adminUsersKey, adminOverviewKey]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}

export function useAttachWalletEvent() {
  const invalidate = useInvalidateTopUps();
  return useMutation({ mutationFn: attachWalletEvent, onSettled: invalidate });
}

export function useDismissWalletEvent() {
  const invalidate = useInvalidateTopUps();
  return useMutation({ mutationFn: dismissWalletEvent, onSettled: invalidate });
}
