// The reports' rollups against the store they fold (decision record 0011). A generated store
// written straight to Firestore (users, credits, orders charged and refunded across month ends in
// Pakistan's time, partials, cancels, manual and provider orders, a drip-feed with runs, adjustments
// both ways, entries sharing one `at`, an order resent to another provider after its debit was folded,
// a drip-feed run's own refund) is folded in many small runs; every figure of the report is then
// compared with sums computed here from the generated data, by code that shares nothing with the fold.
// Then: exactly once (two folds at once, a fold again, the lag), and a status change moving one count.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  generateHistory,
  type HistoryOrder,
  type HistoryUser,
  keepSolvent,
  writeHistory,
  writeResends,
} from '../../../../scripts/lib/demo-history';
import { apiServerForFile, call, createUser, fund, type TestUser } from '../../../../tests/support/api';
import { fundedUser } from '../../../../tests/support/users';
import { db } from '../../lib/admin';
import { toRupees } from '../../shared/money';
import { type Report, reportSchema } from '../../shared/reports';
import { updateOrderStatus } from '../orders/orders';
import { foldReports, LAG_MS } from './daily-rollups';

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

const SERVICES = [
  { serviceId: 'rep-tt', platform: 'tiktok', service: 'TikTok Views Report' },
  { serviceId: 'rep-ig', platform: 'instagram', service: 'Instagram Likes Report' },
  { serviceId: 'rep-fb', platform: 'facebook', service: 'Facebook Follows Report' },
] as const;
const PROVIDERS = [
  { id: 'provA', rateToPkr: 1 },
  { id: 'provB', rateToPkr: 1 },
];
const PROVIDER_NAMES: Record<string, string> = { provA: 'Alpha', provB: 'Beta', manual: 'Manual', 'drip-feed': 'Drip-feed' };
/** The breakdown key the report should show for an order's cost: a drip-feed's own, its provider's (the last, after a resend), or manual (no fulfilment too). */
const providerKey = (o: HistoryOrder) =>
  o.dripFeed ? 'drip-feed' : o.provider === 'provA' || o.provider === 'provB' ? o.provider : 'manual';
/** The key of an order's charge and refund: its cost's, but a drip-feed's run's refund is the drip-feed's, as its charge. */
const ledgerKey = (o: HistoryOrder) => (o.run ? 'drip-feed' : providerKey(o));
/** The instant the generated store's resent order was resent (the fold has folded everything before it, then sees the resend). */
const RESENT_AT = ms('2026-02-14T09:00:00Z');
/** Half up, as the contract says, in integers. */
const share = (amount: number, remains: number, quantity: number) => Math.floor((2 * amount * remains + quantity) / (2 * quantity));

