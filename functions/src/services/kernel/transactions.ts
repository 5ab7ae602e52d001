// Every write of the domain runs through here: one Firestore transaction with a total deadline, retried
// only when it lost to concurrent ones, with the Idempotency-Key claimed by a `create` in the same
// transaction, so a retry either replays the first answer (or refusal) or moves no money.
import { createHash } from 'node:crypto';
import { type DocumentReference, type DocumentSnapshot, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../lib/admin';
import { config } from '../../lib/config';
import { AppError, busy } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { getAllOf, timestampSchema, typedCollection } from '../../lib/typed-collection';
import { ERROR_CODES, type ErrorCode } from '../../shared/errors';
import { MESSAGES } from '../../shared/messages';

/** What a transaction decided, and whether it is a replay of what an Idempotency-Key's first request was answered. */
export interface Decided<T> {
  value: T;
  replayed: boolean;
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

/** idempotency/{hash}: what a request under an Idempotency-Key was answered. */
const idempotencyRecordSchema = z.object({
  scope: z.string(),
  uid: z.string(),
  requestHash: z.string(),
  /** The value decided (JSON; the route chooses the HTTP status), or the refusal (an error's code, message and field). */
  body: z.string().optional(),
  refusal: z.object({ code: z.enum(ERROR_CODES), message: z.string(), field: z.string().optional() }).optional(),
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
});
export type IdempotencyRecord = z.infer<typeof idempotencyRecordSchema>;

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
  return typedCollection('idempotency', idempotencyRecordSchema).doc(sha256(`${scope}\u0000${uid}\u0000${key}`));
}

export interface TransactionOptions {
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
class Replay {
  constructor(readonly value: unknown) {}
}

/** Thrown inside a transaction whose deadline passed before it could commit: it rolls back. */
class DeadlinePassed extends Error {}

/** A single-attempt transaction (see transact's `once`) lost to a concurrent one: nothing was written. */
export class Contended extends Error {
  constructor() {
    super('transaction contended');
  }
}

/**
 * Refusals a key remembers (as Stripe does): the request ran and a business rule said no. Not
 * remembered: contention and failures (nothing was decided, a retry may succeed), and the key's own
 * conflict.
 */
const UNREMEMBERED: readonly ErrorCode[] = ['busy', 'internal', 'idempotency_conflict', 'invalid_token', 'rate_limited'];
export const isRemembered = (code: ErrorCode) => !UNREMEMBERED.includes(code);

/** A refusal replayed from an Idempotency-Key record (the error handler marks the answer as replayed). */
export class ReplayedRefusal extends AppError {}

/**
 * Runs `work` in a transaction. With a key: a stored answer for the same request is returned as it
 * was (replayed: true), a stored refusal is thrown again, and nothing else happens; the same key with
 * another request is a 409; a new key is claimed together with the writes of `work`, or with its
 * refusal. `work` must do all its reads before its writes and must not call the network; it throws
 * AppError to refuse, which rolls everything back.
 *
 * Only contention is retried (ABORTED, and the emulator's "Transaction is invalid or closed"), with the
 * SDK's backoff, and never past `config.transactionDeadlineMs`: then it answers `busy` with nothing
 * written, well before the platform's timeout could answer a client whose transaction commits later.
 */
export async function runInTransaction<T>(
  options: IdempotencyOptions | null,
  work: (tx: Transaction, now: Timestamp, read: TransactionRead) => Promise<T>,
  { precondition, batchedReads = false }: TransactionOptions = {},
): Promise<Decided<T>> {
  const ref = options?.key ? idempotencyRef(options.scope, options.uid, options.key) : null;
  const requestHash = options ? sha256(canonicalJson(options.request)) : '';
  const deadline = Date.now() + config.transactionDeadlineMs;
  try {
    return await transact(deadline, async (tx, beforeCommit) => {
      const now = Timestamp.now();
      let checked = ref === null;
      let existing: IdempotencyRecord | undefined;
      const check = (snap: DocumentSnapshot<IdempotencyRecord> | undefined) => {
        checked = true;
        existing = checkRecord(snap, options, requestHash, now);
      };
      const read: TransactionRead = async (...refs) => {
        if (checked || !ref) return refs.length > 0 ? tx.getAll(...refs) : [];
        const [snap, ...rest] = await getAllOf(tx, ref, ...refs);
        check(snap);
        return rest;
      };
      try {
        if (ref && !batchedReads) check(await tx.get(ref));
        const value = await work(tx, now, read);
        if (ref && options) {
          if (!checked) throw new Error('work wrote without reading the Idempotency-Key record first');
          claim(tx, ref, existing, { ...recordBase(options, requestHash, now), body: JSON.stringify(value ?? null) });
        }
        await precondition;
        beforeCommit();
        return { value, replayed: false };
      } catch (error) {
        if (!(error instanceof Replay)) throw error;
        await precondition;
        return { value: error.value as T, replayed: true };
      }
    });
  } catch (error) {
    if (ref && options && error instanceof AppError && isRemembered(error.code) && !(error instanceof ReplayedRefusal)) {
      await precondition;
      await rememberRefusal(ref, options, requestHash, error, deadline);
    }
    throw error;
  }
}

/** The stored record if it is still valid for this request; throws to replay it or on a conflict. */
function checkRecord(
  snap: DocumentSnapshot<IdempotencyRecord> | undefined,
  options: IdempotencyOptions | null,
  requestHash: string,
  now: Timestamp,
): IdempotencyRecord | undefined {
  const found = readRecord(snap, options?.scope, requestHash, now);
  if (found.kind === 'conflict') throw new AppError('idempotency_conflict', MESSAGES.idempotencyConflict, 'Idempotency-Key');
  if (found.kind === 'refusal') throw new ReplayedRefusal(found.refusal.code, found.refusal.message, found.refusal.field);
  if (found.kind === 'answer') throw new Replay(found.value);
  return found.record;
}

/** What a key's record says of a request: nothing yet (or expired: `record` to replace), its answer or refusal to replay, or a conflict. */
export type RecordReading =
  | { kind: 'none'; record?: IdempotencyRecord }
  | { kind: 'answer'; value: unknown }
  | { kind: 'refusal'; refusal: NonNullable<IdempotencyRecord['refusal']> }
  | { kind: 'conflict' };

export function readRecord(
  snap: DocumentSnapshot<IdempotencyRecord> | undefined,
  scope: string | undefined,
  requestHash: string,
  now: Timestamp,
): RecordReading {
  const record = snap?.data();
  if (!record) return { kind: 'none' };
  if (record.expiresAt.toMillis() <= now.toMillis()) return { kind: 'none', record };
  if (record.requestHash !== requestHash || record.scope !== scope) return { kind: 'conflict' };
  if (record.refusal) return { kind: 'refusal', refusal: record.refusal };
  return { kind: 'answer', value: JSON.parse(record.body ?? 'null') };
}

export function recordBase(options: IdempotencyOptions, requestHash: string, now: Timestamp) {
  return {
    scope: options.scope,
    uid: options.uid,
    requestHash,
    createdAt: now,
    expiresAt: Timestamp.fromMillis(now.toMillis() + config.idempotencyTtlMs),
  };
}

/** An expired record is replaced; otherwise the claim is a create, so two racing transactions cannot both claim the key. */
export function claim(
  tx: Transaction,
  ref: DocumentReference<IdempotencyRecord>,
  existing: IdempotencyRecord | undefined,
  record: IdempotencyRecord,
) {
  if (existing) tx.set(ref, record);
  else tx.create(ref, record);
}

/**
 * Stores a refusal under its key in a transaction of its own (the refused one rolled back whatever
 * it had queued). A racing request with the same key that claimed it first wins: its answer stands.
 */
export async function rememberRefusal(
  ref: DocumentReference<IdempotencyRecord>,
  options: IdempotencyOptions,
  requestHash: string,
  error: AppError,
  deadline: number,
) {
  const refusal = { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) };
  await transact(deadline, async (tx, beforeCommit) => {
    const now = Timestamp.now();
    const snap = await tx.get(ref);
    const existing = snap.data();
    if (existing && existing.expiresAt.toMillis() > now.toMillis()) return;
    claim(tx, ref, existing, { ...recordBase(options, requestHash, now), refusal });
    beforeCommit();
  }).catch((failure: unknown) => {
    // The refusal itself stands and is answered; only its memory is lost, and a retry with the key is
    // decided anew.
    logger.warn('Could not remember a refusal under its Idempotency-Key', {
      scope: options.scope,
      code: error.code,
      failure: failure instanceof Error ? failure.message : String(failure),
    });
  });
}

/** Contention: the transaction lost to concurrent ones and committed nothing. */
function isContention(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 10 || isClosed(code, message);
}

/**
 * The emulator ends a transaction that lost a lock conflict with INVALID_ARGUMENT "Transaction is
 * invalid or closed" (production answers ABORTED); the SDK does not retry it, so transact does.
 */
const isClosed = (code: unknown, message: unknown) =>
  code === 3 && typeof message === 'string' && message.includes('Transaction is invalid or closed');

const WRAPPED = Symbol('commit wrapped');

export interface TransactOptions {
  /** One attempt only: contention throws `Contended` (nothing written) instead of being retried. */
  once?: boolean;
  /** Checked like the deadline: once it says true, no attempt starts or commits any more (busy). */
  stop?: () => boolean;
}

/** Carries a failure out of the SDK's retry loop, which would otherwise retry many kinds of failure. */
class NotRetryable extends Error {
  constructor(readonly original: unknown) {
    super('not retryable');
  }
}

const asNotRetryable = (error: unknown) => {
  const { code } = error as { code?: unknown };
  return typeof code === 'number' && !isContention(error) ? new NotRetryable(error) : error;
};

/**
 * Runs `fn` in a Firestore transaction until it commits, fails with anything but contention, or the
 * deadline comes: then `busy`, with nothing written.
 *
 * Contention is retried by the SDK (its backoff, from about a second, and its retry hint, which lets a
 * retried transaction keep its place: without them the emulator's aborting locks livelock), and the
 * emulator's "closed" answer by the loop here. Any other failure, of a read or of the commit, is taken
 * out of the SDK's loop as it happens (the SDK would retry UNKNOWN, INTERNAL, UNAVAILABLE… up to its
 * attempts, each after a longer wait). `fn` calls `beforeCommit()` just before it returns (and so
 * commits): past the deadline it throws there, so the attempt rolls back; an attempt still reading at
 * the deadline is abandoned the same way. Once an attempt is committing, its outcome is awaited.
 */
export async function transact<R>(
  deadline: number,
  fn: (tx: Transaction, beforeCommit: () => void) => Promise<R>,
  { once = false, stop }: TransactOptions = {},
): Promise<R> {
  for (let closedRetries = 0; ; closedRetries++) {
    let abandoned = false;
    let committing = false;
    const ended = () => abandoned || Date.now() >= deadline || stop?.() === true;
    const beforeCommit = () => {
      if (ended()) throw new DeadlinePassed();
      committing = true;
    };
    const running = db.runTransaction(
      async (tx) => {
        if (ended()) throw new DeadlinePassed();
        committing = false;
        // The commit happens inside the SDK after fn returns: its failure must leave the loop too. (The
        // SDK runs every attempt on the same Transaction object, so it is wrapped once.)
        const internal = tx as unknown as { commit: () => Promise<unknown>; [WRAPPED]?: true };
        if (!internal[WRAPPED]) {
          const commit = internal.commit.bind(tx);
          internal.commit = () => commit().catch((error: unknown) => Promise.reject(asNotRetryable(error)));
          internal[WRAPPED] = true;
        }
        try {
          return await fn(tx, beforeCommit);
        } catch (error) {
          throw asNotRetryable(error);
        }
      },
      { maxAttempts: once ? 1 : config.transactionAttempts },
    );
    let timer: NodeJS.Timeout | undefined;
    const timeUp = new Promise<'time-up'>((done) => {
      timer = setTimeout(() => done('time-up'), Math.max(0, deadline - Date.now()));
    });
    try {
      const first = await Promise.race([running, timeUp]);
      if (first === 'time-up' && !committing) {
        abandoned = true;
        running.catch(() => undefined);
        throw busy();
      }
      return first === 'time-up' ? await running : (first as R);
    } catch (error) {
      if (error instanceof DeadlinePassed) throw busy();
      if (error instanceof NotRetryable) throw error.original;
      const { code, message } = error as { code?: unknown; message?: unknown };
      if (once && isContention(error)) throw new Contended();
      // ABORTED here: the SDK spent its attempts.
      if (code === 10) throw busy();
      if (!isClosed(code, message)) throw error;
      const delayMs = Math.random() * 50 * (closedRetries + 1);
      if (Date.now() + delayMs >= deadline) throw busy();
      await new Promise((done) => setTimeout(done, delayMs));
    } finally {
      clearTimeout(timer);
    }
  }
}
