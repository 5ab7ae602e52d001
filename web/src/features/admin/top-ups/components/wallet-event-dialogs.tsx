// The admin's hand on one wallet SMS: attach it to a pending request (what the SMS says arrived is
// credited to it, once), or dismiss it with a note (a payment that was no top-up, a test).
import type { AdminRechargeRequest } from '@shared/schemas/top-ups';
import { attachEventBody, dismissEventBody, type WalletEvent } from '@shared/wallet-autopilot';
import { type FormEvent, useState } from 'react';
import { DialogActions } from '@/components/ui/dialog-actions';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { LoadMore } from '@/components/ui/load-more';
import { toldByServer, useAdminAction } from '@/features/admin/shared/hooks/use-admin-action';
import { useAttachWalletEvent, useDismissWalletEvent } from '@/features/admin/top-ups/api/decide-wallet-event';
import { usePendingRechargeRequests } from '@/features/admin/top-ups/api/get-recharge-requests';
import { smsSummary } from '@/features/admin/top-ups/components/request-sms';
import { formatAmount, formatDateTime } from '@/lib/format';
import { useFieldError } from '@/lib/use-field-error';

const NOTE_MAX = 500;

/** The SMS the dialog is about, in a line or two. */
function EventSummary({ event }: { event: WalletEvent }) {
  return (
    <div className="space-y-1 rounded-xl bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
      <p className="font-medium text-slate-900">
        {`${event.wallet} · ${smsSummary(event) || 'no amount read'}`}
        {event.tid ? (
          <>
            {' · '}
            <span className="font-mono wrap-anywhere">{event.tid}</span>
          </>
        ) : null}
      </p>
      <p className="text-slate-600">{`${event.device.name}, ${formatDateTime(event.receivedAt)}`}</p>
      <p className="whitespace-pre-wrap wrap-anywhere text-slate-700">{event.text}</p>
    </div>
  );
}

const requestLabel = (request: AdminRechargeRequest) =>
  `${formatAmount(request.amount)} · ${request.method} · ${request.reference} · ${request.user.email}`;

/** Pending requests to choose from under a heading; nothing when there are none. */
function RequestGroup({ label, requests }: { label: string; requests: readonly AdminRechargeRequest[] }) {
  if (requests.length === 0) return null;
  return (
    <optgroup label={label}>
      {requests.map((r) => (
        <option key={r._id} value={r._id}>
          {requestLabel(r)}
        </option>
      ))}
    </optgroup>
  );
}

export function AttachEventForm({ event, onAttached, onCancel }: { event: WalletEvent; onAttached: () => void; onCancel: () => void }) {
  const { failure, setFailure, run } = useAdminAction();
  const attach = useAttachWalletEvent();
  const pending = usePendingRechargeRequests();
  const [chosen, setChosen] = useState('');
  const [typed, setTyped] = useState('');
  const { error, setError, passed } = useFieldError();
  // The likely ones first: the same wallet and amount (a mistyped transaction id, most often).
  const likely = pending.items.filter((r) => r.method === event.wallet && r.amount === event.amount);
  const others = pending.items.filter((r) => !likely.includes(r));
  // A request decided meanwhile leaves the list; the choice goes with it rather than point at another.
  const selected = pending.items.some((r) => r._id === chosen) ? chosen : '';

  const submit = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    setFailure(null);
    const parsed = attachEventBody.safeParse({ requestId: typed.trim() || selected });
    if (!passed(parsed)) return;
    await run(() => attach.mutateAsync({ id: event._id, requestId: parsed.data.requestId }), {
      done: toldByServer,
      after: onAttached,
      field: { name: 'requestId', show: setError },
    });
  };

  return (
    <form className="space-y-4" onSubmit={(formEvent) => void submit(formEvent)} noValidate>
      <EventSummary event={event} />
      <p className="text-sm text-slate-700">
        {`The request is approved with ${event.amount === null ? 'the amount' : formatAmount(event.amount)} the SMS says arrived.`}
      </p>
      <SelectField
        label="Pending request"
        value={selected}
        disabled={typed.trim() !== ''}
        error={typed.trim() === '' ? error : undefined}
        hint={pending.isError ? 'Could not load the pending requests: type the request ID.' : undefined}
        onChange={(change) => setChosen(change.target.value)}
      >
        <option value="">{pending.isPending ? 'Loading…' : 'Choose a request'}</option>
        <RequestGroup label="Same wallet and amount" requests={likely} />
        <RequestGroup label={likely.length > 0 ? 'Other pending requests' : 'Pending requests'} requests={others} />
      </SelectField>
      <div className="flex justify-center">
        <LoadMore query={pending} />
      </div>
      <TextField
        label="Or the request ID"
        autoComplete="off"
        value={typed}
        error={typed.trim() !== '' ? error : undefined}
        onChange={(change) => setTyped(change.target.value)}
      />
      <DialogActions failure={failure} onCancel={onCancel} action={{ type: 'submit', loading: attach.isPending, label: 'Attach' }} />
    </form>
  );
}

export function DismissEventForm({ event, onDismissed, onCancel }: { event: WalletEvent; onDismissed: () => void; onCancel: () => void }) {
  const { failure, setFailure, run } = useAdminAction();
  const dismiss = useDismissWalletEvent();
  const [note, setNote] = useState('');
  const { error, setError, passed } = useFieldError();

  const submit = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    setFailure(null);
    const parsed = dismissEventBody.safeParse({ note });
    if (!passed(parsed)) return;
    await run(() => dismiss.mutateAsync({ id: event._id, note: parsed.data.note }), {
      done: '✅ SMS dismissed',
      after: onDismissed,
      field: { name: 'note', show: setError },
    });
  };

  return (
    <form className="space-y-4" onSubmit={(formEvent) => void submit(formEvent)} noValidate>
      <EventSummary event={event} />
      <TextAreaField
        label="Why"
        rows={3}
        maxLength={NOTE_MAX}
        data-autofocus
        hint="Kept with the SMS and in the audit trail, e.g. the owner’s own test payment."
        value={note}
        error={error}
        onChange={(change) => setNote(change.target.value)}
      />
      <DialogActions
        failure={failure}
        onCancel={onCancel}
        action={{ type: 'submit', variant: 'danger', loading: dismiss.isPending, label: 'Dismiss' }}
      />
    </form>
  );
}
