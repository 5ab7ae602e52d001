// /admin/top-ups: the top-up requests (the pending queue oldest first, with their wallet SMS), the wallet
// SMS that wait for the admin, Add Balance, and every credit.
import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { CreditsCards } from '@/features/admin/money/components/credits-cards';
import { RechargeRequestsPanel } from '@/features/admin/top-ups/components/recharge-requests-panel';
import { WalletEventsPanel } from '@/features/admin/top-ups/components/wallet-events-panel';

export function AdminTopUpsRoute() {
  return (
    <Page title="Top-ups · Admin" heading="Top-ups" description="Approve or reject wallet payments, and credit balances.">
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-3">
          <RechargeRequestsPanel />
        </Card>
        <Card className="lg:col-span-3">
          <WalletEventsPanel />
        </Card>
        <CreditsCards />
      </div>
    </Page>
  );
}
