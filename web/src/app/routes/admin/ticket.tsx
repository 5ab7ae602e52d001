import { ByParam } from '@/app/by-param';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { TicketDetail } from '@/features/admin/support/components/ticket-detail';

export function AdminTicketRoute() {
  return (
    <Page title="Ticket · Admin" heading="Ticket" back={{ to: paths.adminTickets.getHref(), label: 'All tickets' }}>
      <ByParam name="id">{(id) => <TicketDetail id={id} />}</ByParam>
    </Page>
  );
}
