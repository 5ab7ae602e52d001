// /admin/orders: every order with its filters and the bulk status change; below, the refill requests
// resellers made on completed orders (they are about orders, so the admin finds them here).
import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { OrdersSection } from '@/features/admin/orders/components/orders-section';
import { RefillRequestsPanel } from '@/features/admin/orders/components/refill-requests-panel';

export function AdminOrdersRoute() {
  return (
    <Page title="Orders · Admin" heading="Orders" description="Filter, select several and change their status together.">
      <div className="space-y-6">
        <Card>
          <OrdersSection />
        </Card>
        <Card>
          <RefillRequestsPanel />
        </Card>
      </div>
    </Page>
  );
}
