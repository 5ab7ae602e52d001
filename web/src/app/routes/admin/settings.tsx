import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { SettingsForm } from '@/features/admin/components/settings-form';

export function AdminSettingsRoute() {
  return (
    <Page title="Settings · Admin" heading="Settings" description="The wallet accounts, support chat and minimum recharge everyone sees.">
      <Card>
        <SettingsForm />
      </Card>
    </Page>
  );
}
