import { adminTicketSchema } from '@shared/tickets';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { useAdminTicketChanged } from './use-admin-ticket-changed';

export const closeAdminTicketAnswer = z.object({ ticket: adminTicketSchema });

/** POST /api/admin/tickets/{id}/close → {ticket}; 409 when it is already closed. */
export function closeAdminTicket(id: string) {
  return api.post(`/admin/tickets/${encodeURIComponent(id)}/close`, closeAdminTicketAnswer);
}

export function useCloseAdminTicket() {
  const changed = useAdminTicketChanged();
  return useMutation({ mutationFn: closeAdminTicket, onSuccess: changed });
}
