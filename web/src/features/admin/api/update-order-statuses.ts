import { bulkStatusBody, bulkStatusResultSchema } from '@shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { adminOrdersKey } from './get-all-orders';
import { adminOverviewKey } from './get-overview';
import { adminUsersKey } from './get-users';

export const bulkStatusAnswer = z.object({ results: z.array(bulkStatusResultSchema) });

/** Several orders' status at once: each goes through the same transaction as one, with its own result. */
export function updateOrderStatuses(body: z.input<typeof bulkStatusBody>) {
  return api.post('/admin/orders/status', bulkStatusAnswer, bulkStatusBody.parse(body));
}

export function useUpdateOrderStatuses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatuses,
    // Refetched whatever the outcome: some orders may have changed even when others were refused.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminOrdersKey });
      void queryClient.invalidateQueries({ queryKey: adminOverviewKey });
      void queryClient.invalidateQueries({ queryKey: adminUsersKey });
    },
  });
}
