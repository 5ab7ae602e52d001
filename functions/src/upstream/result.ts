// What every call to a provider returns. The difference between `refused` and `unknown` is the one
// that matters for money: a refused `add` placed nothing (the order may be sent again or refunded),
// an unknown one may have been placed (it must never be sent again by itself).

export type UpstreamResult<T> =
  | { ok: true; value: T }
  /** The provider answered a definite `{"error": "..."}`: nothing was done. */
  | { ok: false; kind: 'refused'; error: string; httpStatus: number }
  /** No usable answer (timeout, network error, 5xx, HTML, garbage): the action may or may not have happened. */
  | { ok: false; kind: 'unknown'; reason: string; httpStatus?: number; snippet?: string };

export type UpstreamFailure = Exclude<UpstreamResult<never>, { ok: true }>;

export const okResult = <T>(value: T): UpstreamResult<T> => ({ ok: true, value });

export const refusedResult = (error: string, httpStatus: number): UpstreamFailure => ({ ok: false, kind: 'refused', error, httpStatus });

export function unknownResult(
  reason: string,
  details: { httpStatus?: number | undefined; snippet?: string | undefined } = {},
): UpstreamFailure {
  return {
    ok: false,
    kind: 'unknown',
    reason,
    ...(details.httpStatus !== undefined ? { httpStatus: details.httpStatus } : {}),
    ...(details.snippet ? { snippet: details.snippet } : {}),
  };
}
