// The customer's Orders page through the API (issue 31): the list's tabs, search, days and pages, and the
// actions on each order (Cancel, Refill) with the same rules and records as API v2's `cancel` and `refill`.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createApiKeyFor, createUser, pageThrough, type TestUser, v2With } from '../../../tests/support/api';
import { adminWithDripFeed, fundedUser } from '../../../tests/support/users';
import { db } from '../lib/admin';
import { updateOrderStatus } from '../services/orders/orders';
import { MESSAGES } from '../shared/messages';
import { pakistanDayOf } from '../shared/pakistan-days';

const api = apiServerForFile({ moneyInvariants: true });
let admin: TestUser;

beforeAll(async () => {
  admin = await adminWithDripFeed(api.url, 'tt-views-fast');
});

let linkCounter = 0;
const nextLink = (kind = 'video') => `https://www.tiktok.com/@mine/${kind}/${Date.now()}${++linkCounter}`;
/** Views: no refill, cancel allowed. Followers: a 30-day refill, cancel allowed. Comments: neither cancel nor refill. */
const place = async (user: TestUser, body: Record<string, unknown>) => {
  const res = await call(api.url, 'POST', '/api/order/place', { token: user.token, body: { link: nextLink(), ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order as { _id: string; number: number; link: string; price: number };
};
const views = (user: TestUser, extra: Record<string, unknown> = {}) =>
  place(user, { serviceId: 'tt-views-fast', quantity: 1000, ...extra });
const followers = (user: TestUser) => place(user, { serviceId: 'tt-followers-real', quantity: 100 });
const list = (user: TestUser, query = '') => call(api.url, 'GET', `/api/order/my-orders?limit=50${query}`, { token: user.token });
const ids = async (user: TestUser, query = '') => {
  const res = await list(user, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.orders as { _id: string }[]).map((o) => o._id);
};
const cancel = (user: TestUser, id: string) => call(api.url, 'POST', `/api/orders/${id}/cancel`, { token: user.token, body: {} });
const refill = (user: TestUser, id: string) => call(api.url, 'POST', `/api/orders/${id}/refill`, { token: user.token, body: {} });
const balanceOf = async (user: TestUser) =>
  (await call(api.url, 'GET', '/api/user/profile', { token: user.token })).body.user.balance as number;
const completed = async (id: string, status: 'completed' | 'partial' = 'completed', remains?: number) => {
  await updateOrderStatus(id, 'processing');
  await updateOrderStatus(id, status, remains);
};
/** As if the order had ended `daysAgo` days ago. */
const ended = (id: string, daysAgo: number) => {
  const at = Timestamp.fromMillis(Date.now() - daysAgo * 86_400_000);
  return db.collection('orders').doc(id).update({ endedAt: at, updatedAt: at });
};

describe('GET /api/order/my-orders: the tabs, the search and the days', () => {
  it('lists only the caller’s orders, newest first, by status, drip-feed, order number, link and day, page by page', async () => {
    const me = await fundedUser(1000);
    const other = await fundedUser(100);
    const theirs = await views(other);
    const a = await views(me);
    const b = await followers(me);
    const c = await views(me);
    const drip = await views(me, { runs: 2, interval: 60 });
    await completed(b._id);
    await updateOrderStatus(c._id, 'cancelled');

    // The drip-feed's first run is an order of its own (newest); the parent carries its runs.
    const all = await ids(me);
    const parent = (await list(me, '&dripFeed=true')).body.orders[0];
    expect(parent.dripFeed).toMatchObject({ runs: 2, runsDone: 1, orders: [expect.any(Number)] });
    const run = String(parent.dripFeed.orders[0]);
    // Placed in one transaction, at one time: the parent and its run in either order, then the rest.
    expect(all.slice(0, 2).sort()).toEqual([drip._id, run].sort());
    expect(all.slice(2)).toEqual([c._id, b._id, a._id]);
    expect(all).not.toContain(theirs._id);

    expect(await ids(me, '&status=pending')).toEqual([run, a._id]);
    expect(await ids(me, '&status=completed')).toEqual([b._id]);
    expect(await ids(me, '&status=cancelled')).toEqual([c._id]);
    expect(await ids(me, '&status=processing')).toEqual([drip._id]);
    expect(await ids(me, '&dripFeed=true')).toEqual([drip._id]);

    expect(await ids(me, `&q=${a._id}`)).toEqual([a._id]);
    expect(await ids(me, `&q=${a._id}&status=completed`)).toEqual([]);
    expect(await ids(me, `&q=${theirs._id}`)).toEqual([]);
    expect(await ids(me, `&q=${encodeURIComponent(b.link)}`)).toEqual([b._id]);
    // The link as typed in another form (an upper-case host, a #fragment) names the same orders.
    expect(await ids(me, `&q=${encodeURIComponent(`${b.link.replace('www.tiktok.com', 'WWW.TikTok.com')}#top`)}`)).toEqual([b._id]);
    // Without its https://, as it is often pasted.
    expect(await ids(me, `&q=${encodeURIComponent(b.link.replace('https://', ''))}`)).toEqual([b._id]);
    expect(await ids(me, `&q=${encodeURIComponent(theirs.link)}`)).toEqual([]);
    expect(await ids(me, `&q=${encodeURIComponent(drip.link)}&dripFeed=true`)).toEqual([drip._id]);

    const today = pakistanDayOf(Date.now());
    const yesterday = pakistanDayOf(Date.now() - 86_400_000);
    expect(await ids(me, `&from=${today}&to=${today}`)).toEqual(all);
    expect(await ids(me, `&to=${yesterday}`)).toEqual([]);
    expect(await ids(me, `&q=${a._id}&to=${yesterday}`)).toEqual([]);

    // Two a page: every order once, in order.
    const paged = await pageThrough<{ _id: string }>(api.url, me.token, '/api/order/my-orders', 'orders', 2);
    expect(paged.items.map((o) => o._id)).toEqual(all);
    expect(paged.pages).toBe(3);
  });

  it('refuses a search that is neither an order number nor a link, a status with the drip-feeds, and days the wrong way round', async () => {
    const me = await createUser();
    for (const [query, field] of [
      ['&q=someone%40example.com', 'q'],
      ['&q=followers', 'q'],
      ['&q=%40someone', 'q'],
      ['&status=pending&dripFeed=true', 'dripFeed'],
      ['&status=done', 'status'],
      ['&from=2026-02-02&to=2026-02-01', 'to'],
    ] as const) {
      const res = await list(me, query);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ code: 'invalid_input', field });
    }
    expect((await list(me, '&q=someone%40example.com')).body.message).toBe(MESSAGES.myOrdersUnsearchable);
  });

  it('says on each order what its customer may do now: cancel a pending one of a service that allows it, refill until its window ends', async () => {
    const me = await fundedUser(1000);
    const pendingViews = await views(me);
    const comments = await place(me, { serviceId: 'tt-comments-random', quantity: 3 });
    const done = await followers(me);
    const old = await followers(me);
    const noRefill = await views(me);
    await completed(done._id);
    await completed(old._id);
    await ended(old._id, 31);
    await completed(noRefill._id);
    const doneAt = Date.parse((await list(me, `&q=${done._id}`)).body.orders[0].updatedAt);
    // When it started and ended are kept: the window counts from the end.
    const stored = (await db.collection('orders').doc(done._id).get()).data();
    expect(stored?.startedAt.toMillis()).toBeLessThanOrEqual(stored?.endedAt.toMillis());
    expect(stored?.endedAt.toMillis()).toBe(doneAt);
    expect((await db.collection('orders').doc(pendingViews._id).get()).get('startedAt')).toBeUndefined();

    const byId = new Map(((await list(me)).body.orders as { _id: string }[]).map((o) => [o._id, o]));
    expect(byId.get(pendingViews._id)).toMatchObject({ cancelable: true });
    expect(byId.get(pendingViews._id)).not.toHaveProperty('cancelNeedsConfirmation');
    expect(byId.get(pendingViews._id)).not.toHaveProperty('refillUntil');
    expect(byId.get(comments._id)).not.toHaveProperty('cancelable');
    expect(byId.get(done._id)).toMatchObject({ refillUntil: new Date(doneAt + 30 * 86_400_000).toISOString() });
    expect(byId.get(done._id)).not.toHaveProperty('cancelable');
    expect(byId.get(old._id)).not.toHaveProperty('refillUntil');
    expect(byId.get(noRefill._id)).not.toHaveProperty('refillUntil');
    // One order alone, as the page's row refreshes it.
    const one = await call(api.url, 'GET', `/api/orders/${done._id}`, { token: me.token });
    expect(one.body.order).toEqual(byId.get(done._id));
    expect((await call(api.url, 'GET', `/api/orders/${done._id}`, { token: (await createUser()).token })).status).toBe(404);
  });
});

describe('POST /api/orders/{id}/cancel', () => {
  it('cancels a pending order of a service that allows it with a full refund, once; a second tap changes nothing', async () => {
    const me = await fundedUser(100);
    const order = await views(me);
    expect(await balanceOf(me)).toBe(80);
    const res = await cancel(me, order._id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toMatchObject({ _id: order._id, status: 'cancelled', refund: 20 });
    expect(res.body.order).not.toHaveProperty('cancelable');
    expect(await balanceOf(me)).toBe(100);
    const again = await cancel(me, order._id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('not_cancelable');
    expect(await balanceOf(me)).toBe(100);
    const ledger = await db.collection('users').doc(me.uid).collection('ledger').where('orderId', '==', order._id).get();
    expect(ledger.docs.map((d) => d.get('type')).sort()).toEqual(['debit', 'refund']);
  });

  it('refuses (409 not_cancelable, nothing moved) a service without cancel, an order under way and a final one', async () => {
    const me = await fundedUser(100);
    const comments = await place(me, { serviceId: 'tt-comments-random', quantity: 3 });
    const started = await views(me);
    await updateOrderStatus(started._id, 'processing');
    const done = await views(me);
    await completed(done._id);
    const before = await balanceOf(me);
    for (const id of [comments._id, started._id, done._id]) {
      const res = await cancel(me, id);
      expect(res.status, id).toBe(409);
      expect(res.body.code, id).toBe('not_cancelable');
    }
    expect(await balanceOf(me)).toBe(before);
  });

  it('still stops a drip-feed (its runs not started refunded), and answers another’s order as not found', async () => {
    const me = await fundedUser(100);
    const drip = await views(me, { runs: 3, interval: 60 });
    const res = await cancel(me, drip._id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toMatchObject({ status: 'partial', refund: 40 });
    const theirs = await views(await fundedUser(100));
    expect((await cancel(me, theirs._id)).body.code).toBe('order_not_found');
    expect((await cancel(me, 'nope')).status).toBe(404);
    expect((await call(api.url, 'POST', `/api/orders/${theirs._id}/cancel`, { body: {} })).status).toBe(401);
  });
});

describe('POST /api/orders/{id}/refill', () => {
  it('asks once: a second tap, and API v2 `refill` of the same order, answer the same refill; it shows on the order', async () => {
    const me = await fundedUser(1000);
    const order = await followers(me);
    await completed(order._id);
    const first = await refill(me, order._id);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ message: MESSAGES.refillRequested, refill: { orderId: order._id, state: 'requested' } });
    const second = await refill(me, order._id);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ message: MESSAGES.refillAlreadyRequested, refill: first.body.refill });
    const key = await createApiKeyFor(api.url, me);
    expect(await v2With(api.url, key, { action: 'refill', order: order._id })).toEqual({ refill: first.body.refill.number });
    expect((await db.collection('refills').where('orderId', '==', order._id).get()).size).toBe(1);
    const listed = (await list(me, `&q=${order._id}`)).body.orders[0];
    expect(listed.refill).toEqual(first.body.refill);
  });

  it('shows the decision: completed, or rejected with the admin’s reason; a later refill may be asked again', async () => {
    const me = await fundedUser(1000);
    const order = await followers(me);
    await completed(order._id, 'partial', 40);
    const asked = await refill(me, order._id);
    expect(asked.status).toBe(201);
    const rejected = await call(api.url, 'POST', `/api/admin/refills/${asked.body.refill._id}/reject`, {
      token: admin.token,
      body: { reason: 'The followers did not drop' },
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.refill).toMatchObject({ status: 'rejected', reason: 'The followers did not drop' });
    const listed = (await list(me, `&q=${order._id}`)).body.orders[0];
    expect(listed.refill).toMatchObject({ state: 'rejected', reason: 'The followers did not drop', decidedAt: expect.any(String) });
    expect(listed.refillUntil).toEqual(expect.any(String));
    const again = await refill(me, order._id);
    expect(again.status).toBe(201);
    expect(again.body.refill._id).not.toBe(asked.body.refill._id);
    expect((await list(me, `&q=${order._id}`)).body.orders[0].refill).toMatchObject({ _id: again.body.refill._id, state: 'requested' });
    // A reason too long is refused before anything is decided.
    const long = await call(api.url, 'POST', `/api/admin/refills/${again.body.refill._id}/reject`, {
      token: admin.token,
      body: { reason: 'x'.repeat(501) },
    });
    expect(long.status).toBe(400);
    const done = await call(api.url, 'POST', `/api/admin/refills/${again.body.refill._id}/complete`, { token: admin.token, body: {} });
    expect(done.status).toBe(200);
    expect((await list(me, `&q=${order._id}`)).body.orders[0].refill).toMatchObject({ state: 'completed' });
  });

  it('answers 409 refill_unavailable after the window, for a service without refill, for an order not ended, and for a drip-feed', async () => {
    const me = await fundedUser(1000);
    const old = await followers(me);
    await completed(old._id);
    await ended(old._id, 31);
    const noRefill = await views(me);
    await completed(noRefill._id);
    const pending = await followers(me);
    const drip = await views(me, { runs: 2, interval: 60 });
    for (const id of [old._id, noRefill._id, pending._id, drip._id]) {
      const res = await refill(me, id);
      expect(res.status, id).toBe(409);
      expect(res.body.code, id).toBe('refill_unavailable');
    }
    expect((await db.collection('refills').where('userId', '==', me.uid).get()).size).toBe(0);
    expect((await refill(await createUser(), old._id)).body.code).toBe('order_not_found');
  });
});
