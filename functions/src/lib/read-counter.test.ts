// The read counter wraps Firestore SDK internals (docs/decisions/0016). An SDK upgrade that renames or
// moves one of them fails here, by name, instead of leaving X-Firestore-Reads and the benchmark's read
// budgets silently short; read-counter.emulator.test.ts checks the counts end to end.
import {
  AggregateField,
  DocumentReference,
  DocumentSnapshot,
  Firestore,
  Query,
  QuerySnapshot,
  Transaction,
} from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { billedReads, countReads } from './read-counter';

// Built without a connection: nothing here sends a request.
const firestore = new Firestore({ projectId: 'demo-read-counter' });
const query = firestore.collection('things');

const method = (proto: object, name: string) => (proto as Record<string, unknown>)[name];

describe('the SDK internals the read counter wraps', () => {
  it('has the read calls it wraps, with the arguments it reads', () => {
    expect(method(Query.prototype, 'get')).toBeTypeOf('function');
    expect(method(Firestore.prototype, 'getAll')).toBeTypeOf('function');
    expect(method(Transaction.prototype, 'get')).toBeTypeOf('function');
    expect(method(Transaction.prototype, 'getAll')).toBeTypeOf('function');
    // What a transaction's get was asked for is its first argument (billedReads reads an aggregate's).
    expect(Transaction.prototype.get.length).toBe(1);
  });

  it('reads a document through Firestore.getAll, where the counter counts it', () => {
    expect(String(DocumentReference.prototype.get)).toMatch(/\._firestore\.getAll\(this\)/);
  });

  it('finds AggregateQuery (not exported) as the prototype of a query’s aggregate, with its own get', () => {
    const count = query.count();
    const fromQuery = Object.getPrototypeOf(Query.prototype.aggregate.call({} as Query, {}));
    expect(Object.getPrototypeOf(count)).toBe(fromQuery);
    expect(fromQuery.constructor.name).toBe('AggregateQuery');
    expect(Object.hasOwn(fromQuery, 'get')).toBe(true);
    expect(fromQuery.get).toBeTypeOf('function');
  });

  it('keeps an aggregation’s kinds in _aggregates, which billedReads reads', () => {
    const count = query.count() as unknown as { _aggregates: Record<string, { aggregateType: string }> };
    const sum = query.aggregate({ total: AggregateField.sum('n') }) as unknown as typeof count;
    expect(count._aggregates).toEqual({ count: expect.objectContaining({ aggregateType: 'count' }) });
    expect(sum._aggregates).toEqual({ total: expect.objectContaining({ aggregateType: 'sum' }) });
    const answer = (counted: number) => ({ data: () => ({ count: counted }) });
    expect(billedReads(answer(2_500), count)).toBe(3);
    expect(billedReads(answer(0), count)).toBe(1);
  });

  it('tells snapshots apart by classes the SDK exports at run time', () => {
    expect(QuerySnapshot).toBeTypeOf('function');
    expect(DocumentSnapshot).toBeTypeOf('function');
  });

  it('installs over all of them, once, and counts nothing that was not read', async () => {
    const before = method(Query.prototype, 'get');
    expect(await countReads(async () => 'no reads')).toEqual({ result: 'no reads', reads: 0 });
    const wrapped = method(Query.prototype, 'get');
    expect(wrapped).not.toBe(before);
    await countReads(async () => undefined);
    expect(method(Query.prototype, 'get')).toBe(wrapped);
  });
});
