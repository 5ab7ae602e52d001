import { orderSchema, updateStatusBody } from '@shared/schemas/orders';
import { z } from 'zod/mini';
import { adminUsersKey } from '@/features/admin/accounts/api/get-users';
import { adminOverviewKey } from '@/features/admin/reports/api/get-overview';
import { api } from '@/lib/api-client';
import { useRefetchingMutation } from '@/lib/refetch';
import { adminOrdersKey } from './get-all-orders';

export const updateStatusAnswer = z.object({ message: z.string(), order: orderSchema });

export function updateOrderStatus({ id, body }: { id: string; body: z.input<typeof updateStatusBody> }) {
  return api.put(`/admin/update-status/${encodeURIComponent(id)}`, updateStatusAnswer, updateStatusBody.parse(body));
}

// The list is refetched after an update (spec §4), whether it worked or not.
// A cancel or partial refunds, so balances in the users list change too.
export function useUpdateOrderStatus() {
  return useRefetchingMutation(updateOrderStatus, [adminOrdersKey, adminUsersKey, adminOverviewKey]);
}
