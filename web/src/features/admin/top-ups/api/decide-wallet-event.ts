// The admin's hand on a wallet SMS: attach it to a pending request (credits what the SMS says arrived), or dismiss it with a note.
import { rechargeRequestSchema } from '@shared/schemas/top-ups';
import { attachEventBody, dismissEventBody, walletEventSchema } from '@shared/wallet-autopilot';
import { z } from 'zod/mini';
import { adminUsersKey } from '@/features/admin/accounts/api/get-users';
import { adminRechargesKey } from '@/features/admin/money/api/get-recent-recharges';
import { adminOverviewKey } from '@/features/admin/reports/api/get-overview';
import { api } from '@/lib/api-client';
import { useRefetchingMutation } from '@/lib/refetch';
import { adminRequestsKey } from './get-recharge-requests';
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

/** What a top-up decision can change: the queues, the credits, the customer's balance and the Overview's counts. */
const TOP_UP_KEYS = [adminRequestsKey, walletEventsKey, adminRechargesKey, adminUsersKey, adminOverviewKey];

/** A decision on a top-up request or a wallet SMS; whatever its outcome, what it can change is refetched. */
export const useTopUpDecision = <TData, TVariables>(decide: (variables: TVariables) => Promise<TData>) =>
  useRefetchingMutation(decide, TOP_UP_KEYS);

export const useAttachWalletEvent = () => useTopUpDecision(attachWalletEvent);

export const useDismissWalletEvent = () => useTopUpDecision(dismissWalletEvent);
