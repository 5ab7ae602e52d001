// The catalogue the admin runs: services, categories, bulk prices, provider links; a service as the admin sees it.
// Shared by the function (which parses every request with them) and the web app (forms and answers); zod/mini, so
// a page builds only the schemas it imports (docs/decisions/0014-web-bundle-budget.md).

import { z } from 'zod/mini';
import { serviceSchema } from '../answers';
import { SERVICE_ID_MAX_LENGTH, SERVICE_LIMITS } from '../catalogue';
import { SERVICE_TYPES } from '../comments';
import { MESSAGES } from '../messages';
import { decimalParts, hasAtMostTwoDecimals, MAX_PAISA, orderPrice, PAISA_PER_RUPEE } from '../money';
import { hasControlOrFormat } from '../names';
import { formatNumber } from '../numbers';
import { PLATFORMS } from '../platforms';
import { BADGE_LIMITS } from '../service-figures';
import { LIMITS, rupees, text, trimmed } from './fields';

/** A line of text the admin types for customers to read: trimmed, bounded, no control or format characters. */
const adminLine = (label: string, max: number) =>
  trimmed(label, max).check(z.refine((value) => !hasControlOrFormat(value), `${label} cannot contain control or formatting characters`));

export const categorySchema = adminLine('Category', SERVICE_LIMITS.category);

const serviceCount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .check(
      z.int(`${label} must be a whole number`),
      z.gte(1, `${label} must be at least 1`),
      z.lte(LIMITS.maxQuantity, `${label} must be at most ${formatNumber(LIMITS.maxQuantity)}`),
    );

/** The quantity rule 1 ≤ min ≤ defaultQuantity ≤ max, broken: the field at fault and why; null when kept. */
export function quantityRuleIssue(q: { min: number; max: number; defaultQuantity: number }): { field: string; message: string } | null {
  if (q.min > q.max) return { field: 'max', message: 'Max must be at least min' };
  if (q.defaultQuantity < q.min || q.defaultQuantity > q.max)
    return { field: 'defaultQuantity', message: 'Default quantity must be between min and max' };
  return null;
}

/**
 * An order of `min` at the rate must cost at least one paisa: a price that rounds to 0 has no debit to
 * record, so the order could not be placed at all. The field at fault and why; null when kept.
 */
export function smallestOrderIssue(ratePer1000Paisa: number, min: number): { field: string; message: string } | null {
  // Only on values that passed their own checks: an object's refinement runs even when a field failed.
  if (![ratePer1000Paisa, min].every((n) => Number.isSafeInteger(n) && n >= 1 && n <= MAX_PAISA)) return null;
  return orderPrice(ratePer1000Paisa, min) < 1 ? { field: 'min', message: MESSAGES.smallestOrderFree } : null;
}

const serviceFields = {
  platform: z.enum(PLATFORMS, { error: 'Choose a platform' }),
  category: categorySchema,
  name: adminLine('Name', SERVICE_LIMITS.name),
  ratePer1000: rupees(SERVICE_LIMITS.maxRate, 'Rate'),
  min: serviceCount('Min'),
  max: serviceCount('Max'),
  defaultQuantity: serviceCount('Default quantity'),
  description: z.optional(
    text().check(
      z.trim(),
      z.maxLength(SERVICE_LIMITS.description, `Description must be at most ${SERVICE_LIMITS.description} characters`),
      z.refine((value) => !hasControlOrFormat(value.replace(/\r?\n/g, '')), 'Description cannot contain control or formatting characters'),
    ),
  ),
  /** Days after completion a refill may be asked for; 0 (or absent) means no refill. */
  refillDays: z.optional(
    z
      .number({ error: 'Refill days must be a number' })
      .check(
        z.int('Refill days must be a whole number'),
        z.gte(0, 'Refill days cannot be negative'),
        z.lte(SERVICE_LIMITS.maxRefillDays, `Refill days must be at most ${SERVICE_LIMITS.maxRefillDays}`),
      ),
  ),
  cancelAllowed: z.optional(z.boolean()),
  active: z.optional(z.boolean()),
  type: z.optional(z.enum(SERVICE_TYPES, { error: 'Unknown service type' })),
  /** Orders may be drip-fed (runs and interval). */
  dripfeed: z.optional(z.boolean({ error: 'Drip-feed must be true or false' })),
  /** Free-text badges customers see beside the measured figures, checked against the service's facts when saved. */
  badges: z.optional(
    z
      .array(adminLine('Badge', BADGE_LIMITS.length).check(z.minLength(1, 'A badge cannot be empty')), { error: 'Badges must be a list' })
      .check(
        z.maxLength(BADGE_LIMITS.count, `At most ${BADGE_LIMITS.count} badges`),
        z.refine((list) => new Set(list.map((b) => b.toLowerCase())).size === list.length, 'Each badge only once'),
      ),
  ),
};

/** What a provider id looks like (Firestore auto ids); anything else names no provider. */
export const PROVIDER_ID_PATTERN = /^[A-Za-z0-9]{1,40}$/;

/** At most `places` decimals (a provider's rate may have more than a rupee amount's 2). */
export const hasAtMostDecimals = (places: number) => (value: number) => {
  const parts = decimalParts(value);
  return parts !== null && parts.scale <= places;
};

export const providerServiceId = text({ error: 'Provider service id is required' }).check(
  z.trim(),
  z.minLength(1, 'Provider service id is required'),
  z.maxLength(64, 'Provider service id is too long'),
  z.regex(/^[\w.:-]+$/, 'Provider service id is not one the provider can have'),
);

