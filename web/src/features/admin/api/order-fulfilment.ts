// An order's fulfilment at its provider (decision record 0008): a new attempt (Resend), or the admin's
// word that the provider has it (Mark sent). Cancel goes through the status change (one refund).
import {
  adminOrderSchema,
  type MarkSentBody,
  markSentBody,
  type ResendOrderBody,
  resendOrderAnswer,
  resendOrderBody,
} from '@shared/providers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { adminOrdersKey } from '@/features/admin/api/get-all-orders';
import { api } from '@/lib/api-client';

const orderAnswer = z.object({ order: adminOrderSchema });

export function resendOrder({ id, body }: { id: string; body: ResendOrderBody }) {
  return api.post(`/admin/orders/${encodeURIComponent(id)}/resend`, resendOrderAnswer, resendOrderBody.parse(body));
}

export function markOrderSent({ id, body }: { id: string; body: MarkSentBody }) {
  return api.post(`/admin/orders/${encodeURIComponent(id)}/mark-sent`, orderAnswer, markSentBody.parse(body));
}

// The lists are refetched whether it worked or not: a refusal usually means the order moved meanwhile.
function useOrdersChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminOrdersKey });
}

export function useResendOrder() {
  const changed = useOrdersChanged();
  return useMutation({ mutationFn: resendOrder, onSettled: changed });
}

export function useMarkOrderSent() {
  const changed = useOrdersChanged();
  return useMutation({ mutationFn: markOrderSent, onSettled: changed });
}
