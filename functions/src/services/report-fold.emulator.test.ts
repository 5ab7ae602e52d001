// The reports' rollups against the store they fold (issue 18, decision record 0011). A generated store
// written straight to Firestore (users, credits, orders charged and refunded across month ends in
// Pakistan's time, partials, cancels, manual and provider orders, a drip-feed with runs, adjustments
// both ways, entries sharing one `at`) is folded in many small runs; every figure of the report is then
// compared with sums computed here from the generated data, by code that shares nothing with the fold.
// Then: exactly once (two folds at once, a fold again, the lag), and a status change moving one count.
import { Timestamp, type WriteBatch } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../scripts/lib/seeded-random';
import { apiServerForFile, call, createUser, fund, type TestUser } from '../../../tests/support/api';
import { db } from '../lib/admin';
import { toRupees } from '../shared/money';
import { type Report, reportSchema } from '../shared/reports';
import { foldReports, LAG_MS } from './report-fold';

const api = apiServerForFile();
let admin: TestUser;

beforeAll(async () => {
  admin = await createUser({ admin: true });
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The Pakistan day (UTC+5) of an instant, computed here on its own. */
const pkDay = (ms: number) => new Date(ms + 5 * HOUR).toISOString().slice(0, 10);
const ms = (iso: string) => Date.parse(iso);

type Status = 'pending' | 'processing' | 'completed' | 'partial' | 'cancelled';
type Provider = 'provA' | 'provB' | 'manual' | 'none';
interface GenUser {
  uid: string;
  name: string;
  email: string;
  createdAt: number;
  balance: number;
}
interface GenEntry {
  uid: string;
  id: string;
  type: 'credit' | 'debit' | 'refund' | 'adjustment';
  amount: number;
  at: number;
  orderId?: string;
}
interface GenOrder {
  id: string;
  uid: string;
  platform: 'tiktok' | 'instagram' | 'facebook';
  serviceId: string;
  service: string;
  /** The breakdown key the report should show. */
  providerKey: string;
  provider: Provider | 'drip-feed';
  cost: number;
  quantity: number;
  price: number;
  createdAt: number;
  status: Status;
  remains?: number;
  endAt?: number;
  refund?: number;
  run?: { parentId: string; run: number; runs: number };
  dripFeed?: true;
}

const SERVICES = [
  { serviceId: 'rep-tt', platform: 'tiktok', service: 'TikTok Views Report' },
  { serviceId: 'rep-ig', platform: 'instagram', service: 'Instagram Likes Report' },
  { serviceId: 'rep-fb', platform: 'facebook', service: 'Facebook Follows Report' },
] as const;
const PROVIDER_NAMES: Record<string, string> = { provA: 'Alpha', provB: 'Beta', manual: 'Manual', 'drip-feed': 'Drip-feed' };
/** Half up, as the contract says, in integers. */
const share = (amount: number, remains: number, quantity: number) => Math.floor((2 * amount * remains + quantity) / (2 * quantity));

/** The generated store: what was written, for the expected sums. */
function generate(seed: number) {
  const random = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const START = ms('2026-01-25T00:00:00Z');
  const SPAN = ms('2026-03-05T00:00:00Z') - START;
  const second = (t: number) => Math.floor(t / 1000) * 1000;
  const users: GenUser[] = [];
  const entries: GenEntry[] = [];
  const orders: GenOrder[] = [];
  let nextOrder = 700_000_000_001;
  const addOrder = (o: Omit<GenOrder, 'id' | 'providerKey'> & { id?: string }) => {
    const order: GenOrder = {
      ...o,
      id: o.id ?? String(nextOrder++),
      providerKey: o.dripFeed ? 'drip-feed' : o.provider === 'provA' || o.provider === 'provB' ? o.provider : 'manual',
    };
    orders.push(order);
    if (!order.run)
      entries.push({ uid: order.uid, id: `debit-${order.id}`, type: 'debit', amount: order.price, at: order.createdAt, orderId: order.id });
    if (order.refund)
      entries.push({
        uid: order.uid,
        id: `refund-${order.id}`,
        type: 'refund',
        amount: order.refund,
        at: order.endAt as number,
        orderId: order.id,
      });
    return order;
  };

  for (let i = 0; i < 25; i++) {
    const uid = `rep-user-${String(i).padStart(2, '0')}`;
    // The first accounts on the edges of Pakistan's month ends: 18:00 UTC is still Jan 31, 19:00 is Feb 1.
    const createdAt =
      i === 0
        ? ms('2026-01-31T18:00:00Z')
        : i === 1
          ? ms('2026-01-31T19:00:00Z')
          : i === 2
            ? ms('2026-02-28T19:30:00Z')
            : second(START + random() * SPAN * 0.5);
    const user: GenUser = { uid, name: `Customer ${i}`, email: `rep${i}@example.com`, createdAt, balance: 0 };
    users.push(user);
    entries.push({ uid, id: `credit-rep-${i}-0`, type: 'credit', amount: int(200_000, 400_000), at: createdAt + 60_000 });
    for (let k = 0; k < int(0, 2); k++)
      entries.push({
        uid,
        id: `credit-rep-${i}-${k + 1}`,
        type: 'credit',
        amount: int(1_000, 50_000),
        at: second(createdAt + random() * SPAN * 0.6),
      });
    if (i % 4 === 0)
      entries.push({
        uid,
        id: `adjust-rep-${i}-up`,
        type: 'adjustment',
        amount: int(100, 9_000),
        at: second(createdAt + random() * SPAN * 0.5),
      });
    if (i % 5 === 1)
      entries.push({
        uid,
        id: `adjust-rep-${i}-down`,
        type: 'adjustment',
        amount: -int(100, 5_000),
        at: second(createdAt + DAY + random() * SPAN * 0.4),
      });
    for (let k = 0; k < int(2, 9); k++) {
      const s = pick(SERVICES);
      const createdAtOrder = second(createdAt + 2 * 60_000 + random() * SPAN * 0.5);
      const quantity = int(2, 50) * 100;
      const price = int(1_000, 20_000);
      const provider = pick(['provA', 'provB', 'manual', 'none'] as const);
      const cost = provider === 'provA' || provider === 'provB' ? int(100, price) : 0;
      const status = pick(['pending', 'processing', 'completed', 'partial', 'cancelled', 'partial', 'cancelled'] as const);
      const endAt = status === 'partial' || status === 'cancelled' ? second(createdAtOrder + random() * 4 * DAY) : undefined;
      const remains = status === 'partial' ? int(1, quantity - 1) : undefined;
      const refund = status === 'cancelled' ? price : status === 'partial' ? share(price, remains as number, quantity) : undefined;
      addOrder({
        uid,
        ...s,
        provider,
        cost,
        quantity,
        price,
        createdAt: createdAtOrder,
        status,
        ...(endAt ? { endAt } : {}),
        ...(remains ? { remains } : {}),
        ...(refund ? { refund } : {}),
      });
    }
  }
  // Placed at 00:30 on Feb 1 in Pakistan (Jan 31 in UTC), cancelled at 00:00 on Mar 1 (Feb 28 in UTC).
  const u0 = users[0] as GenUser;
  const u1 = users[1] as GenUser;
  addOrder({
    uid: u0.uid,
    ...SERVICES[0],
    provider: 'provA',
    cost: 3_333,
    quantity: 1000,
    price: 9_999,
    createdAt: ms('2026-01-31T19:30:00Z'),
    status: 'cancelled',
    endAt: ms('2026-02-28T19:00:00Z'),
    refund: 9_999,
  });
  // Placed on Jan 31's last second in Pakistan, ended partial on Feb 1's first: the cost given back on Feb 1.
  addOrder({
    uid: u0.uid,
    ...SERVICES[1],
    provider: 'provB',
    cost: 777,
    quantity: 300,
    price: 3_001,
    createdAt: ms('2026-01-31T18:59:59Z') + 500,
    status: 'partial',
    remains: 100,
    endAt: ms('2026-01-31T19:00:00Z'),
    refund: share(3_001, 100, 300),
  });
  // Several entries at the same instant (a page boundary falls among them): credits of six customers and an adjustment.
  const same = ms('2026-02-10T10:00:00Z');
  for (let i = 3; i < 9; i++)
    entries.push({ uid: (users[i] as GenUser).uid, id: `credit-rep-same-${i}`, type: 'credit', amount: 1_234 + i, at: same });
  entries.push({ uid: (users[3] as GenUser).uid, id: 'adjust-rep-same', type: 'adjustment', amount: 321, at: same });
  // A drip-feed of 3 runs stopped after 2: one run completed, one cancelled (its own refund).
  const t0 = ms('2026-02-27T20:00:00Z');
  const parent = addOrder({
    uid: u1.uid,
    ...SERVICES[0],
    provider: 'drip-feed',
    dripFeed: true,
    cost: 0,
    quantity: 3000,
    price: 12_000,
    createdAt: t0,
    status: 'partial',
    remains: 1000,
    endAt: t0 + 1.5 * DAY,
    refund: 4_000,
  });
  addOrder({
    uid: u1.uid,
    ...SERVICES[0],
    provider: 'provA',
    cost: 1_500,
    quantity: 1000,
    price: 4_000,
    createdAt: t0,
    status: 'completed',
    run: { parentId: parent.id, run: 1, runs: 3 },
  });
  addOrder({
    uid: u1.uid,
    ...SERVICES[0],
    provider: 'provB',
    cost: 1_700,
    quantity: 1000,
    price: 4_000,
    createdAt: t0 + DAY,
    status: 'cancelled',
    endAt: t0 + 2 * DAY,
    refund: 4_000,
    run: { parentId: parent.id, run: 2, runs: 3 },
  });
  return { users, entries, orders };
}

type Store = ReturnType<typeof generate>;

async function writeStore(store: Store) {
  const ts = Timestamp.fromMillis;
  const writes: ((batch: WriteBatch) => void)[] = [];
  const byUser = new Map(store.users.map((u) => [u.uid, u]));
  // Each customer's balance after each entry, in time order.
  for (const entry of [...store.entries].sort((a, b) => a.at - b.at)) {
    const user = byUser.get(entry.uid) as GenUser;
    user.balance += entry.type === 'debit' ? -entry.amount : entry.amount;
    if (user.balance < 0) throw new Error(`The generator overdrew ${user.uid}`);
    const balanceAfterPaisa = user.balance;
    writes.push((b) =>
      b.set(db.collection('users').doc(entry.uid).collection('ledger').doc(entry.id), {
        type: entry.type,
        amountPaisa: entry.amount,
        balanceAfterPaisa,
        at: ts(entry.at),
        ...(entry.orderId ? { orderId: entry.orderId } : {}),
        ...(entry.type === 'adjustment' ? { reason: 'Report test' } : {}),
      }),
    );
  }
  for (const u of store.users) {
    writes.push((b) =>
      b.set(db.collection('users').doc(u.uid), {
        name: u.name,
        email: u.email,
        role: 'user',
        balancePaisa: u.balance,
        lastRecharge: null,
        createdAt: ts(u.createdAt),
      }),
    );
  }
  for (const o of store.orders) {
    const user = byUser.get(o.uid) as GenUser;
    writes.push((b) =>
      b.set(db.collection('orders').doc(o.id), {
        userId: o.uid,
        user: { _id: o.uid, name: user.name, email: user.email },
        platform: o.platform,
        serviceId: o.serviceId,
        service: o.service,
        link: `https://example.com/${o.id}`,
        quantity: o.quantity,
        pricePaisa: o.price,
        status: o.status,
        ...(o.remains !== undefined ? { remains: o.remains } : {}),
        ...(o.refund !== undefined ? { refundPaisa: o.refund } : {}),
        ...(o.dripFeed ? { dripFeed: { runs: 3, interval: 60, quantity: 1000, runsDone: 2, orders: [] } } : {}),
        ...(o.run ? { dripRun: o.run, paidByDripFeed: true } : {}),
        createdAt: ts(o.createdAt),
        updatedAt: ts(o.endAt ?? o.createdAt),
      }),
    );
    if (o.provider === 'provA' || o.provider === 'provB' || o.provider === 'manual') {
      const final = o.status === 'completed' || o.status === 'partial' || o.status === 'cancelled';
      writes.push((b) =>
        b.set(db.collection('orderFulfilment').doc(o.id), {
          state: o.provider === 'manual' ? 'manual' : 'sent',
          open: !final,
          createdAt: ts(o.createdAt),
          updatedAt: ts(o.endAt ?? o.createdAt),
          ...(o.provider === 'manual' ? {} : { providerId: o.provider, providerServiceId: '1', costPaisa: o.cost, rateToPkr: 1 }),
        }),
      );
    }
  }
  const provider = (name: string, currency: string, balance: number | null, checkedAt: number | null) => ({
    name,
    url: 'https://provider.example/api/v2',
    keyHint: '…abcd',
    currency,
    rateToPkr: 1,
    active: true,
    balance,
    balanceCheckedAt: checkedAt === null ? null : ts(checkedAt),
    serviceCount: null,
    lowBalanceBelow: null,
    createdAt: ts(ms('2026-01-01T00:00:00Z')),
  });
  writes.push((b) => b.set(db.collection('providers').doc('provA'), provider('Alpha', 'USD', 12.5, ms('2026-03-04T10:00:00Z'))));
  writes.push((b) => b.set(db.collection('providers').doc('provB'), provider('Beta', 'PKR', null, null)));
  for (let i = 0; i < writes.length; i += 400) {
    const batch = db.batch();
    for (const write of writes.slice(i, i + 400)) write(batch);
    await batch.commit();
  }
}

interface Sums {
  topUps: number;
  charges: number;
  refunds: number;
  cost: number;
  orders: number;
  adjustments: number;
  newCustomers: number;
}
const zero = (): Sums => ({ topUps: 0, charges: 0, refunds: 0, cost: 0, orders: 0, adjustments: 0, newCustomers: 0 });
const rupees = (s: Sums) => ({
  topUps: toRupees(s.topUps),
  revenue: toRupees(s.charges - s.refunds),
  refunds: toRupees(s.refunds),
  cost: toRupees(s.cost),
  profit: toRupees(s.charges - s.refunds - s.cost),
  orders: s.orders,
});
const rowOut = (s: Sums) => ({
  revenue: toRupees(s.charges - s.refunds),
  refunds: toRupees(s.refunds),
  cost: toRupees(s.cost),
  profit: toRupees(s.charges - s.refunds - s.cost),
  orders: s.orders,
});

/** The report the generated data should give, summed from the data itself. */
function expected(store: Store, from: string, to: string, granularity: 'day' | 'week' | 'month') {
  const inRange = (t: number) => pkDay(t) >= from && pkDay(t) <= to;
  const bucketOfDay = (day: string) => {
    let start = day;
    if (granularity === 'week') {
      const d = new Date(`${day}T12:00:00Z`);
      while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() - 1);
      start = d.toISOString().slice(0, 10);
    }
    if (granularity === 'month') start = `${day.slice(0, 7)}-01`;
    return start < from ? from : start;
  };
  const bucketOf = (t: number) => bucketOfDay(pkDay(t));
  const totals = zero();
  const buckets = new Map<string, Sums>();
  const groups = { platform: new Map<string, Sums>(), service: new Map<string, Sums>(), provider: new Map<string, Sums>() };
  const customers = new Map<string, Sums>();
  const byStatus = { pending: 0, processing: 0, completed: 0, partial: 0, cancelled: 0 };
  const orderOf = new Map(store.orders.map((o) => [o.id, o]));
  const add = (t: number, order: GenOrder | undefined, uid: string | undefined, key: keyof Sums, amount: number) => {
    if (!inRange(t)) return;
    const targets = [totals, buckets.get(bucketOf(t)) ?? buckets.set(bucketOf(t), zero()).get(bucketOf(t))];
    if (order && key !== 'topUps' && key !== 'adjustments' && key !== 'newCustomers') {
      for (const [map, k] of [
        [groups.platform, order.platform],
        [groups.service, order.serviceId],
        [groups.provider, order.providerKey],
      ] as const)
        targets.push(map.get(k) ?? map.set(k, zero()).get(k));
    }
    if (uid && (key === 'charges' || key === 'refunds' || key === 'orders'))
      targets.push(customers.get(uid) ?? customers.set(uid, zero()).get(uid));
    for (const s of targets) (s as Sums)[key] += amount;
  };
  // Every day of the range has its bucket, figures or not.
  for (const d = new Date(`${from}T12:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1)) {
    const start = bucketOfDay(d.toISOString().slice(0, 10));
    if (!buckets.has(start)) buckets.set(start, zero());
  }
  for (const e of store.entries) {
    const order = e.orderId ? orderOf.get(e.orderId) : undefined;
    if (e.type === 'credit') add(e.at, undefined, undefined, 'topUps', e.amount);
    if (e.type === 'adjustment') add(e.at, undefined, undefined, 'adjustments', e.amount);
    if (e.type === 'debit') {
      add(e.at, order, e.uid, 'charges', e.amount);
      add(e.at, order, e.uid, 'orders', 1);
    }
    if (e.type === 'refund') add(e.at, order, e.uid, 'refunds', e.amount);
  }
  for (const o of store.orders) {
    add(o.createdAt, o, undefined, 'cost', o.cost);
    if (o.cost > 0 && o.status === 'cancelled') add(o.endAt as number, o, undefined, 'cost', -o.cost);
    if (o.cost > 0 && o.status === 'partial') add(o.endAt as number, o, undefined, 'cost', -share(o.cost, o.remains as number, o.quantity));
    if (!o.run && inRange(o.createdAt)) byStatus[o.status] += 1;
  }
  for (const u of store.users) add(u.createdAt, undefined, undefined, 'newCustomers', 1);
  const some = (s: Sums) => s.charges !== 0 || s.refunds !== 0 || s.cost !== 0 || s.orders !== 0;
  const rows = (map: Map<string, Sums>) => [...map].filter(([, s]) => some(s)).sort(([a], [b]) => (a < b ? -1 : 1));
  const userOf = new Map(store.users.map((u) => [u.uid, u]));
  const serviceOf = new Map<string, (typeof SERVICES)[number]>(SERVICES.map((s) => [s.serviceId, s]));
  return {
    totals: { ...rupees(totals), adjustments: toRupees(totals.adjustments), newCustomers: totals.newCustomers },
    series: [...buckets].sort(([a], [b]) => (a < b ? -1 : 1)).map(([start, s]) => ({ start, ...rupees(s), newCustomers: s.newCustomers })),
    ordersByStatus: byStatus,
    byPlatform: rows(groups.platform).map(([platform, s]) => ({ platform, ...rowOut(s) })),
    byService: rows(groups.service).map(([serviceId, s]) => ({
      serviceId,
      service: serviceOf.get(serviceId)?.service,
      platform: serviceOf.get(serviceId)?.platform,
      ...rowOut(s),
    })),
    byProvider: rows(groups.provider).map(([providerId, s]) => ({ providerId, name: PROVIDER_NAMES[providerId], ...rowOut(s) })),
    topCustomers: [...customers]
      .map(([uid, s]) => ({
        uid,
        name: userOf.get(uid)?.name,
        email: userOf.get(uid)?.email,
        revenue: s.charges - s.refunds,
        orders: s.orders,
      }))
      .sort((a, b) => b.revenue - a.revenue || (a.uid < b.uid ? -1 : 1))
      .slice(0, 20)
      .map((c) => ({ ...c, revenue: toRupees(c.revenue) })),
  };
}

async function report(from: string, to: string, granularity: string): Promise<Report> {
  const res = await call(api.url, 'GET', `/api/admin/reports?from=${from}&to=${to}&granularity=${granularity}`, { token: admin.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  return reportSchema.parse(res.body);
}

const byKey = <T>(rows: T[], key: keyof T) => [...rows].sort((a, b) => (String(a[key]) < String(b[key]) ? -1 : 1));

describe('the report from the rollups', () => {
  it('gives every figure the generated ledger and orders sum to, over ranges across Pakistan month ends', async () => {
    const store = generate(20_261_124);
    await writeStore(store);
    // Small pages, one page a run: many runs, the same-instant entries split between pages.
    let runs = 0;
    for (;;) {
      runs++;
      const result = await foldReports({ now: Date.now }, 0, 4);
      if (result.caughtUp) break;
      if (runs > 2000) throw new Error('The fold never caught up');
    }
    expect(runs).toBeGreaterThan(50);

    const ranges = [
      ['2026-01-01', '2026-03-31', 'month'],
      ['2026-02-01', '2026-02-28', 'week'],
      ['2026-01-31', '2026-02-01', 'day'],
      ['2026-01-25', '2026-03-08', 'week'],
      ['2026-02-27', '2026-03-03', 'day'],
      ['2026-01-15', '2026-02-14', 'month'],
    ] as const;
    for (const [from, to, granularity] of ranges) {
      const answer = await report(from, to, granularity);
      const want = expected(store, from, to, granularity);
      const label = `${from}..${to} by ${granularity}`;
      expect(answer.totals, label).toEqual(want.totals);
      expect(answer.series, label).toEqual(want.series);
      expect(answer.ordersByStatus, label).toEqual(want.ordersByStatus);
      expect(byKey(answer.byPlatform, 'platform'), label).toEqual(want.byPlatform);
      expect(byKey(answer.byService, 'serviceId'), label).toEqual(want.byService);
      expect(byKey(answer.byProvider, 'providerId'), label).toEqual(want.byProvider);
      expect(answer.topCustomers, label).toEqual(want.topCustomers);
      // Breakdowns sorted by revenue, highest first.
      for (const rows of [answer.byPlatform, answer.byService, answer.byProvider]) {
        expect(rows.map((r) => r.revenue)).toEqual([...rows.map((r) => r.revenue)].sort((a, b) => b - a));
      }
      expect(answer.owed).toEqual({
        balances: toRupees(store.users.reduce((sum, u) => sum + u.balance, 0)),
        providers: [
          { providerId: 'provA', name: 'Alpha', balance: 12.5, currency: 'USD', checkedAt: '2026-03-04T10:00:00.000Z' },
          { providerId: 'provB', name: 'Beta', balance: null, currency: 'PKR', checkedAt: null },
        ],
      });
    }
    // The whole store in one range: the figures the data has, the edge cases among them.
    const all = await report('2026-01-01', '2026-03-31', 'month');
    expect(all.totals.orders).toBe(store.orders.filter((o) => !o.run).length);
    expect(all.topCustomers).toHaveLength(20);
    expect(all.byProvider.map((p) => p.providerId).sort()).toEqual(['drip-feed', 'manual', 'provA', 'provB']);
    expect(all.series.map((b) => b.start)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    const weeks = await report('2026-02-01', '2026-02-28', 'week');
    // Feb 1, 2026 is a Sunday: the first bucket is that day alone, then weeks from Monday.
    expect(weeks.series.map((b) => b.start)).toEqual(['2026-02-01', '2026-02-02', '2026-02-09', '2026-02-16', '2026-02-23']);
  });
});

describe('exactly once', () => {
  const later = () => Date.now() + LAG_MS + 60_000;
  const today = () => pkDay(Date.now());
  const todays = () => report(today(), today(), 'day');
  const place = (user: TestUser, n: number) =>
    call(api.url, 'POST', '/api/order/place', {
      token: user.token,
      body: { serviceId: 'tt-views-fast', link: `https://www.tiktok.com/@once/video/${n}`, quantity: 1000 },
    });

  it('folds nothing younger than the lag, then everything once, with two folds at once and a fold again', async () => {
    await foldReports({ now: later });
    const before = await todays();
    const customer = await createUser();
    await fund(customer, 500);
    const placed = [await place(customer, 1), await place(customer, 2)];
    for (const p of placed) expect(p.status, JSON.stringify(p.body)).toBe(201);
    const charged = placed.reduce((sum, p) => sum + (p.body.order.price as number), 0);

    // Younger than the lag: not folded yet.
    await foldReports({ now: Date.now });
    expect((await todays()).totals).toEqual(before.totals);

    const [a, b] = await Promise.all([foldReports({ now: later }), foldReports({ now: later })]);
    expect(a.ledger + b.ledger).toBeGreaterThanOrEqual(3);
    const after = await todays();
    expect(after.totals.topUps).toBeCloseTo(before.totals.topUps + 500, 2);
    expect(after.totals.revenue).toBeCloseTo(before.totals.revenue + charged, 2);
    expect(after.totals.orders).toBe(before.totals.orders + 2);
    expect(after.ordersByStatus.pending).toBe(before.ordersByStatus.pending + 2);
    expect(after.topCustomers.find((c) => c.uid === customer.uid)).toMatchObject({ revenue: charged, orders: 2 });

    const again = await foldReports({ now: later });
    expect(again).toMatchObject({ ledger: 0, orders: 0, fulfilments: 0, users: 0, caughtUp: true });
    const unchanged = await todays();
    expect({ ...unchanged, asOf: after.asOf }).toEqual(after);
  });

  it('moves one count when an order changes after it was folded, and gives its cost back on that day', async () => {
    const customer = await createUser();
    await fund(customer, 500);
    const placed = await place(customer, 3);
    expect(placed.status).toBe(201);
    const id = placed.body.order._id as string;
    // As if the service were linked to a provider: its cost frozen at placement.
    await db.collection('orderFulfilment').doc(id).update({ providerId: 'provA', costPaisa: 3_00 });
    await foldReports({ now: later });
    const before = await todays();

    const cancelled = await call(api.url, 'PUT', `/api/admin/update-status/${id}`, { token: admin.token, body: { status: 'cancelled' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await foldReports({ now: later });
    const after = await todays();
    expect(after.ordersByStatus).toEqual({
      ...before.ordersByStatus,
      pending: before.ordersByStatus.pending - 1,
      cancelled: before.ordersByStatus.cancelled + 1,
    });
    expect(after.totals.orders).toBe(before.totals.orders);
    expect(after.totals.refunds).toBeCloseTo(before.totals.refunds + placed.body.order.price, 2);
    expect(after.totals.cost).toBeCloseTo(before.totals.cost - 3, 2);
    const alpha = (r: Report) => r.byProvider.find((p) => p.providerId === 'provA');
    expect(alpha(after)?.cost).toBeCloseTo((alpha(before)?.cost ?? 0) - 3, 2);
    // Folding again moves nothing.
    await foldReports({ now: later });
    expect((await todays()).ordersByStatus).toEqual(after.ordersByStatus);
  });
});
