import type { Order } from '@shared/schemas';
import { DataTable } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatAmount, formatDate } from '@/lib/format';

export function RecentOrdersTable({ orders }: { orders: Order[] }) {
  return (
    <DataTable
      caption="Recent Orders"
      rows={orders}
      getKey={(order) => order._id}
      emptyText="No recent orders found."
      columns={[
        { header: 'Order', cell: (order) => <span className="font-mono font-semibold">#{order.number}</span> },
        {
          header: 'Service',
          cell: (order) => (
            <span className="min-w-0 text-right sm:text-left">
              <span className="block font-medium text-slate-900">{order.service}</span>
              <span className="block text-xs text-slate-600">
                {formatDate(order.createdAt)} · {formatAmount(order.price)}
              </span>
            </span>
          ),
        },
        { header: 'Quantity', cell: (order) => <span className="tabular-nums">{order.quantity.toLocaleString('en-US')}</span> },
        { header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
      ]}
    />
  );
}
