// The admin's tickets: by default every ticket, those waiting for our answer first and the longest
// waiting on top, then the rest; a filter narrows to one state. Rows stay in the server's order, a
// page at a time (Load more), so nothing jumps as pages arrive.
import { TICKET_STATES, type TicketState } from '@shared/tickets';
import { Link, useSearchParams } from 'react-router-dom';
import { SelectField } from '@/components/ui/form-field';
import { Section } from '@/components/ui/section';
import { TicketStateBadge, UnreadBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { UserCell } from '@/features/admin/shared/components/cells';
import { ListTable } from '@/features/admin/shared/components/list-table';
import { useAdminTickets } from '@/features/admin/support/api/get-admin-tickets';
import { formatDateTime } from '@/lib/format';

const STATE_OPTIONS: Record<TicketState, string> = { open: 'Waiting for us', answered: 'Answered', closed: 'Closed' };

export function TicketsPanel() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const state = TICKET_STATES.includes(raw as TicketState) ? (raw as TicketState) : undefined;
  const tickets = useAdminTickets(state);
  return (
    <Section id="admin-tickets-heading" title="Tickets" hideTitle>
      <div className="max-w-xs">
        <SelectField
          label="Show"
          value={state ?? ''}
          onChange={(event) => setParams(event.target.value ? { state: event.target.value } : {})}
        >
          <option value="">All, waiting for us first</option>
          {TICKET_STATES.map((option) => (
            <option key={option} value={option}>
              {STATE_OPTIONS[option]}
            </option>
          ))}
        </SelectField>
      </div>
      <ListTable
        list={tickets}
        caption="Tickets"
        emptyText="No tickets."
        errorText="Could not load the tickets."
        columns={[
          {
            header: 'Ticket',
            className: 'sm:max-w-sm',
            cell: (ticket) => (
              <span className="min-w-0 text-right sm:text-left">
                <Link
                  to={paths.adminTicket.getHref(ticket._id)}
                  className={`block text-brand-700 underline-offset-2 hover:underline ${ticket.unread > 0 ? 'font-bold' : 'font-semibold'}`}
                >
                  {ticket.kind}
                  {ticket.orderIds.length > 0 ? ` · ${ticket.orderIds.map((id) => `#${id}`).join(', ')}` : ''}
                </Link>
                <span className="block text-xs wrap-anywhere text-slate-600" dir="auto">
                  {ticket.preview}
                </span>
              </span>
            ),
          },
          { header: 'Customer', cell: (ticket) => <UserCell user={ticket.user} /> },
          {
            header: 'State',
            cell: (ticket) => (
              <span className="flex items-center gap-2">
                <TicketStateBadge state={ticket.state} />
                <UnreadBadge count={ticket.unread} />
              </span>
            ),
          },
          {
            header: 'Customer wrote',
            cell: (ticket) => (ticket.lastCustomerMessageAt ? formatDateTime(ticket.lastCustomerMessageAt) : '—'),
          },
          { header: 'Last activity', cell: (ticket) => formatDateTime(ticket.updatedAt) },
        ]}
      />
    </Section>
  );
}
