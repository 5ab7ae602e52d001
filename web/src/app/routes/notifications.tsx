import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { NotificationsList } from '@/features/notifications/components/notifications-list';

export function NotificationsRoute() {
  return (
    <Page
      title="Notifications"
      heading="Notifications"
      description="Your orders, top-ups, support replies and refills."
      actions={
        <Link to={paths.notificationSettings.getHref()} className={buttonClass({ size: 'sm', variant: 'secondary' })}>
          Settings
        </Link>
      }
      width="max-w-3xl"
    >
      <Card>
        <NotificationsList />
      </Card>
    </Page>
  );
}
