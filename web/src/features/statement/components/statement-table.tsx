// The statement's rows: when (Pakistan time), what kind, what for (an order links to it on the
// dashboard, an adjustment says the admin's reason), the amount signed and coloured, the balance after.
import type { LedgerEntry } from '@shared/schemas/money';
import { Link } from 'react-router-dom';
import { type Column, DataTable } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { formatAmount, formatPakistanDateTime } from '@/lib/format';

export const TYPE_LABELS: Record<LedgerEntry['type'], string> = {
  credit: 'Top-up',
  debit: 'Order',
  refund: 'Refund',
  adjustment: 'Adjustment',
  referral: 'Referral earnings',
};

/** What the entry did to the balance: + for money in, − for money out (an adjustment is signed already). */
export function signedAmount(entry: LedgerEntry): number {
  return entry.type === 'debit' ? -Math.abs(entry.amount) : entry.type === 'adjustment' ? entry.amount : Math.abs(entry.amount);
}

export function formatSigned(amount: number): string {
  return amount < 0 ? `− ${formatAmount(-amount)}` : `+ ${formatAmount(amount)}`;
}

function OrderLink({ orderId, prefix }: { orderId: string; prefix: string }) {
  return (
    <>
      {prefix}{' '}
      <Link to={paths.dashboard.getHref({ order: orderId })} className="font-medium text-brand-700 hover:underline">
        order #{orderId}
      </Link>
    </>
  );
}

export function EntryDetails({ entry }: { entry: LedgerEntry }) {
  switch (entry.type) {
    case 'debit':
      return entry.orderId ? <OrderLink orderId={entry.orderId} prefix="Payment for" /> : <>Payment for an order</>;
    case 'refund':
      return entry.orderId ? <OrderLink orderId={entry.orderId} prefix="Refund of" /> : <>Refund</>;
    case 'credit':
      return <>Balance top-up</>;
    case 'adjustment':
      return <>{entry.reason ? `Correction: ${entry.reason}` : 'Correction by the admin'}</>;
    case 'referral':
      return <>Moved from your referral earnings</>;
  }
}

const columns: Column<LedgerEntry>[] = [
  { header: 'Date', cell: (entry) => <span className="whitespace-nowrap">{formatPakistanDateTime(entry.at)}</span> },
  { header: 'Type', cell: (entry) => TYPE_LABELS[entry.type] },
  { header: 'Details', cell: (entry) => <EntryDetails entry={entry} />, className: 'text-end sm:text-start' },
  {
    header: 'Amount',
    cell: (entry) => {
      const amount = signedAmount(entry);
      return (
        <span className={`font-semibold whitespace-nowrap tabular-nums ${amount < 0 ? 'text-red-700' : 'text-emerald-700'}`}>
          {formatSigned(amount)}
        </span>
      );
    },
    className: 'sm:text-end',
  },
  {
    header: 'Balance',
    cell: (entry) => <span className="whitespace-nowrap tabular-nums">{formatAmount(entry.balanceAfter)}</span>,
    className: 'sm:text-end',
  },
];

export function StatementTable({ entries, emptyText, footer }: { entries: LedgerEntry[]; emptyText: string; footer?: React.ReactNode }) {
  return (
    <DataTable
      caption="Your statement, newest first"
      columns={columns}
      rows={entries}
      getKey={(entry) => entry._id}
      emptyText={emptyText}
      pageSize={Number.POSITIVE_INFINITY}
      footer={footer}
    />
  );
}
