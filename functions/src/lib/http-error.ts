import { MESSAGES } from '../shared/messages';

// The one error type of the API: a status, a message the user can read, and the field at fault.
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toJSON(): { message: string; field?: string } {
    return this.field ? { message: this.message, field: this.field } : { message: this.message };
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const notFound = (message: string, field?: string) => new HttpError(404, message, field);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field);

/** 503: nothing was written and the same request may simply be sent again. */
export const busy = () => new HttpError(503, MESSAGES.busy, undefined, { 'Retry-After': '1' });
