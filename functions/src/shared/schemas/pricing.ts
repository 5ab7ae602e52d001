// Price tiers and per-customer rates (issue 34): the admin's tier table, a customer's pricing as the admin sets and
// sees it, and what the customer sees of their own. Rupees on the wire, paisa inside (shared/pricing.ts).
// Shared by the function (which parses every request with them) and the web app (forms and answers); zod/mini.

import { z } from 'zod/mini';
import { SERVICE_LIMITS } from '../catalogue';
import { hasAtMostTwoDecimals, MAX_PAISA, PAISA_PER_RUPEE } from '../money';
import { hasControlOrFormat, hasVisibleText } from '../names';
import { formatNumber } from '../numbers';
import { PRICING_LIMITS } from '../pricing';
import { rupees, serviceIdSchema, text, trimmed } from './fields';

export { PRICING_LIMITS } from '../pricing';

const MAX_RUPEES = MAX_PAISA / PAISA_PER_RUPEE;

export const percentSchema = z
  .number({ error: 'Percent must be a number' })
  .check(
    z.gte(0, 'Percent must be at least 0'),
    z.lte(PRICING_LIMITS.maxPercent, `Percent must be at most ${PRICING_LIMITS.maxPercent}`),
    z.refine(hasAtMostTwoDecimals, 'Percent can have at most 2 decimals'),
  );

export const tierNameSchema = trimmed('Tier name', PRICING_LIMITS.tierName).check(
  z.refine((name) => !hasControlOrFormat(name), 'Tier name cannot contain control or formatting characters'),
  z.refine(hasVisibleText, 'Tier name is required'),
);

/** Lifetime credited top-ups, in rupees: 0 (everyone) or more. */
const thresholdSchema = z
  .number({ error: 'Threshold must be a number' })
  .check(
    z.gte(0, 'Threshold must be at least 0'),
    z.lte(MAX_RUPEES, `Threshold must be at most ${formatNumber(MAX_RUPEES)}`),
    z.refine(hasAtMostTwoDecimals, 'Threshold can have at most 2 decimals'),
  );

/** A tier as answered: its `id` stays when it is renamed (customers hold it by id). */
export const tierSchema = z.object({ id: z.string(), name: z.string(), threshold: z.number(), percent: z.number() });
export type TierWire = z.infer<typeof tierSchema>;

const lower = (name: string) => name.toLocaleLowerCase('en');

/** PUT /api/admin/tiers: the whole table (an empty one: no tiers). Names and thresholds are each used once. */
export const tiersBody = z.strictObject({
  tiers: z
    .array(
      z.strictObject({
        /** An existing tier's id (from GET): that tier, renamed or changed. Without one: a new tier. */
        id: z.optional(text().check(z.minLength(1, 'No such tier'), z.maxLength(64, 'No such tier'))),
        name: tierNameSchema,
        threshold: thresholdSchema,
        percent: percentSchema,
      }),
    )
    .check(
      z.maxLength(PRICING_LIMITS.tiers, `At most ${PRICING_LIMITS.tiers} tiers`),
      z.refine((tiers) => new Set(tiers.map((t) => lower(t.name))).size === tiers.length, 'Each tier needs its own name'),
      z.refine((tiers) => new Set(tiers.map((t) => t.threshold)).size === tiers.length, 'Each tier needs its own threshold'),
      z.refine((tiers) => {
        const ids = tiers.flatMap((t) => (t.id === undefined ? [] : [t.id]));
        return new Set(ids).size === ids.length;
      }, 'Each tier is in the table once'),
    ),
});
export type TiersBody = z.infer<typeof tiersBody>;

/** The tier table as answered: from the lowest threshold up. */
export const tiersAnswerSchema = z.object({ tiers: z.array(tierSchema) });

/**
 * PUT /api/admin/users/{uid}/pricing: what is sent changes, what is left out stays; `null` clears (a tier set by hand,
 * the customer's percent, all fixed rates, or one rate in `rates`).
 */
export const userPricingBody = z.strictObject({
  tier: z.optional(z.nullable(text({ error: 'Tier must be a name' }).check(z.trim(), z.minLength(1, 'Tier is required')))),
  percent: z.optional(z.nullable(percentSchema)),
  rates: z.optional(
    z.nullable(
      z
        .record(serviceIdSchema, z.nullable(rupees(SERVICE_LIMITS.maxRate, 'Rate')))
        .check(
          z.refine((rates) => Object.keys(rates).length <= PRICING_LIMITS.rates, `At most ${PRICING_LIMITS.rates} rates in one change`),
        ),
    ),
  ),
});
export type UserPricingBody = z.infer<typeof userPricingBody>;

const namedTier = z.object({ name: z.string(), percent: z.number() });

/** A service's price for one customer, as the admin sees it. */
export const pricedServiceSchema = z.object({
  serviceId: z.string(),
  /** "TikTok Followers — Fast" (empty when the service no longer exists). */
  service: z.string(),
  listRatePer1000: z.number(),
  /** What the plan asks (the fixed rate set, or the percent off). */
  plannedRatePer1000: z.number(),
  /** What the customer is charged: the planned rate, or the floor where it clamped it. */
  ratePer1000: z.number(),
  clamped: z.boolean(),
});
export type PricedService = z.infer<typeof pricedServiceSchema>;

/** GET and PUT /api/admin/users/{uid}/pricing. */
export const adminPricingSchema = z.object({
  /** Lifetime credited top-ups, rupees. */
  credited: z.number(),
  /** The tier in force (set by hand, or earned), and the one earned by credits. */
  tier: z.nullable(namedTier),
  earnedTier: z.nullable(z.string()),
  /** The tier the admin set by hand (null: the earned one applies). */
  setTier: z.nullable(z.string()),
  /** The customer's own percent off everything (null: the tier's). */
  percent: z.nullable(z.number()),
  /** The fixed rates, by service number. */
  rates: z.array(pricedServiceSchema),
  /** Every service whose price the margin floor holds up for this customer. */
  clamped: z.array(pricedServiceSchema),
});
export type AdminPricing = z.infer<typeof adminPricingSchema>;

export const adminPricingAnswer = z.object({ pricing: adminPricingSchema });

/** GET /api/pricing: the customer's own tier, the next one and the ladder. */
export const myPricingSchema = z.object({
  credited: z.number(),
  tier: z.nullable(namedTier),
  /** The tier above, and the top-ups still needed to reach it (null at the top, or with a tier set by hand). */
  next: z.nullable(z.object({ name: z.string(), percent: z.number(), threshold: z.number(), remaining: z.number() })),
  /** The customer's own percent off everything, when the admin set one (it wins over the tier). */
  percent: z.nullable(z.number()),
  /** How many services have a fixed rate for this customer. */
  rates: z.number().check(z.int()),
  tiers: z.array(tierSchema),
});
export type MyPricing = z.infer<typeof myPricingSchema>;
