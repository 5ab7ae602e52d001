import { type RefundWithoutProviderBody, refundWithoutProviderBody } from '@shared/providers';
import { orderSchema } from '@shared/schemas/orders';
import { z } from 'zod/mini';
import { adminUsersKey } from '@/features/admin/accounts/api/get-users';
import { adminOrdersKey } from '@/features/admin/orders/api/get-all-orders';
import { adminOverviewKey } from '@/features/admin/reports/api/get-overview';
import { api } from '@/lib/api-client';
import { useRefetchingMutation } from '@/lib/refetch';

const refundAnswer = z.object({ message: z.string(), order: orderSchema });

/** A sent order's refund when its provider is gone or silent (decision record 0008). */
export function refundWithoutProvider({ id, body }: { id: string; body: RefundWithoutProviderBody }) {
  return api.post(`/admin/orders/${encodeURIComponent(id)}/refund-without-provider`, refundAnswer, refundWithoutProviderBody.parse(body));
}

/** A refund moves a balance: the users list and the Overview's figures are refetched too (whether it worked or not). */
export const useRefundWithoutProvider = () =>
  useRefetchingMutation(refundWithoutProvider, [adminOrdersKey, adminUsersKey, adminOverviewKey]);
