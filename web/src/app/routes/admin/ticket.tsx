import { Link, useParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { TicketDetail } from '@/features/admin/components/ticket-detail';

export function AdminTicketRoute() {
  const { id = '' } = useParams();
  return (
    <Page
      title="Ticket · Admin"
      heading="Ticket"
      description={
        <Link to={paths.adminTickets.getHref()} className="text-brand-700 underline-offset-2 hover:underline">
          ← All tickets
        </Link>
      }
    >
      <TicketDetail key={id} id={id} />
    </Page>
  );
}
