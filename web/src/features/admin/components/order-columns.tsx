// The columns of an orders table, shared by the Overview's All Orders and the Orders section.
import type { Order } from '@shared/schemas';
import type { Column } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { UserCell } from '@/features/admin/components/cells';
import { OrderStatusEditor } from '@/features/admin/components/order-status-editor';
import { formatAmount, formatDateTime } from '@/lib/format';

export const orderColumns: Column<Order>[] = [
  {
    header: 'Order',
    cell: (order) => (
      <span className="text-right sm:text-left">
        <span className="block font-mono font-semibold">#{order.number}</span>
        <span className="block text-xs text-slate-600">{formatDateTime(order.createdAt)}</span>
      </span>
    ),
  },
  { header: 'User', cell: (order) => <UserCell user={order.user} /> },
  {
    header: 'Service',
    cell: (order) => (
      <span className="min-w-0 text-right sm:text-left">
        <span className="block">{order.service}</span>
        <a href={order.link} target="_blank" rel="noopener noreferrer" className="block text-xs break-all text-brand-700 hover:underline">
          {order.link}
        </a>
      </span>
    ),
  },
  {
    header: 'Qty / Price',
    cell: (order) => (
      <span className="text-right tabular-nums sm:text-left">
        {order.quantity.toLocaleString('en-US')} · {formatAmount(order.price)}
        {order.remains ? <span className="block text-xs text-slate-600">remains {order.remains}</span> : null}
      </span>
    ),
  },
  { header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
  { header: 'Change', cell: (order) => <OrderStatusEditor key={`${order._id}-${order.status}`} order={order} /> },
];
