import { orderSchema, updateStatusBody } from '@shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { adminOrdersKey } from './get-all-orders';
import { adminOverviewKey } from './get-overview';
import { adminUsersKey } from './get-users';

export const updateStatusAnswer = z.object({ message: z.string(), order: orderSchema });

export function updateOrderStatus({ id, body }: { id: string; body: z.input<typeof updateStatusBody> }) {
  return api.put(`/admin/update-status/${encodeURIComponent(id)}`, updateStatusAnswer, updateStatusBody.parse(body));
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    // The list is refetched after an update (spec §4), whether it worked or not.
    // A cancel or partial refunds, so balances in the users list change too.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminOrdersKey });
      void queryClient.invalidateQueries({ queryKey: adminUsersKey });
      void queryClient.invalidateQueries({ queryKey: adminOverviewKey });
    },
  });
}
