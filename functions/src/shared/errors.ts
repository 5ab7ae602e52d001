// The stable codes of the API's errors. The domain throws an error with one of these; the HTTP error
// handler and the API v2 adapter map a code to a status or to API v2's wording, and clients (the web
// app included) branch on the code, never on a message's wording (as Stripe's `error.code`).
export const ERROR_CODES = [
  'invalid_input',
  'invalid_json',
  'body_too_large',
  'invalid_token',
  'admin_required',
  'account_suspended',
  'cannot_block_admin',
  'not_found',
  'user_not_found',
  'order_not_found',
  'service_not_found',
  'service_in_use',
  'provider_not_found',
  'provider_refused',
  'provider_unavailable',
  'preview_outdated',
  'invalid_link',
  'invalid_quantity',
  'insufficient_balance',
  'balance_limit',
  'price_changed',
  'idempotency_conflict',
  'active_order_on_link',
  'order_final',
  'not_cancelable',
  'order_sending',
  'cancel_refused',
  'not_eligible_for_refill',
  'already_decided',
  'transaction_id_used',
  'transaction_id_credited',
  'too_many_pending',
  'conflict',
  'rate_limited',
  'busy',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const isErrorCode = (value: unknown): value is ErrorCode => ERROR_CODES.includes(value as ErrorCode);
