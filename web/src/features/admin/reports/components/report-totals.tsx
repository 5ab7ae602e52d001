// The report's totals as cards, when they were true ("Figures up to"), and what the panel owes (every
// customer's balance) beside what it holds at each provider.
import type { Report } from '@shared/reports';
import { formatAmount, formatMoney, formatPakistanDateTime } from '@/lib/format';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-extrabold wrap-anywhere text-slate-900 tabular-nums sm:text-2xl">{value}</dd>
    </div>
  );
}

export function ReportTotals({ report }: { report: Report }) {
  const { totals } = report;
  return (
    <section aria-labelledby="report-totals-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="report-totals-heading" className="text-lg font-bold text-slate-900">
          Totals
        </h2>
        <p className="text-sm text-slate-600">Figures up to {formatPakistanDateTime(report.asOf)}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Top-ups" value={formatAmount(totals.topUps)} />
        <Figure label="Revenue" value={formatAmount(totals.revenue)} />
        <Figure label="Refunds" value={formatAmount(totals.refunds)} />
        <Figure label="Provider cost" value={formatAmount(totals.cost)} />
        <Figure label="Profit" value={formatAmount(totals.profit)} />
        <Figure label="Orders" value={String(totals.orders)} />
        <Figure label="New customers" value={String(totals.newCustomers)} />
        <Figure label="Adjustments" value={formatAmount(totals.adjustments)} />
        {/* Tiers and customers' own rates: what list prices would have charged more (absent from older answers). */}
        {totals.discounts !== undefined ? <Figure label="Discounts given" value={formatAmount(totals.discounts)} /> : null}
        {totals.referralPayouts !== undefined ? <Figure label="Referral payouts" value={formatAmount(totals.referralPayouts)} /> : null}
      </dl>
    </section>
  );
}

export function OwedBalances({ owed }: { owed: Report['owed'] }) {
  return (
    <section aria-labelledby="owed-heading" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="owed-heading" className="text-lg font-bold text-slate-900">
        What the panel owes and holds
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Customers' balances</dt>
          <dd className="mt-1 text-xl font-extrabold text-slate-900 tabular-nums">{formatAmount(owed.balances)}</dd>
        </div>
        {owed.providers.map((provider) => (
          <div key={provider.providerId}>
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{provider.name}</dt>
            <dd className="mt-1 text-xl font-extrabold text-slate-900 tabular-nums">
              {provider.balance === null ? 'Unknown' : formatMoney(provider.balance, provider.currency)}
            </dd>
            {provider.checkedAt ? <dd className="text-xs text-slate-600">checked {formatPakistanDateTime(provider.checkedAt)}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}
