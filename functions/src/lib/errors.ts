import type { ErrorCode } from '../shared/errors';
import { MESSAGES } from '../shared/messages';

/**
 * The one error type of the domain: a stable code (what callers branch on), a message the user can
 * read, the field at fault and, for `busy`/`rate_limited`, when a retry may succeed. It carries no
 * HTTP status: the error handler and the API v2 adapter map codes to their protocols.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const isAppError = (error: unknown, code?: ErrorCode): error is AppError =>
  error instanceof AppError && (code === undefined || error.code === code);

export const fail = (code: ErrorCode, message: string, field?: string) => new AppError(code, message, field);
export const invalidInput = (message: string, field?: string) => new AppError('invalid_input', message, field);
export const notFound = (message: string, field?: string) => new AppError('not_found', message, field);
export const conflict = (message: string, field?: string) => new AppError('conflict', message, field);

/** Nothing was written and the same request may simply be sent again. */
export const busy = () => new AppError('busy', MESSAGES.busy, undefined, 1);
