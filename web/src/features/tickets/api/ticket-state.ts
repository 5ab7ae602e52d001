import { ticketSchema } from '@shared/tickets';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { useTicketsChanged } from './use-tickets-changed';

export const ticketStateAnswer = z.object({ ticket: ticketSchema });

/** POST /api/tickets/{id}/{close|reopen} → {ticket}: the customer closes a ticket or opens it again. */
export function changeTicketState(id: string, change: 'close' | 'reopen') {
  return api.post(`/tickets/${encodeURIComponent(id)}/${change}`, ticketStateAnswer);
}

export function useChangeTicketState(change: 'close' | 'reopen') {
  const changed = useTicketsChanged();
  return useMutation({ mutationFn: (id: string) => changeTicketState(id, change), onSuccess: changed });
}
