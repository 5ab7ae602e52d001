import { createTicketBody, ticketSchema } from '@shared/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { ticketsKey } from '@/lib/unread-tickets';

export const createTicketAnswer = z.object({ ticket: ticketSchema });

/**
 * POST /api/tickets → 201 {ticket}; 409 too_many_open_tickets at the open limit, 400 for an order not
 * theirs. The Idempotency-Key makes a retry after a lost answer find the ticket, not open a second one.
 */
export function createTicket({ body, idempotencyKey }: { body: z.input<typeof createTicketBody>; idempotencyKey: string }) {
  return api.post('/tickets', createTicketAnswer, createTicketBody.parse(body), { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTicket, onSuccess: () => void queryClient.invalidateQueries({ queryKey: ticketsKey }) });
}
