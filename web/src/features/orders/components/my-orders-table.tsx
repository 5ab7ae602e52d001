import { isFinalStatus } from '@shared/order-status';
import type { Order } from '@shared/schemas/orders';
import type { ReactNode } from 'react';
import { DripFeedDetails } from '@/components/orders/drip-feed-details';
import { OrderNumberCell } from '@/components/orders/order-number-cell';
import { OrderQuantityCell } from '@/components/orders/order-quantity-cell';
import { DataTable } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { CancelOrderButton, OFFLINE_ACTION, RefillButton, RefillState } from '@/features/orders/components/order-actions';
import { StopDripFeedButton } from '@/features/orders/components/stop-drip-feed';
import { formatAmount, formatPakistanDateTime } from '@/lib/format';

/** "instagram.com/p/Cx…/": the link without its scheme and `www.`, cut to `max` characters. */
export function shortLink(link: string, max = 32): string {
  const bare = link.replace(/^https?:\/\//i, '').replace(/^www\./i, '');
  return bare.length > max ? `${bare.slice(0, max - 1)}…` : bare;
}

function Actions({ order, offline }: { order: Order; offline: boolean }) {
  const parts: ReactNode[] = [];
  if (order.refill) parts.push(<RefillState key="refill" refill={order.refill} />);
  if (order.cancelRequested) {
    parts.push(
      <span key="asked" className="block text-xs font-semibold text-amber-800">
        Cancel requested: the refund follows the provider’s confirmation
      </span>,
    );
  }
  if (order.cancelable) parts.push(<CancelOrderButton key="cancel" order={order} offline={offline} />);
  if (order.dripFeed && !isFinalStatus(order.status)) {
    parts.push(<StopDripFeedButton key="stop" order={{ ...order, dripFeed: order.dripFeed }} offline={offline} />);
  }
  const refillOpen = order.refill?.state === 'requested' || order.refill?.state === 'in_progress';
  if (order.refillUntil && !refillOpen)
    parts.push(<RefillButton key="refill-button" order={order} until={order.refillUntil} offline={offline} />);
  if (offline && (order.cancelable || (order.dripFeed && !isFinalStatus(order.status)) || (order.refillUntil && !refillOpen))) {
    parts.push(
      <span key="offline" className="block text-xs text-slate-600">
        {OFFLINE_ACTION}
      </span>,
    );
  }
  return <>{parts}</>;
}

export function MyOrdersTable({
  orders,
  serviceNumbers,
  offline,
  emptyText,
  footer,
}: {
  orders: readonly Order[];
  /** Each service's ID (its number, what Mass Order and API v2 take), by its key. */
  serviceNumbers: ReadonlyMap<string, number>;
  offline: boolean;
  emptyText: string;
  footer?: ReactNode;
}) {
  return (
    <DataTable
      caption="My Orders"
      rows={orders}
      getKey={(order) => order._id}
      emptyText={emptyText}
      pageSize={Number.MAX_SAFE_INTEGER}
      footer={footer}
      columns={[
        {
          header: 'Order',
          cell: (order) => (
            <OrderNumberCell number={order.number}>
              <span className="block text-xs text-slate-600">{formatPakistanDateTime(order.createdAt)}</span>
            </OrderNumberCell>
          ),
        },
        {
          header: 'Service',
          cell: (order) => {
            const number = serviceNumbers.get(order.serviceId);
            return (
              <span className="min-w-0 text-end wrap-anywhere sm:text-start">
                <span className="block font-medium text-slate-900">{order.service}</span>
                <span className="block text-xs text-slate-600">ID {number ?? order.serviceId}</span>
                <a
                  href={order.link}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  title={order.link}
                  className="block text-xs font-medium break-all text-brand-700 underline-offset-2 hover:underline"
                >
                  {shortLink(order.link)}
                </a>
                <DripFeedDetails order={order} />
              </span>
            );
          },
        },
        {
          header: 'Quantity',
          cell: (order) => <OrderQuantityCell order={order} withFinalCounts />,
        },
        {
          header: 'Charge',
          cell: (order) => (
            <span className="text-end tabular-nums sm:text-start">
              {/* A run was paid with its drip-feed: its own price would read as a second charge. */}
              <span className="block">{order.dripRun ? 'Paid with its drip-feed' : formatAmount(order.price)}</span>
              {order.refund !== undefined ? (
                <span className="block text-xs text-green-800">Refunded {formatAmount(order.refund)}</span>
              ) : null}
            </span>
          ),
        },
        {
          header: 'Status',
          cell: (order) => (
            <span className="flex flex-col items-end gap-2 sm:items-start">
              <StatusBadge status={order.status} />
              <Actions order={order} offline={offline} />
            </span>
          ),
        },
      ]}
    />
  );
}
