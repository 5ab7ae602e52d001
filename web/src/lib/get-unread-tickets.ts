// GET /api/tickets/unread: its answer's schema and fetcher, apart from the badge's hook (unread-tickets.ts)
// so that the header, painted first, does not bring the API client and zod with it: this loads with the
// first count asked for, once the session is there.
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export const unreadTicketsAnswer = z.object({ unread: z.number().check(z.int(), z.nonnegative()) });

export function getUnreadTickets() {
  return api.get('/tickets/unread', unreadTicketsAnswer).then((answer) => answer.unread);
}
