// A new ticket: what it is about, optionally which orders (the customer's recent ones to tick, or
// numbers typed), and the message. Checked with the shared request schema before sending; the server's
// refusals are shown by code: the open-ticket limit above the form, a field's problem under the field.
import { createTicketBody, TICKET_KINDS, TICKET_LIMITS, type TicketKind } from '@shared/tickets';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MessageField } from '@/components/tickets/message-field';
import { Button } from '@/components/ui/button';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useCreateTicket } from '@/features/tickets/api/create-ticket';
import { ApiError } from '@/lib/api-error';
import { useIdempotencyKey } from '@/lib/idempotency';
import { offerPushOptIn } from '@/lib/push-opt-in';

/** An order the customer may tick: its number and what it was. */
export interface OrderChoice {
  number: string;
  label: string;
}

type Field = 'kind' | 'orderIds' | 'message';
type Errors = Partial<Record<Field | 'form', string>>;

/** The order numbers typed: split on spaces and commas, a leading # dropped. */
export function typedOrderNumbers(typed: string): string[] {
  return typed
    .split(/[\s,;]+/)
    .map((part) => part.replace(/^#/, ''))
    .filter(Boolean);
}

const isField = (field: unknown): field is Field => field === 'kind' || field === 'orderIds' || field === 'message';

export function NewTicketForm({ orders, presetOrder }: { orders: readonly OrderChoice[] | undefined; presetOrder?: string | undefined }) {
  const navigate = useNavigate();
  const create = useCreateTicket();
  // The same key while the same ticket is retried after a lost answer: never two tickets for one.
  const attempts = useIdempotencyKey();
  const [kind, setKind] = useState<TicketKind | ''>(presetOrder ? 'Order' : '');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set(presetOrder ? [presetOrder] : []));
  const [typed, setTyped] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [limitReached, setLimitReached] = useState(false);

  // The preset order is offered even when it is older than the recent ones listed.
  const choices: OrderChoice[] = [...(orders ?? [])];
  if (presetOrder && !choices.some((order) => order.number === presetOrder)) choices.unshift({ number: presetOrder, label: '' });

  const toggle = (number: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(number);
    else next.delete(number);
    setTicked(next);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setLimitReached(false);
    const orderIds = [...new Set([...ticked, ...typedOrderNumbers(typed)])];
    const parsed = createTicketBody.safeParse({ kind, orderIds: orderIds.length > 0 ? orderIds : undefined, message });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isField(field)) next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const { ticket } = await attempts.send(parsed.data, (idempotencyKey) => create.mutateAsync({ body: parsed.data, idempotencyKey }));
      navigate(paths.ticket.getHref(ticket._id));
      offerPushOptIn('ticket');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'too_many_open_tickets') {
        setLimitReached(true);
        setErrors({ form: error.message });
      } else if (error instanceof ApiError && isField(error.field)) {
        setErrors({ [error.field]: error.message });
      } else {
        setErrors({ form: error instanceof ApiError ? error.message : 'Could not send the ticket. Check your connection and try again.' });
      }
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="New ticket">
      {errors.form ? (
        <FormAlert>
          {errors.form}
          {limitReached ? (
            <>
              {' '}
              <Link to={paths.tickets.getHref()} className="underline">
                Your tickets
              </Link>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      <SelectField
        label="What is it about?"
        value={kind}
        onChange={(event) => setKind(event.target.value as TicketKind | '')}
        error={errors.kind}
      >
        <option value="">Choose…</option>
        {TICKET_KINDS.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
      <fieldset className="space-y-2" aria-describedby={errors.orderIds ? 'ticket-orders-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">Orders (optional)</legend>
        {choices.length > 0 ? (
          <ul className="max-h-64 space-y-1 overflow-y-auto rounded-xl p-1 ring-1 ring-slate-200">
            {choices.map((order) => (
              <li key={order.number}>
                <label className="flex items-start gap-3 rounded-lg px-2 py-2 hover:bg-slate-50">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-brand-600"
                    checked={ticked.has(order.number)}
                    onChange={(event) => toggle(order.number, event.target.checked)}
                  />
                  <span className="min-w-0 text-sm">
                    <span className="font-mono font-semibold">#{order.number}</span>
                    {order.label ? <span className="block text-xs wrap-anywhere text-slate-600">{order.label}</span> : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        <TextField
          label="Other order numbers"
          hint={`Separate them with spaces or commas; at most ${TICKET_LIMITS.orderIds} orders.`}
          autoComplete="off"
          dir="ltr"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {errors.orderIds ? (
          <p id="ticket-orders-error" role="alert" className="text-sm font-medium text-red-700">
            {errors.orderIds}
          </p>
        ) : null}
      </fieldset>
      <MessageField label="Message" value={message} onValueChange={setMessage} error={errors.message} />
      <Button type="submit" block size="lg" loading={create.isPending}>
        Send ticket
      </Button>
    </form>
  );
}
