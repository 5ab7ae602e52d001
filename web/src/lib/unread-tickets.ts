// The count of support replies the signed-in customer has not read (GET /api/tickets/unread), for the
// navigation's badge. Here, not in features/tickets: the navbar is shared layout and may not import a
// feature. Every ticket query sits under `ticketsKey`, so invalidating it refreshes this badge too.
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth';

export const ticketsKey = ['tickets'] as const;
export const unreadTicketsKey = [...ticketsKey, 'unread'] as const;

// The fetcher loads with the first count asked for (see lib/get-unread-tickets.ts).
const getUnreadTickets = () => import('@/lib/get-unread-tickets').then((api) => api.getUnreadTickets());

/**
 * The badge lives in the header, which never remounts, so besides the app's habits (refetch on focus
 * and on reconnect, invalidated by every ticket action) it looks again each minute while the page is
 * visible: an answer from us shows up without a reload. Hidden tabs do not poll.
 */
export function useUnreadTickets() {
  const { status, user } = useAuth();
  return useQuery({
    queryKey: [...unreadTicketsKey, user?.uid],
    queryFn: getUnreadTickets,
    // Not on the cached user of the first paint: until Firebase has restored the session there is no
    // token to send, and the request would be answered 401.
    // A customer's replies: an admin's bar has no Tickets link (the console counts what waits for an answer).
    enabled: status === 'signed-in' && user?.role === 'user',
    refetchInterval: 60_000,
  });
}
