import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { SettingsForm } from '@/features/admin/accounts/components/settings-form';
import { TermsForm } from '@/features/admin/accounts/components/terms-form';
import { TiersForm } from '@/features/admin/accounts/components/tiers-form';
import { ForwardingSettingsForm } from '@/features/admin/providers/components/forwarding-settings-form';
import { ReferralProgrammeForm } from '@/features/admin/referrals/components/referral-programme-form';
import { AutopilotSettingsForm } from '@/features/admin/top-ups/components/autopilot-settings-form';
import { WalletPhonesPanel } from '@/features/admin/top-ups/components/wallet-phones-panel';

export function AdminSettingsRoute() {
  return (
    <Page
      title="Settings · Admin"
      heading="Settings"
      description="The wallet accounts, support chat and minimum recharge everyone sees, the wallet phones, how providers are handled, the price tiers, the referral programme, and the terms."
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
        <Card>
          <TiersForm />
        </Card>
        <Card>
          <ReferralProgrammeForm />
        </Card>
        <Card>
          <TermsForm />
        </Card>
      </div>
    </Page>
  );
}
