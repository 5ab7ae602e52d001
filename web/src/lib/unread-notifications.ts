// The bell's count (GET /api/notifications/unread), like the tickets badge: here, not in
// features/notifications, because the navbar is shared layout and may not import a feature. Every
// notification query sits under `notificationsKey`, so invalidating it refreshes the bell too.

import { isNotificationSubject } from '@shared/notification-links';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { ticketsKey } from '@/lib/unread-tickets';

/** lib/profile.ts's first key part (not imported: the header must not bring the API client with it). */
const PROFILE_KEY = 'profile';
/** The customer's orders' first key part (features/orders/api/get-my-orders.ts; a layout module may not import a feature). */
export const MY_ORDERS_KEY = 'my-orders';
/** The customer's top-up requests (features/recharge/api/get-my-recharge-requests.ts). */
export const MY_TOP_UPS_KEY = 'my-recharge-requests';
/** The dashboard's spending (features/dashboard/api/get-spending.ts): it follows the ledger. */
export const SPENDING_KEY = 'spending';

/** What each kind of news changes on screen: the queries read again when it arrives. */
const NEWS_CHANGES: Record<string, readonly (readonly string[])[]> = {
  // An order's or a refill's news: the orders (and a refund, the balance and the spending).
  order: [[MY_ORDERS_KEY], [PROFILE_KEY], [SPENDING_KEY]],
  refill: [[MY_ORDERS_KEY], [PROFILE_KEY], [SPENDING_KEY]],
  // A top-up credited (by the admin or the wallet autopilot) or rejected: the balance and the top-up list.
  topup: [[PROFILE_KEY], [MY_TOP_UPS_KEY]],
  // A reply: the tickets (the list, the thread, the badge).
  ticket: [ticketsKey],
};

/** News of `kind` arrived: every view it concerns is read again (all of them when the kind is not known). */
function refetchViewsOf(queryClient: QueryClient, kind: unknown) {
  const keys = new Set(NEWS_CHANGES[String(kind)] ?? Object.values(NEWS_CHANGES).flat());
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

export const notificationsKey = ['notifications'] as const;
export const unreadNotificationsKey = [...notificationsKey, 'unread'] as const;

/** What the service worker (src/sw.ts) posts to the app's open pages when a push arrives. */
export const PUSH_MESSAGE_TYPE = 'shohrat:push';

// The fetcher loads with the first count asked for (see lib/get-unread-notifications.ts).
const getUnreadNotifications = () => import('@/lib/get-unread-notifications').then((api) => api.getUnreadNotifications());

/**
 * A push arrived while the app is open (the service worker says so): the bell and the lists refetch
 * at once, and a ticket reply refreshes the tickets too. Returns the unsubscribe.
 */
export function refetchOnPush(queryClient: QueryClient): () => void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return () => {};
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; kind?: unknown } | null;
    if (data?.type !== PUSH_MESSAGE_TYPE) return;
    void queryClient.invalidateQueries({ queryKey: notificationsKey });
    refetchViewsOf(queryClient, data.kind);
  };
  container.addEventListener('message', onMessage);
  // Messages from the worker wait in a queue until the page says it listens (addEventListener does not).
  container.startMessages?.();
  return () => container.removeEventListener('message', onMessage);
}

/**
 * The bell lives in the header, which never remounts: besides refetching on focus and on reconnect
 * (the app's habits) it looks again each minute while the page is visible (hidden tabs do not poll),
 * and at once when a push arrives. Customers only: admins get no notifications.
 */
export function useUnreadNotifications() {
  const { status, user } = useAuth();
  const queryClient = useQueryClient();
  const enabled = status === 'signed-in' && user?.role === 'user';
  useEffect(() => (enabled ? refetchOnPush(queryClient) : undefined), [enabled, queryClient]);
  const query = useQuery({
    queryKey: [...unreadNotificationsKey, user?.uid],
    queryFn: getUnreadNotifications,
    // Not on the cached user of the first paint: until Firebase has restored the session there is no
    // token to send, and the request would be answered 401.
    enabled,
    refetchInterval: 60_000,
  });
  // A new notification (an order completed, a refund, a top-up decided, a reply) without a push: the bell's count
  // rose, so every view news may concern (orders, balance, top-ups, tickets) is read again, not left as it was.
  // Compared for the same account only: another's count after a sign-in is no news.
  const unread = query.data;
  const seen = useRef<{ uid: string | undefined; count: number } | undefined>(undefined);
  const uid = user?.uid;
  useEffect(() => {
    if (unread === undefined) return;
    const last = seen.current;
    if (last && last.uid === uid && unread > last.count) refetchViewsOf(queryClient, undefined);
    seen.current = { uid, count: unread };
  }, [unread, uid, queryClient]);
  return query;
}

/**
 * The page opened is what a notification is about (its link: `/tickets/{id}`, `/dashboard?order=N`…): the customer
 * has seen it, so on opening a page while the bell has any unread, those about it are marked read and the count
 * drops. Only a page about one thing (shared/notification-links.ts isNotificationSubject: an order's row, a ticket): a
 * section's own page (`/dashboard`, where a top-up's news links and every sign-in lands) is not a subject seen, and
 * no other page asks the server anything. Once per page opened, when the count
 * is first known there: news arriving while the page stays open is left for the bell (the page itself refreshes:
 * refetchViewsOf).
 */
export function useReadWhatIsOpen(unread: number | undefined) {
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const url = pathname + search;
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (unread === undefined || handled.current === url) return;
    handled.current = url;
    if (unread === 0 || !isNotificationSubject(url)) return;
    void import('@/lib/get-unread-notifications')
      .then((api) => api.markSubjectRead(url))
      .then(() => queryClient.invalidateQueries({ queryKey: notificationsKey }))
      // Offline or refused: the notifications stay unread, as before.
      .catch(() => undefined);
  }, [url, unread, queryClient]);
}
