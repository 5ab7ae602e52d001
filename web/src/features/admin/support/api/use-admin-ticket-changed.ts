import type { AdminTicket, TicketMessage } from '@shared/tickets';
import { useQueryClient } from '@tanstack/react-query';
import { adminOverviewKey } from '@/features/admin/reports/api/get-overview';
import { type AdminTicketAnswer, adminTicketKey } from './get-admin-ticket';
import { adminTicketsKey } from './get-admin-tickets';

/** After an answer or a close: the ticket's new state on screen at once, then the list and the waiting count refetch. */
export function useAdminTicketChanged() {
  const queryClient = useQueryClient();
  return ({ ticket, message }: { ticket: AdminTicket; message?: TicketMessage }) => {
    queryClient.setQueryData<AdminTicketAnswer>(adminTicketKey(ticket._id), (previous) =>
      previous ? { ...previous, ticket, messages: message ? [...previous.messages, message] : previous.messages } : previous,
    );
    void queryClient.invalidateQueries({ queryKey: adminTicketsKey });
    void queryClient.invalidateQueries({ queryKey: adminOverviewKey });
  };
}
