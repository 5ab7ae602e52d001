// /admin: the spec's dashboard (Reset Password, Add Balance, All Orders with status dropdown and Update,
// Recent Recharges, Contact Messages, 5 rows each with Show More/Show Less) under the headline figures.
import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { ResetPasswordDialog } from '@/features/admin/accounts/components/reset-password-dialog';
import { CreditsCards } from '@/features/admin/money/components/credits-cards';
import { OrdersPanel } from '@/features/admin/orders/components/orders-panel';
import { ProviderAlerts } from '@/features/admin/providers/components/provider-alerts';
import { HeadlineFigures } from '@/features/admin/reports/components/headline-figures';
import { ContactMessagesTable } from '@/features/admin/support/components/contact-messages-table';
import { WalletAlerts } from '@/features/admin/top-ups/components/wallet-alerts';

/** Rows each table shows before Show More (spec). */
const DASHBOARD_ROWS = 5;

export function AdminOverviewRoute() {
  return (
    <Page
      title="Admin"
      heading="Admin Dashboard"
      description="Orders, balances and messages at a glance."
      actions={<ResetPasswordDialog />}
    >
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-3 lg:col-span-3">
          <ProviderAlerts />
          <WalletAlerts />
          <HeadlineFigures />
        </div>
        <CreditsCards pageSize={DASHBOARD_ROWS} />
        <Card className="lg:col-span-3">
          <OrdersPanel />
        </Card>
        <Card className="lg:col-span-3">
          <ContactMessagesTable pageSize={DASHBOARD_ROWS} />
        </Card>
      </div>
    </Page>
  );
}
