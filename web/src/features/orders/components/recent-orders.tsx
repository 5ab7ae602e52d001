import { isFinalStatus } from '@shared/order-status';
import type { Order } from '@shared/schemas/orders';
import { DripFeedDetails } from '@/components/orders/drip-feed-details';
import { OrderNumberCell } from '@/components/orders/order-number-cell';
import { OrderQuantityCell } from '@/components/orders/order-quantity-cell';
import { DataTable } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { StopDripFeedButton } from '@/features/orders/components/stop-drip-feed';
import { formatAmount, formatDate } from '@/lib/format';

/** `highlight`: the number of an order to scroll to and mark (`/dashboard?order=N`, a notification's link). */
export function RecentOrdersTable({ orders, highlight }: { orders: Order[]; highlight?: string | null }) {
  const highlightKey = highlight ? orders.find((order) => String(order.number) === highlight)?._id : undefined;
  return (
    <DataTable
      caption="Recent Orders"
      rows={orders}
      getKey={(order) => order._id}
      highlightKey={highlightKey}
      emptyText="No recent orders found."
      columns={[
        {
          header: 'Order',
          cell: (order) => <OrderNumberCell number={order.number} />,
        },
        {
          header: 'Service',
          cell: (order) => (
            <span className="min-w-0 text-end sm:text-start">
              <span className="block font-medium text-slate-900">{order.service}</span>
              <span className="block text-xs text-slate-600">
                {/* A run was paid with its drip-feed: its own price would read as a second charge. */}
                {formatDate(order.createdAt)} · {order.dripRun ? 'paid with its drip-feed' : formatAmount(order.price)}
              </span>
              <DripFeedDetails order={order} />
            </span>
          ),
        },
        {
          header: 'Quantity',
          cell: (order) => <OrderQuantityCell order={order} />,
        },
        {
          header: 'Status',
          cell: (order) => (
            <span className="flex flex-col items-end gap-2 sm:items-start">
              <StatusBadge status={order.status} />
              {order.dripFeed && !isFinalStatus(order.status) ? (
                <StopDripFeedButton order={{ ...order, dripFeed: order.dripFeed }} />
              ) : null}
            </span>
          ),
        },
      ]}
    />
  );
}
