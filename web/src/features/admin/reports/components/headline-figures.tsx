// The Overview's headline figures (GET /api/admin/overview): what waits, and today's orders and revenue,
// "today" being the Pakistan day. Each waiting figure links to the section that works through it.
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useOverview } from '@/features/admin/reports/api/get-overview';
import { formatAmount } from '@/lib/format';

function Figure({ label, value, to }: { label: string; value: string; to?: string }) {
  return (
    <div className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 text-lg font-extrabold text-slate-900 tabular-nums sm:text-2xl">
        {to ? (
          <Link to={to} className="inline-flex min-w-11 items-center hover:underline sm:min-w-6">
            {value}
          </Link>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

export function HeadlineFigures() {
  const overview = useOverview();
  const figure = (pick: (data: NonNullable<typeof overview.data>) => string) => (overview.data ? pick(overview.data) : '…');
  return (
    <section aria-label="Headline figures">
      {overview.isError ? <p className="mb-2 text-sm text-red-800">Could not load the figures.</p> : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Pending top-ups" value={figure((d) => String(d.pendingTopUps))} to={paths.adminTopUps.getHref()} />
        <Figure
          label="Pending orders"
          value={figure((d) => String(d.pendingOrders))}
          to={paths.adminOrders.getHref({ status: 'pending' })}
        />
        <Figure label="Orders today" value={figure((d) => String(d.today.orders))} />
        <Figure label="Revenue today" value={figure((d) => formatAmount(d.today.revenue))} />
      </dl>
    </section>
  );
}
