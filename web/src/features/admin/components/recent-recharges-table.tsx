import { DataTable } from '@/components/ui/data-table';
import { FormAlert } from '@/components/ui/form-field';
import { LoadingBlock } from '@/components/ui/spinner';
import { useRecentRecharges } from '@/features/admin/api/get-recent-recharges';
import { UserCell } from '@/features/admin/components/cells';
import { formatAmount, formatDateTime } from '@/lib/format';

export function RecentRechargesTable() {
  const recharges = useRecentRecharges();
  return (
    <section aria-labelledby="recharges-heading" className="space-y-4">
      <h2 id="recharges-heading" className="text-lg font-bold text-slate-900">
        Recent Recharges
      </h2>
      {recharges.isPending ? (
        <LoadingBlock className="min-h-32" />
      ) : recharges.isError ? (
        <FormAlert>Could not load recharges.</FormAlert>
      ) : (
        <DataTable
          caption="Recent Recharges"
          rows={recharges.data.recharges}
          getKey={(recharge) => recharge._id}
          emptyText="No recharges yet."
          columns={[
            { header: 'Date', cell: (recharge) => formatDateTime(recharge.date) },
            {
              header: 'User',
              cell: (recharge) => <UserCell user={recharge.user} />,
            },
            { header: 'Amount', cell: (recharge) => <span className="font-semibold tabular-nums">{formatAmount(recharge.amount)}</span> },
            { header: 'Method', cell: (recharge) => recharge.method ?? '—' },
          ]}
        />
      )}
    </section>
  );
}
