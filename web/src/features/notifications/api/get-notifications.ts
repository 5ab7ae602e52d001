import { notificationsPageSchema } from '@shared/notifications';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { notificationsKey } from '@/lib/unread-notifications';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const myNotificationsKey = [...notificationsKey, 'mine'] as const;

export function getNotifications({ cursor, signal }: { cursor?: string | undefined; signal?: AbortSignal } = {}) {
  return api.get('/notifications', notificationsPageSchema, { params: { limit: NOTIFICATIONS_PAGE_SIZE, cursor }, signal });
}

/** The customer's notifications, newest first, a page at a time (Load more follows `nextCursor`). */
export function useNotifications() {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: [...myNotificationsKey, user?.uid],
    queryFn: ({ pageParam, signal }) => getNotifications({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
