// The benchmark's read counter: documents read counted as Firestore bills them, per request in
// X-Firestore-Reads only when the app is told to count, and never otherwise.
import { randomUUID } from 'node:crypto';
import { AggregateField, Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, fund, type TestUser } from '../../../tests/support/api';
import { countingApiForFile } from '../../../tests/support/counting-api';
import { db } from './admin';
import { countReads, READS_HEADER, readCountingEnabled } from './read-counter';

const plain = apiServerForFile();
const counting = countingApiForFile();
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  admin = await createUser({ admin: true });
  user = await createUser();
  await fund(user, 2000);
});

async function seed(collection: string, count: number) {
  for (let from = 0; from < count; from += 500) {
    const batch = db.batch();
    for (let i = from; i < Math.min(count, from + 500); i++) batch.set(db.collection(collection).doc(`d${i}`), { i, kind: i % 2 });
    await batch.commit();
  }
}

describe('countReads', () => {
  it('counts documents as Firestore bills them: each returned, an empty query one, a getAll each asked', async () => {
    const name = `reads-${randomUUID().slice(0, 8)}`;
    await seed(name, 5);
    const col = db.collection(name);
    expect((await countReads(() => col.doc('d1').get())).reads).toBe(1);
    expect((await countReads(() => col.doc('missing').get())).reads).toBe(1);
    expect((await countReads(() => col.where('kind', '==', 0).get())).reads).toBe(3);
    expect((await countReads(() => col.where('kind', '==', 7).get())).reads).toBe(1);
    expect((await countReads(() => db.getAll(col.doc('d0'), col.doc('d1'), col.doc('nope')))).reads).toBe(3);
    const inTransaction = await countReads(() =>
      db.runTransaction(async (tx) => {
        await tx.get(col.doc('d0'));
        await tx.getAll(col.doc('d1'), col.doc('d2'));
        await tx.get(col.limit(2));
      }),
    );
    expect(inTransaction.reads).toBe(5);
    // Work outside any count is not counted, and two counts side by side keep their own tallies.
    const [a, b] = await Promise.all([countReads(() => col.get()), countReads(() => col.doc('d0').get())]);
    expect([a.reads, b.reads]).toEqual([5, 1]);
  });

  it('counts an aggregation one read per 1,000 index entries counted, a sum as no count', async () => {
    const name = `reads-${randomUUID().slice(0, 8)}`;
    await seed(name, 1001);
    const col = db.collection(name);
    expect((await countReads(() => col.count().get())).reads).toBe(2);
    expect((await countReads(() => col.where('kind', '==', 1).count().get())).reads).toBe(1);
    // A sum of 500,500 is not a count of entries.
    expect((await countReads(() => col.aggregate({ total: AggregateField.sum('i') }).get())).reads).toBe(1);
  });
});

describe('X-Firestore-Reads', () => {
  it('says how many documents a request read, a POST with a body included', async () => {
    const order = await call(counting.url, 'POST', '/api/order/place', {
      token: user.token,
      body: { serviceId: 'tt-views-fast', link: 'https://www.tiktok.com/@reads/video/1', quantity: 1000 },
    });
    expect(order.status).toBe(201);
    expect(Number(order.headers.get(READS_HEADER))).toBeGreaterThan(1);
    const health = await call(counting.url, 'GET', '/api/health');
    expect(health.headers.get(READS_HEADER)).toBe('0');
  });

  it("reads the same for the admin's first page however many orders there are", async () => {
    const firstPage = async () => {
      const res = await call(counting.url, 'GET', '/api/admin/order?limit=5', { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.orders).toHaveLength(5);
      return Number(res.headers.get(READS_HEADER));
    };
    const place = (i: number) =>
      call(counting.url, 'POST', '/api/order/place', {
        token: user.token,
        body: { serviceId: 'tt-views-fast', link: `https://www.tiktok.com/@reads/video/${i + 10}`, quantity: 1000 },
      });
    for (let i = 0; i < 6; i++) expect((await place(i)).status).toBe(201);
    const few = await firstPage();
    const batch = db.batch();
    for (let i = 0; i < 300; i++) {
      batch.set(db.collection('orders').doc(`8${String(i).padStart(12, '0')}`), {
        userId: 'reads-scale',
        user: { _id: 'reads-scale', name: 'Scale', email: 'scale@example.com' },
        platform: 'tiktok',
        serviceId: 'tt-views-fast',
        service: 'TikTok Views Video Views',
        link: `https://www.tiktok.com/@scale/video/${i}`,
        quantity: 1000,
        pricePaisa: 2000,
        status: 'completed',
        createdAt: Timestamp.fromMillis(Date.UTC(2024, 0, 1) + i),
        updatedAt: Timestamp.fromMillis(Date.UTC(2024, 0, 1) + i),
      });
    }
    await batch.commit();
    expect(await firstPage()).toBe(few);
    // The page's orders (one more tells whether a next page exists) and their fulfilment.
    expect(few).toBe(6 + 5);
  });

  it('is never in an answer of the app as production runs it', async () => {
    const res = await call(plain.url, 'GET', '/api/admin/order?limit=5', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get(READS_HEADER)).toBeNull();
    expect(readCountingEnabled({ COUNT_FIRESTORE_READS: 'true' }, false)).toBe(false);
    expect(readCountingEnabled({}, true)).toBe(false);
    expect(readCountingEnabled({ COUNT_FIRESTORE_READS: 'true' }, true)).toBe(true);
  });
});
