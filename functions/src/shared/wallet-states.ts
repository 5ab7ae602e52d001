// The states of a wallet SMS and the reasons one waits for the admin: constants alone, so the
// request schemas (schemas.ts) and the autopilot's (wallet-autopilot.ts) both take them without a cycle.

export const WALLET_EVENT_STATUSES = ['unmatched', 'matched', 'held', 'ignored', 'unparsed', 'dismissed'] as const;
export type WalletEventStatus = (typeof WALLET_EVENT_STATUSES)[number];

/**
 * Why a payment waits for the admin (held) or a message was set aside (ignored). Codes are stable; the
 * words are `reasonText`'s (wallet-autopilot.ts).
 */
export const WALLET_EVENT_REASONS = [
  'over_limit',
  'first_top_up',
  'daily_limit',
  'duplicate_tid',
  'payer_mismatch',
  'payer_missing',
  'amount_mismatch',
  'wallet_mismatch',
  'account_suspended',
  'autopilot_off',
  'already_credited',
  'unknown_sender',
  'not_a_payment',
  'phone_revoked',
  'conflicting_sms',
] as const;

/**
 * Holds that say the payment may not be this request's customer's: rejecting the request frees the
 * payment for its real payer's own request. Any other hold is about the customer or the limits and stays
 * the admin's after a rejection.
 */
export const WHOSE_PAYMENT_REASONS: readonly WalletEventReason[] = [
  'duplicate_tid',
  'payer_mismatch',
  'payer_missing',
  'amount_mismatch',
  'wallet_mismatch',
];
export type WalletEventReason = (typeof WALLET_EVENT_REASONS)[number];
