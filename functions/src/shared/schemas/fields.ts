// The fields every request shares (names, emails, links, amounts, pages) and the one zod error formatter.
// Shared code uses `zod/mini` (checks as functions: `.check(z.minLength(…))`, `z.optional(x)`): classic zod puts every
// method on every schema, so the web bundle could not drop what it never calls. Server-only code may use classic zod.
// Shared by the function (which parses every request with them) and the web app (forms and answers); zod/mini, so
// a page builds only the schemas it imports (docs/decisions/0014-web-bundle-budget.md).

import { z } from 'zod/mini';
import { SERVICE_ID_MAX_LENGTH, SERVICE_ID_PATTERN } from '../catalogue';
import { MESSAGES } from '../messages';
import { hasAtMostTwoDecimals, MAX_PAISA, PAISA_PER_RUPEE } from '../money';
import { hasControlOrFormat, hasControlOrFormatInText, hasVisibleText, NAME_MAX_LENGTH } from '../names';
import { formatNumber } from '../numbers';
import { MAX_LINK_LENGTH, parseHttpUrl } from '../platforms';

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

export const trimmed = (label: string, max: number) =>
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

// A well-formed id only: anything else (a slash, `..`, `__x__`) cannot name a service document.
export const serviceIdSchema = text({ error: 'Service is required' }).check(
  z.minLength(1, 'Service is required'),
  z.maxLength(SERVICE_ID_MAX_LENGTH, MESSAGES.serviceNotFound),
  z.regex(SERVICE_ID_PATTERN, MESSAGES.serviceNotFound),
);

/** Why an admin acted on an account: shown to the admins (audit) and, for a block, to the customer. */
export const reasonSchema = trimmed('Reason', LIMITS.reason).check(
  z.refine((reason) => !hasControlOrFormat(reason.replace(/\n/g, ' ')), MESSAGES.reasonCharacters),
);

/** Free text a visitor writes (a contact message, a review): line breaks and emoji, no hidden characters. */
export const visibleText = (label: string, max: number) =>
  trimmed(label, max).check(
    z.refine((value) => !hasControlOrFormatInText(value), `${label} cannot contain control or formatting characters`),
  );

const limitSchema = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(LIMITS.pageSize.max)), LIMITS.pageSize.default);

export const pageQuery = z.object({
  limit: limitSchema,
  cursor: z.optional(text().check(z.maxLength(LIMITS.cursor))),
});

export const isoDate = z.string();

export const userRef = z.object({ _id: z.string(), name: z.string(), email: z.string() });

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
