// Money: the admin's credits and corrections; recharges and ledger entries as answered.
// Shared by the function (which parses every request with them) and the web app (forms and answers); zod/mini, so
// a page builds only the schemas it imports (docs/decisions/0014-web-bundle-budget.md).

import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { emailSchema, isoDate, LIMITS, reasonSchema, rupees, signedRupees, text, userRef } from './fields';

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

export const adjustBalanceBody = z.strictObject({ amount: signedRupees(LIMITS.maxAdjustment), reason: reasonSchema });

export type AdjustBalanceBody = z.infer<typeof adjustBalanceBody>;

export const rechargeSchema = z.object({
  _id: z.string(),
  user: userRef,
  amount: z.number(),
  date: isoDate,
  method: z.optional(z.string()),
  reference: z.optional(z.string()),
  by: z.optional(z.string()),
  /** Taken back by an admin (POST /api/admin/recharges/{id}/reverse), when and why. */
  reversed: z.optional(z.object({ at: isoDate, reason: z.string() })),
});

export type Recharge = z.infer<typeof rechargeSchema>;

/** `referral`: referral earnings moved to the balance (POST /api/referrals/transfer): positive, adds to it. */
export const LEDGER_TYPES = ['credit', 'debit', 'refund', 'adjustment', 'referral'] as const;

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
