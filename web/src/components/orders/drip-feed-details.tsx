// A drip-feed's or a run's own lines under an order, for the customer's orders and the admin's alike:
// how far the drip-feed got, when its next run starts, its runs' numbers; or which drip-feed a run
// belongs to.
import { isFinalStatus } from '@shared/order-status';
import type { Order } from '@shared/schemas/orders';
import { dripFeedSummary, dripRunSummary } from '@/lib/drip-feed';
import { formatDateTime } from '@/lib/format';

export function DripFeedDetails({ order }: { order: Order }) {
  const { dripFeed, dripRun } = order;
  if (dripFeed) {
    const next = !isFinalStatus(order.status) ? dripFeed.nextRunAt : null;
    return (
      <span className="block space-y-0.5 text-xs text-slate-700" data-testid="drip-feed-details">
        <span className="block font-semibold text-slate-900">{dripFeedSummary(dripFeed)}</span>
        {next ? <span className="block">Next run {formatDateTime(next)}</span> : null}
        {dripFeed.orders.length > 0 ? (
          <span className="block wrap-anywhere">
            {dripFeed.orders.length === 1 ? 'Run' : 'Runs'} {dripFeed.orders.map((n) => `#${n}`).join(', ')}
          </span>
        ) : null}
      </span>
    );
  }
  if (dripRun) {
    return (
      <span className="block text-xs font-semibold text-slate-900" data-testid="drip-run-details">
        {dripRunSummary(dripRun)}
      </span>
    );
  }
  return null;
}
