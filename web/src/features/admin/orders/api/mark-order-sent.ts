import { adminOrderSchema, type MarkSentBody, markSentBody } from '@shared/providers';
import { z } from 'zod/mini';
import { adminOrdersKey } from '@/features/admin/orders/api/get-all-orders';
import { api } from '@/lib/api-client';
import { useRefetchingMutation } from '@/lib/refetch';

const orderAnswer = z.object({ order: adminOrderSchema });

/** The admin's word that the provider has the order (decision record 0008). */
export function markOrderSent({ id, body }: { id: string; body: MarkSentBody }) {
  return api.post(`/admin/orders/${encodeURIComponent(id)}/mark-sent`, orderAnswer, markSentBody.parse(body));
}

// Refetched whether it worked or not: a refusal usually means the order moved meanwhile.
export const useMarkOrderSent = () => useRefetchingMutation(markOrderSent, [adminOrdersKey]);
