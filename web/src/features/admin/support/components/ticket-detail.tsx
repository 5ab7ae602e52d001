// One ticket as the admin works it: the thread, a reply box with the saved replies to insert (and
// their manager), Close; beside the thread the customer's balance and newest orders, each a jump to
// the order in Orders (searched by its number: cancel, status) and to the customer in Users.
import type { AdminTicket } from '@shared/tickets';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { MessageField } from '@/components/tickets/message-field';
import { TicketThread } from '@/components/tickets/ticket-thread';
import { useReply } from '@/components/tickets/use-reply';
import { useTicketAction } from '@/components/tickets/use-ticket-action';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert, SelectField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { LoadingBlock } from '@/components/ui/spinner';
import { StatusBadge, TicketStateBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';
import { useAnswerTicket } from '@/features/admin/support/api/answer-ticket';
import { useCloseAdminTicket } from '@/features/admin/support/api/close-admin-ticket';
import { type AdminTicketAnswer, useAdminTicket } from '@/features/admin/support/api/get-admin-ticket';
import { useSavedReplies } from '@/features/admin/support/api/get-saved-replies';
import { SavedRepliesManager } from '@/features/admin/support/components/saved-replies-manager';
import { ApiError } from '@/lib/api-error';
import { formatAmount, formatDate, formatDateTime } from '@/lib/format';

const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';
const orderHref = (number: string | number) => paths.adminOrders.getHref({ q: String(number) });

export function TicketDetail({ id }: { id: string }) {
  const detail = useAdminTicket(id);
  const close = useCloseAdminTicket();
  const { alert, button } = useTicketAction({
    ticketId: detail.data?.ticket._id ?? id,
    failure: adminFailure,
    onStale: () => void detail.refetch(),
  });

  if (detail.isPending) return <LoadingBlock className="min-h-40" />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.code === 'ticket_not_found';
    return <FormAlert>{missing ? 'Ticket not found.' : 'Could not load this ticket.'}</FormAlert>;
  }
  const { ticket, messages, customer } = detail.data;

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-4 lg:col-span-2">
        <Card aria-labelledby="admin-ticket-heading" className="space-y-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 id="admin-ticket-heading" className="text-lg font-bold wrap-anywhere text-slate-900">
                {ticket.kind}
                {ticket.orderIds.length > 0 ? ' · ' : null}
                {ticket.orderIds.map((number, index) => (
                  <span key={number}>
                    {index > 0 ? ', ' : null}
                    <Link to={orderHref(number)} className={linkClass} aria-label={`Order #${number} in Orders`}>
                      #{number}
                    </Link>
                  </span>
                ))}
              </h2>
              <p className="text-xs text-slate-600">
                From {ticket.user.name} · opened {formatDateTime(ticket.createdAt)}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <TicketStateBadge state={ticket.state} />
              {ticket.state === 'closed' ? null : button('Close ticket', close)}
            </div>
          </div>
          {alert ? <FormAlert>{alert}</FormAlert> : null}
          <TicketThread messages={messages} viewer="admin" names={{ customer: ticket.user.name, admin: 'Support' }} />
        </Card>
        {ticket.state === 'closed' ? (
          <FormAlert tone="info">This ticket is closed. The customer can reopen it.</FormAlert>
        ) : (
          <ReplyBox ticket={ticket} onStale={() => void detail.refetch()} />
        )}
      </div>
      <CustomerAside ticket={ticket} customer={customer} />
    </div>
  );
}

function ReplyBox({ ticket, onStale }: { ticket: AdminTicket; onStale: () => void }) {
  const answer = useAnswerTicket();
  const replies = useSavedReplies();
  const box = useRef<HTMLTextAreaElement>(null);
  const { message, setMessage, error, onSubmit } = useReply({
    ticketId: ticket._id,
    send: answer.mutateAsync,
    failure: adminFailure,
    onStale,
  });
  const [managing, setManaging] = useState(false);

  /** Puts a saved reply where the cursor is (or at the end), on a paragraph of its own. */
  const insert = (text: string) => {
    const at = box.current?.selectionStart ?? message.length;
    const before = message.slice(0, at).replace(/\s+$/, '');
    const after = message.slice(at).replace(/^\s+/, '');
    const next = [before, text, after].filter(Boolean).join('\n\n');
    setMessage(next);
    requestAnimationFrame(() => box.current?.focus());
  };

  return (
    <Card aria-label="Answer">
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-48 flex-1">
            <SelectField
              label="Insert a saved reply"
              value=""
              disabled={!replies.data || replies.data.length === 0}
              onChange={(event) => {
                const reply = replies.data?.find((candidate) => candidate._id === event.target.value);
                if (reply) insert(reply.body);
              }}
            >
              <option value="">
                {replies.isError ? 'Could not load saved replies' : replies.data?.length === 0 ? 'No saved replies yet' : 'Choose…'}
              </option>
              {replies.data?.map((reply) => (
                <option key={reply._id} value={reply._id}>
                  {reply.title}
                </option>
              ))}
            </SelectField>
          </div>
          <Button variant="secondary" onClick={() => setManaging(true)}>
            Manage saved replies
          </Button>
        </div>
        <MessageField label="Your answer" ref={box} value={message} onValueChange={setMessage} error={error} />
        <Button type="submit" loading={answer.isPending}>
          Send answer
        </Button>
      </form>
      <Modal open={managing} onClose={() => setManaging(false)} title="Saved replies" size="lg">
        {managing ? <SavedRepliesManager /> : null}
      </Modal>
    </Card>
  );
}

function CustomerAside({ ticket, customer }: { ticket: AdminTicket; customer: AdminTicketAnswer['customer'] }) {
  return (
    <aside aria-labelledby="ticket-customer-heading" className="space-y-4">
      <Card className="space-y-3">
        <h2 id="ticket-customer-heading" className="text-lg font-bold text-slate-900">
          Customer
        </h2>
        <p className="min-w-0">
          <Link to={paths.adminUser.getHref(ticket.user._id)} className={`block wrap-anywhere ${linkClass}`}>
            {ticket.user.name}
          </Link>
          <span className="block text-sm break-all text-slate-600">{ticket.user.email}</span>
        </p>
        <div className="rounded-xl bg-slate-50 p-3">
          <p className="text-xs font-medium text-slate-600">Balance</p>
          <p className="text-xl font-bold text-slate-900 tabular-nums">{formatAmount(customer.balance)}</p>
        </div>
        <h3 className="text-sm font-semibold text-slate-800">Recent orders</h3>
        {customer.recentOrders.length === 0 ? (
          <p className="text-sm text-slate-600">No orders yet.</p>
        ) : (
          <ul aria-label="Recent orders" className="divide-y divide-slate-100">
            {customer.recentOrders.map((order) => (
              <li key={order._id} className="flex items-start justify-between gap-3 py-2">
                <span className="min-w-0 text-sm">
                  <Link to={orderHref(order.number)} className={`font-mono ${linkClass}`} aria-label={`Order #${order.number} in Orders`}>
                    #{order.number}
                  </Link>
                  <span className="block text-xs wrap-anywhere text-slate-600">
                    {order.service} · {formatAmount(order.price)} · {formatDate(order.createdAt)}
                  </span>
                </span>
                <StatusBadge status={order.status} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </aside>
  );
}
