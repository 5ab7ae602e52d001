import { ByParam } from '@/app/by-param';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { TicketView } from '@/features/tickets/components/ticket-view';

export function TicketRoute() {
  return (
    <Page title="Ticket" heading="Ticket" back={{ to: paths.tickets.getHref(), label: 'Your tickets' }} width="max-w-3xl">
      <ByParam name="id">{(id) => <TicketView id={id} />}</ByParam>
    </Page>
  );
}
