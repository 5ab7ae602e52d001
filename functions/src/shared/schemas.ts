// Request and answer schemas of the HTTP API (../../../../shared/spec/api.md), shared by the function
// (which parses every request with them) and the web app (which validates forms and answers with them).
// Shared code uses `zod/mini` (same core, checks as functions: `.check(z.minLength(…))`, `z.optional(x)`):
// classic zod puts every method on every schema, so the web bundle could not drop what it never calls and
// each schema took longer to build at import (issue 16). Server-only code may use classic zod around these.

import { z } from 'zod/mini';
import { serviceSchema } from './answers';
import { REFILL_STATUSES } from './api-v2';
import { AUDIT_TYPES } from './audit';
import { SERVICE_ID_MAX_LENGTH, SERVICE_ID_PATTERN, SERVICE_LIMITS } from './catalogue';
import { COMMENT_LIMITS, SERVICE_TYPES } from './comments';
import { DRIP_FEED_MESSAGES, dripFeedIntervalSchema, dripFeedRunsSchema, dripFeedSchema, dripRunSchema } from './drip-feed';
import { FULFILMENT_STATES, REFILL_UPSTREAM_STATES } from './fulfilment';
import { MESSAGES } from './messages';
import { decimalParts, hasAtMostTwoDecimals, MAX_PAISA, orderPrice, PAISA_PER_RUPEE } from './money';
import { hasControlOrFormat, hasControlOrFormatInText, hasVisibleText, NAME_MAX_LENGTH } from './names';
import { formatNumber } from './numbers';
import { ORDER_STATUSES } from './order-status';
import { pakistanDaySchema } from './pakistan-days';
import { PROOF_MESSAGES, parseProofPath } from './payment-proof';
import { MAX_LINK_LENGTH, PLATFORMS, parseHttpUrl } from './platforms';
import { normalizePayerNumber, PAYER_NUMBER_HINT } from './wallet-sms';
import { WALLET_EVENT_REASONS, WALLET_EVENT_STATUSES } from './wallet-states';

// The answers every page may parse first live in ./answers (the landing page builds those alone).
export { type CategoryOrder, categoryOrderSchema, errorSchema, type Service, serviceSchema } from './answers';

export const LIMITS = {
  name: NAME_MAX_LENGTH,
  email: 254,
  /** Firebase Auth uids are at most 128 characters. */
  uid: 128,
  message: 2000,
  comment: 2000,
  password: { min: 8, max: 128 },
  idempotencyKey: 255,
  cursor: 512,
  query: 2048,
  pageSize: { default: 50, max: 200 },
  minRecharge: 100,
  maxCredit: 1_000_000,
  /** An admin's balance correction, either way. */
  maxAdjustment: 1_000_000,
  /** Why an admin adjusted a balance or blocked an account. */
  reason: 500,
  maxQuantity: 10_000_000,
  /** Order ids are 9-digit numbers; anything much longer names no order. */
  orderId: 32,
  bulkOrders: 100,
} as const;

/**
 * Lone UTF-16 surrogates (e.g. `"\udfff"` in JSON) are not text: Firestore cannot store them, and a
 * write that fails on one must never be mistaken for a transient failure.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isWellFormedText = (value: string) => !LONE_SURROGATE.test(value);

/** Every string a client sends: well-formed Unicode, or 400 at the boundary. */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).check(z.refine(isWellFormedText, MESSAGES.malformedText));

/** The smallest amount there is: one paisa. */
const MIN_RUPEES = 1 / PAISA_PER_RUPEE;

/** A rupee amount as sent by a client: finite, at least Rs 0.01, at most 2 decimals, at most `max` rupees. */
export function rupees(max: number = MAX_PAISA / PAISA_PER_RUPEE, label = 'Amount') {
  // min() after positive(), so 0 and negatives keep its message. Without min() 1e-9 would pass the
  // two-decimals check (within its tolerance) and become 0 paisa.
  return z
    .number({ error: `${label} must be a number` })
    .check(
      z.positive(`${label} must be greater than 0`),
      z.gte(MIN_RUPEES, `${label} must be at least Rs ${MIN_RUPEES}`),
      z.lte(max, `${label} must be at most ${formatNumber(max)}`),
      z.refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals`),
    );
}

/**
 * A signed rupee amount (an admin's correction: + credits, − debits): non-zero, at most 2 decimals,
 * at most `max` rupees either way.
 */
export function signedRupees(max: number) {
  return z.number({ error: 'Amount must be a number' }).check(
    z.gte(-max, `Amount must be at least -${formatNumber(max)}`),
    z.lte(max, `Amount must be at most ${formatNumber(max)}`),
    z.refine((amount) => amount !== 0, 'Amount cannot be 0'),
    z.refine((amount) => Math.abs(amount) >= MIN_RUPEES, `Amount must be at least Rs ${MIN_RUPEES} either way`),
    z.refine(hasAtMostTwoDecimals, 'Amount can have at most 2 decimals'),
  );
}

const trimmed = (label: string, max: number) =>
  text({ error: `${label} is required` }).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} must be at most ${max} characters`),
  );

