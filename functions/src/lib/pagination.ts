// Opaque cursors for lists ordered by one field (newest or oldest first by a timestamp, or alphabetically
// by a text), with the document id as the tie-breaker so no item is skipped or repeated when two share a value.
import { type DocumentData, FieldPath, type Query, type QueryDocumentSnapshot, Timestamp } from 'firebase-admin/firestore';
import { invalidInput } from './errors';

interface CursorData {
  t: number;
  id: string;
}

const encode = (data: CursorData | TextCursorData) => Buffer.from(JSON.stringify(data)).toString('base64url');

export function encodeCursor(time: Timestamp, id: string): string {
  return encode({ t: time.toMillis(), id });
}

/** The range of Firestore Timestamps (0001-01-01 to 9999-12-31T23:59:59.999Z), in milliseconds. */
const MIN_MILLIS = -62_135_596_800_000;
const MAX_MILLIS = 253_402_300_799_999;

/**
 * The ids this module hands out: auto ids, Auth uids, order and refill numbers, ledger entry ids
 * (`debit-123456789`). A slash, `.`/`..` or a reserved `__x__` id would make the query throw.
 */
const isPlainDocumentId = (id: string) => /^[A-Za-z0-9_-]{1,200}$/.test(id) && !/^__.*__$/.test(id);

/** The cursor's JSON when `isValid` accepts it; otherwise 400 `Invalid cursor`. */
function decodeCursorAs<T>(cursor: string, isValid: (data: Partial<T> & { id?: unknown }) => boolean): T {
  try {
    const data = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<T> & { id?: unknown };
    if (data && typeof data === 'object' && typeof data.id === 'string' && isPlainDocumentId(data.id) && isValid(data)) {
      return data as T;
    }
  } catch {
    // fall through to the error below
  }
  throw invalidInput('Invalid cursor', 'cursor');
}

function decodeCursor(cursor: string): CursorData {
  const { t, id } = decodeCursorAs<CursorData>(
    cursor,
    ({ t }) => typeof t === 'number' && Number.isSafeInteger(t) && t >= MIN_MILLIS && t <= MAX_MILLIS,
  );
  return { t, id };
}

interface TextCursorData {
  s: string;
  id: string;
}

/** Longer than any value the alphabetical lists order by (emails are at most 254 characters). */
const MAX_TEXT_CURSOR = 1000;

type Page = { limit: number; cursor?: string | undefined };
/** A document of the query (typed when the query is a typed collection's, lib/typed-collection.ts). */
type Snapshot<D = DocumentData> = QueryDocumentSnapshot<D>;

/** One page of an ordered query (one document more than the page tells whether another follows). */
async function onePage<T, D>(ordered: Query<D>, page: Page, toItem: (doc: Snapshot<D>) => T, cursorAfter: (last: Snapshot<D>) => string) {
  const snap = await ordered.limit(page.limit + 1).get();
  const docs = snap.docs.slice(0, page.limit);
  const last = docs.at(-1);
  return { items: docs.map(toItem), nextCursor: snap.docs.length > page.limit && last ? cursorAfter(last) : null };
}

/**
 * Runs `query` ordered by the text `field` ascending from `cursor` (its filters may be a range on that
 * field, e.g. a prefix); returns one page and the next cursor.
 */
export async function pageAlphabetical<T, D>(
  query: Query<D>,
  field: string,
  page: Page,
  toItem: (doc: Snapshot<D>) => T,
): Promise<{ items: T[]; nextCursor: string | null }> {
  let ordered = query.orderBy(field).orderBy(FieldPath.documentId());
  if (page.cursor) {
    const { s, id } = decodeCursorAs<TextCursorData>(page.cursor, ({ s }) => typeof s === 'string' && s.length <= MAX_TEXT_CURSOR);
    ordered = ordered.startAfter(s, id);
  }
  return onePage(ordered, page, toItem, (last) => encode({ s: String(last.get(field)), id: last.id }));
}

/** Runs `query` ordered by `field` descending from `cursor`; returns one page and the next cursor. */
export function pageNewestFirst<T, D>(query: Query<D>, field: string, page: Page, toItem: (doc: Snapshot<D>) => T) {
  return pageByTime(query, field, 'desc', page, toItem);
}

/** Runs `query` ordered by `field` ascending from `cursor` (a queue: what waits longest comes first). */
export function pageOldestFirst<T, D>(query: Query<D>, field: string, page: Page, toItem: (doc: Snapshot<D>) => T) {
  return pageByTime(query, field, 'asc', page, toItem);
}

async function pageByTime<T, D>(
  query: Query<D>,
  field: string,
  direction: 'asc' | 'desc',
  page: Page,
  toItem: (doc: Snapshot<D>) => T,
): Promise<{ items: T[]; nextCursor: string | null }> {
  let ordered = query.orderBy(field, direction).orderBy(FieldPath.documentId(), direction);
  if (page.cursor) {
    const { t, id } = decodeCursor(page.cursor);
    ordered = ordered.startAfter(Timestamp.fromMillis(t), id);
  }
  return onePage(ordered, page, toItem, (last) => encodeCursor(last.get(field) as Timestamp, last.id));
}

/**
 * Every document of `query` ordered by `field` then id, `size` at a time, each page read only when the
 * one before was taken (an export streams page after page and never holds the range). The cursor is the
 * last snapshot, so a collection-group query resumes by its full path.
 */
export async function* pagesOf<D>(query: Query<D>, field: string, direction: 'asc' | 'desc', size: number): AsyncGenerator<Snapshot<D>[]> {
  const ordered = query.orderBy(field, direction).orderBy(FieldPath.documentId(), direction);
  let last: Snapshot<D> | undefined;
  for (;;) {
    const { docs } = await (last ? ordered.startAfter(last) : ordered).limit(size).get();
    if (docs.length > 0) yield docs;
    if (docs.length < size) return;
    last = docs.at(-1);
  }
}
