// Providers (other panels we resell through API v2) as the admin runs them, and the price of a service
// imported from one: shared by the function (requests, answers, pricing) and the admin console (forms,
// the import preview), so both compute the same rate.
import { z } from 'zod/mini';
import { SERVICE_LIMITS } from './catalogue';
import { FULFILMENT_STATES, UPSTREAM_CANCEL_STATES } from './fulfilment';
import { decimalParts, divideRoundHalfUpBig, hasAtMostTwoDecimals, PAISA_PER_RUPEE, type Paisa } from './money';
import { hasControlOrFormat } from './names';
import { formatNumber } from './numbers';
import { PLATFORMS } from './platforms';
import { categorySchema, hasAtMostDecimals, PROVIDER_ID_PATTERN, providerServiceId } from './schemas/catalogue';
import { reasonSchema, rupees, text } from './schemas/fields';
import { orderSchema, updateStatusBody } from './schemas/orders';

export const PROVIDER_LIMITS = {
  name: 60,
  url: 500,
  key: 200,
  /** Shorter keys are no secret once their hint (the last 4 characters) is shown, and too short to cut out of texts. */
  minKey: 8,
  /** Rupees per unit of the provider's currency. */
  maxRateToPkr: 100_000,
  maxMarkupPercent: 1000,
  /** Services imported in one request (one transaction). */
  importItems: 100,
} as const;

/** The last four characters of a key, for showing which key is set: `…9f2c`. */
export function keyHint(key: string): string {
  return `…${key.slice(-4)}`;
}

/**
 * What the admin reads when a provider gave no usable answer: one text whatever the cause (refused
 * connection, timeout, a web page, a 404, a database's JSON, numbers out of bounds), so that a URL typed
 * into the console cannot be used to tell closed ports, web servers and internal services apart.
 */
const NO_ANSWER_WHY = 'it could not be reached, or did not answer as an API v2 panel';

export const PROVIDER_MESSAGES = {
  noUsableAnswer: `No usable answer from the provider: ${NO_ANSWER_WHY}`,
  syncNoList: `No usable list from the provider, nothing changed: ${NO_ANSWER_WHY}`,
  publicAddress: 'The provider’s URL must name a public server (not a private, loopback or link-local address)',
} as const;

/**
 * The most a provider may say it holds, or charge per 1000, in its own currency: a hostile or broken
 * provider's 1e30 is no balance (it would be stored, summed and shown). Counts (start_count, remains,
 * min, max) are bounded alike.
 */
export const PROVIDER_MAX_AMOUNT = 1e12;
export const PROVIDER_MAX_COUNT = 1e12;

/** Without a threshold set by the admin, a provider's balance is low under the worth of Rs 1,000. */
export const DEFAULT_LOW_BALANCE_PKR = 1000;