/** A name a person types (sign-up, contact, review); names derived from an account go through profileName. */
export const nameSchema = trimmed('Name', LIMITS.name).check(
  z.refine((name) => !hasControlOrFormat(name), MESSAGES.nameCharacters),
  z.refine(hasVisibleText, 'Name is required'),
);
export const emailSchema = z.pipe(
  z.pipe(
    text({ error: 'Email is required' }).check(
      z.trim(),
      z.minLength(1, 'Email is required'),
      z.maxLength(LIMITS.email, 'Email is too long'),
    ),
    z.email('Enter a valid email address'),
  ),
  z.transform((email) => email.toLowerCase()),
);
export const passwordSchema = text({ error: 'Password is required' }).check(
  z.minLength(LIMITS.password.min, `Password must be at least ${LIMITS.password.min} characters`),
  z.maxLength(LIMITS.password.max, `Password must be at most ${LIMITS.password.max} characters`),
);
export const linkSchema = text({ error: 'Link is required' }).check(
  z.trim(),
  z.minLength(1, 'Link is required'),
  z.maxLength(MAX_LINK_LENGTH, 'Link is too long'),
  z.refine((link) => parseHttpUrl(link) !== null, 'Enter a valid link (https://...)'),
);
export const quantitySchema = z
  .number({ error: 'Quantity must be a number' })
  .check(
    z.int('Quantity must be a whole number'),
    z.positive('Quantity must be greater than 0'),
    z.lte(LIMITS.maxQuantity, 'Quantity is too large'),
  );

export const idempotencyKeySchema = text().check(z.minLength(1), z.maxLength(LIMITS.idempotencyKey));

// ---- Requests ----

export const registerBody = z.strictObject({ name: nameSchema });

// A well-formed id only: anything else (a slash, `..`, `__x__`) cannot name a service document.
const serviceIdSchema = text({ error: 'Service is required' }).check(
  z.minLength(1, 'Service is required'),
  z.maxLength(SERVICE_ID_MAX_LENGTH, MESSAGES.serviceNotFound),
  z.regex(SERVICE_ID_PATTERN, MESSAGES.serviceNotFound),
);

export const placeOrderBody = z
  .strictObject({
    serviceId: serviceIdSchema,
    link: linkSchema,
    quantity: quantitySchema,
    price: z.optional(rupees()),
    /** A Custom Comments service's comments, one per line: their count must be `quantity`. */
    comments: z.optional(
      text().check(z.maxLength(COMMENT_LIMITS.total, `Comments must be at most ${formatNumber(COMMENT_LIMITS.total)} characters in all`)),
    ),
    /** Drip-feed (a service with `dripfeed`): `quantity` is each run's, charged × runs; both or neither. */
    runs: z.optional(dripFeedRunsSchema),
    interval: z.optional(dripFeedIntervalSchema),
  })
  .check(
    z.refine((body) => (body.runs === undefined) === (body.interval === undefined), { message: DRIP_FEED_MESSAGES.both, path: ['runs'] }),
  );
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

export const updateStatusBody = z.strictObject({
  status: z.enum(ORDER_STATUSES, { error: 'Unknown status' }),
  remains: z.optional(z.number().check(z.int('Remains must be a whole number'), z.positive('Remains must be greater than 0'))),
});

/**
 * A credit names its account by `userId` (the admin UI, where it knows the account) or by `email`
 * (the account that holds the email today), exactly one of them.
 */
