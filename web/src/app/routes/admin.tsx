import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { AddBalanceForm } from '@/features/admin/components/add-balance-form';
import { ContactMessagesTable } from '@/features/admin/components/contact-messages-table';
import { OrdersPanel } from '@/features/admin/components/orders-panel';
import { RecentRechargesTable } from '@/features/admin/components/recent-recharges-table';
import { RechargeRequestsPanel } from '@/features/admin/components/recharge-requests-panel';
import { RefillRequestsPanel } from '@/features/admin/components/refill-requests-panel';
import { ResetPasswordDialog } from '@/features/admin/components/reset-password-dialog';
import { SettingsForm } from '@/features/admin/components/settings-form';
import { UsersPanel } from '@/features/admin/components/users-panel';

export function AdminRoute() {
  return (
    <Page
      title="Admin"
      heading="Admin Dashboard"
      description="Orders, balances, recharge requests and messages."
      actions={<ResetPasswordDialog />}
    >
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <AddBalanceForm />
        </Card>
        <Card className="lg:col-span-2">
          <RechargeRequestsPanel />
        </Card>
        <Card className="lg:col-span-3">
          <OrdersPanel />
        </Card>
        <Card className="lg:col-span-3">
          <RefillRequestsPanel />
        </Card>
        <Card className="lg:col-span-3">
          <RecentRechargesTable />
        </Card>
        <Card className="lg:col-span-3">
          <ContactMessagesTable />
        </Card>
        <Card className="lg:col-span-3">
          <UsersPanel />
        </Card>
        <Card className="lg:col-span-3">
          <SettingsForm />
        </Card>
      </div>
    </Page>
  );
}
