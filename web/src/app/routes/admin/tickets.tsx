import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { TicketsPanel } from '@/features/admin/components/tickets-panel';

export function AdminTicketsRoute() {
  return (
    <Page title="Tickets · Admin" heading="Tickets" description="Customers waiting for an answer come first, the longest waiting on top.">
      <Card>
        <TicketsPanel />
      </Card>
    </Page>
  );
}