const line = (label: string, max: number) =>
  text({ error: `${label} is required` }).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} must be at most ${max} characters`),
    z.refine((value) => !hasControlOrFormat(value), `${label} cannot contain control or formatting characters`),
  );

const providerFields = {
  name: line('Name', PROVIDER_LIMITS.name),
  // http is accepted here for the emulators and tests; the function refuses it in production (config).
  url: z.pipe(line('URL', PROVIDER_LIMITS.url), z.url({ protocol: /^https?$/, error: 'Enter the provider’s API URL (https://...)' })),
  key: line('API key', PROVIDER_LIMITS.key).check(
    z.refine(
      (value) => value.length === 0 || value.length >= PROVIDER_LIMITS.minKey,
      `API key must be at least ${PROVIDER_LIMITS.minKey} characters`,
    ),
  ),
  currency: text({ error: 'Currency is required' }).check(
    z.trim(),
    z.toUpperCase(),
    z.regex(/^[A-Z]{3}$/, 'Currency is a 3-letter code (USD, PKR…)'),
  ),
  rateToPkr: z
    .number({ error: 'Rate to PKR must be a number' })
    .check(
      z.positive('Rate to PKR must be greater than 0'),
      z.lte(PROVIDER_LIMITS.maxRateToPkr, `Rate to PKR must be at most ${formatNumber(PROVIDER_LIMITS.maxRateToPkr)}`),
      z.refine(hasAtMostDecimals(6), 'Rate to PKR can have at most 6 decimals'),
    ),
};

export const createProviderBody = z.strictObject(providerFields);
export type CreateProviderBody = z.infer<typeof createProviderBody>;

export const updateProviderBody = z
  .partial(
    z.strictObject({
      ...providerFields,
      active: z.boolean(),
      /** Low balance under this amount in the provider's currency; null: the default (DEFAULT_LOW_BALANCE_PKR). */
      lowBalanceBelow: z.nullable(
        z.number({ error: 'Low balance threshold must be a number' }).check(z.gte(0, 'Low balance threshold cannot be negative')),
      ),
    }),
  )
  .check(z.refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change'));
export type UpdateProviderBody = z.infer<typeof updateProviderBody>;

export const markupPercentSchema = z
  .number({ error: 'Markup must be a number' })
  .check(
    z.gte(0, 'Markup cannot be negative'),
    z.lte(PROVIDER_LIMITS.maxMarkupPercent, `Markup must be at most ${PROVIDER_LIMITS.maxMarkupPercent}%`),
    z.refine(hasAtMostTwoDecimals, 'Markup can have at most 2 decimals'),
  );

export const importItemSchema = z
  .strictObject({
    providerServiceId,
    platform: z.enum(PLATFORMS, { error: 'Choose a platform' }),
    category: categorySchema,
    name: z.optional(line('Name', SERVICE_LIMITS.name)),
    ratePer1000: z.optional(rupees(SERVICE_LIMITS.maxRate, 'Rate')),
    markupPercent: z.optional(markupPercentSchema),
  })
  .check(
    z.refine((item) => (item.ratePer1000 === undefined) !== (item.markupPercent === undefined), {
      message: 'Give either a markup or a fixed rate',
      path: ['markupPercent'],
    }),
  );
export type ImportItem = z.infer<typeof importItemSchema>;

export const importServicesBody = z.strictObject({
  providerId: text({ error: 'Provider is required' }).check(z.regex(PROVIDER_ID_PATTERN, 'Provider not found')),
  items: z
    .array(importItemSchema)
    .check(
      z.minLength(1, 'Choose at least one service'),
      z.maxLength(PROVIDER_LIMITS.importItems, `At most ${PROVIDER_LIMITS.importItems} services at once`),
    ),
});
export type ImportServicesBody = z.infer<typeof importServicesBody>;

// ---- Answers ----

export const providerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  url: z.string(),
  /** The key's last characters (`…9f2c`): the key itself never leaves the server. */
  keyHint: z.string(),
  currency: z.string(),
  rateToPkr: z.number(),
  active: z.boolean(),
  /** In the provider's currency, as of balanceCheckedAt. */
  balance: z.nullable(z.number()),
  balanceCheckedAt: z.nullable(z.string()),
  lowBalance: z.boolean(),
  lowBalanceBelow: z.nullable(z.number()),
  /** How many services the provider listed at the last check. */
  serviceCount: z.nullable(z.number().check(z.int())),
  /** Why the last scheduled balance call got no balance (the one shown is older); null when it answered. */
  balanceError: z.nullable(z.string()),
  /** Its orders that need the admin's eye: waiting (queued with a reason: funds, disabled), failed, unknown. */
  orders: z.object({ waiting: z.number().check(z.int()), failed: z.number().check(z.int()), unknown: z.number().check(z.int()) }),
  /** The last service sync (workers/service-sync.ts): when, and why it changed no availability if it did not. */
  servicesSync: z.optional(z.nullable(z.object({ at: z.string(), problem: z.nullable(z.string()) }))),
  /** Its linked services whose margin is under the admin's threshold now. */
  marginAlerts: z.optional(z.number().check(z.int())),
});
export type Provider = z.infer<typeof providerSchema>;

/** A service as the provider lists it (its id, its rate per 1000 in its currency). */
export const providerServiceSchema = z.object({
  service: z.string(),
  name: z.string(),
  type: z.string(),
  category: z.string(),
  rate: z.number(),
  min: z.number().check(z.int()),
  max: z.number().check(z.int()),
  refill: z.boolean(),
  cancel: z.boolean(),
  dripfeed: z.boolean(),
});
export type ProviderServiceItem = z.infer<typeof providerServiceSchema>;

// ---- Pricing ----

const TEN = 10n;

/**
 * Our rate for a provider's cost: cost (per 1000, provider's currency) × rateToPkr × (1 + markup/100),
 * in paisa, rounded half up (the one rounding rule), computed exactly on the decimals.
 */
export function importedRatePaisa(cost: number, rateToPkr: number, markupPercent: number): Paisa {
  const c = decimalParts(cost);
  const r = decimalParts(rateToPkr);
  const basisPoints = Math.round(markupPercent * 100);
  if (!c || !r || basisPoints < 0) throw new RangeError('importedRatePaisa needs non-negative decimals');
  const numerator = c.units * r.units * BigInt(10_000 + basisPoints) * BigInt(PAISA_PER_RUPEE);
  const denominator = TEN ** BigInt(c.scale + r.scale) * 10_000n;
  return Number(divideRoundHalfUpBig(numerator, denominator));
}

/** Whether `ratePaisa` is below the cost in rupees (exactly: a fraction of a paisa below is below). */
export function isBelowCost(ratePaisa: Paisa, cost: number, rateToPkr: number): boolean {
  const c = decimalParts(cost);
  const r = decimalParts(rateToPkr);
  if (!c || !r) throw new RangeError('isBelowCost needs non-negative decimals');
  return BigInt(ratePaisa) * TEN ** BigInt(c.scale + r.scale) < c.units * r.units * BigInt(PAISA_PER_RUPEE);
}

/** The cost in paisa per 1000, rounded up (what the admin must charge at least). */
export function costPaisaCeil(cost: number, rateToPkr: number): Paisa {
  const c = decimalParts(cost);
  const r = decimalParts(rateToPkr);
  if (!c || !r) throw new RangeError('costPaisaCeil needs non-negative decimals');
  const denominator = TEN ** BigInt(c.scale + r.scale);
  const numerator = c.units * r.units * BigInt(PAISA_PER_RUPEE);
  return Number((numerator + denominator - 1n) / denominator);
}

/** A provider's orders the console counts (see providerSchema.orders). */
export type ProviderOrderCounts = Provider['orders'];

/**
 * Our margin over a provider's cost in percent, (rate − cost in PKR) / cost in PKR × 100, to 2 decimals
 * (what the console shows); null when the cost is 0 (nothing to lose, no margin to speak of).
 */
export function marginPercent(ratePaisa: Paisa, cost: number, rateToPkr: number): number | null {
  const c = decimalParts(cost);
  const r = decimalParts(rateToPkr);
  if (!c || !r) throw new RangeError('marginPercent needs non-negative decimals');
  const costScaled = c.units * r.units * BigInt(PAISA_PER_RUPEE);
  if (costScaled === 0n) return null;
  const rateScaled = BigInt(ratePaisa) * TEN ** BigInt(c.scale + r.scale);
  // In hundredths of a percent, half away from zero.
  const diff = (rateScaled - costScaled) * 10_000n;
  const magnitude = divideRoundHalfUpBig(diff < 0n ? -diff : diff, costScaled);
  return Number(diff < 0n ? -magnitude : magnitude) / 100;
}

/**
 * Whether `ratePaisa` leaves less than `thresholdPercent` over the cost, exactly (no rounding decides
 * it). Below cost is under any threshold, 0 included: a loss is never silent. A cost of 0 never is.
 */
export function isUnderMargin(ratePaisa: Paisa, cost: number, rateToPkr: number, thresholdPercent: number): boolean {
  const c = decimalParts(cost);
  const r = decimalParts(rateToPkr);
  if (!c || !r) throw new RangeError('isUnderMargin needs non-negative decimals');
  const costScaled = c.units * r.units * BigInt(PAISA_PER_RUPEE);
  if (costScaled === 0n) return false;
  const rateScaled = BigInt(ratePaisa) * TEN ** BigInt(c.scale + r.scale);
  const basisPoints = BigInt(Math.round(thresholdPercent * 100));
  return rateScaled * 10_000n < costScaled * (10_000n + basisPoints) || rateScaled < costScaled;
}

/** Whether a provider's balance is low: under the admin's threshold, or under the worth of Rs 1,000. */
export function isLowBalance(balance: number | null, rateToPkr: number, lowBalanceBelow: number | null): boolean {
  if (balance === null) return false;
  return lowBalanceBelow !== null ? balance < lowBalanceBelow : balance * rateToPkr < DEFAULT_LOW_BALANCE_PKR;
}

/**
 * What an order of `quantity` costs us at a provider, in paisa: cost (per 1000, provider's currency) ×
 * rateToPkr × quantity / 1000, rounded half up (the one rounding rule), exactly on the decimals. Frozen
 * on the order at placement, for its profit.
 */
export function providerCostPaisa(cost: number, rateToPkr: number, quantity: number): Paisa {
  const c = decimalParts(cost);
  const r = decimalParts(rateToPkr);
  if (!c || !r || !Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError('providerCostPaisa needs non-negative decimals');
  const numerator = c.units * r.units * BigInt(quantity) * BigInt(PAISA_PER_RUPEE);
  const denominator = TEN ** BigInt(c.scale + r.scale) * 1000n;
  return Number(divideRoundHalfUpBig(numerator, denominator));
}

// ---- Forwarding (decision record 0008) ----

/** The fulfilment of an order as the admin sees it (never in a customer's answers). */
export const fulfilmentSchema = z.object({
  state: z.enum(FULFILMENT_STATES),
  providerId: z.optional(z.string()),
  providerServiceId: z.optional(z.string()),
  providerOrderId: z.optional(z.string()),
  /** The provider's refusal (`failed`), or why it is unknown, or why a queued order waits. */
  error: z.optional(z.string()),
  reason: z.optional(z.string()),
  /** Our cost of the order in rupees, frozen at placement, and the rate to PKR it was computed with. */
  cost: z.optional(z.number()),
  rateToPkr: z.optional(z.number()),
  attempt: z.optional(z.number().check(z.int())),
  startCount: z.optional(z.number().check(z.int())),
  remains: z.optional(z.number().check(z.int())),
  /** Something the admin must look at (a late answer of an earlier attempt: two provider orders). */
  flag: z.optional(z.string()),
  /** A cancellation asked of the provider (a sent order): the refund follows its confirmation. */
  cancel: z.optional(z.object({ state: z.enum(UPSTREAM_CANCEL_STATES), at: z.string(), error: z.optional(z.string()) })),
  /** Since when the status sync has had no usable answer about it (an unreachable provider); absent once it answers. */
  unansweredSince: z.optional(z.string()),
  /** The admin closed it without the provider's confirmation (refund-without-provider): nothing the provider says moves it now. */
  closedWithoutProvider: z.optional(z.object({ at: z.string(), by: z.string(), reason: z.string() })),
});
export type Fulfilment = z.infer<typeof fulfilmentSchema>;

export const adminOrderSchema = z.extend(orderSchema, { fulfilment: fulfilmentSchema });
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/**
 * A Resend: to the order's own provider (empty), to the provider its service is linked to now
 * (`providerId`), or to any provider's service (`providerId` and that provider's `providerServiceId`).
 */
export const resendOrderBody = z
  .strictObject({
    providerId: z.optional(text({ error: 'Provider not found' }).check(z.regex(PROVIDER_ID_PATTERN, 'Provider not found'))),
    providerServiceId: z.optional(providerServiceId),
  })
  .check(
    z.refine((body) => body.providerServiceId === undefined || body.providerId !== undefined, {
      message: 'Choose the provider of that service',
      path: ['providerId'],
    }),
  );
export type ResendOrderBody = z.infer<typeof resendOrderBody>;

/** Resend's answer: `warning` when the order now costs us more at the provider than the customer paid. */
export const resendOrderAnswer = z.object({ order: adminOrderSchema, warning: z.optional(z.string()) });
export type ResendOrderAnswer = z.infer<typeof resendOrderAnswer>;

export const markSentBody = z.strictObject({
  providerOrderId: text({ error: 'The provider’s order id is required' }).check(
    z.trim(),
    z.minLength(1, 'The provider’s order id is required'),
    z.maxLength(64, 'The provider’s order id is too long'),
    z.regex(/^[\w.:-]+$/, 'That is not an order id the provider can have'),
  ),
});
export type MarkSentBody = z.infer<typeof markSentBody>;

/**
 * The admin closes a sent (or unknown) order without its provider: cancelled with a full refund, or
 * partial with the remains' share when `remains` is given (below the order's quantity, checked with it).
 */
export const refundWithoutProviderBody = z.strictObject({ reason: reasonSchema, remains: updateStatusBody.shape.remains });
export type RefundWithoutProviderBody = z.infer<typeof refundWithoutProviderBody>;

// ---- Forwarding settings (the admin's, in settings/forwarding; never public) ----

export const FORWARDING_LIMITS = {
  maxMarginThresholdPercent: 1000,
  /** Automatic refund of a failed order: between an hour and 30 days. */
  minFailedRefundHours: 1,
  maxFailedRefundHours: 720,
} as const;

export const forwardingSettingsSchema = z.strictObject({
  /** A linked service whose margin over its provider's cost falls under this raises an alert. */
  marginThresholdPercent: z
    .number({ error: 'Margin threshold must be a number' })
    .check(
      z.gte(0, 'Margin threshold cannot be negative'),
      z.lte(
        FORWARDING_LIMITS.maxMarginThresholdPercent,
        `Margin threshold must be at most ${FORWARDING_LIMITS.maxMarginThresholdPercent}%`,
      ),
      z.refine(hasAtMostTwoDecimals, 'Margin threshold can have at most 2 decimals'),
    ),
  /** Whether the service sync also takes such a service out of sale (it is offered again once the margin is back). */
  disableBelowMargin: z.boolean({ error: 'Choose whether to disable services under the margin' }),
  /** A failed order left this many hours is cancelled with a full refund; null: never automatically. */
  failedRefundHours: z.nullable(
    z
      .number({ error: 'Hours must be a number' })
      .check(
        z.int('Hours must be a whole number'),
        z.gte(FORWARDING_LIMITS.minFailedRefundHours, `Hours must be at least ${FORWARDING_LIMITS.minFailedRefundHours}`),
        z.lte(FORWARDING_LIMITS.maxFailedRefundHours, `Hours must be at most ${FORWARDING_LIMITS.maxFailedRefundHours}`),
      ),
  ),
});
export type ForwardingSettings = z.infer<typeof forwardingSettingsSchema>;

/** In force until the admin saves others: alert under 10 %, disable nothing, refund nothing by itself. */
export const DEFAULT_FORWARDING_SETTINGS: ForwardingSettings = {
  marginThresholdPercent: 10,
  disableBelowMargin: false,
  failedRefundHours: null,
};
