import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, type TestUser } from '../../../tests/support/api';
import { countingApiForFile } from '../../../tests/support/counting-api';
import { providerFields } from '../../../tests/support/providers';
import { db } from '../lib/admin';
import { READS_HEADER } from '../lib/read-counter';
import { CUSTOMER_SHARD_FIELD, CUSTOMER_SHARDS, customerShardOf, foldReports } from '../services/reports/daily-rollups';
import { readOwnShards } from '../services/reports/reports';
import { toRupees } from '../shared/money';
import { REPORT_LIMITS, reportSchema, spendingSchema } from '../shared/reports';

const api = apiServerForFile();
const counting = countingApiForFile();
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  [admin, customer] = await Promise.all([createUser({ admin: true }), createUser()]);
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const pkDay = (ms: number) => new Date(ms + 5 * HOUR).toISOString().slice(0, 10);

async function commit(writes: [string, Record<string, unknown>][]) {
  for (let i = 0; i < writes.length; i += 400) {
    const batch = db.batch();
    for (const [path, data] of writes.slice(i, i + 400)) batch.set(db.doc(path), data);
    await batch.commit();
  }
}

describe('GET /api/admin/reports: the query', () => {
  const ask = (query: string, token = admin.token) => call(api.url, 'GET', `/api/admin/reports?${query}`, { token });

  it.each([
    ['from=2026-02-30&to=2026-03-01', 'Enter a date as YYYY-MM-DD', 'from'],
    ['from=2026-03-01&to=march', 'Enter a date as YYYY-MM-DD', 'to'],
    ['from=2026-03-02&to=2026-03-01', 'The end date cannot be before the start date', 'to'],
    ['from=2025-01-01&to=2026-01-02', `A range can cover at most ${REPORT_LIMITS.maxDays} days`, 'to'],
    ['from=2026-03-01&to=2026-03-02&granularity=year', 'Choose day, week or month', 'granularity'],
  ])('refuses %s: 400 invalid_input "%s"', async (query, message, field) => {
    const res = await ask(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'invalid_input', message, field });
  });

  it('answers a range of exactly 366 days, by day unless asked', async () => {
    const res = await ask('from=2024-01-01&to=2024-12-31');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = reportSchema.parse(res.body);
    expect(report.granularity).toBe('day');
    expect(report.series).toHaveLength(366);
  });

  it('is for admins only', async () => {
    const refused = await ask('from=2026-03-01&to=2026-03-02', customer.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('admin_required');
    expect((await call(api.url, 'GET', '/api/admin/reports?from=2026-03-01&to=2026-03-02')).status).toBe(401);
  });
});

