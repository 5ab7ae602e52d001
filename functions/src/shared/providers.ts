// Providers (other panels we resell through API v2) as the admin runs them, and the price of a service
// imported from one: shared by the function (requests, answers, pricing) and the admin console (forms,
// the import preview), so both compute the same rate.
import { z } from 'zod';
import { SERVICE_LIMITS } from './catalogue';
import { FULFILMENT_STATES, UPSTREAM_CANCEL_STATES } from './fulfilment';
import { decimalParts, divideRoundHalfUpBig, hasAtMostTwoDecimals, PAISA_PER_RUPEE, type Paisa } from './money';
import { hasControlOrFormat } from './names';
import { PLATFORMS } from './platforms';
import { categorySchema, hasAtMostDecimals, orderSchema, PROVIDER_ID_PATTERN, providerServiceId, rupees, text } from './schemas';

export const PROVIDER_LIMITS = {
  name: 60,
  url: 500,
  key: 200,
  /** Rupees per unit of the provider's currency. */
  maxRateToPkr: 100_000,
  maxMarkupPercent: 1000,
  /** Services imported in one request (one transaction). */
  importItems: 100,
} as const;

/** Without a threshold set by the admin, a provider's balance is low under the worth of Rs 1,000. */
export const DEFAULT_LOW_BALANCE_PKR = 1000;

const line = (label: string, max: number) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !hasControlOrFormat(value), `${label} cannot contain control or formatting characters`);

