import { formatNumber } from '@shared/numbers';
import { isFinalStatus } from '@shared/order-status';
import type { Order } from '@shared/schemas/orders';
import { Link } from 'react-router-dom';
import { DripFeedDetails } from '@/components/orders/drip-feed-details';
import { DataTable } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
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
          cell: (order) => (
            <span className="text-right sm:text-left">
              <span className="block font-mono font-semibold">#{order.number}</span>
              <Link
                to={paths.newTicket.getHref({ order: order.number })}
                className="text-xs font-semibold text-brand-700 underline-offset-2 hover:underline"
                aria-label={`Get help with order #${order.number}`}
              >
                Get help
              </Link>
            </span>
          ),
        },
        {
          header: 'Service',
          cell: (order) => (
            <span className="min-w-0 text-right sm:text-left">
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
          cell: (order) => (
            <span className="text-right tabular-nums sm:text-left">
              <span className="block">{formatNumber(order.quantity)}</span>
              {order.dripFeed ? <span className="block text-xs text-slate-600">{formatNumber(order.dripFeed.quantity)} a run</span> : null}
              <ProgressLine order={order} />
            </span>
          ),
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

/** While an order is delivered: how far it got and the count it started from, as the provider reported them. */
function ProgressLine({ order }: { order: Order }) {
  const { progress } = order;
  if (!progress || (order.status !== 'pending' && order.status !== 'processing')) return null;
  const parts = [
    progress.remains !== undefined ? `${formatNumber(order.quantity - progress.remains)} delivered` : null,
    progress.startCount !== undefined ? `start ${formatNumber(progress.startCount)}` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? <span className="block text-xs text-slate-600">{parts.join(' · ')}</span> : null;
}
