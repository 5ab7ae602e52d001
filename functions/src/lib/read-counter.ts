// Counts the Firestore documents a piece of work reads, as Firestore bills them, so the benchmark can
// put a budget on what production pays (the emulator's timings scan whole collections; a count of
// documents read does not depend on the emulator). Off unless asked for: the app turns it on only on
// the emulators with COUNT_FIRESTORE_READS=true (see readCountingEnabled), and then reports the count
// of each request in X-Firestore-Reads; a production answer never carries it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { DocumentSnapshot, Firestore, Query, QuerySnapshot, Transaction } from 'firebase-admin/firestore';

export const READS_HEADER = 'X-Firestore-Reads';

/** Only on the emulators, and only when the environment asks for it. */
export function readCountingEnabled(env: { COUNT_FIRESTORE_READS?: string | undefined }, usingEmulators: boolean): boolean {
  return usingEmulators && env.COUNT_FIRESTORE_READS === 'true';
}

interface Tally {
  reads: number;
}

const current = new AsyncLocalStorage<Tally>();

/**
 * Billed reads of one answer: a query costs one read per document returned and at least one (an empty
 * result is billed one); an aggregation one per batch of up to 1,000 index entries it counted, at least
 * one (a sum without a count is billed by entries we cannot see: counted as one, a lower bound).
 */
export function billedReads(result: unknown, asked: unknown): number {
  if (result instanceof QuerySnapshot) return Math.max(1, result.size);
  if (Array.isArray(result)) return result.length; // getAll: each document asked for, found or not
  if (result instanceof DocumentSnapshot) return 1;
  // An aggregation (its classes are not exported at run time): the largest of its counts.
  const aggregates = (asked as InternalAggregateQuery | undefined)?._aggregates ?? {};
  const data = (result as { data?: () => Record<string, unknown> }).data?.() ?? {};
  const counts = Object.entries(aggregates)
    .filter(([, a]) => a.aggregateType === 'count')
    .map(([alias]) => Number(data[alias] ?? 0));
  return Math.max(1, Math.ceil(Math.max(0, ...counts) / 1000));
}

interface InternalAggregateQuery {
  _aggregates: Record<string, { aggregateType: string }>;
}

/** AggregateQuery's prototype (the class is not exported at run time): that of any query's aggregate. */
const aggregateQueryPrototype = (): { get: () => Promise<unknown> } =>
  Object.getPrototypeOf(Query.prototype.aggregate.call({} as Query, {}));

let installed = false;

/**
 * The SDK's read calls the counter wraps. DocumentReference.get goes through Firestore.getAll, and a
 * transaction's query through neither Query.get nor getAll: each read is counted once. None of this
 * is the SDK's public contract (docs/decisions/0016: read-counter.test.ts checks it is still there).
 */
const wrappedReads = (): [proto: object, name: string][] => [
  [Query.prototype, 'get'],
  [aggregateQueryPrototype(), 'get'],
  [Firestore.prototype, 'getAll'],
  [Transaction.prototype, 'get'],
  [Transaction.prototype, 'getAll'],
];

/** Wraps the SDK's read calls once per process; a call outside a counted context costs nothing more. */
function install() {
  if (installed) return;
  const targets = wrappedReads();
  // An SDK upgrade that moved a read elsewhere must fail here, not leave the count silently short.
  for (const [proto, name] of targets) {
    if (typeof (proto as Record<string, unknown>)[name] !== 'function') {
      throw new Error(`The read counter finds no ${proto.constructor.name}.prototype.${name} to wrap (docs/decisions/0016)`);
    }
  }
  for (const [proto, name] of targets) {
    const original = (proto as Record<string, unknown>)[name] as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(proto, name, {
      configurable: true,
      writable: true,
      value: function (this: unknown, ...args: unknown[]) {
        const tally = current.getStore();
        const answer = original.apply(this, args);
        return tally
          ? answer.then((result) => {
              tally.reads += billedReads(result, proto === Transaction.prototype ? args[0] : this);
              return result;
            })
          : answer;
      },
    });
  }
  installed = true;
}

/** Runs `work` counting the documents it reads (work started inside it and awaited by it included). */
export async function countReads<T>(work: () => Promise<T>): Promise<{ result: T; reads: number }> {
  install();
  const tally: Tally = { reads: 0 };
  const result = await current.run(tally, work);
  return { result, reads: tally.reads };
}

/** For the app: a tally for one request; `run` runs the rest of the request inside it. */
export function requestTally(): { run: (next: () => void) => void; reads: () => number } {
  install();
  const tally: Tally = { reads: 0 };
  return { run: (next) => current.run(tally, next), reads: () => tally.reads };
}