export const addBalanceBody = z
  .strictObject({
    email: z.optional(emailSchema),
    userId: z.optional(text().check(z.trim(), z.minLength(1, MESSAGES.userNotFound), z.maxLength(LIMITS.uid, MESSAGES.userNotFound))),
    amount: rupees(LIMITS.maxCredit),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.email === undefined && body.userId === undefined)
        ctx.addIssue({ code: 'custom', path: ['email'], message: 'Email is required' });
      if (body.email !== undefined && body.userId !== undefined)
        ctx.addIssue({ code: 'custom', path: ['userId'], message: MESSAGES.emailOrUserId });
    }),
  );
export type AddBalanceBody = z.infer<typeof addBalanceBody>;

/** Why an admin acted on an account: shown to the admins (audit) and, for a block, to the customer. */
export const reasonSchema = trimmed('Reason', LIMITS.reason).check(
  z.refine((reason) => !hasControlOrFormat(reason.replace(/\n/g, ' ')), MESSAGES.reasonCharacters),
);

export const adjustBalanceBody = z.strictObject({ amount: signedRupees(LIMITS.maxAdjustment), reason: reasonSchema });
export type AdjustBalanceBody = z.infer<typeof adjustBalanceBody>;
export const blockBody = z.strictObject({ reason: reasonSchema });

export const resetPasswordBody = z.strictObject({ email: emailSchema, newPassword: passwordSchema });
export const changePasswordBody = z.strictObject({ newPassword: passwordSchema });

export const rechargeRequestBody = z.strictObject({
  amount: rupees(LIMITS.maxCredit).check(
    z.refine((amount) => amount >= LIMITS.minRecharge, `Minimum recharge is Rs ${LIMITS.minRecharge}`),
  ),
  method: text({ error: 'Choose a wallet' }).check(z.trim(), z.minLength(1, 'Choose a wallet'), z.maxLength(40)),
  reference: text({ error: 'Transaction ID is required' }).check(
    z.trim(),
    z.regex(/^[A-Za-z0-9]{6,40}$/, 'Transaction ID must be 6-40 letters or digits'),
  ),
  /** The Storage path of the payment screenshot the customer uploaded (payment-proof.ts), if any. */
  proof: z.optional(text().check(z.refine((path) => parseProofPath(path) !== null, PROOF_MESSAGES.invalidPath))),
  /**
   * The mobile number (or account) the customer paid from: the autopilot compares it with the payer's
   * digits in the wallet's SMS (issue 28). Any Pakistani format; stored normalized.
   */
  payerNumber: z.optional(
    text().check(
      z.maxLength(40, PAYER_NUMBER_HINT),
      z.refine((value) => normalizePayerNumber(value) !== null, PAYER_NUMBER_HINT),
    ),
  ),
});

export const rejectRequestBody = z.strictObject({ note: z.optional(text().check(z.trim(), z.maxLength(500))) });

/** Free text a visitor writes (a contact message, a review): line breaks and emoji, no hidden characters. */
const visibleText = (label: string, max: number) =>
  trimmed(label, max).check(
    z.refine((value) => !hasControlOrFormatInText(value), `${label} cannot contain control or formatting characters`),
  );

export const contactBody = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  message: visibleText('Message', LIMITS.message),
});

export const reviewBody = z.strictObject({
  name: nameSchema,
  rating: z
    .number({ error: 'Rating is required' })
    .check(z.int('Rating must be 1 to 5'), z.gte(1, 'Rating must be 1 to 5'), z.lte(5, 'Rating must be 1 to 5')),
  comment: visibleText('Review', LIMITS.comment),
});

/**
 * A review's state (issue 29): a posted review waits (`pending`) until an admin approves it (then it
 * shows on About) or rejects it. Reviews published before issue 29 carry no state: they count as approved.
 */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const walletSchema = z.strictObject({
  provider: trimmed('Provider', 40),
  accountNumber: trimmed('Account number', 40),
  accountName: trimmed('Account name', LIMITS.name),
});
/**
 * The wallets that repeat an earlier one's provider (case-insensitive), by index: recharge requests
 * name their wallet by provider, so a provider must be listed once.
 */
export function duplicateProviderIndexes(wallets: readonly { provider: string }[]): number[] {
  const seen = new Set<string>();
  return wallets.flatMap((wallet, index) => {
    const provider = wallet.provider.toLowerCase();
    const repeated = seen.has(provider);
    seen.add(provider);
    return repeated ? [index] : [];
  });
}

