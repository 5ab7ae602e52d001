// The customer's notifications, newest first, the unread ones marked. A click marks one read and opens
// its screen (an app path, so the router's navigation); Mark all read clears the bell.
import type { Notification } from '@shared/notifications';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { LoadingBlock } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toasts';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { useMarkRead } from '@/features/notifications/api/mark-read';
import { formatDateTime } from '@/lib/format';

export function NotificationsList() {
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const toast = useToast();
  if (notifications.isPending) return <LoadingBlock className="min-h-32" />;
  if (notifications.isError) return <FormAlert>Could not load your notifications.</FormAlert>;
  const items = notifications.data.pages.flatMap((page) => page.notifications);
  if (items.length === 0) {
    return (
      <p className="rounded-xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-600">
        No notifications yet. We tell you here when an order moves, a top-up is checked or support replies.
      </p>
    );
  }

  const open = (notification: Notification) => {
    // The click navigates at once; the mark is sent alongside (the bell refetches when it lands).
    if (!notification.read) markRead.mutate({ ids: [notification._id] });
  };
  const markAll = () =>
    markRead.mutate({ all: true }, { onError: () => toast.error('Could not mark your notifications read. Please try again.') });

  return (
    <div className="space-y-3">
      {items.some((item) => !item.read) ? (
        <div className="flex justify-end">
          <Button
            variant="secondary"
            size="sm"
            loading={markRead.isPending && markRead.variables !== undefined && 'all' in markRead.variables}
            onClick={markAll}
          >
            Mark all read
          </Button>
        </div>
      ) : null}
      <ul aria-label="Your notifications" className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
        {items.map((notification) => (
          <li key={notification._id}>
            <Link
              to={notification.url}
              onClick={() => open(notification)}
              className={`flex items-start gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 ${notification.read ? '' : 'bg-brand-50/60'}`}
            >
              <span
                className={`mt-1.5 size-2.5 shrink-0 rounded-full ${notification.read ? 'bg-transparent' : 'bg-brand-600'}`}
                aria-hidden="true"
              />
              <span className="min-w-0">
                {notification.read ? null : <span className="sr-only">Unread: </span>}
                <span className={`block wrap-anywhere text-slate-900 ${notification.read ? 'font-medium' : 'font-bold'}`}>
                  {notification.title}
                </span>
                <span className="block wrap-anywhere text-sm text-slate-700">{notification.body}</span>
                <span className="block text-xs text-slate-600">{formatDateTime(notification.createdAt)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {notifications.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            size="sm"
            loading={notifications.isFetchingNextPage}
            onClick={() => void notifications.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
