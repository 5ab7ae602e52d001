// Drip-feed: one order delivered in `runs` runs of `quantity` each, one run every `interval`
// minutes. The whole price (the run's price × runs) is charged at placement, in one transaction; each run
// is its own child order (its own number, fulfilment and provider order), started by the server when due;
// a cancel of the drip-feed refunds the runs not started, exactly once. Web and functions share these rules.
import { z } from 'zod/mini';
import { orderPrice, type Paisa } from './money';

export const DRIP_FEED_LIMITS = {
  runs: { min: 2, max: 100 },
  /** Minutes between two runs. */
  interval: { min: 1, max: 1440 },
} as const;

export const DRIP_FEED_MESSAGES = {
  unavailable: 'Drip-feed is not available for this service',
  runs: `Runs must be a whole number between ${DRIP_FEED_LIMITS.runs.min} and ${DRIP_FEED_LIMITS.runs.max}`,
  interval: `Interval must be a whole number of minutes between ${DRIP_FEED_LIMITS.interval.min} and ${DRIP_FEED_LIMITS.interval.max}`,
  both: 'A drip-feed order needs both runs and interval',
  noComments: 'A Custom Comments order cannot be drip-fed',
  /** An admin's status change on the drip-feed itself: only stopping it (its runs are orders of their own). */
  parentStatus: 'A drip-feed only stops (Cancel): its runs are orders of their own',
  parentRefill: 'Refill a run of this drip-feed: each run is an order of its own',
} as const;

/** One run's price (the pricing rule on the run's quantity) × runs: a refund of k runs not started is exactly k run prices. */
export function dripFeedPrice(ratePer1000: Paisa, quantityPerRun: number, runs: number): Paisa {
  return orderPrice(ratePer1000, quantityPerRun) * runs;
}

/** A whole number from `min` to `max`; anything else is refused with the one `message`. */
const wholeNumberIn = ({ min, max }: { min: number; max: number }, message: string) =>
  z.number({ error: message }).check(z.int(message), z.gte(min, message), z.lte(max, message));

export const dripFeedRunsSchema = wholeNumberIn(DRIP_FEED_LIMITS.runs, DRIP_FEED_MESSAGES.runs);

export const dripFeedIntervalSchema = wholeNumberIn(DRIP_FEED_LIMITS.interval, DRIP_FEED_MESSAGES.interval);

/**
 * A drip-feed order as its customer and the admin see it (`order.dripFeed`). The order's `quantity` is the
 * total (quantity × runs) and its `price` the total charged.
 */
export const dripFeedSchema = z.object({
  runs: z.number().check(z.int()),
  /** Minutes between runs. */
  interval: z.number().check(z.int()),
  /** Each run's quantity. */
  quantity: z.number().check(z.int()),
  /** Runs started so far (each a child order in `orders`). */
  runsDone: z.number().check(z.int()),
  /** When the next run starts; null once every run started or the drip-feed stopped. */
  nextRunAt: z.nullable(z.string()),
  /** The runs' order numbers, in run order. */
  orders: z.array(z.number().check(z.int())),
});
export type DripFeed = z.infer<typeof dripFeedSchema>;

/** A run of a drip-feed (`order.dripRun`): paid by its drip-feed order, whose number is `parent`. */
export const dripRunSchema = z.object({
  parent: z.number().check(z.int()),
  run: z.number().check(z.int()),
  runs: z.number().check(z.int()),
});
export type DripRun = z.infer<typeof dripRunSchema>;