describe('GET /api/admin/reports: reads', () => {
  const CUSTOMERS = 25;
  let written = 0;
  /** `count` more orders charged in June 2025 (with their debits), spread over the customers and the month (3,000 fill it). */
  async function addOrders(count: number) {
    const writes: [string, Record<string, unknown>][] = [];
    for (let i = written; i < written + count; i++) {
      const uid = `reads-${i % CUSTOMERS}`;
      // In time order across the month (the fold never goes back: a store only ever gains entries after its last).
      const at = Timestamp.fromMillis(Date.parse('2025-05-31T19:00:00Z') + Math.floor((i * 30 * DAY) / 3_000));
      const id = String(800_000_000_000 + i);
      writes.push([
        `orders/${id}`,
        {
          userId: uid,
          user: { _id: uid, name: uid, email: `${uid}@example.com` },
          platform: 'tiktok',
          serviceId: `reads-svc-${i % 7}`,
          service: `Reads service ${i % 7}`,
          link: `https://www.tiktok.com/@reads/video/${i}`,
          quantity: 1000,
          pricePaisa: 1_000 + (i % 13),
          status: 'completed',
          createdAt: at,
          updatedAt: at,
        },
      ]);
      writes.push([
        `users/${uid}/ledger/debit-${id}`,
        { type: 'debit', amountPaisa: 1_000 + (i % 13), balanceAfterPaisa: 0, orderId: id, at },
      ]);
    }
    if (written === 0) {
      for (let c = 0; c < CUSTOMERS; c++) {
        const uid = `reads-${c}`;
        writes.push([
          `users/${uid}`,
          {
            name: uid,
            email: `${uid}@example.com`,
            role: 'user',
            balancePaisa: 100,
            lastRecharge: null,
            createdAt: Timestamp.fromMillis(Date.parse('2025-06-01T00:00:00Z')),
          },
        ]);
      }
    }
    written += count;
    await commit(writes);
    while (!(await foldReports({ now: Date.now })).caughtUp);
  }
  const readsOfJune = async () => {
    const res = await call(counting.url, 'GET', '/api/admin/reports?from=2025-06-01&to=2025-06-30', { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { reads: Number(res.headers.get(READS_HEADER)), report: reportSchema.parse(res.body) };
  };

  it('reads the same for a month of 300 orders as for one of 3,000: days + 4 × days + 1 + 20 + providers + ⌈users / 1,000⌉', async () => {
    await db
      .collection('providers')
      .doc('readsProvider')
      .set(providerFields('https://reads.example/api/v2', 'reads-key', { name: 'Reads', currency: 'USD', balance: 3, rateToPkr: 280 }));
    await addOrders(300);
    const small = await readsOfJune();
    expect(small.report.totals.orders).toBe(300);
    await addOrders(2_700);
    const big = await readsOfJune();
    expect(big.report.totals.orders).toBe(3_000);
    expect(big.report.topCustomers).toHaveLength(REPORT_LIMITS.topCustomers);
    const users = (await db.collection('users').count().get()).data().count;
    expect(users).toBeLessThan(1_000);
    const providers = (await db.collection('providers').get()).size;
    expect(providers).toBeGreaterThan(0);
    const days = 30;
    const formula = days + CUSTOMER_SHARDS * days + 1 + REPORT_LIMITS.topCustomers + providers + Math.max(1, Math.ceil(users / 1_000));
    expect(small.reads).toBe(formula);
    expect(big.reads).toBe(small.reads);
  });
});

describe('GET /api/ledger/spending', () => {
  it("answers the customer's own charges − refunds of each of the last 30 days, never another's from the same shard", async () => {
    // Another customer whose figures share the customer's shard documents.
    let n = 0;
    while (customerShardOf(`spend-other-${n}`) !== customerShardOf(customer.uid)) n++;
    const other = `spend-other-${n}`;
    const now = Date.now();
    const at = (daysAgo: number) => Timestamp.fromMillis(now - daysAgo * DAY - 2 * HOUR);
    const entry = (uid: string, id: string, type: string, amountPaisa: number, daysAgo: number): [string, Record<string, unknown>] => [
      `users/${uid}/ledger/${id}`,
      { type, amountPaisa, balanceAfterPaisa: 0, orderId: id.replace(/^\w+-/, ''), at: at(daysAgo) },
    ];
    const mine = [
      entry(customer.uid, 'debit-1', 'debit', 5_000, 1),
      entry(customer.uid, 'debit-2', 'debit', 2_500, 1),
      entry(customer.uid, 'refund-2', 'refund', 1_000, 1),
      entry(customer.uid, 'debit-3', 'debit', 777, 12),
      entry(customer.uid, 'debit-4', 'debit', 9_999, 45),
    ];
    const theirs = [entry(other, 'debit-5', 'debit', 123_400, 1), entry(other, 'debit-6', 'debit', 55_500, 12)];
    await commit([...mine, ...theirs]);
    await foldReports({ now: () => Date.now() + 11 * 60_000 });

    const res = await call(counting.url, 'GET', '/api/ledger/spending', { token: customer.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // The customer's shard of each day, their field alone, the fold's state, and the entries it has not folded
    // (none: an empty query is one read).
    expect(Number(res.headers.get(READS_HEADER))).toBe(REPORT_LIMITS.spendingDays + 2);
    const spending = spendingSchema.parse(res.body);
    const want = new Map<string, number>();
    for (const [, e] of mine) {
      const day = pkDay((e.at as Timestamp).toMillis());
      want.set(day, (want.get(day) ?? 0) + (e.type === 'debit' ? 1 : -1) * (e.amountPaisa as number));
    }
    const days = Array.from({ length: REPORT_LIMITS.spendingDays }, (_, i) => pkDay(now - (REPORT_LIMITS.spendingDays - 1 - i) * DAY));
    expect(spending.days).toEqual(days.map((day) => ({ day, spent: toRupees(want.get(day) ?? 0) })));
    expect(spending.days.find((d) => d.day === pkDay(at(1).toMillis()))?.spent).toBe(65);

    // What Firestore sent back: the customer's field only, though the shard holds the other's too.
    const shards = await readOwnShards(customer.uid, [pkDay(at(1).toMillis())]);
    expect(Object.keys(shards[0] ?? {})).toEqual([customer.uid]);
    const whole = (
      await db
        .collection('reportDays')
        .doc(pkDay(at(1).toMillis()))
        .collection('customers')
        .doc(String(customerShardOf(customer.uid)))
        .get()
    ).data();
    // One field holds the map (exempt from indexing: firestore.indexes.json), keyed by uid.
    expect(Object.keys(whole ?? {})).toEqual([CUSTOMER_SHARD_FIELD]);
    expect(Object.keys(whole?.[CUSTOMER_SHARD_FIELD] ?? {}).sort()).toEqual([customer.uid, other].sort());

    expect((await call(api.url, 'GET', '/api/ledger/spending')).status).toBe(401);
  });

  it('counts at once what the fold has not reached yet, from the ledger, and nothing twice', async () => {
    const before = spendingSchema.parse((await call(api.url, 'GET', '/api/ledger/spending', { token: customer.token })).body);
    // Past what the fold has reached (the test above folded with a clock 11 minutes ahead, so its watermark is a
    // minute past now): a charge and its partial refund, as an order and its cancel write them, and a top-up.
    const now = Timestamp.fromMillis(Date.now() + 3 * 60_000);
    // Their Pakistan day (the next one, 3 minutes before midnight), among the chart's 30 once it has begun.
    const day = pkDay(now.toMillis());
    const spentBefore = before.days.find((d) => d.day === day)?.spent ?? 0;
    await commit([
      [`users/${customer.uid}/ledger/debit-now`, { type: 'debit', amountPaisa: 12_345, balanceAfterPaisa: 0, orderId: 'now', at: now }],
      [`users/${customer.uid}/ledger/refund-now`, { type: 'refund', amountPaisa: 2_345, balanceAfterPaisa: 0, orderId: 'now', at: now }],
      [`users/${customer.uid}/ledger/credit-now`, { type: 'credit', amountPaisa: 99_900, balanceAfterPaisa: 0, at: now }],
    ]);
    const asked = Date.now();
    const fresh = spendingSchema.parse((await call(api.url, 'GET', '/api/ledger/spending', { token: customer.token })).body);
    // (Near midnight the entries' day is tomorrow, outside the chart asked for now: then only nothing moves.)
    const shown = fresh.days.find((d) => d.day === day);
    if (shown) expect(shown.spent).toBe(spentBefore + 100);
    else expect(fresh.days).toEqual(before.days);
    expect(Date.parse(fresh.asOf)).toBeGreaterThanOrEqual(asked - 1000);
    // Folded since: the rollups have them, the ledger's read adds nothing more.
    await foldReports({ now: () => Date.now() + 14 * 60_000 });
    const folded = spendingSchema.parse((await call(api.url, 'GET', '/api/ledger/spending', { token: customer.token })).body);
    expect(folded.days).toEqual(fresh.days);
  });
});
