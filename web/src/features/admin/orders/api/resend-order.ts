// An order's fulfilment at its provider (decision record 0008) has three endpoints: a new attempt (this
// file), the admin's word that the provider has it (mark-order-sent.ts), and a refund without the
// provider for a sent order whose provider is gone or silent (refund-without-provider.ts). Cancel goes
// through the status change (one refund).
import { type ResendOrderBody, resendOrderAnswer, resendOrderBody } from '@shared/providers';
import { adminOrdersKey } from '@/features/admin/orders/api/get-all-orders';
import { api } from '@/lib/api-client';
import { useRefetchingMutation } from '@/lib/refetch';

export function resendOrder({ id, body }: { id: string; body: ResendOrderBody }) {
  return api.post(`/admin/orders/${encodeURIComponent(id)}/resend`, resendOrderAnswer, resendOrderBody.parse(body));
}

// The lists are refetched whether it worked or not: a refusal usually means the order moved meanwhile.
export const useResendOrder = () => useRefetchingMutation(resendOrder, [adminOrdersKey]);
