// An order's quantity in a customer's list: a drip-feed's run size, how far an order under way got (as the
// provider reported it), and with `withFinalCounts` (My Orders) an ended order's start count and remains.
import { formatNumber } from '@shared/numbers';
import { isFinalStatus } from '@shared/order-status';
import type { Order } from '@shared/schemas/orders';

const line = (parts: (string | null)[]) => {
  const shown = parts.filter((part) => part !== null);
  return shown.length > 0 ? <span className="block text-xs text-slate-600">{shown.join(' · ')}</span> : null;
};

export function OrderQuantityCell({ order, withFinalCounts = false }: { order: Order; withFinalCounts?: boolean }) {
  const { progress } = order;
  const final = isFinalStatus(order.status);
  return (
    <span className="text-end tabular-nums sm:text-start">
      <span className="block">{formatNumber(order.quantity)}</span>
      {order.dripFeed ? <span className="block text-xs text-slate-600">{formatNumber(order.dripFeed.quantity)} a run</span> : null}
      {progress && !final
        ? line([
            progress.remains !== undefined ? `${formatNumber(order.quantity - progress.remains)} delivered` : null,
            progress.startCount !== undefined ? `start ${formatNumber(progress.startCount)}` : null,
          ])
        : null}
      {withFinalCounts && final
        ? line([
            progress?.startCount !== undefined ? `Start ${formatNumber(progress.startCount)}` : null,
            order.remains !== undefined ? `Remains ${formatNumber(order.remains)}` : null,
          ])
        : null}
    </span>
  );
}
