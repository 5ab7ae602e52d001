import { adminTicketSchema, type TicketState } from '@shared/tickets';
import { useAdminList } from '@/features/admin/shared/hooks/use-admin-list';

export const adminTicketsKey = ['admin', 'tickets'] as const;

/** Every ticket, a page at a time: no state, waiting for us first (oldest first), then the rest. */
export function useAdminTickets(state: TicketState | undefined) {
  return useAdminList({ key: adminTicketsKey, path: '/admin/tickets', itemsKey: 'tickets', item: adminTicketSchema, params: { state } });
}
