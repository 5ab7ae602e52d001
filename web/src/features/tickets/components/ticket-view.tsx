// One ticket as its customer sees it: what it is about, its state, the thread, a reply box while it is
// not closed, and Close or Reopen. The server's refusals are shown by code: a closed ticket (closed
// meanwhile, or too long to take more) refreshes the ticket, the open-ticket limit stops a reopen.
import type { Ticket } from '@shared/tickets';
import { Link } from 'react-router-dom';
import { MessageField } from '@/components/tickets/message-field';
import { TicketThread } from '@/components/tickets/ticket-thread';
import { useReply } from '@/components/tickets/use-reply';
import { useTicketAction } from '@/components/tickets/use-ticket-action';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-field';
import { LoadingBlock } from '@/components/ui/spinner';
import { TicketStateBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { useCloseTicket } from '@/features/tickets/api/close-ticket';
import { useTicket } from '@/features/tickets/api/get-ticket';
import { useReopenTicket } from '@/features/tickets/api/reopen-ticket';
import { useSendTicketMessage } from '@/features/tickets/api/send-ticket-message';
import { ticketTitle } from '@/features/tickets/components/tickets-list';
import { ApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';

const NAMES = { customer: 'You', admin: 'Shohrat support' } as const;
const NO_ANSWER = 'No answer from the server. Check your connection and try again.';

const failure = (error: unknown) => (error instanceof ApiError ? error.message : NO_ANSWER);

export function TicketView({ id }: { id: string }) {
  const ticket = useTicket(id);
  const { alert, button } = useTicketAction({ ticketId: ticket.data?.ticket._id ?? id, failure, onStale: () => void ticket.refetch() });
  const close = useCloseTicket();
  const reopen = useReopenTicket();

  if (ticket.isPending) return <LoadingBlock className="min-h-40" />;
  if (ticket.isError) {
    const missing = ticket.error instanceof ApiError && ticket.error.code === 'ticket_not_found';
    return (
      <div className="space-y-3">
        <FormAlert>{missing ? 'Ticket not found.' : 'Could not load this ticket.'}</FormAlert>
        <Link to={paths.tickets.getHref()} className="text-sm font-semibold text-brand-700 hover:underline">
          ← Your tickets
        </Link>
      </div>
    );
  }
  const { ticket: current, messages } = ticket.data;

  return (
    <div className="space-y-4">
      <Card aria-labelledby="ticket-heading" className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="ticket-heading" className="text-lg font-bold wrap-anywhere text-slate-900">
              {ticketTitle(current)}
            </h2>
            <p className="text-xs text-slate-600">Opened {formatDateTime(current.createdAt)}</p>
          </div>
          <div className="flex items-center gap-2">
            <TicketStateBadge state={current.state} />
            {current.state === 'closed' ? button('Reopen', reopen) : button('Close ticket', close)}
          </div>
        </div>
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <TicketThread messages={messages} viewer="customer" names={NAMES} />
      </Card>
      {current.state === 'closed' ? (
        <FormAlert tone="info">This ticket is closed. Reopen it to write again.</FormAlert>
      ) : (
        <ReplyBox ticket={current} onStale={() => void ticket.refetch()} />
      )}
    </div>
  );
}

function ReplyBox({ ticket, onStale }: { ticket: Ticket; onStale: () => void }) {
  const send = useSendTicketMessage();
  const { message, setMessage, error, onSubmit } = useReply({ ticketId: ticket._id, send: send.mutateAsync, failure, onStale });

  return (
    <Card aria-label="Reply">
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <MessageField label="Your reply" value={message} onValueChange={setMessage} error={error} />
        <Button type="submit" loading={send.isPending}>
          Send reply
        </Button>
      </form>
    </Card>
  );
}
