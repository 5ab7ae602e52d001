// Mass orders: one order per line, `service_id | link | quantity` or `service_id | quantity | link`,
// checked against the live catalogue by the same rules as the order form, and the Idempotency-Key of
// each line, derived from its batch's key so that sending a batch again places nothing twice.

import type { Service } from '@shared/answers';
import { takesComments } from '@shared/comments';
import type { Paisa } from '@shared/money';
import { canonicalLink } from '@shared/platforms';
import { LIMITS } from '@shared/schemas/fields';
import { orderFormSchema } from '@/features/orders/components/order-services';
import { orderTotalPaisa } from '@/features/orders/pricing';

/** At most this many orders in one batch (the admin's bulk limit, one figure for both). */
export const MASS_ORDER_MAX_LINES = LIMITS.bulkOrders;
export const MALFORMED_LINE = 'Write the line as service ID | link | quantity';
export const CUSTOM_COMMENTS_LINE = 'Custom Comments services take your comments: order them on the Order Services page';

export type MassLine =
  | { lineNo: number; content: string; ok: true; service: Service; link: string; quantity: number; pricePaisa: Paisa }
  | { lineNo: number; content: string; ok: false; service: Service | null; error: string };

const DIGITS = /^\d+$/;

/** One line (trimmed, not blank) read against the catalogue: an order, or why it cannot be one. */
export function parseMassLine(lineNo: number, content: string, services: readonly Service[]): MassLine {
  const fields = content.split('|').map((field) => field.trim());
  const [id, second, third] = fields;
  if (fields.length !== 3 || !id || !second || !third || !DIGITS.test(id))
    return { lineNo, content, ok: false, service: null, error: MALFORMED_LINE };
  // The link is the field that is not a plain number (both numbers: a bare username, in the first order).
  const [link, quantityText] = DIGITS.test(second) && !DIGITS.test(third) ? [third, second] : [second, third];
  if (!DIGITS.test(quantityText)) return { lineNo, content, ok: false, service: null, error: MALFORMED_LINE };
  // The id customers see (on /api-docs and in API v2 `services`) is the service's number.
  const service = services.find((s) => s.active && s.number === Number(id)) ?? null;
  if (!service) return { lineNo, content, ok: false, service: null, error: `Unknown service ID ${id}` };
  // A line has no room for one comment per line: those services are ordered on the order page.
  if (takesComments(service)) return { lineNo, content, ok: false, service, error: CUSTOM_COMMENTS_LINE };
  const quantity = Number(quantityText);
  // A line is a plain order: no comments, no drip-feed.
  const checked = orderFormSchema(service).safeParse({
    link,
    quantity,
    comments: '',
    dripFeed: false,
    runs: Number.NaN,
    interval: Number.NaN,
  });
  if (!checked.success) return { lineNo, content, ok: false, service, error: checked.error.issues[0]?.message ?? MALFORMED_LINE };
  const pricePaisa = orderTotalPaisa(service.ratePer1000, quantity);
  // The link as the order page and API v2 read it (a scheme-less link, a bare @username for followers).
  const ordered = canonicalLink(service, link);
  if (pricePaisa === null || ordered === null) return { lineNo, content, ok: false, service, error: MALFORMED_LINE };
  return { lineNo, content, ok: true, service, link: ordered, quantity, pricePaisa };
}

/** Every non-blank line of the text, numbered as the textarea shows them (from 1). */
export function parseMassOrder(text: string, services: readonly Service[]): MassLine[] {
  return text
    .split('\n')
    .map((raw, index) => ({ lineNo: index + 1, content: raw.trim() }))
    .filter((line) => line.content !== '')
    .map((line) => parseMassLine(line.lineNo, line.content, services));
}

/** A short, stable hash of a line (cyrb53): keeps the key short whatever the link's length. */
function lineHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * A line's Idempotency-Key: its batch, its number and its content. The same batch sent again sends the
 * same keys (the server replays what it answered); an edited line is another order. Should two
 * contents ever hash alike, the server refuses the key's other request with 409: nothing is placed.
 */
export function lineIdempotencyKey(batchKey: string, line: { lineNo: number; content: string }): string {
  return `mass:${batchKey}:${line.lineNo}:${lineHash(line.content)}`;
}

/** A batch being sent: its key and its text, kept (in sessionStorage) until every line has a definite answer. */
export interface PendingBatch {
  key: string;
  text: string;
}

// Per user: another account signed in on the same tab neither sees nor resends someone else's batch.
const storageKey = (uid: string) => `shohrat.massOrder.batch.${uid}`;

export function loadPendingBatch(uid: string): PendingBatch | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey(uid)) ?? 'null') as Partial<PendingBatch> | null;
    return stored && typeof stored.key === 'string' && typeof stored.text === 'string' ? { key: stored.key, text: stored.text } : null;
  } catch {
    return null;
  }
}

export function savePendingBatch(uid: string, batch: PendingBatch | null): void {
  try {
    if (batch) sessionStorage.setItem(storageKey(uid), JSON.stringify(batch));
    else sessionStorage.removeItem(storageKey(uid));
  } catch {
    // Storage refused (private mode, full): the batch lives as long as the page.
  }
}
