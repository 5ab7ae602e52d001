import { ticketMessageSchema, ticketSchema } from '@shared/tickets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { ticketsKey, unreadTicketsKey } from '@/lib/unread-tickets';
import { myTicketsKey } from './get-my-tickets';

export const ticketAnswer = z.object({ ticket: ticketSchema, messages: z.array(ticketMessageSchema) });

export const ticketKey = (id: string) => [...ticketsKey, 'ticket', id] as const;

/** GET /api/tickets/{id}: the ticket and its messages, oldest first; reading it marks our replies read. */
export function getTicket(id: string) {
  return api.get(`/tickets/${encodeURIComponent(id)}`, ticketAnswer);
}

export function useTicket(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ticketKey(id),
    queryFn: async () => {
      const answer = await getTicket(id);
      // The server just marked this ticket read: the badge and the list's unread marks are out of date.
      // A count still on its way was read before that (opening a ticket straight from a link fetches
      // both at once): it is dropped, else the refetch would join it and keep the old count.
      for (const queryKey of [unreadTicketsKey, myTicketsKey]) {
        void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
      }
      return answer;
    },
  });
}
