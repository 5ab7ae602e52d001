import { Link, useParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { TicketView } from '@/features/tickets/components/ticket-view';

export function TicketRoute() {
  const { id = '' } = useParams();
  return (
    <Page
      title="Ticket"
      heading="Ticket"
      description={
        <Link to={paths.tickets.getHref()} className="text-brand-700 underline-offset-2 hover:underline">
          ← Your tickets
        </Link>
      }
      width="max-w-3xl"
    >
      <TicketView key={id} id={id} />
    </Page>
  );
}