const providerFields = {
  name: line('Name', PROVIDER_LIMITS.name),
  // http is accepted here for the emulators and tests; the function refuses it in production (config).
  url: line('URL', PROVIDER_LIMITS.url).pipe(z.url({ protocol: /^https?$/, error: 'Enter the provider’s API URL (https://...)' })),
  key: line('API key', PROVIDER_LIMITS.key),
  currency: text({ error: 'Currency is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Currency is a 3-letter code (USD, PKR…)'),
  rateToPkr: z
    .number({ error: 'Rate to PKR must be a number' })
    .positive('Rate to PKR must be greater than 0')
    .max(PROVIDER_LIMITS.maxRateToPkr, `Rate to PKR must be at most ${PROVIDER_LIMITS.maxRateToPkr.toLocaleString('en-US')}`)
    .refine(hasAtMostDecimals(6), 'Rate to PKR can have at most 6 decimals'),
};

export const createProviderBody = z.strictObject(providerFields);
export type CreateProviderBody = z.infer<typeof createProviderBody>;

export const updateProviderBody = z
  .strictObject({
    ...providerFields,
    active: z.boolean(),
    /** Low balance under this amount in the provider's currency; null: the default (DEFAULT_LOW_BALANCE_PKR). */
    lowBalanceBelow: z
      .number({ error: 'Low balance threshold must be a number' })
      .min(0, 'Low balance threshold cannot be negative')
      .nullable(),
  })
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change');
export type UpdateProviderBody = z.infer<typeof updateProviderBody>;

export const markupPercentSchema = z
  .number({ error: 'Markup must be a number' })
  .min(0, 'Markup cannot be negative')
  .max(PROVIDER_LIMITS.maxMarkupPercent, `Markup must be at most ${PROVIDER_LIMITS.maxMarkupPercent}%`)
  .refine(hasAtMostTwoDecimals, 'Markup can have at most 2 decimals');

export const importItemSchema = z
  .strictObject({
    providerServiceId,
    platform: z.enum(PLATFORMS, { error: 'Choose a platform' }),
    category: categorySchema,
    name: line('Name', SERVICE_LIMITS.name).optional(),
    ratePer1000: rupees(SERVICE_LIMITS.maxRate, 'Rate').optional(),
    markupPercent: markupPercentSchema.optional(),
  })
  // Our price is one or the other; neither would sell at cost, or at a price nobody chose.
  .refine((item) => (item.ratePer1000 === undefined) !== (item.markupPercent === undefined), {
    message: 'Give either a markup or a fixed rate',
    path: ['markupPercent'],
  });
export type ImportItem = z.infer<typeof importItemSchema>;

export const importServicesBody = z.strictObject({
  providerId: text({ error: 'Provider is required' }).regex(PROVIDER_ID_PATTERN, 'Provider not found'),
  items: z
    .array(importItemSchema)
    .min(1, 'Choose at least one service')
    .max(PROVIDER_LIMITS.importItems, `At most ${PROVIDER_LIMITS.importItems} services at once`),
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
  balance: z.number().nullable(),
  balanceCheckedAt: z.string().nullable(),
  lowBalance: z.boolean(),
  lowBalanceBelow: z.number().nullable(),
  /** How many services the provider listed at the last check. */
  serviceCount: z.number().int().nullable(),
  /** Why the last scheduled balance call got no balance (the one shown is older); null when it answered. */
  balanceError: z.string().nullable(),
  /** Its orders that need the admin's eye: waiting (queued with a reason: funds, disabled), failed, unknown. */
  orders: z.object({ waiting: z.number().int(), failed: z.number().int(), unknown: z.number().int() }),
  /** The last service sync (workers/service-sync.ts): when, and why it changed no availability if it did not. */
  servicesSync: z.object({ at: z.string(), problem: z.string().nullable() }).nullable().optional(),
  /** Its linked services whose margin is under the admin's threshold now. */
  marginAlerts: z.number().int().optional(),
});
export type Provider = z.infer<typeof providerSchema>;

/** A service as the provider lists it (its id, its rate per 1000 in its currency). */
export const providerServiceSchema = z.object({
  service: z.string(),
  name: z.string(),
  type: z.string(),
  category: z.string(),
  rate: z.number(),
  min: z.number().int(),
  max: z.number().int(),
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
  providerId: z.string().optional(),
  providerServiceId: z.string().optional(),
  providerOrderId: z.string().optional(),
  /** The provider's refusal (`failed`), or why it is unknown, or why a queued order waits. */
  error: z.string().optional(),
  reason: z.string().optional(),
  /** Our cost of the order in rupees, frozen at placement, and the rate to PKR it was computed with. */
  cost: z.number().optional(),
  rateToPkr: z.number().optional(),
  attempt: z.number().int().optional(),
  startCount: z.number().int().optional(),
  remains: z.number().int().optional(),
  /** Something the admin must look at (a late answer of an earlier attempt: two provider orders). */
  flag: z.string().optional(),
  /** A cancellation asked of the provider (a sent order): the refund follows its confirmation. */
  cancel: z.object({ state: z.enum(UPSTREAM_CANCEL_STATES), at: z.string(), error: z.string().optional() }).optional(),
});
export type Fulfilment = z.infer<typeof fulfilmentSchema>;

export const adminOrderSchema = orderSchema.extend({ fulfilment: fulfilmentSchema });
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/**
 * A Resend: to the order's own provider (empty), to the provider its service is linked to now
 * (`providerId`), or to any provider's service (`providerId` and that provider's `providerServiceId`).
 */
export const resendOrderBody = z
  .strictObject({
    providerId: text({ error: 'Provider not found' }).regex(PROVIDER_ID_PATTERN, 'Provider not found').optional(),
    providerServiceId: providerServiceId.optional(),
  })
  .refine((body) => body.providerServiceId === undefined || body.providerId !== undefined, {
    message: 'Choose the provider of that service',
    path: ['providerId'],
  });
export type ResendOrderBody = z.infer<typeof resendOrderBody>;

/** Resend's answer: `warning` when the order now costs us more at the provider than the customer paid. */
export const resendOrderAnswer = z.object({ order: adminOrderSchema, warning: z.string().optional() });
export type ResendOrderAnswer = z.infer<typeof resendOrderAnswer>;

export const markSentBody = z.strictObject({
  providerOrderId: text({ error: 'The provider’s order id is required' })
    .trim()
    .min(1, 'The provider’s order id is required')
    .max(64, 'The provider’s order id is too long')
    .regex(/^[\w.:-]+$/, 'That is not an order id the provider can have'),
});
export type MarkSentBody = z.infer<typeof markSentBody>;

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
    .min(0, 'Margin threshold cannot be negative')
    .max(FORWARDING_LIMITS.maxMarginThresholdPercent, `Margin threshold must be at most ${FORWARDING_LIMITS.maxMarginThresholdPercent}%`)
    .refine(hasAtMostTwoDecimals, 'Margin threshold can have at most 2 decimals'),
  /** Whether the service sync also takes such a service out of sale (it is offered again once the margin is back). */
  disableBelowMargin: z.boolean({ error: 'Choose whether to disable services under the margin' }),
  /** A failed order left this many hours is cancelled with a full refund; null: never automatically. */
  failedRefundHours: z
    .number({ error: 'Hours must be a number' })
    .int('Hours must be a whole number')
    .min(FORWARDING_LIMITS.minFailedRefundHours, `Hours must be at least ${FORWARDING_LIMITS.minFailedRefundHours}`)
    .max(FORWARDING_LIMITS.maxFailedRefundHours, `Hours must be at most ${FORWARDING_LIMITS.maxFailedRefundHours}`)
    .nullable(),
});
export type ForwardingSettings = z.infer<typeof forwardingSettingsSchema>;

/** In force until the admin saves others: alert under 10 %, disable nothing, refund nothing by itself. */
export const DEFAULT_FORWARDING_SETTINGS: ForwardingSettings = {
  marginThresholdPercent: 10,
  disableBelowMargin: false,
  failedRefundHours: null,
};
