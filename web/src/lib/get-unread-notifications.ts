// GET /api/notifications/unread: its fetcher, apart from the bell's hook (unread-notifications.ts) so
// that the header, painted first, does not bring the API client and zod with it.
import { unreadNotificationsSchema } from '@shared/notifications';
import { api } from '@/lib/api-client';

export function getUnreadNotifications() {
  return api.get('/notifications/unread', unreadNotificationsSchema).then((answer) => answer.unread);
}
