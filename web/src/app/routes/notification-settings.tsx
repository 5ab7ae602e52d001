import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { KindPreferences, PushOnThisDevice } from '@/features/notifications/components/notification-settings';

export function NotificationSettingsRoute() {
  return (
    <Page
      title="Notification settings"
      heading="Notification settings"
      back={{ to: paths.notifications.getHref(), label: 'Back to notifications' }}
      width="max-w-3xl"
    >
      <div className="space-y-6">
        <Card aria-labelledby="push-device-title">
          <h2 id="push-device-title" className="mb-3 text-lg font-bold text-slate-900">
            Notifications on this phone
          </h2>
          <PushOnThisDevice />
        </Card>
        <Card aria-labelledby="kinds-title">
          <h2 id="kinds-title" className="mb-1 text-lg font-bold text-slate-900">
            What you are told about
          </h2>
          <p className="mb-3 text-sm text-slate-600">Push reaches the phones where notifications are turned on.</p>
          <KindPreferences />
        </Card>
      </div>
    </Page>
  );
}
