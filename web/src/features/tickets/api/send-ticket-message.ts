import { ticketMessageBody, ticketMessageSchema, ticketSchema } from '@shared/tickets';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { useTicketsChanged } from './use-tickets-changed';

export const sendTicketMessageAnswer = z.object({ ticket: ticketSchema, message: ticketMessageSchema });

/**
 * POST /api/tickets/{id}/messages → 201 {ticket, message}; 409 ticket_closed on a closed (or full)
 * ticket. The Idempotency-Key keeps a retry after a lost answer from posting the message twice.
 */
export function sendTicketMessage({ id, message, idempotencyKey }: { id: string; message: string; idempotencyKey: string }) {
  return api.post(`/tickets/${encodeURIComponent(id)}/messages`, sendTicketMessageAnswer, ticketMessageBody.parse({ message }), {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useSendTicketMessage() {
  const changed = useTicketsChanged();
  return useMutation({ mutationFn: sendTicketMessage, onSuccess: changed });
}
