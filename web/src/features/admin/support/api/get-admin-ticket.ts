import { orderSchema } from '@shared/schemas/orders';
import { adminTicketSchema, ticketMessageSchema } from '@shared/tickets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { adminTicketsKey } from './get-admin-tickets';

export const adminTicketAnswer = z.object({
  ticket: adminTicketSchema,
  messages: z.array(ticketMessageSchema),
  /** Beside the thread: what the customer holds and their newest orders. */
  customer: z.object({ balance: z.number(), recentOrders: z.array(orderSchema) }),
});
export type AdminTicketAnswer = z.infer<typeof adminTicketAnswer>;

/** Not under adminTicketsKey: reading a ticket refreshes the list, which must not refetch the ticket again. */
export const adminTicketKey = (id: string) => ['admin', 'ticket', id] as const;

/** GET /api/admin/tickets/{id}: the thread, oldest first; reading it marks the customer's messages read. */
export function getAdminTicket(id: string) {
  return api.get(`/admin/tickets/${encodeURIComponent(id)}`, adminTicketAnswer);
}

export function useAdminTicket(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: adminTicketKey(id),
    queryFn: async () => {
      const answer = await getAdminTicket(id);
      void queryClient.invalidateQueries({ queryKey: adminTicketsKey });
      return answer;
    },
  });
}
