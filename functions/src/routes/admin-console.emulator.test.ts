// The admin console's API: every list pages through all of its items in its order (queues
// oldest first, histories newest first), the order filters, the bulk status change and the overview's
// figures; customers get 403 on each.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiServerForFile, call, createUser, fund, pageThrough as pageThroughList, type TestUser } from '../../../tests/support/api';
import { fundedUser } from '../../../tests/support/users';
import { db } from '../lib/admin';
import { updateOrderStatus } from '../services/orders/orders';
import { requestRefill } from '../services/orders/refills';

const api = apiServerForFile({ moneyInvariants: true });
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  admin = await createUser({ admin: true });
  customer = await createUser();
});

const get = (path: string, token = admin.token) => call(api.url, 'GET', path, { token });
const ids = (items: { _id: string }[]) => items.map((item) => item._id);

const pageThrough = <T>(path: string, itemsKey: string, limit = 2) => pageThroughList<T>(api.url, admin.token, path, itemsKey, limit);

const place = async (user: TestUser, body: { serviceId: string; link: string; quantity: number }) => {
  const res = await call(api.url, 'POST', '/api/order/place', { token: user.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order as { _id: string; price: number; createdAt: string };
};
const views = (n: number) => ({ serviceId: 'tt-views-fast', link: `https://www.tiktok.com/@c/video/${n}`, quantity: 1000 });
const igLikes = (n: number) => ({ serviceId: 'ig-likes-instant', link: `https://www.instagram.com/p/c${n}/`, quantity: 100 });

/** Moves an order's placement time (the emulator's clock cannot be set; the order is otherwise real). */
const placedAt = (id: string, ms: number) =>
  db
    .collection('orders')
    .doc(id)
    .update({ createdAt: Timestamp.fromMillis(ms) });

/** 00:00 in Pakistan (UTC+5) of the day holding `ms`, computed here independently of the code under test. */
function pktMidnight(ms: number): number {
  const shifted = new Date(ms + 5 * 3600_000);
  return Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()) - 5 * 3600_000;
}
const pktDate = (ms: number) => new Date(ms + 5 * 3600_000).toISOString().slice(0, 10);

describe('admin lists page through every item', () => {
  it('pending top-ups are a queue, oldest first, across pages; other statuses newest first', async () => {
    const users = await Promise.all([1, 2, 3].map(() => createUser()));
    const submitted: string[] = [];
    for (const [i, user] of [...users, ...users].entries()) {
      const res = await call(api.url, 'POST', '/api/recharge-requests', {
        token: user.token,
        body: { amount: 100 + i, method: 'Easypaisa', reference: `Q${Date.now()}${i}` },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      submitted.push(res.body.request._id);
    }
    const pending = await pageThrough<{ _id: string }>('/api/admin/recharge-requests?status=pending', 'requests');
    expect(pending.pages).toBeGreaterThan(2);
    expect(ids(pending.items)).toEqual(submitted);

    // Two decided: the history of approvals lists the later one first.
    for (const id of submitted.slice(0, 2)) {
      expect((await call(api.url, 'POST', `/api/admin/recharge-requests/${id}/approve`, { token: admin.token })).status).toBe(200);
    }
    const approved = await pageThrough<{ _id: string }>('/api/admin/recharge-requests?status=approved', 'requests', 1);
    expect(ids(approved.items)).toEqual([submitted[1], submitted[0]]);
    expect(ids((await pageThrough<{ _id: string }>('/api/admin/recharge-requests?status=pending', 'requests')).items)).toEqual(
      submitted.slice(2),
    );
  });

  it('recent recharges and contact messages are histories, newest first, across pages', async () => {
    const user = await createUser();
    const amounts = [11, 12, 13, 14, 15];
    for (const amount of amounts) {
      const res = await call(api.url, 'POST', '/api/admin/add-balance', { token: admin.token, body: { email: user.email, amount } });
      expect(res.status).toBe(200);
    }
    const recharges = await pageThrough<{ amount: number; user: { _id: string } }>('/api/admin/recent-recharges', 'recharges');
    const mine = recharges.items.filter((r) => r.user._id === user.uid).map((r) => r.amount);
    expect(mine).toEqual([...amounts].reverse());
    expect(recharges.pages).toBeGreaterThan(2);

    const sent: string[] = [];
    for (let i = 0; i < 5; i++) {
      const message = `console message ${Date.now()} ${i}`;
      const res = await call(api.url, 'POST', '/api/contact', {
        body: { name: 'Ali', email: 'ali@example.com', message },
        headers: { 'X-Forwarded-For': `203.0.9.${i + 1}, 35.191.0.1` },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      sent.push(message);
    }
    const messages = await pageThrough<{ message: string }>('/api/contact', 'messages');
    expect(messages.items.map((m) => m.message).filter((m) => sent.includes(m))).toEqual([...sent].reverse());
    expect(new Set(messages.items.map((m) => m.message)).size).toBe(messages.items.length);
  });

  it('pending refills are a queue, oldest first; decided ones a history, newest first', async () => {
    const user = await fundedUser(200);
    const refills: string[] = [];
    for (let i = 0; i < 5; i++) {
      const order = await place(user, { serviceId: 'ig-followers-hq', link: `https://instagram.com/refill${i}`, quantity: 10 });
      await updateOrderStatus(order._id, 'completed');
      refills.push((await requestRefill(user.uid, order._id)).refillId);
    }
    const pending = await pageThrough<{ _id: string }>('/api/admin/refills?status=pending', 'refills');
    expect(ids(pending.items)).toEqual(refills);
    for (const id of refills.slice(0, 3)) {
      expect((await call(api.url, 'POST', `/api/admin/refills/${id}/complete`, { token: admin.token })).status).toBe(200);
    }
    const completed = await pageThrough<{ _id: string }>('/api/admin/refills?status=completed', 'refills');
    expect(ids(completed.items)).toEqual(refills.slice(0, 3).reverse());
    expect(ids((await pageThrough<{ _id: string }>('/api/admin/refills?status=pending', 'refills')).items)).toEqual(refills.slice(3));
  });
});

describe('GET /api/admin/order filters', () => {
  let user: TestUser;
  const placed: Record<string, string> = {};

  beforeAll(async () => {
    user = await createUser();
    await fund(user, 500);
    const now = Date.now();
    const today = pktMidnight(now);
    // tiktok views yesterday (the last millisecond of the Pakistan day) and today (its first), instagram likes today.
    placed.ttYesterday = (await place(user, views(1)))._id;
    placed.ttToday = (await place(user, views(2)))._id;
    placed.igToday = (await place(user, igLikes(1)))._id;
    placed.igOld = (await place(user, igLikes(2)))._id;
    await placedAt(placed.ttYesterday, today - 1);
    await placedAt(placed.ttToday, today);
    await placedAt(placed.igToday, today + 1000);
    await placedAt(placed.igOld, today - 3 * 86_400_000);
    await updateOrderStatus(placed.igToday, 'completed');
  });

  const list = async (query: string) => {
    const res = await get(`/api/admin/order?q=${encodeURIComponent(user.email)}&${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ids(res.body.orders);
  };

  it('by platform, service and status, alone and together', async () => {
    expect(await list('platform=instagram')).toEqual([placed.igToday, placed.igOld]);
    expect(await list('platform=tiktok')).toEqual([placed.ttToday, placed.ttYesterday]);
    expect(await list('serviceId=ig-likes-instant&status=completed')).toEqual([placed.igToday]);
    expect(await list('platform=instagram&serviceId=ig-likes-instant&status=pending')).toEqual([placed.igOld]);
    // A service of another platform than the one asked: nothing.
    expect(await list('platform=tiktok&serviceId=ig-likes-instant')).toEqual([]);
    expect(await list('platform=facebook')).toEqual([]);
  });

  it('by a range of Pakistan days, both ends included', async () => {
    const now = Date.now();
    const today = pktDate(now);
    const yesterday = pktDate(pktMidnight(now) - 1);
    expect(await list(`from=${today}&to=${today}`)).toEqual([placed.igToday, placed.ttToday]);
    expect(await list(`from=${yesterday}&to=${yesterday}`)).toEqual([placed.ttYesterday]);
    expect(await list(`from=${yesterday}`)).toEqual([placed.igToday, placed.ttToday, placed.ttYesterday]);
    expect(await list(`to=${yesterday}`)).toEqual([placed.ttYesterday, placed.igOld]);
    expect(await list(`from=${today}&platform=tiktok&status=pending`)).toEqual([placed.ttToday]);
    // An order number is checked against every filter too.
    const byNumber = async (query: string) => ids((await get(`/api/admin/order?q=${placed.ttYesterday}&${query}`)).body.orders);
    expect(await byNumber(`from=${yesterday}&to=${yesterday}&platform=tiktok`)).toEqual([placed.ttYesterday]);
    expect(await byNumber(`from=${today}`)).toEqual([]);
    expect(await byNumber('serviceId=ig-likes-instant')).toEqual([]);
  });

  it('pages through a filtered list, newest first, each order once', async () => {
    const pages = await pageThrough<{ _id: string }>(`/api/admin/order?q=${encodeURIComponent(user.email)}&status=pending`, 'orders', 1);
    expect(ids(pages.items)).toEqual([placed.ttToday, placed.ttYesterday, placed.igOld]);
    const all = await pageThrough<{ _id: string }>('/api/admin/order?platform=tiktok', 'orders', 1);
    expect(ids(all.items)).toEqual(expect.arrayContaining([placed.ttToday, placed.ttYesterday]));
    expect(new Set(ids(all.items)).size).toBe(all.items.length);
  });

  it.each([
    ['platform=myspace', 'platform'],
    ['serviceId=a%2Fb', 'serviceId'],
    ['from=2025-02-30', 'from'],
    ['to=yesterday', 'to'],
    ['from=2025-03-02&to=2025-03-01', 'to'],
    [`q=${encodeURIComponent('https://www.tiktok.com/@c/video/1')}&platform=tiktok`, 'q'],
    [`q=${encodeURIComponent('https://www.tiktok.com/@c/video/1')}&serviceId=tt-views-fast`, 'q'],
  ])('refuses %s (400, field %s)', async (query, field) => {
    const res = await get(`/api/admin/order?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_input', field });
  });
});

describe('POST /api/admin/orders/status', () => {
  const bulk = (body: unknown, token = admin.token) => call(api.url, 'POST', '/api/admin/orders/status', { token, body });
  const balanceOf = async (user: TestUser) => (await call(api.url, 'GET', '/api/user/profile', { token: user.token })).body.user.balance;
  const refunds = async (user: TestUser) =>
    (await db.collection('users').doc(user.uid).collection('ledger').where('type', '==', 'refund').get()).docs.map((d) => d.id);

  it('changes each order through the status transaction: one result per order, a refund exactly once', async () => {
    const user = await fundedUser(100);
    const a = await place(user, views(10));
    const b = await place(user, views(11));
    const final = await place(user, views(12));
    await updateOrderStatus(final._id, 'completed');
    expect(await balanceOf(user)).toBe(40);

    const res = await bulk({ ids: [a._id, b._id, a._id, final._id, '999999999', 'nope'], status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { id: a._id, ok: true, order: expect.objectContaining({ _id: a._id, status: 'cancelled', refund: 20 }) },
      { id: b._id, ok: true, order: expect.objectContaining({ _id: b._id, status: 'cancelled', refund: 20 }) },
      { id: final._id, ok: false, code: 'order_final', message: expect.any(String), field: 'status' },
      { id: '999999999', ok: false, code: 'order_not_found', message: 'Order not found' },
      { id: 'nope', ok: false, code: 'order_not_found', message: 'Order not found' },
    ]);
    expect(await balanceOf(user)).toBe(80);
    expect((await refunds(user)).sort()).toEqual([`refund-${a._id}`, `refund-${b._id}`].sort());
    // Each change that happened is in the audit trail, by this admin; the refused ones left none.
    const audited = await db.collection('audit').where('byUid', '==', admin.uid).where('action', '==', 'status').get();
    const subjects = audited.docs.map((doc) => doc.data().subject);
    expect(subjects.filter((subject) => [a._id, b._id, final._id].some((id) => subject === `orders/${id}`)).sort()).toEqual(
      [`orders/${a._id}`, `orders/${b._id}`].sort(),
    );

    // Again: every order is final now, nothing moves.
    const again = await bulk({ ids: [a._id, b._id], status: 'cancelled' });
    expect(again.body.results.map((r: { ok: boolean; code?: string }) => [r.ok, r.code])).toEqual([
      [false, 'order_final'],
      [false, 'order_final'],
    ]);
    expect(await balanceOf(user)).toBe(80);
  });

  it('partial with remains refunds the order its share, one order at a time; processing moves no money', async () => {
    const user = await fundedUser(100);
    const a = await place(user, views(20));
    const b = await place(user, views(21));
    const moved = await bulk({ ids: [a._id, b._id], status: 'processing' });
    expect(moved.body.results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    expect(await balanceOf(user)).toBe(60);
    // One `remains` cannot fit orders of different quantities: partial is refused for several orders.
    const several = await bulk({ ids: [a._id, b._id], status: 'partial', remains: 250 });
    expect(several.status).toBe(400);
    expect(several.body).toMatchObject({ code: 'invalid_input', field: 'status' });
    expect(await balanceOf(user)).toBe(60);
    const partial = await bulk({ ids: [a._id, a._id], status: 'partial', remains: 250 });
    expect(partial.status).toBe(200);
    expect(partial.body.results.map((r: { order: { refund: number } }) => r.order.refund)).toEqual([5]);
    expect(await balanceOf(user)).toBe(65);
  });

  it('runs one customer’s changes one after another, different customers’ in parallel, results in the order given', async () => {
    // Observes (never replaces) the real transactions: how many run at once.
    const runTransaction = db.runTransaction.bind(db);
    let running = 0;
    let mostAtOnce = 0;
    const spy = vi.spyOn(db, 'runTransaction').mockImplementation((work, options) => {
      mostAtOnce = Math.max(mostAtOnce, ++running);
      return runTransaction(work, options).finally(() => running--);
    });
    const measured = async (body: unknown) => {
      running = 0;
      mostAtOnce = 0;
      const res = await bulk(body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { results: res.body.results as { id: string; ok: boolean; order?: { refund: number } }[], mostAtOnce };
    };
    try {
      const one = await fundedUser(160);
      const orders = [];
      for (let n = 0; n < 8; n++) orders.push(await place(one, views(50 + n)));
      const alone = await measured({ ids: orders.map((o) => o._id), status: 'cancelled' });
      // Refunds to one balance never contend with each other.
      expect(alone.mostAtOnce).toBe(1);
      expect(alone.results.map((r) => [r.id, r.ok, r.order?.refund])).toEqual(orders.map((o) => [o._id, true, 20]));
      expect(await balanceOf(one)).toBe(160);

      const users = [await createUser(), await createUser(), await createUser()];
      const placed: { _id: string }[][] = [];
      for (const [i, user] of users.entries()) {
        await fund(user, 40);
        placed.push([await place(user, views(60 + 2 * i)), await place(user, views(61 + 2 * i))]);
      }
      // Interleaved customers, one id repeated: one result per distinct id, in the order given.
      const ids = [0, 1].flatMap((k) => placed.map((list) => list[k]?._id as string));
      const mixed = await measured({ ids: [...ids, ids[0]], status: 'cancelled' });
      expect(mixed.mostAtOnce).toBeGreaterThan(1);
      expect(mixed.results.map((r) => [r.id, r.ok])).toEqual(ids.map((id) => [id, true]));
      for (const user of users) expect(await balanceOf(user)).toBe(40);
    } finally {
      spy.mockRestore();
    }
  });

  it('the same order many times in parallel requests refunds once', async () => {
    const user = await fundedUser(50);
    const a = await place(user, views(30));
    const answers = await Promise.all(Array.from({ length: 5 }, () => bulk({ ids: [a._id, a._id], status: 'cancelled' })));
    const outcomes = answers.flatMap((res) => res.body.results as { ok: boolean; code?: string }[]);
    expect(outcomes).toHaveLength(5);
    expect(outcomes.filter((r) => r.ok)).toHaveLength(1);
    expect(outcomes.filter((r) => !r.ok).every((r) => r.code === 'order_final' || r.code === 'busy')).toBe(true);
    expect(await balanceOf(user)).toBe(50);
    expect(await refunds(user)).toEqual([`refund-${a._id}`]);
  });

  it.each([
    [{ ids: [], status: 'cancelled' }, 'ids'],
    [{ ids: Array.from({ length: 101 }, (_, i) => String(100000000 + i)), status: 'cancelled' }, 'ids'],
    [{ ids: ['123456789'], status: 'lost' }, 'status'],
    [{ ids: ['123456789'], status: 'cancelled', remains: 5 }, 'remains'],
    [{ ids: ['123456789'], status: 'cancelled', extra: 1 }, undefined],
  ])('refuses %j with 400', async (body, field) => {
    const res = await bulk(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
    if (field) expect(res.body.field).toBe(field);
  });
});

describe('GET /api/admin/overview', () => {
  it('counts what waits and sums today’s orders (Pakistan day) as computed from every document', async () => {
    const user = await fundedUser(300);
    const now = Date.now();
    const midnight = pktMidnight(now);
    const a = await place(user, views(40));
    const b = await place(user, igLikes(40));
    const c = await place(user, views(41));
    const d = await place(user, views(42));
    await placedAt(a._id, midnight); // the first millisecond of today
    await placedAt(d._id, midnight - 1); // the last of yesterday
    await updateOrderStatus(b._id, 'partial', 40);
    await updateOrderStatus(c._id, 'cancelled');
    // A drip-feed (3 runs, stopped after its first): charged once on itself, its run is no second charge.
    const enable = (dripfeed: boolean) =>
      call(api.url, 'PATCH', '/api/admin/services/tt-views-fast', { token: admin.token, body: { dripfeed } });
    expect((await enable(true)).status).toBe(200);
    const drip = await call(api.url, 'POST', '/api/order/place', {
      token: user.token,
      body: { ...views(43), quantity: 500, runs: 3, interval: 1440 },
    });
    expect((await enable(false)).status).toBe(200);
    expect(drip.status, JSON.stringify(drip.body)).toBe(201);
    await updateOrderStatus(drip.body.order._id, 'cancelled');
    await call(api.url, 'POST', '/api/recharge-requests', {
      token: user.token,
      body: { amount: 100, method: 'JazzCash', reference: `OV${Date.now()}` },
    });

    const res = await get('/api/admin/overview');
    expect(res.status).toBe(200);

    const orders = (await db.collection('orders').get()).docs.map((doc) => doc.data());
    const todays = orders.filter((o) => o.createdAt.toMillis() >= midnight && o.createdAt.toMillis() < midnight + 86_400_000);
    // What customers were charged: a drip-feed's runs were paid on it (refunds of runs would count).
    const charged = todays.filter((o) => !o.dripRun);
    const revenuePaisa = charged.reduce((sum, o) => sum + o.pricePaisa, 0) - todays.reduce((sum, o) => sum + (o.refundPaisa ?? 0), 0);
    const pendingTopUps = (await db.collection('rechargeRequests').get()).docs.filter((doc) => doc.data().status === 'pending').length;
    expect(res.body).toEqual({
      pendingTopUps,
      pendingOrders: orders.filter((o) => o.status === 'pending').length,
      today: { day: pktDate(now), orders: charged.length, revenue: revenuePaisa / 100 },
      ticketsWaiting: (await db.collection('tickets').where('waiting', '==', true).get()).size,
      reviewsWaiting: (await db.collection('reviewQueue').where('status', '==', 'pending').get()).size,
      // No wallet phone is paired here (the autopilot's figures, from every document too).
      walletPhones: {
        silent: [],
        unmatchedPayments: (await db.collection('walletEvents').where('status', '==', 'unmatched').get()).size,
        heldPayments: (await db.collection('walletEvents').where('status', '==', 'held').get()).size,
      },
    });
    // The figures are not trivially zero, and the boundary orders fall on their own side.
    expect(pendingTopUps).toBeGreaterThan(0);
    expect(todays.map((o) => o.createdAt.toMillis())).toContain(midnight);
    expect(todays.map((o) => o.createdAt.toMillis())).not.toContain(midnight - 1);
    expect(res.body.today.revenue).toBeGreaterThan(0);
    expect(todays.filter((o) => o.dripRun)).toHaveLength(1);
  });
});

describe('the console endpoints are admin only', () => {
  it.each([
    ['GET', '/api/admin/overview', undefined],
    ['GET', '/api/admin/order?platform=tiktok&from=2025-01-01', undefined],
    ['POST', '/api/admin/orders/status', { ids: ['123456789'], status: 'cancelled' }],
  ])('%s %s: 403 for a customer, 401 without a token', async (method, path, body) => {
    const asCustomer = await call(api.url, method, path, { token: customer.token, body });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.code).toBe('admin_required');
    expect((await call(api.url, method, path, { body })).status).toBe(401);
  });
});
