// The last middleware: every error becomes `{message, code, field?}` with the status its code maps to;
// nothing internal leaks. The one place where error codes meet HTTP statuses.
import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod/mini';
import { AppError } from '../lib/errors';
import { logger } from '../lib/logger';
import { ReplayedRefusal } from '../services/kernel/transactions';
import type { ErrorCode } from '../shared/errors';
import { MESSAGES } from '../shared/messages';
import { describeZodError } from '../shared/schemas/fields';

export const HTTP_STATUS: Record<ErrorCode, number> = {
  invalid_input: 400,
  invalid_json: 400,
  invalid_link: 400,
  invalid_quantity: 400,
  dripfeed_unavailable: 400,
  insufficient_balance: 400,
  balance_limit: 400,
  body_too_large: 413,
  invalid_token: 401,
  /** A wallet phone's webhook without a valid signature (unsigned, stale, unknown or revoked phone, wrong key). */
  invalid_signature: 401,
  /** A write from outside the web app (no valid App Check token) while App Check is enforced. */
  app_check_required: 401,
  admin_required: 403,
  /** An admin's ID token without the second factor's claim (POST /api/admin/mfa/verify gives one). */
  mfa_required: 403,
  /** A wrong, used or stale second-factor code. */
  mfa_invalid_code: 401,
  mfa_not_enrolled: 409,
  account_suspended: 403,
  cannot_block_admin: 403,
  not_found: 404,
  user_not_found: 404,
  order_not_found: 404,
  ticket_not_found: 404,
  too_many_open_tickets: 409,
  ticket_closed: 409,
  service_not_found: 404,
  provider_not_found: 404,
  /** The provider answered a definite {error} (a wrong key, an unknown action): the admin can act on it. */
  provider_refused: 400,
  /** No usable answer from the provider (timeout, HTML, 5xx): a bad gateway, the provider's fault not the request's. */
  provider_unavailable: 502,
  /** A linked service's rate under its provider's cost (PATCH, bulk change, import): the admin picks another. */
  below_cost: 400,
  /** The provider does not list the service id the admin gave (a Resend to another provider's service). */
  provider_service_not_found: 400,
  price_changed: 409,
  /** A services sync of that provider is running (scheduled or another admin's): its answer is on the way. */
  services_sync_running: 409,
  service_in_use: 409,
  preview_outdated: 409,
  /** The terms changed since the admin's editor read them: saving would overwrite another admin's version unseen. */
  terms_outdated: 409,
  idempotency_conflict: 409,
  active_order_on_link: 409,
  order_final: 409,
  not_cancelable: 409,
  /** The order is being sent to its provider (claimed, `add` under way): a change now could refund an order it places. */
  order_sending: 409,
  /**
   * A refund without the provider's confirmation asked of an order that is at no provider (manual, queued,
   * failed): its status changes as usual.
   */
  not_at_provider: 409,
  /** The provider refused to cancel a sent order: it stays as it is. */
  cancel_refused: 409,
  refill_unavailable: 409,
  already_decided: 409,
  transaction_id_used: 409,
  transaction_id_credited: 409,
  too_many_pending: 409,
  /** A payment screenshot already attached to another recharge request. */
  proof_used: 409,
  api_key_limit: 409,
  conflict: 409,
  /**
   * A CSV file over REPORT_LIMITS.exportRows rows: a well-formed request (not invalid_input's 400) whose
   * answer would be cut by Hosting's 60 s; 422, not 413, since 413 speaks of the request's own size.
   */
  export_too_large: 422,
  rate_limited: 429,
  busy: 503,
  internal: 500,
};

export interface WireError {
  message: string;
  code: ErrorCode;
  field?: string;
}

/** The status and body of an error answer; unknown errors are logged and answer 500 `internal`. */
export function describeError(
  error: unknown,
  context: Record<string, unknown> = {},
): { status: number; body: WireError; retryAfter?: number } {
  if (error instanceof z.core.$ZodError) return { status: 400, body: { ...describeZodError(error), code: 'invalid_input' } };
  if (error instanceof AppError) {
    const body: WireError = { message: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) };
    // A refusal replayed from a record written by an older version may carry a code this one dropped.
    return { status: HTTP_STATUS[error.code] ?? 409, body, ...(error.retryAfterSeconds ? { retryAfter: error.retryAfterSeconds } : {}) };
  }
  // body-parser errors carry a type.
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.too.large') return { status: 413, body: { message: MESSAGES.bodyTooLarge, code: 'body_too_large' } };
  if (type === 'entity.parse.failed' || type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return { status: 400, body: { message: MESSAGES.invalidJson, code: 'invalid_json' } };
  }
  logger.error('Unhandled error', {
    ...context,
    error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
  });
  return { status: 500, body: { message: MESSAGES.internal, code: 'internal' } };
}

export function notFoundHandler(_req: Request, _res: Response, next: NextFunction) {
  next(new AppError('not_found', MESSAGES.notFound));
}

export async function errorHandler(thrown: unknown, req: Request, res: Response, _next: NextFunction) {
  let error = thrown;
  // A revoked token answers 401 whatever else was wrong with the request (see authenticate).
  if (req.revocationCheck)
    error = await req.revocationCheck.then(
      () => thrown,
      (revoked: unknown) => revoked,
    );
  const { status, body, retryAfter } = describeError(error, { path: req.path, method: req.method, requestId: res.locals.requestId });
  if (retryAfter) res.set('Retry-After', String(retryAfter));
  if (error instanceof ReplayedRefusal) res.set('Idempotent-Replayed', 'true');
  res.status(status).json(body);
}
