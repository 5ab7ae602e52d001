// Opaque cursors for lists ordered newest first by one timestamp field, with the document id as the
// tie-breaker so no item is skipped or repeated when two share a time.
import { FieldPath, type Query, Timestamp } from 'firebase-admin/firestore';
import { badRequest } from './http-error';

interface CursorData {
  t: number;
  id: string;
}

export function encodeCursor(time: Timestamp, id: string): string {
  return Buffer.from(JSON.stringify({ t: time.toMillis(), id } satisfies CursorData)).toString('base64url');
}

function decodeCursor(cursor: string): CursorData {
  try {
    const data = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorData>;
    if (
      typeof data.t === 'number' &&
      Number.isSafeInteger(data.t) &&
      typeof data.id === 'string' &&
      data.id.length > 0 &&
      data.id.length <= 200
    ) {
      return { t: data.t, id: data.id };
    }
  } catch {
    // fall through to the error below
  }
  throw badRequest('Invalid cursor', 'cursor');
}

/** Runs `query` ordered by `field` descending from `cursor`; returns one page and the next cursor. */
export async function pageNewestFirst<T>(
  query: Query,
  field: string,
  page: { limit: number; cursor?: string | undefined },
  toItem: (doc: FirebaseFirestore.QueryDocumentSnapshot) => T,
): Promise<{ items: T[]; nextCursor: string | null }> {
  let ordered = query.orderBy(field, 'desc').orderBy(FieldPath.documentId(), 'desc');
  if (page.cursor) {
    const { t, id } = decodeCursor(page.cursor);
    ordered = ordered.startAfter(Timestamp.fromMillis(t), id);
  }
  const snap = await ordered.limit(page.limit + 1).get();
  const docs = snap.docs.slice(0, page.limit);
  const last = docs.at(-1);
  const nextCursor = snap.docs.length > page.limit && last ? encodeCursor(last.get(field) as Timestamp, last.id) : null;
  return { items: docs.map(toItem), nextCursor };
}
