import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { AutopilotSettingsForm } from '@/features/admin/components/autopilot-settings-form';
import { ForwardingSettingsForm } from '@/features/admin/components/forwarding-settings-form';
import { SettingsForm } from '@/features/admin/components/settings-form';
import { WalletPhonesPanel } from '@/features/admin/components/wallet-phones-panel';

export function AdminSettingsRoute() {
  return (
    <Page
      title="Settings · Admin"
      heading="Settings"
      description="The wallet accounts, support chat and minimum recharge everyone sees, the wallet phones, and how providers are handled."
    >
      <div className="space-y-6">
        <Card>
          <SettingsForm />
        </Card>
        <Card>
          <WalletPhonesPanel />
        </Card>
        <Card>
          <AutopilotSettingsForm />
        </Card>
        <Card>
          <ForwardingSettingsForm />
        </Card>
      </div>
    </Page>
  );
}
