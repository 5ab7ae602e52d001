// What every call to a provider returns. The difference between `refused` and `unknown` is the one
// that matters for money: a refused `add` placed nothing (the order may be sent again or refunded),
// an unknown one may have been placed (it must never be sent again by itself).
import { PROVIDER_MESSAGES } from '../shared/providers';

export type UpstreamResult<T> =
  | { ok: true; value: T }
  /** The provider answered a definite `{"error": "..."}`: nothing was done. */
  | { ok: false; kind: 'refused'; error: string; httpStatus: number }
  /**
   * No usable answer (timeout, network error, an address we do not call, 5xx, HTML, garbage, numbers out
   * of bounds): the action may or may not have happened. `reason` is what people see, the same for every
   * cause, so that the admin's URL field is no port scanner (a closed port, a web server and a database
   * would otherwise answer differently); `detail` says which, for the logs.
   */
  | { ok: false; kind: 'unknown'; reason: string; detail: string; httpStatus?: number; snippet?: string };

export type UpstreamFailure = Exclude<UpstreamResult<never>, { ok: true }>;

export const okResult = <T>(value: T): UpstreamResult<T> => ({ ok: true, value });

export const refusedResult = (error: string, httpStatus: number): UpstreamFailure => ({ ok: false, kind: 'refused', error, httpStatus });

export function unknownResult(
  detail: string,
  details: { httpStatus?: number | undefined; snippet?: string | undefined } = {},
): UpstreamFailure {
  return {
    ok: false,
    kind: 'unknown',
    reason: PROVIDER_MESSAGES.noUsableAnswer,
    detail,
    ...(details.httpStatus !== undefined ? { httpStatus: details.httpStatus } : {}),
    ...(details.snippet ? { snippet: details.snippet } : {}),
  };
}

/** A call that threw instead of answering: after the request left, it may have been done. */
export const thrownResult = (error: unknown): UpstreamFailure =>
  unknownResult(`the call failed: ${error instanceof Error ? error.message : String(error)}`);

/** What a log line may say of a failure: the kind, the provider's refusal or why there was no answer. */
export function failureForLog(result: UpstreamFailure): Record<string, unknown> {
  return result.kind === 'refused'
    ? { kind: result.kind, error: result.error, httpStatus: result.httpStatus }
    : { kind: result.kind, detail: result.detail, ...(result.httpStatus !== undefined ? { httpStatus: result.httpStatus } : {}) };
}
