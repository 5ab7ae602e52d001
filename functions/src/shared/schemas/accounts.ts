// Accounts: sign-up, passwords, blocks, the admin's user list and a user as answered.
// Shared by the function (which parses every request with them) and the web app (forms and answers); zod/mini, so
// a page builds only the schemas it imports (docs/decisions/0014-web-bundle-budget.md).

import { z } from 'zod/mini';
import { API_KEY_LIMITS, DEFAULT_API_KEY_ID } from '../api-keys';
import { hasControlOrFormat, hasVisibleText } from '../names';
import { emailSchema, isoDate, LIMITS, nameSchema, pageQuery, passwordSchema, reasonSchema, text, trimmed } from './fields';

export const registerBody = z.strictObject({
  name: nameSchema,
  /** The version of the terms the customer accepted on the form (GET /api/terms). */
  termsVersion: z.optional(
    z
      .number({ error: 'Terms version must be a number' })
      .check(z.int('Terms version must be a whole number'), z.gte(1, 'No such version of the terms')),
  ),
  /** The code of the referral link the visitor came through (within 30 days): one that names no one is ignored. */
  referralCode: z.optional(z.string()),
});

export const blockBody = z.strictObject({ reason: reasonSchema });

export const resetPasswordBody = z.strictObject({ email: emailSchema, newPassword: passwordSchema });

export const changePasswordBody = z.strictObject({ newPassword: passwordSchema });

/** `q` is an email prefix (`by=email`, the default) or a name prefix (`by=name`), case-insensitive. */
export const USER_SEARCH_FIELDS = ['email', 'name'] as const;

export const adminUsersQuery = z.extend(pageQuery, {
  q: z.optional(text().check(z.trim(), z.maxLength(LIMITS.email))),
  by: z._default(z.enum(USER_SEARCH_FIELDS), 'email'),
});

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'user']),
  balance: z.number(),
  lastRecharge: z.nullable(z.object({ amount: z.number(), date: isoDate })),
  createdAt: isoDate,
  /** Set while an admin has blocked the account: why, and since when. (Optional: older cached answers lack it.) */
  blocked: z.optional(z.nullable(z.object({ reason: z.string(), at: isoDate }))),
  /** The number the customer last paid a top-up from (the recharge form starts with it). */
  payerNumber: z.optional(z.string()),
  /** The version of the terms accepted at sign-up, and when (absent on accounts from before it was recorded). */
  termsAccepted: z.optional(z.object({ version: z.number(), at: isoDate })),
});

export type User = z.infer<typeof userSchema>;

export const apiKeyInfoSchema = z.object({ exists: z.boolean(), createdAt: z.optional(isoDate), last4: z.optional(z.string()) });

/** What an admin sees of an account (GET /api/admin/users/{uid}): never the API key or its hash. */
export const adminUserDetailSchema = z.object({
  user: userSchema,
  apiKey: apiKeyInfoSchema,
  /** How many named keys the account holds beside the default one (absent in answers from before issue 34). */
  namedApiKeys: z.optional(z.number().check(z.int())),
  counts: z.object({ orders: z.number().check(z.int()), rechargeRequests: z.number().check(z.int()) }),
  /**
   * Referrals (issue 34): who brought the account (null: nobody; the account may be gone) and its own referral
   * figures in rupees. Absent from answers from before.
   */
  referral: z.optional(
    z.object({
      referredBy: z.nullable(z.object({ _id: z.string(), name: z.string(), email: z.string() })),
      balance: z.number(),
      earned: z.number(),
      transferred: z.number(),
    }),
  ),
});

export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const apiKeyCreatedSchema = z.object({ key: z.string() });

export { API_KEY_LIMITS, DEFAULT_API_KEY_ID } from '../api-keys';

export const apiKeyNameSchema = trimmed('Name', API_KEY_LIMITS.name).check(
  z.refine((name) => !hasControlOrFormat(name), 'Name cannot contain control or formatting characters'),
  z.refine(hasVisibleText, 'Name is required'),
  // The list calls the main key Default: a named key of that name could be taken for it.
  z.refine((name) => name.toLowerCase() !== DEFAULT_API_KEY_ID, 'Default is your main key: choose another name'),
);

export const createNamedApiKeyBody = z.strictObject({ name: apiKeyNameSchema });

/** A key as its owner sees it: never the key or its hash. `lastUsedAt` trails its last use by up to a minute. */
export const apiKeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  default: z.boolean(),
  last4: z.string(),
  createdAt: isoDate,
  lastUsedAt: z.nullable(isoDate),
});
export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySummarySchema), limit: z.number() });

export const namedApiKeyCreatedSchema = z.object({ key: z.string(), apiKey: apiKeySummarySchema });
