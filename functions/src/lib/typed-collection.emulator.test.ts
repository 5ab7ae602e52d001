// Typed collections on the emulators: a document its schema refuses is refused on read, whichever way it is
// read, with the collection, the document and the issue in the error; one that matches reads typed and as
// stored; production's converter (no check) reads either as stored.
import { randomUUID } from 'node:crypto';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { db } from './admin';
import {
  DocumentMismatchError,
  dataOf,
  documentConverter,
  getAllGrouped,
  getAllOf,
  timestampSchema,
  typedCollection,
  typedDoc,
} from './typed-collection';

const thingSchema = z.object({ name: z.string(), count: z.number().int(), at: timestampSchema, note: z.string().optional() });
type Thing = z.infer<typeof thingSchema>;
const otherSchema = z.object({ flag: z.boolean() });

/** A collection of its own per test, with `docs` written raw (as any writer, old or new, could have). */
async function collectionWith(docs: Record<string, Record<string, unknown>>) {
  const name = `typed-${randomUUID().slice(0, 8)}`;
  const batch = db.batch();
  for (const [id, data] of Object.entries(docs)) batch.set(db.collection(name).doc(id), data);
  await batch.commit();
  return name;
}

const at = Timestamp.fromMillis(Date.UTC(2026, 0, 31));

describe('typedCollection on the emulators', () => {
  it('reads a matching document typed, as stored (fields the schema does not name included)', async () => {
    const name = await collectionWith({ good: { name: 'a', count: 2, at, extra: 'kept' } });
    const things = typedCollection(name, thingSchema);
    const snap = await things.doc('good').get();
    const thing = snap.data();
    expectTypeOf(thing).toEqualTypeOf<Thing | undefined>();
    expect(thing).toEqual({ name: 'a', count: 2, at, extra: 'kept' });
    expect(thing?.at).toBeInstanceOf(Timestamp);
    const [queried] = (await things.where('count', '==', 2).get()).docs;
    expect(queried?.data().name).toBe('a');
    expect((await things.doc('missing').get()).data()).toBeUndefined();
  });

  it('refuses a document that does not match, naming the collection, the document and the issue', async () => {
    const name = await collectionWith({ bad: { name: 'b', count: 'two', at } });
    const things = typedCollection(name, thingSchema);
    const snap = await things.doc('bad').get();
    let error: unknown;
    try {
      snap.data();
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(DocumentMismatchError);
    expect((error as Error).message).toBe(
      `Document bad of collection ${name} does not match its schema: count: Invalid input: expected number, received string`,
    );
    expect(error).toMatchObject({ collection: name, id: 'bad', issues: [expect.objectContaining({ path: ['count'] })] });
  });

  it('refuses it however it is read: a query, a transaction, getAll, a subcollection, a single typed document', async () => {
    const name = await collectionWith({ bad: { name: 'b', count: 1 }, 'bad/items/one': { name: 'c', count: 1.5, at } });
    const things = typedCollection(name, thingSchema);
    const missingAt = `Document bad of collection ${name} does not match its schema: at: `;
    await expect((async () => (await things.get()).docs.map((d) => d.data()))()).rejects.toThrow(missingAt);
    await expect(db.runTransaction(async (tx) => (await tx.get(things.doc('bad'))).data())).rejects.toThrow(missingAt);
    await expect((async () => (await getAllOf(db, things.doc('bad')))[0].data())()).rejects.toThrow(missingAt);
    const items = typedCollection(db.collection(name).doc('bad').collection('items'), thingSchema);
    await expect((async () => (await items.doc('one').get()).data())()).rejects.toThrow(
      `Document one of collection ${name}/bad/items does not match its schema: count: Invalid input: expected int, received number`,
    );
    await expect((async () => (await typedDoc(`${name}/bad`, thingSchema).get()).data())()).rejects.toThrow(missingAt);
  });

  it('checks a snapshot read untyped the same way (a trigger’s before and after)', async () => {
    const name = await collectionWith({ good: { name: 'a', count: 1, at }, bad: { name: 'b' } });
    expect(dataOf(await db.collection(name).doc('good').get(), thingSchema)?.count).toBe(1);
    expect(dataOf(await db.collection(name).doc('missing').get(), thingSchema)).toBeUndefined();
    expect(dataOf(undefined, thingSchema)).toBeUndefined();
    const bad = await db.collection(name).doc('bad').get();
    expect(() => dataOf(bad, thingSchema)).toThrow(`Document bad of collection ${name} does not match its schema: count: `);
  });

  it('writes what it is given: sentinels as sentinels, merges as merges', async () => {
    const name = `typed-${randomUUID().slice(0, 8)}`;
    const things = typedCollection(name, thingSchema);
    await things.doc('new').set({ name: 'n', count: 1, at: FieldValue.serverTimestamp() });
    await things.doc('new').set({ count: FieldValue.increment(2) }, { merge: true });
    const stored = (await db.collection(name).doc('new').get()).data();
    expect(stored).toEqual({ name: 'n', count: 3, at: expect.any(Timestamp) });
    expect((await things.doc('new').get()).data()?.count).toBe(3);
  });
});

describe('getAllOf and getAllGrouped', () => {
  it('read documents of different types in one round trip, each snapshot typed as its reference', async () => {
    const name = await collectionWith({ a: { name: 'a', count: 1, at }, b: { name: 'b', count: 2, at }, f: { flag: true } });
    const things = typedCollection(name, thingSchema);
    const others = typedCollection(name, otherSchema);
    const [a, f] = await getAllOf(db, things.doc('a'), others.doc('f'));
    expectTypeOf(a.data()).toEqualTypeOf<Thing | undefined>();
    expect([a.data()?.name, f.data()?.flag]).toEqual(['a', true]);
    const grouped = await db.runTransaction((tx) =>
      getAllGrouped(tx, { things: [things.doc('a'), things.doc('missing'), things.doc('b')], none: [], others: [others.doc('f')] }),
    );
    expect(grouped.things.map((s) => s.data()?.count)).toEqual([1, undefined, 2]);
    expect(grouped.none).toEqual([]);
    expect(grouped.others.map((s) => s.data()?.flag)).toEqual([true]);
    const sliced = await getAllGrouped(db, { things: [things.doc('a'), things.doc('b')], others: [others.doc('f')] }, 2);
    expect([sliced.things.map((s) => s.id), sliced.others.map((s) => s.id)]).toEqual([['a', 'b'], ['f']]);
  });
});

describe('the converter in production (no check)', () => {
  it('reads any document as stored, unparsed', async () => {
    const name = await collectionWith({ bad: { name: 'b', count: 'two', extra: 1 } });
    const unchecked = db.collection(name).withConverter(documentConverter(thingSchema, false));
    expect((await unchecked.doc('bad').get()).data()).toEqual({ name: 'b', count: 'two', extra: 1 });
  });
});
