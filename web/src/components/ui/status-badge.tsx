import type { RefillStatus } from '@shared/api-v2';
import { statusTone } from '@shared/order-status';
import type { RechargeRequest } from '@shared/schemas/top-ups';
import type { TicketState } from '@shared/tickets';
import type { WalletDeviceState, WalletEventStatus } from '@shared/wallet-autopilot';

const tones = {
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  yellow: 'bg-amber-100 text-amber-900 ring-amber-200',
  red: 'bg-red-100 text-red-800 ring-red-200',
  grey: 'bg-slate-100 text-slate-700 ring-slate-200',
} as const;

const pill =
  'inline-flex shrink-0 items-center rounded-full whitespace-nowrap px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset';

/** Order status badge: completed green, pending yellow, cancelled red, anything else grey. */
export function StatusBadge({ status }: { status: string }) {
  const tone = statusTone(status);
  return (
    <span data-tone={tone} className={`${pill} ${tones[tone]}`}>
      {status}
    </span>
  );
}

const requestTones: Record<RechargeRequest['status'], string> = { pending: tones.yellow, approved: tones.green, rejected: tones.red };

export function RequestStatusBadge({ status }: { status: RechargeRequest['status'] }) {
  return <span className={`${pill} ${requestTones[status]}`}>{status}</span>;
}

const refillTones: Record<RefillStatus, string> = { pending: tones.yellow, completed: tones.green, rejected: tones.red };

export function RefillStatusBadge({ status }: { status: RefillStatus }) {
  return <span className={`${pill} ${refillTones[status]}`}>{status}</span>;
}

/** Admin only: another recharge request names the same transaction id (pending, or already credited). */
export function DuplicateIdBadge() {
  return (
    <span className={`${pill} ${tones.red}`} title="Another request names this transaction ID: check the wallet statement before approving">
      Duplicate ID
    </span>
  );
}

const ticketStates: Record<TicketState, { label: string; tone: string }> = {
  open: { label: 'Open', tone: tones.yellow },
  answered: { label: 'Answered', tone: tones.green },
  closed: { label: 'Closed', tone: tones.grey },
};

/** A ticket's state: open (waiting for us), answered (waiting for the customer), closed. */
export function TicketStateBadge({ state }: { state: TicketState }) {
  return <span className={`${pill} ${ticketStates[state].tone}`}>{ticketStates[state].label}</span>;
}

/** How many messages from the other side are unread; nothing when none. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white tabular-nums">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{`${count} unread`}</span>
    </span>
  );
}

const walletEventTones: Record<WalletEventStatus, string> = {
  unmatched: tones.yellow,
  held: tones.yellow,
  unparsed: tones.red,
  matched: tones.green,
  ignored: tones.grey,
  dismissed: tones.grey,
};

/** A wallet SMS's state: waiting for a request or the admin (yellow), unreadable (red), settled (green, grey). */
export function WalletEventStatusBadge({ status }: { status: WalletEventStatus }) {
  return <span className={`${pill} ${walletEventTones[status]}`}>{status}</span>;
}

const walletDeviceTones: Record<WalletDeviceState, string> = { healthy: tones.green, silent: tones.red, revoked: tones.grey };

/** A wallet phone's health: heard from lately, silent, or revoked. */
export function WalletDeviceStateBadge({ state }: { state: WalletDeviceState }) {
  return <span className={`${pill} ${walletDeviceTones[state]}`}>{state}</span>;
}
