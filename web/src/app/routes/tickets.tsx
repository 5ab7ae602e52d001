import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { TicketsList } from '@/features/tickets/components/tickets-list';

export function TicketsRoute() {
  return (
    <Page
      title="Support tickets"
      heading="Support tickets"
      description="Ask us about an order, a payment, a refill or the API. We answer here."
      actions={
        <Link to={paths.newTicket.getHref()} className={buttonClass({ size: 'sm' })}>
          New ticket
        </Link>
      }
      width="max-w-3xl"
    >
      <Card>
        <TicketsList />
      </Card>
    </Page>
  );
}
