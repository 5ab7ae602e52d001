// GET /api/notifications/unread: its fetcher, apart from the bell's hook (unread-notifications.ts) so
// that the header, painted first, does not bring the API client and zod with it.
import { unreadNotificationsSchema } from '@shared/notifications';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export function getUnreadNotifications() {
  return api.get('/notifications/unread', unreadNotificationsSchema).then((answer) => answer.unread);
}

/** POST /api/notifications/read `{url}`: the customer opened `url`, so the notifications linking there are read. */
export function markSubjectRead(url: string) {
  return api.post('/notifications/read', z.undefined(), { url });
}
