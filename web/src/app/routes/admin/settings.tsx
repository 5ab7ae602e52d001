import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { ForwardingSettingsForm } from '@/features/admin/components/forwarding-settings-form';
import { SettingsForm } from '@/features/admin/components/settings-form';

export function AdminSettingsRoute() {
  return (
    <Page
      title="Settings · Admin"
      heading="Settings"
      description="The wallet accounts, support chat and minimum recharge everyone sees, and how providers are handled."
    >
      <div className="space-y-6">
        <Card>
          <SettingsForm />
        </Card>
        <Card>
          <ForwardingSettingsForm />
        </Card>
      </div>
    </Page>
  );
}
