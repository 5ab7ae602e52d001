// /admin: the spec's dashboard (Reset Password, Add Balance, All Orders with status dropdown and Update,
// Recent Recharges, Contact Messages, 5 rows each with Show More/Show Less) under the headline figures.
import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { AddBalanceForm } from '@/features/admin/components/add-balance-form';
import { ContactMessagesTable } from '@/features/admin/components/contact-messages-table';
import { HeadlineFigures } from '@/features/admin/components/headline-figures';
import { OrdersPanel } from '@/features/admin/components/orders-panel';
import { ProviderAlerts } from '@/features/admin/components/provider-alerts';
import { RecentRechargesTable } from '@/features/admin/components/recent-recharges-table';
import { ResetPasswordDialog } from '@/features/admin/components/reset-password-dialog';
import { WalletAlerts } from '@/features/admin/components/wallet-alerts';

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
        <Card className="lg:col-span-1">
          <AddBalanceForm />
        </Card>
        <Card className="lg:col-span-2">
          <RecentRechargesTable pageSize={DASHBOARD_ROWS} />
        </Card>
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
