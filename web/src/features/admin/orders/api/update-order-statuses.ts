import { bulkStatusBody, bulkStatusResultSchema } from '@shared/schemas/orders';
import { z } from 'zod/mini';
import { adminUsersKey } from '@/features/admin/accounts/api/get-users';
import { adminOverviewKey } from '@/features/admin/reports/api/get-overview';
import { api } from '@/lib/api-client';
import { useRefetchingMutation } from '@/lib/refetch';
import { adminOrdersKey } from './get-all-orders';

export const bulkStatusAnswer = z.object({ results: z.array(bulkStatusResultSchema) });

/** Several orders' status at once: each goes through the same transaction as one, with its own result. */
export function updateOrderStatuses(body: z.input<typeof bulkStatusBody>) {
  return api.post('/admin/orders/status', bulkStatusAnswer, bulkStatusBody.parse(body));
}

// Refetched whatever the outcome: some orders may have changed even when others were refused.
export function useUpdateOrderStatuses() {
  return useRefetchingMutation(updateOrderStatuses, [adminOrdersKey, adminOverviewKey, adminUsersKey]);
}
