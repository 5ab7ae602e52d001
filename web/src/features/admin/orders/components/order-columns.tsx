// The columns of an orders table, shared by the Overview's All Orders and the Orders section.

import { formatNumber } from '@shared/numbers';
import type { Order } from '@shared/schemas/orders';
import { DripFeedDetails } from '@/components/orders/drip-feed-details';
import type { Column } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { OrderStatusEditor } from '@/features/admin/orders/components/order-status-editor';
import { NumberCell, UserCell } from '@/features/admin/shared/components/cells';
import { formatAmount } from '@/lib/format';

export const orderColumns: Column<Order>[] = [
  { header: 'Order', cell: (order) => <NumberCell entry={order} /> },
  { header: 'User', cell: (order) => <UserCell user={order.user} /> },
  {
    header: 'Service',
    cell: (order) => (
      <span className="min-w-0 text-right sm:text-left">
        <span className="block">{order.service}</span>
        <a href={order.link} target="_blank" rel="noopener noreferrer" className="block text-xs break-all text-brand-700 hover:underline">
          {order.link}
        </a>
        <DripFeedDetails order={order} />
      </span>
    ),
  },
  {
    header: 'Qty / Price',
    cell: (order) => (
      <span className="text-right tabular-nums sm:text-left">
        {formatNumber(order.quantity)} · {formatAmount(order.price)}
        {order.dripFeed ? <span className="block text-xs text-slate-600">{formatNumber(order.dripFeed.quantity)} a run</span> : null}
        {/* A run's price is its share of what its drip-feed charged: no charge of its own. */}
        {order.dripRun ? <span className="block text-xs text-slate-600">paid by the drip-feed</span> : null}
        {order.remains ? <span className="block text-xs text-slate-600">remains {order.remains}</span> : null}
      </span>
    ),
  },
  { header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
  { header: 'Change', cell: (order) => <OrderStatusEditor key={`${order._id}-${order.status}`} order={order} /> },
];
