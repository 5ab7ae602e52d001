// The SMS the wallet phones forwarded (docs/decisions/0015-top-up-autopilot.md), one state at a time: unmatched payments (no request
// names them yet) and held ones (a request does, outside the autopilot's limits) are the admin's queues,
// oldest first; unparsed messages looked like a payment but matched no template. Each queue row can be
// attached to a pending request or dismissed with a note; the rows stay put while its dialog is open.
import type { WalletEvent, WalletEventStatus } from '@shared/wallet-autopilot';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { Section } from '@/components/ui/section';
import { WalletEventStatusBadge } from '@/components/ui/status-badge';
import { QueueDialog, QueueTable } from '@/features/admin/shared/components/queue-table';
import { useQueue } from '@/features/admin/shared/hooks/use-steady-rows';
import { useWalletEvents } from '@/features/admin/top-ups/api/get-wallet-events';
import { AttachEventForm, DismissEventForm } from '@/features/admin/top-ups/components/wallet-event-dialogs';
import { formatAmount, formatDateTime } from '@/lib/format';

const TABS = [
  { value: 'unmatched', label: 'Unmatched' },
  { value: 'held', label: 'Held' },
  { value: 'unparsed', label: 'Unparsed' },
  { value: 'matched', label: 'Matched' },
  { value: 'ignored', label: 'Ignored' },
  { value: 'dismissed', label: 'Dismissed' },
] as const satisfies readonly { value: WalletEventStatus; label: string }[];

const INTRO: Record<WalletEventStatus, string> = {
  unmatched: 'Payments no request names yet, oldest first. Attach one to a request with a mistyped ID, or dismiss it.',
  held: 'Payments a request names, waiting for you for the reason shown, oldest first.',
  unparsed: 'Messages that looked like a payment but could not be read. Check the wallet, then dismiss them.',
  matched: 'Payments credited to a request.',
  ignored: 'Messages that were no incoming payment.',
  dismissed: 'Messages set aside, with why.',
};

/** Attach and dismiss are for an open payment; an unreadable message can only be dismissed. */
const canAttach = (event: WalletEvent) => (event.status === 'unmatched' || event.status === 'held') && event.amount !== null;
const canDismiss = (event: WalletEvent) => event.status === 'unmatched' || event.status === 'held' || event.status === 'unparsed';
const isQueue = (status: WalletEventStatus) => status === 'unmatched' || status === 'held' || status === 'unparsed';

/** An SMS as a button's label names it: its transaction ID, or (unread) when it came. */
const smsName = (event: WalletEvent) => event.tid ?? `of ${formatDateTime(event.receivedAt)}`;

type Dialog = { kind: 'attach' | 'dismiss'; event: WalletEvent };

function SmsText({ text }: { text: string }) {
  return (
    <details className="min-w-0 text-right sm:max-w-xs sm:text-left">
      <summary className="flex min-h-11 cursor-pointer items-center justify-end font-medium text-brand-700 sm:min-h-6 sm:justify-start">
        Show SMS
      </summary>
      <p className="mt-1 text-left text-xs whitespace-pre-wrap wrap-anywhere text-slate-700">{text}</p>
    </details>
  );
}

export function WalletEventsPanel() {
  const queue = useQueue<WalletEventStatus, WalletEvent, Dialog>('unmatched', useWalletEvents, isQueue);
  const { status, open, close } = queue;

  const columns: Column<WalletEvent>[] = [
    {
      header: 'Payment',
      cell: (event) => (
        <span className="min-w-0 text-right sm:text-left">
          <span className="block font-semibold tabular-nums">{event.amount === null ? '—' : formatAmount(event.amount)}</span>
          {event.tid ? <span className="block font-mono text-xs wrap-anywhere text-slate-700">{event.tid}</span> : null}
          {event.payer || event.payerName ? (
            <span className="block text-xs wrap-anywhere text-slate-700">
              {['from', event.payer, event.payerName].filter(Boolean).join(' ')}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      header: 'Wallet / Phone',
      cell: (event) => (
        <span className="min-w-0 text-right sm:text-left">
          <span className="block">{event.wallet}</span>
          <span className="block text-xs wrap-anywhere text-slate-600">{event.device.name}</span>
        </span>
      ),
    },
    { header: 'Received', cell: (event) => formatDateTime(event.receivedAt) },
    {
      header: 'Status',
      cell: (event) => (
        <span className="min-w-0 text-right sm:text-left">
          <WalletEventStatusBadge status={event.status} />
          {event.reasonText ? <span className="block text-xs wrap-anywhere text-slate-700">{event.reasonText}</span> : null}
          {event.note ? <span className="block text-xs wrap-anywhere text-slate-700">{`Note: ${event.note}`}</span> : null}
          {event.requestId ? (
            <span className="block font-mono text-xs wrap-anywhere text-slate-600">{`Request ${event.requestId}`}</span>
          ) : null}
        </span>
      ),
    },
    { header: 'SMS', cell: (event) => <SmsText text={event.text} /> },
  ];
  if (isQueue(status)) {
    columns.push({
      header: 'Action',
      cell: (event) => (
        <div className="flex flex-wrap justify-end gap-2 sm:justify-start">
          {canAttach(event) ? (
            <Button
              variant="primary"
              aria-label={`Attach SMS ${smsName(event)} to a request`}
              onClick={() => open({ kind: 'attach', event })}
            >
              Attach to request
            </Button>
          ) : null}
          {canDismiss(event) ? (
            <Button variant="secondary" aria-label={`Dismiss SMS ${smsName(event)}`} onClick={() => open({ kind: 'dismiss', event })}>
              Dismiss
            </Button>
          ) : null}
        </div>
      ),
    });
  }

  return (
    <Section id="wallet-events-heading" title="Wallet SMS">
      <QueueTable
        queue={queue}
        label="Wallet SMS"
        tabs={TABS}
        intro={INTRO[status]}
        caption={`Wallet SMS: ${status}`}
        emptyText={`No ${status} SMS.`}
        errorText="Could not load the wallet SMS."
        columns={columns}
      />
      <QueueDialog queue={queue} kind="attach" title="Attach to a request" size="lg">
        {({ event }, cancel) => <AttachEventForm event={event} onAttached={() => close(event._id)} onCancel={cancel} />}
      </QueueDialog>
      <QueueDialog queue={queue} kind="dismiss" title="Dismiss SMS">
        {({ event }, cancel) => <DismissEventForm event={event} onDismissed={() => close(event._id)} onCancel={cancel} />}
      </QueueDialog>
    </Section>
  );
}
