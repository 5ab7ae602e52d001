// Error types of /api calls, kept free of dependencies so any module (even the landing chunk) can use them.
import type { ErrorCode } from '@shared/errors';

/** An answer of the server that refused or failed: branch on `code` (stable), show `message`. */
export class ApiError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  /** The server's error code; undefined when the answer came from something in front of it (a 504). */
  readonly code: ErrorCode | undefined;
  constructor(status: number, message: string, field?: string, code?: ErrorCode) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
    this.code = code;
  }
}

/** The request never got an answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor() {
    super('Network error');
    this.name = 'NetworkError';
  }
}

/** The message to show for a failed call: the server's, or `fallback` when no answer came. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
