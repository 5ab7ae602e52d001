import { PanelPage } from '@/app/routes/admin/panel-page';
import { TicketsPanel } from '@/features/admin/support/components/tickets-panel';

export function AdminTicketsRoute() {
  return (
    <PanelPage section="Tickets" description="Customers waiting for an answer come first, the longest waiting on top.">
      <TicketsPanel />
    </PanelPage>
  );
}