const costSchema = z
  .number({ error: 'Cost must be a number' })
  .check(
    z.gte(0, 'Cost cannot be negative'),
    z.lte(1_000_000, 'Cost is too large'),
    z.refine(hasAtMostDecimals(8), 'Cost can have at most 8 decimals'),
  );

/** A service's link to a provider: its id there and its cost per 1000 in the provider's currency. */
export const providerLinkSchema = z.object({ id: z.string(), serviceId: z.string(), cost: z.number() });

export type ProviderLink = z.infer<typeof providerLinkSchema>;

export const providerLinkBody = z.strictObject({
  id: text().check(z.regex(PROVIDER_ID_PATTERN, 'Provider not found')),
  serviceId: providerServiceId,
  cost: costSchema,
});

export const createServiceBody = z.strictObject(serviceFields).check(
  z.superRefine((body, ctx) => {
    const issue = quantityRuleIssue(body) ?? smallestOrderIssue(Math.round(body.ratePer1000 * PAISA_PER_RUPEE), body.min);
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  }),
);

export type CreateServiceBody = z.infer<typeof createServiceBody>;

/** Any of the fields; the quantity rule is checked against the stored service with the change applied. */
export const updateServiceBody = z
  .partial(
    z
      // `provider`: link the service to a provider's service, or unlink it (null); admin-only data.
      .strictObject({ ...serviceFields, provider: z.nullable(providerLinkBody) }),
  )
  .check(z.refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change'));

export type UpdateServiceBody = z.infer<typeof updateServiceBody>;

export const adminServicesQuery = z.object({
  platform: z.union([
    z.optional(z.enum(PLATFORMS)),
    z.pipe(
      z.literal(''),
      z.transform(() => undefined),
    ),
  ]),
  category: z.optional(text().check(z.trim(), z.maxLength(SERVICE_LIMITS.category))),
  active: z.pipe(
    z.optional(z.enum(['true', 'false', ''])),
    z.transform((value) => (value === 'true' ? true : value === 'false' ? false : undefined)),
  ),
});

export const platformParam = z.enum(PLATFORMS, { error: 'Unknown platform' });

export const categoryOrderBody = z.strictObject({
  order: z.array(categorySchema).check(
    z.maxLength(SERVICE_LIMITS.categories, `At most ${SERVICE_LIMITS.categories} categories`),
    z.refine((order) => new Set(order).size === order.length, 'Each category can be listed once'),
  ),
});

export const renameCategoryBody = z.strictObject({ from: categorySchema, to: categorySchema });

/** A raise (positive) or cut (negative) in percent, at most 2 decimals; a cut of 100% or more would zero every price. */
export const bulkPriceBody = z.strictObject({
  platform: z.enum(PLATFORMS, { error: 'Choose a platform' }),
  category: z.optional(categorySchema),
  percent: z.number({ error: 'Percent must be a number' }).check(
    z.gte(-99, 'Percent must be at least -99'),
    z.lte(1000, 'Percent must be at most 1000'),
    z.refine((value) => value !== 0, 'Percent cannot be 0'),
    z.refine(hasAtMostTwoDecimals, 'Percent can have at most 2 decimals'),
  ),
  /** Only answer what would change: the preview. */
  dryRun: z.optional(z.boolean()),
  /**
   * The preview's rates by service id (`from` → `to`): the change is applied only if it is exactly
   * what was previewed, else 409 `preview_outdated` (another admin or change moved a rate meanwhile).
   */
  expected: z.optional(
    z
      .record(z.string().check(z.maxLength(SERVICE_ID_MAX_LENGTH)), z.strictObject({ from: z.number(), to: z.number() }))
      .check(z.refine((value) => Object.keys(value).length <= 1000, 'Too many services')),
  ),
});

export type BulkPriceBody = z.infer<typeof bulkPriceBody>;

/** A linked service whose margin over its provider's cost is under the admin's threshold (rupees per 1000). */
export const marginAlertSchema = z.object({ cost: z.number(), ourRate: z.number(), marginPercent: z.nullable(z.number()), at: z.string() });

export type MarginAlert = z.infer<typeof marginAlertSchema>;

/** Why the service sync took a service out of sale (it alone puts it back; an admin's own disable has none). */
export const SYNC_OFF_REASONS = {
  withdrawn: 'withdrawn by provider',
  margin: 'margin under the threshold',
  /** The provider's max is under the smallest order that costs Rs 0.01 at our rate (see syncedRange). */
  free: 'its smallest order at the provider’s limits would cost nothing',
} as const;

export type SyncOffReason = keyof typeof SYNC_OFF_REASONS;

/** A service as the admin sees it: with its provider link (never in what customers get). */
export const adminServiceSchema = z.extend(serviceSchema, {
  provider: z.optional(z.nullable(providerLinkSchema)),
  marginAlert: z.optional(z.nullable(marginAlertSchema)),
  /** Set while the service sync keeps it out of sale, with why. */
  offBySync: z.optional(z.nullable(z.object({ reason: z.enum(['withdrawn', 'margin', 'free']), at: z.string() }))),
});

export type AdminService = z.infer<typeof adminServiceSchema>;

/** One service's rate in a bulk price change: as it is and as it becomes. */
export const priceChangeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string(),
  from: z.number(),
  to: z.number(),
  /** A linked service: its margin over the provider's cost at the new rate, and whether that is under the threshold. */
  marginPercent: z.optional(z.nullable(z.number())),
  underMargin: z.optional(z.boolean()),
});

export type PriceChange = z.infer<typeof priceChangeSchema>;
