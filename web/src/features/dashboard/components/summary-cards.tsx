import type { User } from '@shared/schemas/accounts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatAmount, formatDate } from '@/lib/format';

export interface SummaryCardsProps {
  user: User;
  /** Orders count; `more` when the list was cut at the API's page size. */
  totalOrders: { count: number; more: boolean } | undefined;
  onRecharge: () => void;
}

export function SummaryCards({ user, totalOrders, onRecharge }: SummaryCardsProps) {
  return (
    <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
      <section
        aria-labelledby="balance-heading"
        className="rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 p-5 text-white shadow-sm sm:col-span-1"
      >
        <h2 id="balance-heading" className="text-sm font-medium text-brand-100">
          Current Balance
        </h2>
        <p className="mt-1 text-2xl font-extrabold tracking-tight xl:text-3xl tabular-nums" data-testid="balance">
          {formatAmount(user.balance)}
        </p>
        <p className="mt-1 text-sm wrap-anywhere text-brand-100">{user.email}</p>
        {user.blocked ? (
          <p id="recharge-paused" className="mt-2 text-sm font-medium text-white">
            Recharges are paused while your account is suspended.
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={onRecharge}
            disabled={Boolean(user.blocked)}
            aria-describedby={user.blocked ? 'recharge-paused' : undefined}
          >
            Recharge
          </Button>
          {/* Where the balance went: every top-up, order and refund with the balance after it. */}
          <Link to={paths.statement.getHref()} className={`${buttonClass({ variant: 'ghost', size: 'sm' })} text-white hover:bg-white/10`}>
            Statement
          </Link>
        </div>
      </section>
      <StatCard id="orders-heading" title="Total Orders">
        <p className="mt-1 text-2xl font-extrabold tracking-tight xl:text-3xl text-slate-900 tabular-nums" data-testid="total-orders">
          {totalOrders ? `${totalOrders.count}${totalOrders.more ? '+' : ''}` : '…'}
        </p>
      </StatCard>
      <StatCard id="last-recharge-heading" title="Last Recharge">
        {user.lastRecharge ? (
          <>
            <p className="mt-1 text-2xl font-extrabold tracking-tight xl:text-3xl text-slate-900 tabular-nums">
              {formatAmount(user.lastRecharge.amount)}
            </p>
            <p className="mt-1 text-sm text-slate-600">{formatDate(user.lastRecharge.date)}</p>
          </>
        ) : (
          <p className="mt-1 text-2xl font-extrabold tracking-tight xl:text-3xl text-slate-900">N/A</p>
        )}
      </StatCard>
    </div>
  );
}

/** One of the dashboard's figures: its name above it. */
function StatCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="text-sm font-medium text-slate-600">
        {title}
      </h2>
      {children}
    </section>
  );
}
