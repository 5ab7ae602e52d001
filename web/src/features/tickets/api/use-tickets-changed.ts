import type { Ticket, TicketMessage } from '@shared/tickets';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { ticketsKey } from '@/lib/unread-tickets';
import { type ticketAnswer, ticketKey } from './get-ticket';

/**
 * After a write: the ticket's new state goes on screen at once (and its new message, if any), then
 * every ticket query (the list, the badge, this thread) refetches from the server.
 */
export function useTicketsChanged() {
  const queryClient = useQueryClient();
  return ({ ticket, message }: { ticket: Ticket; message?: TicketMessage }) => {
    queryClient.setQueryData<z.infer<typeof ticketAnswer>>(ticketKey(ticket._id), (previous) =>
      previous ? { ticket, messages: message ? [...previous.messages, message] : previous.messages } : previous,
    );
    void queryClient.invalidateQueries({ queryKey: ticketsKey });
  };
}