/** The generated store (scripts/lib/demo-history.ts, with this test's services, providers and edge cases): what was written, for the expected sums. */
function generate(seed: number) {
  const START = ms('2026-01-25T00:00:00Z');
  const SPAN = ms('2026-03-05T00:00:00Z') - START;
  const customers = Array.from({ length: 25 }, (_, i) => ({
    uid: `rep-user-${String(i).padStart(2, '0')}`,
    name: `Customer ${i}`,
    email: `rep${i}@example.com`,
    // The first accounts on the edges of Pakistan's month ends: 18:00 UTC is still Jan 31, 19:00 is Feb 1.
    ...(i === 0 ? { createdAt: ms('2026-01-31T18:00:00Z') } : {}),
    ...(i === 1 ? { createdAt: ms('2026-01-31T19:00:00Z') } : {}),
    ...(i === 2 ? { createdAt: ms('2026-02-28T19:30:00Z') } : {}),
  }));
  const store = generateHistory({
    seed,
    prefix: 'rep',
    start: START,
    span: SPAN,
    activeFor: SPAN,
    customers,
    services: SERVICES,
    providers: PROVIDERS,
    orders: [2, 9],
    legacyOrders: true,
    firstOrderNumber: 700_000_000_001,
  });
  const { users, entries, addOrder, addCredit } = store;
  // Placed at 00:30 on Feb 1 in Pakistan (Jan 31 in UTC), cancelled at 00:00 on Mar 1 (Feb 28 in UTC).
  const u0 = users[0] as HistoryUser;
  const u1 = users[1] as HistoryUser;
  addOrder({
    uid: u0.uid,
    ...SERVICES[0],
    provider: 'provA',
    cost: 3_333,
    quantity: 1000,
    price: 9_999,
    // A tier's discount: the list rate would have charged Rs 5.01 more (counted on Feb 1, given back on Mar 1).
    listPrice: 10_500,
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
    // A fixed rate above the list one: a discount of −Rs 1.
    listPrice: 2_901,
    createdAt: ms('2026-01-31T18:59:59Z') + 500,
    status: 'partial',
    remains: 100,
    endAt: ms('2026-01-31T19:00:00Z'),
    refund: share(3_001, 100, 300),
  });
  // Several entries at the same instant (a page boundary falls among them): credits of six customers and an adjustment.
  const same = ms('2026-02-10T10:00:00Z');
  for (let i = 3; i < 9; i++) addCredit((users[i] as HistoryUser).uid, 1_234 + i, same);
  entries.push({
    uid: (users[3] as HistoryUser).uid,
    id: 'adjust-rep-same',
    type: 'adjustment',
    amount: 321,
    at: same,
    reason: 'Report test',
  });
  // Resent from Alpha to Beta (a higher cost) after its debit was folded, then cancelled: its charge,
  // refund and cost all count under Beta.
  addOrder({
    uid: u0.uid,
    ...SERVICES[2],
    provider: 'provB',
    cost: 2_500,
    quantity: 500,
    price: 5_000,
    createdAt: ms('2026-02-13T08:00:00Z'),
    status: 'cancelled',
    endAt: ms('2026-02-15T12:00:00Z'),
    refund: 5_000,
    resentFrom: { provider: 'provA', cost: 2_000, at: RESENT_AT },
  });
  // A drip-feed of 3 runs stopped after 2: one run completed, one cancelled (its own refund, under the drip-feed).
  const t0 = ms('2026-02-27T20:00:00Z');
  const parent = addOrder({
    uid: u1.uid,
    ...SERVICES[0],
    provider: null,
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
  keepSolvent(store);
  return store;
}

type Store = ReturnType<typeof generate>;

async function writeStore(store: Store) {
  await writeHistory(store, { actor: { uid: 'rep-admin', email: 'seed' }, providers: PROVIDERS, asBeforeResends: true });
  const ts = Timestamp.fromMillis;
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
  const batch = db.batch();
  batch.set(db.collection('providers').doc('provA'), provider('Alpha', 'USD', 12.5, ms('2026-03-04T10:00:00Z')));
  batch.set(db.collection('providers').doc('provB'), provider('Beta', 'PKR', null, null));
  await batch.commit();
}

interface Sums {
  topUps: number;
  charges: number;
  refunds: number;
  cost: number;
  orders: number;
  adjustments: number;
  newCustomers: number;
  discounts: number;
}
const zero = (): Sums => ({ topUps: 0, charges: 0, refunds: 0, cost: 0, orders: 0, adjustments: 0, newCustomers: 0, discounts: 0 });
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
  const add = (t: number, order: HistoryOrder | undefined, uid: string | undefined, key: keyof Sums, amount: number) => {
    if (!inRange(t)) return;
    const targets = [totals, buckets.get(bucketOf(t)) ?? buckets.set(bucketOf(t), zero()).get(bucketOf(t))];
    if (order && key !== 'topUps' && key !== 'adjustments' && key !== 'newCustomers' && key !== 'discounts') {
      for (const [map, k] of [
        [groups.platform, order.platform],
        [groups.service, order.serviceId],
        [groups.provider, key === 'cost' ? providerKey(order) : ledgerKey(order)],
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
    if (o.listPrice !== undefined) {
      const discount = o.listPrice - o.price;
      add(o.createdAt, o, undefined, 'discounts', discount);
      // Given back with the money: all of a cancelled order's, the remains' share of a partial one's.
      if (o.status === 'cancelled') add(o.endAt as number, o, undefined, 'discounts', -discount);
      if (o.status === 'partial')
        add(
          o.endAt as number,
          o,
          undefined,
          'discounts',
          -Math.sign(discount) * share(Math.abs(discount), o.remains as number, o.quantity),
        );
    }
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
    totals: {
      ...rupees(totals),
      adjustments: toRupees(totals.adjustments),
      newCustomers: totals.newCustomers,
      discounts: toRupees(totals.discounts),
      // The generated store moves no referral earnings (the test below does).
      referralPayouts: 0,
    },
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
    expect(store.orders.filter((o) => o.resentFrom)).toHaveLength(1);
    expect(store.entries.filter((e) => e.type === 'refund' && store.orders.find((o) => o.id === e.orderId)?.run)).toHaveLength(1);
    await writeStore(store);
    // Small pages, one page a run: many runs, the same-instant entries split between pages. First up to
    // the resend (the fold's clock then), the resend, then the rest.
    let runs = 0;
    const foldAll = async (now: () => number) => {
      for (;;) {
        runs++;
        const result = await foldReports({ now }, 0, 4);
        expect(result.failed).toEqual([]);
        if (result.caughtUp) break;
        if (runs > 2000) throw new Error('The fold never caught up');
      }
    };
    await foldAll(() => RESENT_AT + LAG_MS);
    await writeResends(store, PROVIDERS);
    await foldAll(Date.now);
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

/** Past the lag: what a fold may read. */
const afterLag = () => Date.now() + LAG_MS + 60_000;
/** A fold during which `meanwhile` runs once, right after the fold read `stream`: whether it ran. */
async function foldRacing(stream: string, meanwhile: () => Promise<void>): Promise<boolean> {
  let ran = false;
  await foldReports({
    now: afterLag,
    afterRead: async (read) => {
      if (read !== stream || ran) return;
      ran = true;
      await meanwhile();
    },
  });
  return ran;
}
/** Today's report (Pakistan's day), by day. */
const todays = () => report(pkDay(Date.now()), pkDay(Date.now()), 'day');
/** An order of 1000 views; its link …/@{handle}/video/{n}. */
const placeViews = (user: TestUser, handle: string, n: number) =>
  call(api.url, 'POST', '/api/order/place', {
    token: user.token,
    body: { serviceId: 'tt-views-fast', link: `https://www.tiktok.com/@${handle}/video/${n}`, quantity: 1000 },
  });

/**
 * A new customer's order of 1000 views (its link …/@{handle}/video/{n}), its cost frozen at `costPaisa`
 * as if the service were linked to provA, then folded.
 */
async function placedAtAlpha(handle: string, n: number, costPaisa: number) {
  const customer = await fundedUser(500);
  const placed = await placeViews(customer, handle, n);
  expect(placed.status).toBe(201);
  const id = placed.body.order._id as string;
  await db.collection('orderFulfilment').doc(id).update({ providerId: 'provA', costPaisa });
  await foldReports({ now: afterLag });
  return { placed, id };
}

describe('exactly once', () => {
  const place = (user: TestUser, n: number) => placeViews(user, 'once', n);

  it('folds nothing younger than the lag, then everything once, with two folds at once and a fold again', async () => {
    await foldReports({ now: afterLag });
    const before = await todays();
    const customer = await fundedUser(500);
    const placed = [await place(customer, 1), await place(customer, 2)];
    for (const p of placed) expect(p.status, JSON.stringify(p.body)).toBe(201);
    const charged = placed.reduce((sum, p) => sum + (p.body.order.price as number), 0);

    // Younger than the lag: not folded yet.
    await foldReports({ now: Date.now });
    expect((await todays()).totals).toEqual(before.totals);

    const [a, b] = await Promise.all([foldReports({ now: afterLag }), foldReports({ now: afterLag })]);
    expect(a.ledger + b.ledger).toBeGreaterThanOrEqual(3);
    const after = await todays();
    expect(after.totals.topUps).toBeCloseTo(before.totals.topUps + 500, 2);
    expect(after.totals.revenue).toBeCloseTo(before.totals.revenue + charged, 2);
    expect(after.totals.orders).toBe(before.totals.orders + 2);
    expect(after.ordersByStatus.pending).toBe(before.ordersByStatus.pending + 2);
    expect(after.topCustomers.find((c) => c.uid === customer.uid)).toMatchObject({ revenue: charged, orders: 2 });

    const again = await foldReports({ now: afterLag });
    expect(again).toMatchObject({ ledger: 0, orders: 0, fulfilments: 0, users: 0, caughtUp: true });
    const unchanged = await todays();
    expect({ ...unchanged, asOf: after.asOf }).toEqual(after);
  });

  it('moves one count when an order changes after it was folded, and gives its cost back on that day', async () => {
    // As if the service were linked to a provider: its cost frozen at placement.
    const { placed, id } = await placedAtAlpha('once', 3, 3_00);
    const before = await todays();

    const cancelled = await call(api.url, 'PUT', `/api/admin/update-status/${id}`, { token: admin.token, body: { status: 'cancelled' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await foldReports({ now: afterLag });
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
    await foldReports({ now: afterLag });
    expect((await todays()).ordersByStatus).toEqual(after.ordersByStatus);
  });

  it('moves the cost to the new provider when a resend changes only the fulfilment', async () => {
    const { placed, id } = await placedAtAlpha('once', 4, 4_00);
    const before = await todays();
    // A Resend to another provider's link writes the fulfilment alone (services/orders/fulfilment-actions.ts), its order untouched.
    const orderBefore = (await db.collection('orders').doc(id).get()).data();
    await db.collection('orderFulfilment').doc(id).update({ providerId: 'provB', costPaisa: 6_50, updatedAt: Timestamp.now() });
    await foldReports({ now: afterLag });
    const after = await todays();
    expect((await db.collection('orders').doc(id).get()).data()).toEqual(orderBefore);
    const cost = (r: Report, provider: string) => r.byProvider.find((p) => p.providerId === provider)?.cost ?? 0;
    expect(after.totals.cost).toBeCloseTo(before.totals.cost + 2.5, 2);
    expect(cost(after, 'provA')).toBeCloseTo(cost(before, 'provA') - 4, 2);
    expect(cost(after, 'provB')).toBeCloseTo(cost(before, 'provB') + 6.5, 2);
    expect(after.ordersByStatus).toEqual(before.ordersByStatus);
    // Its charge (and the order counted) moves with its cost, on its own day: one provider for the order.
    const row = (r: Report, provider: string) => r.byProvider.find((p) => p.providerId === provider) ?? { revenue: 0, orders: 0 };
    expect(row(after, 'provA').revenue).toBeCloseTo(row(before, 'provA').revenue - placed.body.order.price, 2);
    expect(row(after, 'provB').revenue).toBeCloseTo(row(before, 'provB').revenue + placed.body.order.price, 2);
    expect(row(after, 'provA').orders).toBe(row(before, 'provA').orders - 1);
    expect(row(after, 'provB').orders).toBe(row(before, 'provB').orders + 1);
    expect(after.totals.revenue).toBeCloseTo(before.totals.revenue, 2);
  });

  it('counts the newer versions when another run read an order after this one did', async () => {
    const { id } = await placedAtAlpha('once', 5, 4_00);
    const before = await todays();
    // A resend: the fulfilments stream has it to fold.
    await db.collection('orderFulfilment').doc(id).update({ providerId: 'provB', costPaisa: 6_50, updatedAt: Timestamp.now() });
    expect(
      await foldRacing('fulfilments', async () => {
        // After this run read the order (pending), it moves on (its fulfilment untouched) and another run folds that first.
        const moved = await call(api.url, 'PUT', `/api/admin/update-status/${id}`, { token: admin.token, body: { status: 'processing' } });
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
        await foldReports({ now: afterLag }, undefined, undefined, ['orders']);
      }),
    ).toBe(true);
    const after = await todays();
    expect(after.ordersByStatus).toEqual({
      ...before.ordersByStatus,
      pending: before.ordersByStatus.pending - 1,
      processing: before.ordersByStatus.processing + 1,
    });
    const cost = (r: Report, provider: string) => r.byProvider.find((p) => p.providerId === provider)?.cost ?? 0;
    expect(cost(after, 'provA')).toBeCloseTo(cost(before, 'provA') - 4, 2);
    expect(cost(after, 'provB')).toBeCloseTo(cost(before, 'provB') + 6.5, 2);
  });
});

describe('discounts given (issue 34)', () => {
  it('counts what list prices would have charged more, once, on the placement day', async () => {
    await foldReports({ now: afterLag });
    const before = (await todays()).totals.discounts ?? 0;
    const customer = await fundedUser(500);
    // The customer's own 10 % off: 1,000 views listed at Rs 20 cost Rs 18.
    await db
      .collection('users')
      .doc(customer.uid)
      .update({ pricing: { percent: 10 } });
    const placed = await placeViews(customer, 'discount', 1);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order.price).toBe(18);
    const listed = await placeViews(await fundedUser(500), 'discount', 2);
    expect(listed.body.order.price).toBe(20);
    await foldReports({ now: afterLag });
    expect((await todays()).totals.discounts).toBe(before + 2);
    // Its status changing is folded again: the discount is not counted twice.
    await updateOrderStatus(placed.body.order._id, 'processing');
    await foldReports({ now: afterLag });
    expect((await todays()).totals.discounts).toBe(before + 2);
    // Cancelled and refunded: the discount was not given after all.
    await updateOrderStatus(placed.body.order._id, 'cancelled');
    await foldReports({ now: afterLag });
    expect((await todays()).totals.discounts).toBe(before);
  });
});

describe('referral payouts (issue 34)', () => {
  it('counts referral earnings moved to a balance, apart from top-ups', async () => {
    await foldReports({ now: afterLag });
    const before = (await todays()).totals;
    const referrer = await createUser();
    const { code } = (await call(api.url, 'GET', '/api/referrals', { token: referrer.token })).body;
    const referred = await createUser();
    await call(api.url, 'POST', '/api/auth/register', { token: referred.token, body: { name: 'Invited', referralCode: code } });
    await fund(referred, 4000);
    const moved = await call(api.url, 'POST', '/api/referrals/transfer', {
      token: referrer.token,
      body: { amount: 150 },
      headers: { 'Idempotency-Key': `payout-${referrer.uid}` },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await foldReports({ now: afterLag });
    const after = (await todays()).totals;
    expect(after.referralPayouts).toBe((before.referralPayouts ?? 0) + 150);
    expect(after.topUps).toBe(before.topUps + 4000);
  });
});

describe('one stream at a time', () => {
  const place = (user: TestUser, n: number) => placeViews(user, 'streams', n);
  const state = async () =>
    (await db.collection('reportFold').doc('state').get()).data() as {
      streams: Record<string, { skipped?: number; lastSkipped?: string }>;
    };

  it('skips a malformed order (counted in the state) and goes on: its debit and the orders after it are counted', async () => {
    await foldReports({ now: afterLag });
    const before = await todays();
    const skippedBefore = (await state()).streams.orders?.skipped ?? 0;
    const customer = await fundedUser(500);
    // An order without a Timestamp createdAt (as an import gone wrong would write it), and its debit.
    const now = Timestamp.now();
    await db.collection('orders').doc('malformed-order-1').set({
      userId: customer.uid,
      platform: 'tiktok',
      serviceId: 'tt-views-fast',
      service: 'TikTok Views',
      quantity: 1000,
      pricePaisa: 7_00,
      status: 'pending',
      createdAt: 'yesterday',
      updatedAt: now,
    });
    await db
      .collection('users')
      .doc(customer.uid)
      .collection('ledger')
      .doc('debit-malformed-order-1')
      .set({ type: 'debit', amountPaisa: 7_00, balanceAfterPaisa: 0, orderId: 'malformed-order-1', at: now });
    const placed = await place(customer, 1);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    const result = await foldReports({ now: afterLag });
    expect(result.failed).toEqual([]);
    expect(result.skipped).toBe(1);
    expect(result.caughtUp).toBe(true);
    const after = await todays();
    expect(after.totals.topUps).toBeCloseTo(before.totals.topUps + 500, 2);
    expect(after.totals.revenue).toBeCloseTo(before.totals.revenue + 7 + placed.body.order.price, 2);
    expect(after.totals.orders).toBe(before.totals.orders + 2);
    // The good order is counted by status; the malformed one is not, and is reported.
    expect(after.ordersByStatus.pending).toBe(before.ordersByStatus.pending + 1);
    expect((await state()).streams.orders).toMatchObject({ skipped: skippedBefore + 1, lastSkipped: 'orders/malformed-order-1' });
    // Passed over for good: the next run folds nothing more.
    expect(await foldReports({ now: afterLag })).toMatchObject({ orders: 0, skipped: 0, failed: [] });
  });

  it('stops a stream whose page fails for this run alone: the streams after it fold, and the next run folds it', async () => {
    await foldReports({ now: afterLag });
    const customer = await fundedUser(500);
    expect((await place(customer, 2)).status).toBe(201);
    const result = await foldReports({
      now: afterLag,
      afterRead: async (stream) => {
        if (stream === 'orders') throw new Error('This page always fails');
      },
    });
    expect(result.failed).toEqual(['orders']);
    expect(result.caughtUp).toBe(false);
    expect(result.ledger).toBeGreaterThanOrEqual(2);
    expect(result.fulfilments).toBeGreaterThanOrEqual(1);
    expect(result.users).toBeGreaterThanOrEqual(1);
    const next = await foldReports({ now: afterLag });
    expect(next).toMatchObject({ failed: [], caughtUp: true });
    expect(next.orders).toBeGreaterThanOrEqual(1);
  });
});

describe('a newer version that counts the same', () => {
  const cost = (r: Report, provider: string) => r.byProvider.find((p) => p.providerId === provider)?.cost ?? 0;

  const sentToAlpha = async (n: number) => (await placedAtAlpha('same', n, 4_00)).id;

  it('writes no record for a status check (the fulfilment bumped, nothing counted changed)', async () => {
    const id = await sentToAlpha(1);
    const record = () => db.collection('reportOrders').doc(id).get();
    const first = await record();
    expect(first.exists).toBe(true);
    // workers/sync.ts's check of an order whose status did not change: a new fulfilment version.
    await db.collection('orderFulfilment').doc(id).update({ updatedAt: Timestamp.now(), syncDueAt: Timestamp.now() });
    const run = await foldReports({ now: afterLag });
    expect(run.fulfilments).toBeGreaterThanOrEqual(1);
    expect((await record()).updateTime?.toMillis()).toBe(first.updateTime?.toMillis());
  });

  it('still never counts a stale read: a read older than a version another run found unchanged is read again', async () => {
    const id = await sentToAlpha(2);
    const before = await todays();
    // A new order version counting the same, and a resend to Beta.
    await db.collection('orders').doc(id).update({ updatedAt: Timestamp.now() });
    await db.collection('orderFulfilment').doc(id).update({ providerId: 'provB', costPaisa: 6_50, updatedAt: Timestamp.now() });
    expect(
      await foldRacing('orders', async () => {
        // After this run read the order (and its fulfilment at Beta), it is resent back to Alpha, and
        // another run's fulfilments stream folds that: the same counts as the record, nothing written.
        await db.collection('orderFulfilment').doc(id).update({ providerId: 'provA', costPaisa: 4_00, updatedAt: Timestamp.now() });
        await foldReports({ now: afterLag }, undefined, undefined, ['fulfilments']);
      }),
    ).toBe(true);
    const after = await todays();
    expect(cost(after, 'provA')).toBeCloseTo(cost(before, 'provA'), 2);
    expect(cost(after, 'provB')).toBeCloseTo(cost(before, 'provB'), 2);
    expect(after.totals.cost).toBeCloseTo(before.totals.cost, 2);
  });
});
