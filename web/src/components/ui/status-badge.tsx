import { statusTone } from '@shared/order-status';

const tones = {
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  yellow: 'bg-amber-100 text-amber-900 ring-amber-200',
  red: 'bg-red-100 text-red-800 ring-red-200',
  grey: 'bg-slate-100 text-slate-700 ring-slate-200',
} as const;

/** Order status badge: completed green, pending yellow, cancelled red, anything else grey. */
export function StatusBadge({ status }: { status: string }) {
  const tone = statusTone(status);
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${tones[tone]}`}
    >
      {status}
    </span>
  );
}

const requestTones = { pending: tones.yellow, approved: tones.green, rejected: tones.red } as const;

export function RequestStatusBadge({ status }: { status: 'pending' | 'approved' | 'rejected' }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${requestTones[status]}`}
    >
      {status}
    </span>
  );
}

const refillTones = { pending: tones.yellow, completed: tones.green, rejected: tones.red } as const;

export function RefillStatusBadge({ status }: { status: keyof typeof refillTones }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${refillTones[status]}`}
    >
      {status}
    </span>
  );
}
