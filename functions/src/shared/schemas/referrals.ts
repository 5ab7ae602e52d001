// Referral commissions (issue 34): the customer's Referrals page, the transfer to the main balance, the admin's
// programme (switch, percent, totals) and the reversal of a credited top-up. Shared by the function and the web app.
import { z } from 'zod/mini';
import { REFERRAL_LIMITS } from '../referrals';
import { isoDate, LIMITS, reasonSchema, rupees } from './fields';
import { percentSchema } from './pricing';

export { REFERRAL_LIMITS } from '../referrals';

/** GET /api/referrals: the caller's link, sign-ups and earnings (rupees). */
export const myReferralsSchema = z.object({
  code: z.string(),
  /** The whole link to share: {origin}/r/{code}. */
  link: z.string(),
  /** Accounts signed up through the link. */
  referred: z.number().check(z.int()),
  /** The referral balance (may be below 0 after a reversed top-up whose commission was moved already). */
  balance: z.number(),
  /** Everything earned, less commissions of reversed top-ups. */
  earned: z.number(),
  /** Moved to the main balance so far. */
  transferred: z.number(),
  enabled: z.boolean(),
  /** The programme's percent of each credited top-up, for credits from now on. */
  percent: z.number(),
  minTransfer: z.number(),
  /** The last 12 months, newest first, in Pakistan time: sign-ups and what was earned (net of reversals). */
  months: z.array(z.object({ month: z.string(), signUps: z.number().check(z.int()), earned: z.number() })),
});
export type MyReferrals = z.infer<typeof myReferralsSchema>;

/** The answer is the figures themselves (issue 34's contract: `{code, link, referred, balance, earned, …}`). */
export const myReferralsAnswer = myReferralsSchema;

/** POST /api/referrals/transfer (Idempotency-Key): at least Rs 100, at most the referral balance. */
export const referralTransferBody = z.strictObject({
  amount: rupees(LIMITS.maxCredit).check(z.gte(REFERRAL_LIMITS.minTransfer, `Transfer at least Rs ${REFERRAL_LIMITS.minTransfer}`)),
});

export const referralTransferAnswer = z.object({ message: z.string(), balance: z.number(), referralBalance: z.number() });

/** The programme: on or off, and its percent (future credits only). */
export const referralSettingsSchema = z.strictObject({
  enabled: z.boolean({ error: 'Say whether the programme is on' }),
  percent: percentSchema,
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;

/** GET /api/admin/referrals: the programme and its totals (rupees). */
export const adminReferralsSchema = z.object({
  settings: z.object({ enabled: z.boolean(), percent: z.number() }),
  totals: z.object({
    /** Accounts signed up through a referral link. */
    referred: z.number().check(z.int()),
    /** Commissions earned, less those reversed. */
    earned: z.number(),
    transferred: z.number(),
    /** What referrers hold now (earned − transferred). */
    balance: z.number(),
  }),
  /** Up to when the totals count (they are summed at the answer). */
  asOf: isoDate,
});
export type AdminReferrals = z.infer<typeof adminReferralsSchema>;

/** POST /api/admin/recharges/{id}/reverse: a credited top-up taken back (and its commission), with why. */
export const reverseTopUpBody = z.strictObject({ reason: reasonSchema });
