import { useRecentRecharges } from '@/features/admin/money/api/get-recent-recharges';
import { UserCell } from '@/features/admin/shared/components/cells';
import { ListSection } from '@/features/admin/shared/components/list-table';
import { formatAmount, formatDateTime } from '@/lib/format';

/** Every credit, newest first (a reversed one says so); `pageSize` rows before Show More (the Overview's 5), then Load more. */
export function RecentRechargesTable({ pageSize }: { pageSize?: number }) {
  const recharges = useRecentRecharges();
  return (
    <ListSection
      id="recharges-heading"
      list={recharges}
      caption="Recent Recharges"
      emptyText="No recharges yet."
      errorText="Could not load recharges."
      pageSize={pageSize}
      columns={[
        { header: 'Date', cell: (recharge) => formatDateTime(recharge.date) },
        { header: 'User', cell: (recharge) => <UserCell user={recharge.user} /> },
        {
          header: 'Amount',
          cell: (recharge) => (
            <span className="text-right sm:text-left">
              <span className="block font-semibold tabular-nums">{formatAmount(recharge.amount)}</span>
              {/* Taken back since (issue 34): the credit stays listed, saying so. */}
              {recharge.reversed ? (
                <span className="block text-xs wrap-anywhere text-red-700">Reversed: {recharge.reversed.reason}</span>
              ) : null}
            </span>
          ),
        },
        { header: 'Method', cell: (recharge) => recharge.method ?? '—' },
      ]}
    />
  );
}
