// The customer's Referrals page: their link, what it brought (sign-ups, earnings, what was moved, what is left), the
// programme's percent or that it is paused, the move of earnings to the main balance, and the last 12 months.
import { formatNumber } from '@shared/numbers';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/spinner';
import { type MyReferrals, useMyReferrals } from '@/features/referrals/api/get-my-referrals';
import { ReferralLinkCard } from '@/features/referrals/components/referral-link-card';
import { TransferForm } from '@/features/referrals/components/transfer-form';
import { formatAmount, formatMonth } from '@/lib/format';
import { useProfile } from '@/lib/profile';

type Month = MyReferrals['months'][number];

const monthColumns: Column<Month>[] = [
  { header: 'Month', cell: (month) => <span className="whitespace-nowrap">{formatMonth(month.month)}</span> },
  { header: 'Sign-ups', cell: (month) => <span className="tabular-nums">{formatNumber(month.signUps)}</span>, className: 'sm:text-end' },
  {
    header: 'Earned',
    cell: (month) => <span className="whitespace-nowrap tabular-nums">{formatAmount(month.earned)}</span>,
    className: 'sm:text-end',
  },
];

/** One figure: on a phone a line of its own (label, then the amount at the end), side by side from sm up. */
function Figure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-baseline justify-between gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:block">
      <dt className="min-w-0 text-sm font-medium text-slate-600">{label}</dt>
      <dd
        className="shrink-0 text-end text-lg font-extrabold tracking-tight text-slate-900 tabular-nums sm:mt-1 sm:text-start sm:text-xl sm:wrap-anywhere"
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}

export function ReferralsOverview() {
  const referrals = useMyReferrals();
  const suspended = Boolean(useProfile().data?.blocked);

  if (referrals.isPending) return <LoadingBlock className="min-h-48" />;
  if (referrals.isError) {
    return <LoadError what="Your referrals" retrying={referrals.isFetching} onRetry={() => void referrals.refetch()} />;
  }
  const data = referrals.data;

  return (
    <div className="space-y-4">
      <ReferralLinkCard link={data.link} />

      <Card aria-labelledby="referral-figures-heading" className="space-y-4">
        <h2 id="referral-figures-heading" className="text-lg font-bold text-slate-900">
          What your link brought
        </h2>
        <p className="text-sm text-slate-700" data-testid="referral-programme">
          {data.enabled
            ? `You earn ${data.percent}% of every top-up credited to the accounts you bring.`
            : 'The referral programme is paused: what you earned stays yours.'}
        </p>
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Figure label="Sign-ups" testId="referral-sign-ups">
            {formatNumber(data.referred)}
          </Figure>
          <Figure label="Earned" testId="referral-earned">
            {formatAmount(data.earned)}
          </Figure>
          <Figure label="Moved to balance" testId="referral-transferred">
            {formatAmount(data.transferred)}
          </Figure>
          <Figure label="Referral balance" testId="referral-balance">
            {formatAmount(data.balance)}
          </Figure>
        </dl>
        {data.balance < 0 ? (
          <p className="text-sm text-slate-600">
            A top-up was reversed after its commission was moved to your balance: your next earnings make up the difference first.
          </p>
        ) : null}
      </Card>

      <Card aria-labelledby="referral-transfer-heading" className="space-y-3">
        <div>
          <h2 id="referral-transfer-heading" className="text-lg font-bold text-slate-900">
            Move to your balance
          </h2>
          <p className="text-sm text-slate-600">Earnings moved to your balance pay for orders like any top-up.</p>
        </div>
        {/* Keyed by the balance: a new one (a commission, a reversal) starts the amount over from it. */}
        <TransferForm key={data.balance} balance={data.balance} minTransfer={data.minTransfer} suspended={suspended} />
      </Card>

      <Card aria-labelledby="referral-months-heading" className="space-y-3">
        <div>
          <h2 id="referral-months-heading" className="text-lg font-bold text-slate-900">
            By month
          </h2>
          <p className="text-sm text-slate-600">Sign-ups and earnings of the last 12 months, in Pakistan time.</p>
        </div>
        <DataTable
          caption="Sign-ups and earnings by month, newest first"
          columns={monthColumns}
          rows={data.months}
          getKey={(month) => month.month}
          emptyText="No months to show yet."
          pageSize={Number.POSITIVE_INFINITY}
        />
      </Card>
    </div>
  );
}
