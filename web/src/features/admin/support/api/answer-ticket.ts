import { adminTicketSchema, ticketMessageBody, ticketMessageSchema } from '@shared/tickets';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { useAdminTicketChanged } from './use-admin-ticket-changed';

export const answerTicketAnswer = z.object({ ticket: adminTicketSchema, message: ticketMessageSchema });

/**
 * POST /api/admin/tickets/{id}/messages → 201 {ticket, message}: the ticket is answered; 409
 * ticket_closed on a closed one. The Idempotency-Key keeps a retry after a lost answer from sending twice.
 */
export function answerTicket({ id, message, idempotencyKey }: { id: string; message: string; idempotencyKey: string }) {
  return api.post(`/admin/tickets/${encodeURIComponent(id)}/messages`, answerTicketAnswer, ticketMessageBody.parse({ message }), {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useAnswerTicket() {
  const changed = useAdminTicketChanged();
  return useMutation({ mutationFn: answerTicket, onSuccess: changed });
}
