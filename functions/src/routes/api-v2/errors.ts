// Our error codes in API v2's words, in one place. The domain raises AppErrors with stable codes (and
// messages for our own clients); existing reseller scripts match the protocol's strings, so each action
// has its table of the codes it words its own way and a word for any other refusal. Failures (contention,
// server errors) are not refusals: they answer the same for every action.
import { AppError, isAppError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { API_V2_ERRORS } from '../../shared/api-v2';
import type { ErrorCode } from '../../shared/errors';

export const fail = (error: string) => ({ error });

/**
 * The answer for an error no action expects: `busy` when nothing was written and the request may
 * simply be sent again, otherwise a server error (logged). The API answers both as `{error}`.
 */
export function unexpectedFailure(error: unknown, context: Record<string, unknown>): { error: string } {
  if (isAppError(error, 'busy')) return fail(API_V2_ERRORS.busy);
  logger.error('API v2 failed', { ...context, error: error instanceof Error ? error.message : String(error) });
  return fail(API_V2_ERRORS.serverError);
}

type Words = Partial<Record<ErrorCode, string | ((error: AppError) => string)>>;

const NOT_FOUND: Words = {
  order_not_found: API_V2_ERRORS.incorrectOrder,
  account_suspended: API_V2_ERRORS.accountSuspended,
};

/** Per action: the codes it words its own way, and `otherwise` for any other refusal. */
const REFUSALS = {
  add: {
    words: {
      insufficient_balance: API_V2_ERRORS.notEnoughFunds,
      active_order_on_link: API_V2_ERRORS.activeOrder,
      service_not_found: API_V2_ERRORS.incorrectService,
      invalid_link: API_V2_ERRORS.badLink,
      account_suspended: API_V2_ERRORS.accountSuspended,
      // Its messages are the contract's words (not available for this service; not for Custom Comments).
      dripfeed_unavailable: (error) => error.message,
    },
    otherwise: API_V2_ERRORS.incorrectRequest,
  },
  /** A cancel of an order at a provider: only its acceptance answers `cancel: 1`. */
  cancel: {
    words: {
      ...NOT_FOUND,
      cancel_refused: API_V2_ERRORS.cannotCancel,
      // Nothing changed and the request may be sent again (in a minute; or the provider did not answer).
      order_sending: API_V2_ERRORS.busy,
      provider_unavailable: API_V2_ERRORS.serverError,
    },
    otherwise: API_V2_ERRORS.cannotCancel,
  },
  refill: { words: NOT_FOUND, otherwise: API_V2_ERRORS.notEligibleForRefill },
} satisfies Record<string, { words: Words; otherwise: string }>;

/** Codes that are not a refusal of this request but a failure to answer it. */
const FAILURES: readonly ErrorCode[] = ['busy', 'internal'];

/** An error of the domain in API v2's words for `action`; failures (and non-AppErrors) as unexpectedFailure. */
export function refusal(error: unknown, action: keyof typeof REFUSALS): { error: string } {
  if (!(error instanceof AppError) || FAILURES.includes(error.code)) return unexpectedFailure(error, { action });
  const { words, otherwise }: { words: Words; otherwise: string } = REFUSALS[action];
  const word = words[error.code] ?? otherwise;
  return fail(typeof word === 'function' ? word(error) : word);
}
