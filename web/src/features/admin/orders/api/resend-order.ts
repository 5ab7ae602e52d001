// An order's fulfilment at its provider (decision record 0008): a new attempt (Resend), or the admin's
// word that the provider has it (Mark sent). Cancel goes through the status change (one refund); so does
// a refund without the provider (a sent order whose provider is gone or silent), through its own endpoint.
import {
  adminOrderSchema,
  type MarkSentBody,
  markSentBody,
  type RefundWithoutProviderBody,
  type ResendOrderBody,
  refundWithoutProviderBody,
  resendOrderAnswer,
  resendOrderBody,
} from '@shared/providers';
import { orderSchema } from '@shared/schemas';
import { z } from 'zod/mini';
import { adminOrdersKey } from '@/features/admin/api/get-all-orders';
import { adminOverviewKey } from '@/features/admin/api/get-overview';
import { adminUsersKey } from '@/features/admin/api/get-users';
import { api } from '@/lib/api-client';
import { useRefetchingMutation } from '@/lib/refetch';

const orderAnswer = z.object({ order: adminOrderSchema });

export function resendOrder({ id, body }: { id: string; body: ResendOrderBody }) {
  return api.post(`/admin/orders/${encodeURIComponent(id)}/resend`, resendOrderAnswer, resendOrderBody.parse(body));
}

export function markOrderSent({ id, body }: { id: string; body: MarkSentBody }) {
  return api.post(`/admin/orders/${encodeURIComponent(id)}/mark-sent`, orderAnswer, markSentBody.parse(body));
}

const refundAnswer = z.object({ message: z.string(), order: orderSchema });

export function refundWithoutProvider({ id, body }: { id: string; body: RefundWithoutProviderBody }) {
  return api.post(`/admin/orders/${encodeURIComponent(id)}/refund-without-provider`, refundAnswer, refundWithoutProviderBody.parse(body));
}

// The lists are refetched whether it worked or not: a refusal usually means the order moved meanwhile.
export const useResendOrder = () => useRefetchingMutation(resendOrder, [adminOrdersKey]);

export const useMarkOrderSent = () => useRefetchingMutation(markOrderSent, [adminOrdersKey]);

/** A refund moves a balance: the users list and the Overview's figures are refetched too. */
export const useRefundWithoutProvider = () =>
  useRefetchingMutation(refundWithoutProvider, [adminOrdersKey, adminUsersKey, adminOverviewKey]);
