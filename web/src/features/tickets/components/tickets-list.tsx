// The customer's tickets, newest activity first: what each is about, its state, when it last moved and
// how many of our replies are unread; each opens its thread.
import type { Ticket } from '@shared/tickets';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { LoadingBlock } from '@/components/ui/spinner';
import { TicketStateBadge, UnreadBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { useMyTickets } from '@/features/tickets/api/get-my-tickets';
import { formatDateTime } from '@/lib/format';

/** "Order · #123456789, #123456790", or the kind alone. */
export function ticketTitle(ticket: Pick<Ticket, 'kind' | 'orderIds'>): string {
  return ticket.orderIds.length > 0 ? `${ticket.kind} · ${ticket.orderIds.map((id) => `#${id}`).join(', ')}` : ticket.kind;
}

export function TicketsList() {
  const tickets = useMyTickets();
  if (tickets.isPending) return <LoadingBlock className="min-h-32" />;
  if (tickets.isError) return <FormAlert>Could not load your tickets.</FormAlert>;
  const items = tickets.data.pages.flatMap((page) => page.tickets);
  if (items.length === 0) {
    return <p className="rounded-xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-600">No tickets yet.</p>;
  }
  return (
    <div className="space-y-3">
      <ul aria-label="Your tickets" className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
        {items.map((ticket) => (
          <li key={ticket._id}>
            <Link
              to={paths.ticket.getHref(ticket._id)}
              className="flex items-start justify-between gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50"
            >
              <span className="min-w-0">
                <span className={`block wrap-anywhere text-slate-900 ${ticket.unread > 0 ? 'font-bold' : 'font-semibold'}`}>
                  {ticketTitle(ticket)}
                </span>
                <span className="block text-xs text-slate-600">Last activity {formatDateTime(ticket.updatedAt)}</span>
              </span>
              <span className="flex shrink-0 items-center gap-2">
                <UnreadBadge count={ticket.unread} />
                <TicketStateBadge state={ticket.state} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {tickets.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" size="sm" loading={tickets.isFetchingNextPage} onClick={() => void tickets.fetchNextPage()}>
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
