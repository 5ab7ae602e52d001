// What the app says about a drip-feed order, from its wire shape (shared/drip-feed.ts): the order form,
// the customer's orders and the admin console all read it the same way.
import { type Paisa, toPaisa } from '@shared/money';
import type { Order } from '@shared/schemas/orders';

/** "45 min", "2 h", "2 h 30 min", "3 days 4 h": a span of minutes for people. */
export function formatMinutes(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return [`${days} ${days === 1 ? 'day' : 'days'}`, hours > 0 ? `${hours} h` : null].filter(Boolean).join(' ');
  if (hours > 0) return [`${hours} h`, mins > 0 ? `${mins} min` : null].filter(Boolean).join(' ');
  return `${mins} min`;
}

/** Run 1 starts at once, then one run per interval: the last starts (runs − 1) × interval minutes later. */
export const deliverySpanMinutes = (runs: number, interval: number) => (runs - 1) * interval;

type DripFeedOrder = Pick<Order, 'price'> & { dripFeed: NonNullable<Order['dripFeed']> };

/** One run's price: the total is exactly the run price × runs (dripFeedPrice), so this divides evenly. */
export const runPricePaisa = (order: DripFeedOrder): Paisa => toPaisa(order.price) / order.dripFeed.runs;

/** What stopping the drip-feed now gives back: the runs not started, each at its run price. */
export function stopRefundPaisa(order: DripFeedOrder): Paisa {
  return (order.dripFeed.runs - order.dripFeed.runsDone) * runPricePaisa(order);
}

/** "Drip-feed · 2 of 5 runs · every 30 min" */
export function dripFeedSummary(dripFeed: NonNullable<Order['dripFeed']>): string {
  return `Drip-feed · ${dripFeed.runsDone} of ${dripFeed.runs} runs · every ${formatMinutes(dripFeed.interval)}`;
}

/** "Run 2 of 5 · drip-feed #123456789" */
export function dripRunSummary(dripRun: NonNullable<Order['dripRun']>): string {
  return `Run ${dripRun.run} of ${dripRun.runs} · drip-feed #${dripRun.parent}`;
}
