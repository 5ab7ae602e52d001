import { ticketSchema } from '@shared/tickets';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { useTicketsChanged } from './use-tickets-changed';

export const reopenTicketAnswer = z.object({ ticket: ticketSchema });

/** POST /api/tickets/{id}/reopen → {ticket}; it counts against the open limit (409 too_many_open_tickets). */
export function reopenTicket(id: string) {
  return api.post(`/tickets/${encodeURIComponent(id)}/reopen`, reopenTicketAnswer);
}

export function useReopenTicket() {
  const changed = useTicketsChanged();
  return useMutation({ mutationFn: reopenTicket, onSuccess: changed });
}