export const settingsBody = z.strictObject({
  wallets: z.array(walletSchema).check(z.minLength(1), z.maxLength(8)),
  supportChat: z
    .url({ protocol: /^https?$/, error: 'Enter a valid link' })
    .check(z.maxLength(LIMITS.query), z.refine(isWellFormedText, MESSAGES.malformedText)),
});

const limitSchema = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(LIMITS.pageSize.max)), LIMITS.pageSize.default);
export const pageQuery = z.object({
  limit: limitSchema,
  cursor: z.optional(text().check(z.maxLength(LIMITS.cursor))),
});
/**
 * The admin's order list: `from`/`to` are Pakistan days, both included. A search by link names at most
 * a handful of orders and combines with `status` only (see listAllOrders for the indexes).
 */
export const adminOrdersQuery = z
  .extend(pageQuery, {
    status: z.optional(z.enum(ORDER_STATUSES)),
    q: z.optional(text().check(z.trim(), z.maxLength(LIMITS.query))),
    platform: z.optional(z.enum(PLATFORMS, { error: 'Unknown platform' })),
    serviceId: z.optional(serviceIdSchema),
    from: z.optional(pakistanDaySchema),
    to: z.optional(pakistanDaySchema),
    fulfilment: z.optional(z.enum(FULFILMENT_STATES, { error: 'Unknown provider state' })),
  })
  .check(
    z.refine((query) => !query.from || !query.to || query.from <= query.to, {
      path: ['to'],
      message: 'The end date is before the start date',
    }),
  );

/** Bulk status change: every order through the same status transaction, one result each. */
export const bulkStatusBody = z.strictObject({
  ids: z
    .array(text().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.orderId)), { error: 'Choose the orders' })
    .check(z.minLength(1, 'Choose at least one order'), z.maxLength(LIMITS.bulkOrders, `At most ${LIMITS.bulkOrders} orders at once`)),
  status: updateStatusBody.shape.status,
  remains: updateStatusBody.shape.remains,
});
/** `q` is an email prefix (`by=email`, the default) or a name prefix (`by=name`), case-insensitive. */
export const USER_SEARCH_FIELDS = ['email', 'name'] as const;
export const adminUsersQuery = z.extend(pageQuery, {
  q: z.optional(text().check(z.trim(), z.maxLength(LIMITS.email))),
  by: z._default(z.enum(USER_SEARCH_FIELDS), 'email'),
});
export const refillsQuery = z.extend(pageQuery, {
  status: z.optional(z.enum(REFILL_STATUSES)),
});
export const auditQuery = z.extend(pageQuery, {
  /** An admin's email or uid. */
  actor: z.optional(text().check(z.trim(), z.maxLength(LIMITS.email))),
  type: z.optional(z.enum(AUDIT_TYPES)),
});

// ---- The catalogue the admin runs ----

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
export const rechargeRequestsQuery = z.extend(pageQuery, {
  status: z.optional(z.enum(['pending', 'approved', 'rejected'])),
});
/** The admin's reviews: the pending queue (the default, oldest first), or the approved or rejected ones (newest first). */
export const adminReviewsQuery = z.extend(pageQuery, {
  status: z._default(z.enum(REVIEW_STATUSES, { error: 'Unknown status' }), 'pending'),
});
/** Why the admin rejected a review: for the admins only (the console and the audit trail). */
export const rejectReviewBody = z.strictObject({
  note: z.optional(
    text().check(
      z.trim(),
      z.maxLength(LIMITS.reason, `Note must be at most ${LIMITS.reason} characters`),
      z.refine((note) => !hasControlOrFormat(note.replace(/\r?\n/g, ' ')), 'Note cannot contain control or formatting characters'),
    ),
  ),
});

// ---- Answers ----

const isoDate = z.string();
const userRef = z.object({ _id: z.string(), name: z.string(), email: z.string() });

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'user']),
  balance: z.number(),
  lastRecharge: z.nullable(z.object({ amount: z.number(), date: isoDate })),
  createdAt: isoDate,
  /** Set while an admin has blocked the account: why, and since when. (Optional: answers cached before issue 13 lack it.) */
  blocked: z.optional(z.nullable(z.object({ reason: z.string(), at: isoDate }))),
  /** The number the customer last paid a top-up from (the recharge form starts with it). */
  payerNumber: z.optional(z.string()),
});
export type User = z.infer<typeof userSchema>;

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

