// Every money move runs through here: one Firestore transaction, with the Idempotency-Key claimed by a
// `create` in the same transaction, so a retry either replays the first answer or moves no money.
import { createHash } from 'node:crypto';
import { type DocumentReference, type DocumentSnapshot, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin';
import { config } from '../lib/config';
import { busy, HttpError } from '../lib/http-error';
import { MESSAGES } from '../shared/messages';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

export interface IdempotencyOptions {
  /** What kind of request (e.g. "order.place"); a key is unique per caller and scope. */
  scope: string;
  /** The caller's uid. */
  uid: string;
  /** The client's Idempotency-Key header, if any. */
  key?: string | undefined;
  /** Anything that identifies the request body: a repeat must send the same. */
  request: unknown;
}

interface IdempotencyRecord {
  scope: string;
  uid: string;
  requestHash: string;
  status: number;
  body: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** JSON with object keys sorted, so equal bodies hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function idempotencyRef(scope: string, uid: string, key: string) {
  return db.collection('idempotency').doc(sha256(`${scope}\u0000${uid}\u0000${key}`));
}

export interface MoneyTransactionOptions {
  /**
   * Awaited before the transaction commits (after `work` queued its writes): a check started before
   * the transaction, such as the token revocation check, that runs while the transaction reads.
   * When it rejects, nothing is written and its error is thrown.
   */
  precondition?: Promise<unknown> | undefined;
  /**
   * `work` makes its first reads through the `read` it is given, which fetches the Idempotency-Key
   * record in the same round trip; otherwise the record is read first, on its own.
   */
  batchedReads?: boolean;
}

/** Reads documents in the transaction, in one round trip, snapshots in the order asked. */
export type TransactionRead = (...refs: DocumentReference[]) => Promise<DocumentSnapshot[]>;

/** Thrown inside a transaction when the key's stored answer is to be replayed instead of the work. */
class Replay<T> {
  constructor(readonly answer: Answer<T>) {}
}

/**
 * Runs `work` in a transaction. With a key: a stored answer for the same request is returned as it
 * was (replayed: true) and nothing else happens; the same key with another request is a 409; a new
 * key is claimed together with the writes of `work`. `work` must do all its reads before its writes
 * and must not call the network; it throws HttpError to refuse, which rolls everything back.
 */
export async function runMoneyTransaction<T>(
  options: IdempotencyOptions | null,
  work: (tx: Transaction, now: Timestamp, read: TransactionRead) => Promise<Answer<T>>,
  { precondition, batchedReads = false }: MoneyTransactionOptions = {},
): Promise<Answer<T> & { replayed: boolean }> {
  const ref = options?.key ? idempotencyRef(options.scope, options.uid, options.key) : null;
  const requestHash = options ? sha256(canonicalJson(options.request)) : '';
  return retryContended(() =>
    db.runTransaction(
      async (tx) => {
        const now = Timestamp.now();
        let checked = ref === null;
        let existing: IdempotencyRecord | undefined;
        const check = (snap: DocumentSnapshot | undefined) => {
          checked = true;
          const record = snap?.data() as IdempotencyRecord | undefined;
          if (!record) return;
          existing = record;
          if (record.expiresAt.toMillis() <= now.toMillis()) return;
          if (record.requestHash !== requestHash || record.scope !== options?.scope) {
            throw new HttpError(409, MESSAGES.idempotencyConflict, 'Idempotency-Key');
          }
          throw new Replay<T>({ status: record.status, body: JSON.parse(record.body) as T });
        };
        const read: TransactionRead = async (...refs) => {
          if (checked || !ref) return refs.length > 0 ? tx.getAll(...refs) : [];
          const [snap, ...rest] = await tx.getAll(ref, ...refs);
          check(snap);
          return rest;
        };
        try {
          if (ref && !batchedReads) check(await tx.get(ref));
          const answer = await work(tx, now, read);
          if (ref) {
            if (!checked) throw new Error('work wrote without reading the Idempotency-Key record first');
            const fresh: IdempotencyRecord = {
              scope: options?.scope ?? '',
              uid: options?.uid ?? '',
              requestHash,
              status: answer.status,
              body: JSON.stringify(answer.body),
              createdAt: now,
              expiresAt: Timestamp.fromMillis(now.toMillis() + config.idempotencyTtlMs),
            };
            // An expired record is replaced; otherwise the claim is a create, so two racing
            // transactions cannot both claim the key.
            if (existing) tx.set(ref, fresh);
            else tx.create(ref, fresh);
          }
          await precondition;
          return { ...answer, replayed: false };
        } catch (error) {
          if (!(error instanceof Replay)) throw error;
          await precondition;
          return { ...(error.answer as Answer<T>), replayed: true };
        }
      },
      // The SDK retries ABORTED itself, with a backoff from about a second: that spreads contending
      // transactions out (tried: a short backoff of our own made the emulator's lock conflicts a
      // livelock, 50 parallel orders on one account taking minutes).
      { maxAttempts: config.transactionAttempts },
    ),
  );
}

/**
 * Maps the outcomes of a transaction that lost to concurrent ones, none of which committed anything:
 * ABORTED after every SDK attempt answers 503; the emulator's INVALID_ARGUMENT "Transaction is invalid
 * or closed" (it ends a transaction that lost a lock conflict; production answers ABORTED, which the
 * SDK retries) is run again.
 */
async function retryContended<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const { code, message } = error as { code?: unknown; message?: string };
      const closed = code === 3 && typeof message === 'string' && message.includes('Transaction is invalid or closed');
      if (code === 10 || (closed && attempt >= 10)) {
        throw busy();
      }
      if (!closed) throw error;
      await new Promise((done) => setTimeout(done, Math.random() * 50 * attempt));
    }
  }
}
