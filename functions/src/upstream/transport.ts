// One POST to a provider, the way the PHP clients every panel publishes send it: form-encoded `key`,
// `action` and the action's parameters. It answers the JSON the provider sent, or why there is none.
// It never retries: a second `add` after a lost answer is how panels order twice. Everything the
// provider sent comes out with the key cut out (redact.ts): every result is made here.
import { keyRedactor, redactingReviver } from './redact';
import { type UpstreamFailure, unknownResult } from './result';

export const DEFAULT_TIMEOUT_MS = 15_000;
/** A services list of a few thousand entries is a few MB; past this the answer is not one we want. */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
const SNIPPET_CHARS = 200;

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface TransportOptions {
  url: string;
  key: string;
  timeoutMs: number;
  fetch: FetchLike;
}

export type Params = Record<string, string | number | undefined>;

export type RawAnswer = { ok: true; json: unknown; httpStatus: number } | UpstreamFailure;

/**
 * The answer's text, or null past MAX_ANSWER_BYTES. Each read races the deadline itself: fetch's own
 * abort does not always reach a body whose reader is already waiting (seen in the chaos run: a stalled
 * answer kept an `add` waiting forever), and a deadline that waits for the provider is none.
 */
async function readLimited(response: Response, signal: AbortSignal): Promise<string | null> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => {});
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      size += value.byteLength;
      if (size > MAX_ANSWER_BYTES) {
        await reader.cancel().catch(() => {});
        return null;
      }
      chunks.push(value);
    }
  } catch (error) {
    // The connection is of no further use: let it go without waiting for it.
    void reader.cancel().catch(() => {});
    throw error;
  }
  return Buffer.concat(chunks).toString('utf8');
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // fetch hides the system error (ECONNREFUSED, ECONNRESET…) in `cause`.
  const cause = error.cause instanceof Error ? `: ${(error.cause as Error & { code?: string }).code ?? error.cause.message}` : '';
  return `${error.message}${cause}`;
}

export async function post(options: TransportOptions, action: string, params: Params = {}): Promise<RawAnswer> {
  const form = new URLSearchParams({ key: options.key, action });
  for (const [name, value] of Object.entries(params)) if (value !== undefined) form.set(name, String(value));

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('timeout')), options.timeoutMs);
  const redact = keyRedactor(options.key);
  // Redacted before it is cut: a cut through the key would leave the part before it.
  const snippet = (text: string) => redact(text).slice(0, SNIPPET_CHARS);
  try {
    let response: Response;
    let text: string | null;
    try {
      response = await options.fetch(options.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: form.toString(),
        signal: controller.signal,
        redirect: 'error',
      });
      // The deadline covers the whole answer: a provider that sends headers and then stalls is no answer.
      text = await readLimited(response, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return unknownResult(`no answer within ${options.timeoutMs} ms`);
      return unknownResult(redact(`network error: ${describeError(error)}`));
    }
    const httpStatus = response.status;
    if (text === null) return unknownResult(`answer larger than ${MAX_ANSWER_BYTES} bytes`, { httpStatus });
    const body = text.replace(/^\uFEFF/, '').trim();
    if (httpStatus >= 500) return unknownResult(`HTTP ${httpStatus}`, { httpStatus, snippet: snippet(body) });
    if (/^<(!doctype|html|\?xml|head|body)/i.test(body) || /^text\/html/i.test(response.headers.get('content-type') ?? '')) {
      return unknownResult('an HTML page instead of JSON', { httpStatus, snippet: snippet(body) });
    }
    let json: unknown;
    try {
      // The reviver redacts every string, key and number the provider sent, \u escapes undone.
      json = JSON.parse(body, redactingReviver(redact));
    } catch {
      return unknownResult(body.length === 0 ? 'an empty answer' : 'an answer that is not JSON', { httpStatus, snippet: snippet(body) });
    }
    return { ok: true, json, httpStatus };
  } finally {
    clearTimeout(timer);
  }
}