export const orderSchema = z.object({
  _id: z.string(),
  /** The order number customers and resellers see (equal to `_id`, as an integer). */
  number: z.number().check(z.int()),
  user: userRef,
  platform: z.enum(PLATFORMS),
  serviceId: z.string(),
  service: z.string(),
  link: z.string(),
  quantity: z.number().check(z.int()),
  price: z.number(),
  status: z.enum(ORDER_STATUSES),
  remains: z.optional(z.number().check(z.int())),
  refund: z.optional(z.number()),
  /** What the provider last reported while delivering: the count it started from and what remains. */
  progress: z.optional(z.object({ startCount: z.optional(z.number().check(z.int())), remains: z.optional(z.number().check(z.int())) })),
  /** A Custom Comments order's comments, one per line. */
  comments: z.optional(z.string()),
  /** A drip-feed order (its quantity and price are the totals of its runs). */
  dripFeed: z.optional(dripFeedSchema),
  /** A run of a drip-feed order (paid by it). */
  dripRun: z.optional(dripRunSchema),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Order = z.infer<typeof orderSchema>;

export const rechargeSchema = z.object({
  _id: z.string(),
  user: userRef,
  amount: z.number(),
  date: isoDate,
  method: z.optional(z.string()),
  reference: z.optional(z.string()),
  by: z.optional(z.string()),
});
export type Recharge = z.infer<typeof rechargeSchema>;

export const LEDGER_TYPES = ['credit', 'debit', 'refund', 'adjustment'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

export const ledgerEntrySchema = z.object({
  _id: z.string(),
  type: z.enum(LEDGER_TYPES),
  /** Positive, except an adjustment's, which is signed (− takes money away). */
  amount: z.number(),
  balanceAfter: z.number(),
  orderId: z.optional(z.string()),
  rechargeId: z.optional(z.string()),
  /** An adjustment's reason, as the admin wrote it. */
  reason: z.optional(z.string()),
  at: isoDate,
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const settingsSchema = z.object({
  minRecharge: z.number(),
  currency: z.literal('Rs'),
  wallets: z.array(z.object({ provider: z.string(), accountNumber: z.string(), accountName: z.string() })),
  supportChat: z.string(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const rechargeRequestSchema = z.object({
  _id: z.string(),
  user: userRef,
  amount: z.number(),
  method: z.string(),
  reference: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  createdAt: isoDate,
  decidedAt: z.optional(isoDate),
  note: z.optional(z.string()),
  /** The payment screenshot the customer attached (its Storage path), read through the Storage SDK. */
  proof: z.optional(z.object({ path: z.string() })),
  /** The number the customer paid from (normalized). */
  payerNumber: z.optional(z.string()),
  /** What was credited, where the admin credited another amount than requested (what actually arrived). */
  creditedAmount: z.optional(z.number()),
  /** Credited by the autopilot (the wallet's SMS matched), not by an admin. */
  autoCredited: z.optional(z.literal(true)),
});
export type RechargeRequest = z.infer<typeof rechargeRequestSchema>;

/** What an admin's request shows of the wallet SMS naming its transaction id in its wallet, if one came (issue 28). */
export const requestSmsSchema = z.object({
  eventId: z.string(),
  status: z.enum(WALLET_EVENT_STATUSES),
  amount: z.nullable(z.number()),
  payer: z.nullable(z.string()),
  reason: z.optional(z.enum(WALLET_EVENT_REASONS)),
  reasonText: z.optional(z.string()),
  text: z.string(),
  receivedAt: isoDate,
});
export type RequestSms = z.infer<typeof requestSmsSchema>;

/**
 * As the admin lists it: `duplicate` when another request names the same transaction id (pending, or
 * credited); `sms` the wallet SMS of its id, or null ("no SMS yet"; optional: answers before issue 28).
 */
export const adminRechargeRequestSchema = z.extend(rechargeRequestSchema, {
  duplicate: z.boolean(),
  sms: z.optional(z.nullable(requestSmsSchema)),
});
export type AdminRechargeRequest = z.infer<typeof adminRechargeRequestSchema>;

export const contactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: isoDate,
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.number().check(z.int(), z.gte(1), z.lte(5)),
  comment: z.string(),
  createdAt: isoDate,
  /** `pending` in the answer to its post (it shows once approved); absent in the public list, which holds approved ones only. */
  status: z.optional(z.enum(REVIEW_STATUSES)),
});
export type Review = z.infer<typeof reviewSchema>;

/** A review as the admin lists it: its state, and when and (a rejection) why it was decided. */
export const adminReviewSchema = z.extend(reviewSchema, {
  status: z.enum(REVIEW_STATUSES),
  /** Absent on reviews published before issue 29 (approved without a decision). */
  decidedAt: z.optional(isoDate),
  note: z.optional(z.string()),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const refillSchema = z.object({
  _id: z.string(),
  number: z.number().check(z.int()),
  user: userRef,
  orderId: z.string(),
  service: z.string(),
  link: z.string(),
  status: z.enum(REFILL_STATUSES),
  createdAt: isoDate,
  decidedAt: z.optional(isoDate),
  /** The refill asked of the order's provider (an order sent to one); the admin may still decide by hand. */
  upstream: z.optional(
    z.object({
      state: z.enum(REFILL_UPSTREAM_STATES),
      providerRefillId: z.optional(z.string()),
      status: z.optional(z.string()),
      error: z.optional(z.string()),
    }),
  ),
});
export type Refill = z.infer<typeof refillSchema>;

/** GET /api/admin/overview: what waits, and today's orders and revenue (today = the Pakistan day). */
export const overviewSchema = z.object({
  pendingTopUps: z.number().check(z.int(), z.nonnegative()),
  pendingOrders: z.number().check(z.int(), z.nonnegative()),
  today: z.object({ day: z.string(), orders: z.number().check(z.int(), z.nonnegative()), revenue: z.number() }),
  /** Support tickets waiting for our answer (issue 17). */
  ticketsWaiting: z.optional(z.number().check(z.int(), z.nonnegative())),
  /** Reviews waiting for the admin's approval before they show on About (issue 29). */
  reviewsWaiting: z.optional(z.number().check(z.int(), z.nonnegative())),
  /**
   * The top-up autopilot (issue 28): paired phones silent for 10 minutes (their wallets' payments wait
   * for a person), and the payments waiting for the admin (no request yet; held with a reason).
   */
  walletPhones: z.optional(
    z.object({
      silent: z.array(z.object({ _id: z.string(), name: z.string(), wallet: z.string(), lastSeenAt: z.nullable(z.string()) })),
      unmatchedPayments: z.number().check(z.int(), z.nonnegative()),
      heldPayments: z.number().check(z.int(), z.nonnegative()),
    }),
  ),
});
export type Overview = z.infer<typeof overviewSchema>;

/** POST /api/admin/orders/status: one result per distinct order, in the order sent. */
export const bulkStatusResultSchema = z.discriminatedUnion('ok', [
  /** `cancelRequested`: a sent order, whose cancellation was asked of its provider (the refund follows its confirmation). */
  z.object({ id: z.string(), ok: z.literal(true), order: orderSchema, cancelRequested: z.optional(z.literal(true)) }),
  z.object({ id: z.string(), ok: z.literal(false), code: z.string(), message: z.string(), field: z.optional(z.string()) }),
]);
export type BulkStatusResultWire = z.infer<typeof bulkStatusResultSchema>;

export const apiKeyInfoSchema = z.object({ exists: z.boolean(), createdAt: z.optional(isoDate), last4: z.optional(z.string()) });
/** What an admin sees of an account (GET /api/admin/users/{uid}): never the API key or its hash. */
export const adminUserDetailSchema = z.object({
  user: userSchema,
  apiKey: apiKeyInfoSchema,
  counts: z.object({ orders: z.number().check(z.int()), rechargeRequests: z.number().check(z.int()) }),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
export const apiKeyCreatedSchema = z.object({ key: z.string() });

/** An audit trail entry: who (email and uid), when, what (the action on a document), before and after. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  subject: z.string(),
  action: z.enum(AUDIT_TYPES),
  by: z.string(),
  byUid: z.string(),
  at: isoDate,
  before: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  after: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  reason: z.optional(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** One readable message for a zod error: the first issue's message, and the field it is about. */
export function describeZodError(error: z.core.$ZodError): { message: string; field?: string } {
  const issue = error.issues[0];
  if (!issue) return { message: 'Invalid input' };
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
  if (issue.code === 'unrecognized_keys') {
    return { message: `Unknown field: ${issue.keys.join(', ')}`, field: issue.keys[0] };
  }
  return field ? { message: issue.message, field } : { message: issue.message };
}
