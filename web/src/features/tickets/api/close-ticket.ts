import { ticketSchema } from '@shared/tickets';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { useTicketsChanged } from './use-tickets-changed';

export const closeTicketAnswer = z.object({ ticket: ticketSchema });

/** POST /api/tickets/{id}/close → {ticket}; 409 when it is already closed. */
export function closeTicket(id: string) {
  return api.post(`/tickets/${encodeURIComponent(id)}/close`, closeTicketAnswer);
}

export function useCloseTicket() {
  const changed = useTicketsChanged();
  return useMutation({ mutationFn: closeTicket, onSuccess: changed });
}
