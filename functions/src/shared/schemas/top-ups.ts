// Top-ups: the customer's recharge request, the wallets customers pay into, and requests as the admin sees them.
// Shared by the function (which parses every request with them) and the web app (forms and answers); zod/mini, so
// a page builds only the schemas it imports (docs/decisions/0014-web-bundle-budget.md).

import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { PROOF_MESSAGES, parseProofPath } from '../payment-proof';
import { normalizePayerNumber, PAYER_NUMBER_HINT } from '../wallet-sms';
import { WALLET_EVENT_REASONS, WALLET_EVENT_STATUSES } from '../wallet-states';
import { isoDate, isWellFormedText, LIMITS, pageQuery, rupees, text, trimmed, userRef } from './fields';

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
   * digits in the wallet's SMS (docs/decisions/0015-top-up-autopilot.md). Any Pakistani format; stored normalized.
   */
  payerNumber: z.optional(
    text().check(
      z.maxLength(40, PAYER_NUMBER_HINT),
      z.refine((value) => normalizePayerNumber(value) !== null, PAYER_NUMBER_HINT),
    ),
  ),
});

export const rejectRequestBody = z.strictObject({ note: z.optional(text().check(z.trim(), z.maxLength(500))) });

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

export const rechargeRequestsQuery = z.extend(pageQuery, {
  status: z.optional(z.enum(['pending', 'approved', 'rejected'])),
});

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

/** What an admin's request shows of the wallet SMS naming its transaction id in its wallet, if one came. */
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
 * credited); `sms` the wallet SMS of its id, or null ("no SMS yet"; optional: answers before the autopilot).
 */
export const adminRechargeRequestSchema = z.extend(rechargeRequestSchema, {
  duplicate: z.boolean(),
  sms: z.optional(z.nullable(requestSmsSchema)),
});

export type AdminRechargeRequest = z.infer<typeof adminRechargeRequestSchema>;
