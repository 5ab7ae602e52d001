// The catalogue's updates as sentences (new, price up or down with the old and new rate, disabled, back on sale,
// refill window), newest first, their time in Pakistan; for the admin, each with Hide/Show and a note.
import type { CatalogueUpdate } from '@shared/catalogue-updates';
import { PLATFORM_LABELS } from '@shared/platforms';
import type { ReactNode } from 'react';
import { formatAmount, formatPakistanDateTime } from '@/lib/format';

const perThousand = (rupees: number) => `${formatAmount(rupees)} per 1,000`;
const refillWindow = (days: number) => (days > 0 ? `${days} days` : 'no refill');

/** What changed, said in a line: "Price down: Rs 35 → Rs 32.50 per 1,000". */
export function updateSentence(u: CatalogueUpdate): string {
  switch (u.kind) {
    case 'new':
      return `New service${u.rate ? `, ${perThousand(u.rate.to)}` : ''}${u.refillDays && u.refillDays.to > 0 ? `, refill ${u.refillDays.to} days` : ''}`;
    case 'price': {
      const from = u.rate?.from;
      const to = u.rate?.to;
      if (from === undefined || to === undefined) return 'Price changed';
      return `Price ${to < from ? 'down' : 'up'}: ${formatAmount(from)} → ${perThousand(to)}`;
    }
    case 'disabled':
      return 'No longer offered';
    case 'enabled':
      return `Back on sale${u.rate ? `, ${perThousand(u.rate.to)}` : ''}`;
    case 'refill':
      return u.refillDays
        ? `Refill window: ${refillWindow(u.refillDays.from)} → ${refillWindow(u.refillDays.to)}`
        : 'Refill window changed';
  }
}

const TONE: Record<CatalogueUpdate['kind'], string> = {
  new: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  price: 'bg-sky-50 text-sky-800 ring-sky-200',
  disabled: 'bg-rose-50 text-rose-800 ring-rose-200',
  enabled: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  refill: 'bg-amber-50 text-amber-900 ring-amber-200',
};
const KIND_LABELS: Record<CatalogueUpdate['kind'], string> = {
  new: 'New',
  price: 'Price',
  disabled: 'Disabled',
  enabled: 'Enabled',
  refill: 'Refill',
};

export function UpdatesList({ updates, actions }: { updates: readonly CatalogueUpdate[]; actions?: (u: CatalogueUpdate) => ReactNode }) {
  return (
    <ol className="divide-y divide-slate-100" aria-label="Updates">
      {updates.map((u) => (
        <li key={u._id} className={`py-3 ${u.hidden ? 'opacity-60' : ''}`}>
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <span className={`rounded-full px-2 py-0.5 font-semibold ring-1 ${TONE[u.kind]}`}>{KIND_LABELS[u.kind]}</span>
            <time dateTime={u.at}>{formatPakistanDateTime(u.at)}</time>
            {u.hidden ? <span className="font-semibold text-slate-700">Hidden from customers</span> : null}
          </div>
          <p className="mt-1 font-medium wrap-anywhere text-slate-900">
            {PLATFORM_LABELS[u.service.platform]} {u.service.category} · {u.service.name}{' '}
            <span className="font-mono text-sm text-slate-600">(ID {u.service.number})</span>
          </p>
          <p className="text-sm text-slate-700">{updateSentence(u)}</p>
          {u.note ? <p className="mt-1 text-sm wrap-anywhere text-slate-600 italic">{u.note}</p> : null}
          {actions ? <div className="mt-2">{actions(u)}</div> : null}
        </li>
      ))}
    </ol>
  );
}
