import { useRecentRecharges } from '@/features/admin/api/get-recent-recharges';
import { UserCell } from '@/features/admin/components/cells';
import { ListTable } from '@/features/admin/components/list-table';
import { formatAmount, formatDateTime } from '@/lib/format';

/** Every credit, newest first; `pageSize` rows before Show More (the Overview's 5), then Load more. */
export function RecentRechargesTable({ pageSize }: { pageSize?: number }) {
  const recharges = useRecentRecharges();
  return (
    <section aria-labelledby="recharges-heading" className="space-y-4">
      <h2 id="recharges-heading" className="text-lg font-bold text-slate-900">
        Recent Recharges
      </h2>
      <ListTable
        list={recharges}
        caption="Recent Recharges"
        getKey={(recharge) => recharge._id}
        emptyText="No recharges yet."
        errorText="Could not load recharges."
        {...(pageSize ? { pageSize } : {})}
        columns={[
          { header: 'Date', cell: (recharge) => formatDateTime(recharge.date) },
          { header: 'User', cell: (recharge) => <UserCell user={recharge.user} /> },
          { header: 'Amount', cell: (recharge) => <span className="font-semibold tabular-nums">{formatAmount(recharge.amount)}</span> },
          { header: 'Method', cell: (recharge) => recharge.method ?? '—' },
        ]}
      />
    </section>
  );
}
