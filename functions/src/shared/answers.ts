// The answers any page may parse before it needs the rest of the API's schemas (./schemas.ts, which
// re-exports these): an error's body, which every request may get, and the catalogue, which the landing
// page prices its cards with. Apart so that a page that reads only these does not build every schema of
// the app when its code loads (on the landing page that was ~30 ms of a phone's main thread; docs/decisions/0014).
import { z } from 'zod/mini';
import { SERVICE_TYPES } from './comments';
import { PLATFORMS } from './platforms';

/** The figures as stored on the service and answered: times in seconds, the share in whole percent (rounded down). */
export const serviceFiguresSchema = z.object({
  /** Fewer than FIGURES.newBelow completed orders: no figure is claimed. */
  new: z.boolean(),
  /** Seconds to deliver 1,000, over the last completed orders (≤ 10); null while new. */
  timePer1000: z.nullable(z.number()),
  /** Median seconds from placement to start, over the same orders; null while new. */
  medianStart: z.nullable(z.number()),
  /** Of the orders that ended in the last 30 days, the percent completed in full (rounded down); null under 3 orders. */
  completedPercent: z.nullable(z.number()),
  /** Orders that ended (completed, partial or cancelled) in the last 30 days. */
  orders30Days: z.number(),
  /** Up to when orders are counted (ISO time): the figures trail the clock by the fold's lag. */
  asOf: z.string(),
});
export type ServiceFigures = z.infer<typeof serviceFiguresSchema>;

export const serviceSchema = z.object({
  _id: z.string(),
  number: z.optional(z.number().check(z.int())),
  platform: z.enum(PLATFORMS),
  category: z.string(),
  name: z.string(),
  /** What the asker pays per 1,000: a signed-in customer's own price (issue 34), else the list rate. */
  ratePer1000: z.number(),
  /** The list rate, only where the asker's price differs from it. */
  listRatePer1000: z.optional(z.number()),
  min: z.number().check(z.int()),
  max: z.number().check(z.int()),
  defaultQuantity: z.number().check(z.int()),
  description: z.optional(z.string()),
  refill: z.optional(z.boolean()),
  /** Days after completion a refill may be asked for (0: none). */
  refillDays: z.optional(z.number().check(z.int())),
  cancel: z.optional(z.boolean()),
  active: z.boolean(),
  /** Absent: Default (services stored before types). */
  type: z.optional(z.enum(SERVICE_TYPES)),
  /** Orders may be drip-fed (runs and interval). Absent: no. */
  dripfeed: z.optional(z.boolean()),
  /** Measured from its orders (shared/service-figures.ts); absent until one of them ended. */
  figures: z.optional(serviceFiguresSchema),
  /** The admin's badges its facts do not contradict (the admin's answers: every badge written). */
  badges: z.optional(z.array(z.string())),
});
export type Service = z.infer<typeof serviceSchema>;

/** Each platform's categories in the admin's order (categories the admin has not placed come last). */
export const categoryOrderSchema = z.object({ tiktok: z.array(z.string()), instagram: z.array(z.string()), facebook: z.array(z.string()) });
export type CategoryOrder = z.infer<typeof categoryOrderSchema>;

/** The body of every error answer: the message shown, its stable code, and the field it is about. */
export const errorSchema = z.object({ message: z.string(), code: z.optional(z.string()), field: z.optional(z.string()) });
