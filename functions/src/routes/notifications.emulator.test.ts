// Notifications over the real emulators: each event writes exactly one notification in its own
// transaction (none for a refused event, one for two identical concurrent changes), the customer's bell
// (list, paging, unread count, mark read), preferences, devices, and the pushes the recording sender is
// handed (their exact FCM shape, a dead token deleted, an unanswered one retried, never sent twice at once).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, fund, pageThrough, type TestUser, v2With } from '../../../tests/support/api';
import { emulatorPushesCollection, type PushSender, recordingSender } from '../lib/push-sender';
import { requestRefill } from '../services/orders/refills';
import {
  deviceIdOf,
  notificationSettingsRef,
  notificationsOf,
  PUSH_MAX_ATTEMPTS,
  pushDevicesCollection,
  sendDuePushes,
  sendPush,
} from '../services/support/notifications';
import { seedSettings } from '../services/top-ups/public-settings';
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_LIMITS, type NotificationPreferences } from '../shared/notifications';

const api = apiServerForFile({ moneyInvariants: true });
let admin: TestUser;

beforeAll(async () => {
  await seedSettings();
  admin = await createUser({ admin: true, name: 'Boss' });
  const res = await call(api.url, 'PATCH', '/api/admin/services/tt-views-hq', { token: admin.token, body: { dripfeed: true } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});

type Wire = Record<string, any>;
const as = (user: TestUser) => ({
  get: (path: string) => call(api.url, 'GET', path, { token: user.token }),
  post: (path: string, body?: unknown) => call(api.url, 'POST', path, { token: user.token, body }),
  put: (path: string, body?: unknown) => call(api.url, 'PUT', path, { token: user.token, body }),
});
const ok = <T extends { status: number; body: unknown }>(res: T, status = 200): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res;
};

/** A customer with money (the top-up of `fund` notifies too: its notification is removed, so tests start from none). */
async function customer(rupees = 100): Promise<TestUser> {
  const user = await createUser();
  if (rupees > 0) await fund(user, rupees);
  await clearNotifications(user);
  return user;
}
async function clearNotifications(user: TestUser) {
  const snap = await notificationsOf(user.uid).get();
  await Promise.all(snap.docs.map((d) => d.ref.delete()));
}
const stored = async (user: TestUser) => (await notificationsOf(user.uid).get()).docs.map((d) => ({ id: d.id, ...d.data() }));
const newToken = (prefix = 'tok') => `${prefix}-${randomUUID()}`;
const registered = async (user: TestUser, token = newToken()) => {
  ok(await as(user).post('/api/notifications/devices', { token }), 204);
  return token;
};
const deviceStored = async (token: string) => (await pushDevicesCollection().doc(deviceIdOf(token)).get()).exists;
const pushesTo = async (token: string) => {
  const snap = await emulatorPushesCollection().where('message.token', '==', token).get();
  return snap.docs.map((d) => d.data() as { message: Wire; outcome: string });
};
const unread = async (user: TestUser) => ok(await as(user).get('/api/notifications/unread')).body.unread as number;
const bell = async (user: TestUser) => ok(await as(user).get('/api/notifications?limit=100')).body.notifications as Wire[];
const setPreferences = async (user: TestUser, change: Partial<NotificationPreferences>) =>
  ok(await as(user).put('/api/notifications/settings', { preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...change } }));

let linkCounter = 0;
async function placeOrder(user: TestUser, serviceId = 'tt-views-fast', extra: Wire = {}) {
  const res = await as(user).post('/api/order/place', {
    serviceId,
    link: `https://tiktok.com/@n/video/${Date.now()}${++linkCounter}`,
    quantity: 1000,
    ...extra,
  });
  ok(res, 201);
  return res.body.order as Wire;
}

/** An order completed the worker's way (as a provider sync's change): its push due, not sent by a request. */
async function completedByProvider(user: TestUser) {
  const order = await placeOrder(user);
  const { updateOrderStatus } = await import('../services/orders/orders');
  await updateOrderStatus(String(order._id), 'completed', undefined, { source: 'provider', pushLater: true });
  return order;
}
const setStatus = (id: string | number, body: Wire) => call(api.url, 'PUT', `/api/admin/update-status/${id}`, { token: admin.token, body });
/** An order placed by `user`, then set to `status` by the admin. */
async function placedAndSetTo(user: TestUser, status: string) {
  const order = await placeOrder(user);
  ok(await setStatus(order._id, { status }));
  return order;
}

describe('order status changes', () => {
  it('writes one notification per change in its transaction, the refund in its body, and pushes it at once', async () => {
    const user = await customer();
    const token = await registered(user);
    const order = await placedAndSetTo(user, 'processing');
    ok(await setStatus(order._id, { status: 'partial', remains: 250 }));

    const notes = await stored(user);
    expect(notes.map((n) => n.id).sort()).toEqual([`order-${order._id}-partial`, `order-${order._id}-processing`]);
    const partial = notes.find((n) => n.id.endsWith('partial'));
    expect(partial).toMatchObject({
      kind: 'order',
      title: `Order #${order._id} is partly delivered`,
      body: `1000 ${order.service}. Rs 5 back to your balance.`,
      url: `/dashboard?order=${order._id}`,
      read: false,
      bell: true,
      push: { state: 'sent', attempts: 1 },
    });
    // Sent before the admin's answer: the recorder holds both, one each.
    const pushes = await pushesTo(token);
    expect(pushes.map((p) => p.message.data.tag).sort()).toEqual([`order-${order._id}-partial`, `order-${order._id}-processing`]);
  });

  it('hands the sender the exact FCM message: data strings, the tag, the url, the Web Push headers', async () => {
    const user = await customer();
    const token = await registered(user);
    const order = await placedAndSetTo(user, 'cancelled');
    const [push, ...more] = await pushesTo(token);
    expect(more).toEqual([]);
    const id = `order-${order._id}-cancelled`;
    expect(push?.message).toEqual({
      token,
      data: {
        notificationId: id,
        kind: 'order',
        title: `Order #${order._id} is cancelled`,
        body: `1000 ${order.service}. Rs 20 back to your balance.`,
        url: `/dashboard?order=${order._id}`,
        tag: id,
      },
      webpush: { headers: { Urgency: 'high', TTL: '86400' } },
    });
    expect(Object.values(push?.message.data).every((v) => typeof v === 'string')).toBe(true);
  });

  it('writes nothing for a refused change', async () => {
    const user = await customer();
    const order = await placedAndSetTo(user, 'completed');
    expect((await setStatus(order._id, { status: 'cancelled' })).status).toBe(409);
    expect((await stored(user)).map((n) => n.id)).toEqual([`order-${order._id}-completed`]);
  });

  it('two identical concurrent changes notify once', async () => {
    const user = await customer();
    const token = await registered(user);
    const order = await placeOrder(user);
    const answers = await Promise.all([setStatus(order._id, { status: 'cancelled' }), setStatus(order._id, { status: 'cancelled' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await stored(user)).map((n) => n.id)).toEqual([`order-${order._id}-cancelled`]);
    expect(await pushesTo(token)).toHaveLength(1);
  });

  it("a drip-feed's runs are not notified; its stop is, with the refund of the runs not started", async () => {
    const user = await customer(200);
    const parent = await placeOrder(user, 'tt-views-hq', { runs: 3, interval: 60 });
    const [run] = parent.dripFeed.orders as number[];
    ok(await setStatus(run as number, { status: 'completed' }));
    expect(await stored(user)).toEqual([]);
    ok(await as(user).post(`/api/orders/${parent._id}/cancel`));
    const notes = await stored(user);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ id: `order-${parent._id}-partial`, title: `Order #${parent._id} is partly delivered` });
    expect(notes[0]?.body).toBe(`3000 ${parent.service}. Rs 80 back to your balance.`);
  });

  it("API v2's cancel of many orders leaves their pushes to the worker, as the admin's bulk change does", async () => {
    // Sent one by one before the answer, up to 100 ids each waiting on FCM (5 s bounded) outlast the 60 s request.
    const user = await customer();
    const token = await registered(user);
    const created = ok(await as(user).post('/api/api-key'), 201);
    const key = created.body.key as string;
    const first = await placeOrder(user);
    const second = await placeOrder(user);
    const answer = await v2With(api.url, key, { action: 'cancel', orders: `${first._id},${second._id}` });
    expect(answer).toEqual([
      { order: Number(first._id), cancel: 1 },
      { order: Number(second._id), cancel: 1 },
    ]);
    expect(Object.fromEntries((await stored(user)).map((n) => [n.id, n.push.state]))).toEqual({
      [`order-${first._id}-cancelled`]: 'due',
      [`order-${second._id}-cancelled`]: 'due',
    });
    expect(await pushesTo(token)).toEqual([]);
    await sendDuePushes({ now: Date.now });
    expect((await pushesTo(token)).map((p) => p.message.data.tag).sort()).toEqual(
      [`order-${first._id}-cancelled`, `order-${second._id}-cancelled`].sort(),
    );
  });
});

describe('top-ups, credits, ticket replies and refills', () => {
  const submit = async (user: TestUser, amount: number) => {
    const res = await as(user).post('/api/recharge-requests', {
      amount,
      method: 'Easypaisa',
      reference: `N${randomUUID().replace(/-/g, '').slice(0, 12)}`,
    });
    ok(res, 201);
    return res.body.request._id as string;
  };

  it('an approved top-up notifies once, in the approval: a second approval (refused) adds nothing', async () => {
    const user = await customer(0);
    const token = await registered(user);
    const id = await submit(user, 500);
    ok(await call(api.url, 'POST', `/api/admin/recharge-requests/${id}/approve`, { token: admin.token }));
    expect((await call(api.url, 'POST', `/api/admin/recharge-requests/${id}/approve`, { token: admin.token })).status).toBe(409);
    const notes = await stored(user);
    expect(notes).toEqual([
      expect.objectContaining({
        id: `topup-${id}`,
        kind: 'topup',
        title: 'Top-up approved: Rs 500',
        body: 'Rs 500 was added to your balance.',
        url: '/dashboard',
      }),
    ]);
    expect((await pushesTo(token)).map((p) => p.message.data.tag)).toEqual([`topup-${id}`]);
  });

  it("a rejected top-up carries the admin's note", async () => {
    const user = await customer(0);
    const id = await submit(user, 750);
    ok(await call(api.url, 'POST', `/api/admin/recharge-requests/${id}/reject`, { token: admin.token, body: { note: 'No such payment' } }));
    expect(await stored(user)).toEqual([
      expect.objectContaining({ id: `topup-${id}`, title: 'Top-up of Rs 750 rejected', body: 'Reason: No such payment' }),
    ]);
  });

  it("the admin's manual credit is a top-up too", async () => {
    const user = await customer(0);
    ok(await call(api.url, 'POST', '/api/admin/add-balance', { token: admin.token, body: { userId: user.uid, amount: 300 } }));
    const notes = await stored(user);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.id).toMatch(/^credit-[A-Za-z0-9]{20}$/);
    expect(notes[0]).toMatchObject({ kind: 'topup', title: 'Top-up approved: Rs 300', body: 'Rs 300 was added to your balance.' });
  });

  it("the admin's ticket reply notifies with the reply, cut to the body's length; the customer's own message does not", async () => {
    const user = await customer(0);
    const opened = ok(await as(user).post('/api/tickets', { kind: 'Other', message: 'Hello?' }), 201).body.ticket as Wire;
    const reply = `Salam! ${'Your order is on its way. '.repeat(10)}`;
    ok(await call(api.url, 'POST', `/api/admin/tickets/${opened._id}/messages`, { token: admin.token, body: { message: reply } }), 201);
    ok(await as(user).post(`/api/tickets/${opened._id}/messages`, { message: 'Thanks' }), 201);
    const notes = await stored(user);
    expect(notes.map((n) => n.id)).toEqual([`ticket-${opened._id}-0002`]);
    expect(notes[0]).toMatchObject({ kind: 'ticket', title: 'New reply from support', url: `/tickets/${opened._id}` });
    expect(Array.from(notes[0]?.body ?? '')).toHaveLength(NOTIFICATION_LIMITS.body);
    expect(notes[0]?.body.startsWith('Salam! Your order is on its way.')).toBe(true);
  });

  it('a refill decided by the admin notifies once', async () => {
    const user = await customer(100);
    const order = await placeOrder(user, 'tt-followers-real', { quantity: 100 });
    ok(await setStatus(order._id, { status: 'completed' }));
    await clearNotifications(user);
    const { refillId } = await requestRefill(user.uid, String(order._id));
    ok(await call(api.url, 'POST', `/api/admin/refills/${refillId}/complete`, { token: admin.token }));
    expect((await call(api.url, 'POST', `/api/admin/refills/${refillId}/reject`, { token: admin.token })).status).toBe(409);
    expect(await stored(user)).toEqual([
      expect.objectContaining({
        id: `refill-${refillId}`,
        kind: 'refill',
        title: `Refill of order #${order._id} completed`,
        url: `/dashboard?order=${order._id}`,
      }),
    ]);
  });
});

describe('the bell: list, paging, unread count, mark read', () => {
  it('lists newest first, paged without a gap or a repeat', async () => {
    const user = await customer(200);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const order = await placedAndSetTo(user, 'completed');
      ids.push(`order-${order._id}-completed`);
    }
    const { items, pages } = await pageThrough<Wire>(api.url, user.token, '/api/notifications', 'notifications', 2);
    expect(pages).toBe(3);
    expect(items.map((n) => n._id)).toEqual([...ids].reverse());
    expect(items[0]).toEqual({
      _id: ids[4],
      kind: 'order',
      title: expect.stringMatching(/ is completed$/),
      body: expect.any(String),
      url: expect.stringMatching(/^\/dashboard\?order=\d+$/),
      read: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('counts unread, marks the ids given read (unknown and another customer’s ignored), then all', async () => {
    const user = await customer(200);
    const other = await customer(100);
    const orders = [await placeOrder(user), await placeOrder(user), await placeOrder(user)];
    for (const order of orders) ok(await setStatus(order._id, { status: 'completed' }));
    const theirs = await placeOrder(other);
    ok(await setStatus(theirs._id, { status: 'completed' }));
    expect(await unread(user)).toBe(3);

    const mark = await as(user).post('/api/notifications/read', {
      ids: [`order-${orders[0]?._id}-completed`, `order-${theirs._id}-completed`, 'no-such-id', '../x'],
    });
    ok(mark, 204);
    expect(await unread(user)).toBe(2);
    expect((await bell(user)).filter((n) => n.read).map((n) => n._id)).toEqual([`order-${orders[0]?._id}-completed`]);
    // The other customer's notification is untouched.
    expect(await unread(other)).toBe(1);

    ok(await as(user).post('/api/notifications/read', { all: true }), 204);
    expect(await unread(user)).toBe(0);
    expect((await bell(user)).every((n) => n.read)).toBe(true);
    expect(await unread(other)).toBe(1);
  });

  it('marks read every unread notification about what the customer opened (`url`), and only the caller’s', async () => {
    const user = await customer(200);
    const other = await customer(100);
    const [first, second] = [await placeOrder(user), await placeOrder(user)];
    if (!first || !second) throw new Error('no order');
    ok(await setStatus(first._id, { status: 'processing' }));
    ok(await setStatus(first._id, { status: 'completed' }));
    ok(await setStatus(second._id, { status: 'completed' }));
    const theirs = await placeOrder(other);
    ok(await setStatus(theirs._id, { status: 'completed' }));
    const about = (order: Wire) => `/dashboard?order=${String(order.number)}`;
    expect(await unread(user)).toBe(3);

    ok(await as(user).post('/api/notifications/read', { url: about(first) }), 204);
    expect(await unread(user)).toBe(1);
    expect((await bell(user)).filter((n) => !n.read).map((n) => n.url)).toEqual([about(second)]);
    // Another customer's page of the same shape is theirs: untouched. A page nothing links to marks nothing.
    ok(await as(user).post('/api/notifications/read', { url: about(theirs) }), 204);
    ok(await as(user).post('/api/notifications/read', { url: '/tickets/none' }), 204);
    expect(await unread(other)).toBe(1);
    expect(await unread(user)).toBe(1);
    // Not an app path: refused.
    expect((await as(user).post('/api/notifications/read', { url: 'https://evil.example/' })).status).toBe(400);
    expect((await as(user).post('/api/notifications/read', { url: '//evil.example/' })).status).toBe(400);
  });

  it('refuses a malformed mark-read body and an anonymous caller', async () => {
    const user = await customer(0);
    expect((await as(user).post('/api/notifications/read', { ids: [] })).status).toBe(400);
    expect((await as(user).post('/api/notifications/read', { all: false })).status).toBe(400);
    expect((await call(api.url, 'GET', '/api/notifications/unread')).status).toBe(401);
  });
});

describe('preferences', () => {
  it('are the defaults until set, and answer with the devices count', async () => {
    const user = await customer(0);
    expect(ok(await as(user).get('/api/notifications/settings')).body).toEqual({
      preferences: DEFAULT_NOTIFICATION_PREFERENCES,
      devices: 0,
    });
    await registered(user);
    const change = { order: { bell: false, push: true } };
    expect((await setPreferences(user, change)).body).toEqual({
      preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...change },
      devices: 1,
    });
    expect((await as(user).put('/api/notifications/settings', { preferences: { order: { bell: true } } })).status).toBe(400);
  });

  it('bell off: pushed but not listed nor counted; push off: listed, not pushed; both off: nothing', async () => {
    const user = await customer(200);
    const token = await registered(user);
    const change = async (prefs: NotificationPreferences['order']) => {
      await setPreferences(user, { order: prefs });
      const order = await placedAndSetTo(user, 'completed');
      return `order-${order._id}-completed`;
    };
    const pushOnly = await change({ bell: false, push: true });
    const bellOnly = await change({ bell: true, push: false });
    const neither = await change({ bell: false, push: false });

    expect((await bell(user)).map((n) => n._id)).toEqual([bellOnly]);
    expect(await unread(user)).toBe(1);
    expect((await pushesTo(token)).map((p) => p.message.data.tag)).toEqual([pushOnly]);
    expect((await stored(user)).map((n) => n.id).sort()).toEqual([bellOnly, pushOnly].sort());
    expect((await stored(user)).find((n) => n.id === bellOnly)?.push.state).toBe('none');
    expect((await stored(user)).some((n) => n.id === neither)).toBe(false);
  });

  it('a customer with no device gets no push: none when written, nothing left for the worker', async () => {
    const user = await customer();
    // The worker's way: nothing is sent after the commit, so this is the state the event wrote.
    await completedByProvider(user);
    expect((await stored(user))[0]?.push).toEqual({ state: 'none', attempts: 0 });
  });

  it('push turned off for a kind stops its pushes still due: the worker sends none, the bell keeps them', async () => {
    const user = await customer();
    const token = await registered(user);
    const order = await completedByProvider(user);
    expect((await stored(user))[0]?.push.state).toBe('due');
    await setPreferences(user, { order: { bell: true, push: false } });
    await sendDuePushes({ now: Date.now });
    expect(await pushesTo(token)).toEqual([]);
    expect((await stored(user))[0]?.push).toEqual({ state: 'none', attempts: 0 });
    expect((await bell(user)).map((n) => n._id)).toEqual([`order-${order._id}-completed`]);
  });
});

describe('devices', () => {
  it('a token registered by another account moves to it: pushes follow the new account only', async () => {
    const first = await customer();
    const second = await customer();
    const token = await registered(first);
    await registered(second, token);
    expect(ok(await as(first).get('/api/notifications/settings')).body.devices).toBe(0);
    expect(ok(await as(second).get('/api/notifications/settings')).body.devices).toBe(1);
    expect((await pushDevicesCollection().doc(deviceIdOf(token)).get()).data()).toMatchObject({ uid: second.uid, token });

    const mine = await placeOrder(first);
    ok(await setStatus(mine._id, { status: 'completed' }));
    const theirs = await placeOrder(second);
    ok(await setStatus(theirs._id, { status: 'completed' }));
    expect((await pushesTo(token)).map((p) => p.message.data.tag)).toEqual([`order-${theirs._id}-completed`]);
  });

  it(`keeps at most ${NOTIFICATION_LIMITS.devicesPerUser} per customer, dropping the one seen least recently`, async () => {
    const user = await customer(0);
    const tokens: string[] = [];
    for (let i = 0; i <= NOTIFICATION_LIMITS.devicesPerUser; i++) tokens.push(await registered(user));
    expect(ok(await as(user).get('/api/notifications/settings')).body.devices).toBe(NOTIFICATION_LIMITS.devicesPerUser);
    expect(await deviceStored(tokens[0] as string)).toBe(false);
    expect(await deviceStored(tokens[1] as string)).toBe(true);
    // The same token again is seen now: the next one dropped is the second.
    await registered(user, tokens[1]);
    await registered(user);
    expect(await deviceStored(tokens[1] as string)).toBe(true);
    expect(await deviceStored(tokens[2] as string)).toBe(false);
  });

  it('sign-out removes the device: no push is recorded after; removing an unknown token is 204 too', async () => {
    const user = await customer();
    const token = await registered(user);
    const before = await placeOrder(user);
    ok(await setStatus(before._id, { status: 'completed' }));
    ok(await as(user).post('/api/notifications/devices/remove', { token }), 204);
    ok(await as(user).post('/api/notifications/devices/remove', { token }), 204);
    ok(await as(user).post('/api/notifications/devices/remove', { token: newToken() }), 204);
    const after = await placeOrder(user);
    ok(await setStatus(after._id, { status: 'completed' }));
    expect((await pushesTo(token)).map((p) => p.message.data.tag)).toEqual([`order-${before._id}-completed`]);
    expect(ok(await as(user).get('/api/notifications/settings')).body.devices).toBe(0);
  });

  it('limits registrations to 20 an hour per account (429 with Retry-After; nothing stored); another account is not affected', async () => {
    const user = await customer(0);
    // The same device again counts too: each registration writes the device and the account's settings.
    const again = await registered(user);
    for (let i = 1; i < 20; i++) await registered(user, i % 2 === 0 ? again : newToken());
    const token = newToken();
    const refused = await as(user).post('/api/notifications/devices', { token });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'rate_limited', message: 'Too many requests, try again later' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(await deviceStored(token)).toBe(false);
    // Removing a device (sign-out) is never limited.
    ok(await as(user).post('/api/notifications/devices/remove', { token: again }), 204);
    const other = await customer(0);
    await registered(other, token);
    expect((await pushDevicesCollection().doc(deviceIdOf(token)).get()).data()).toMatchObject({ uid: other.uid });
  });

  it('refuses a missing or malformed token', async () => {
    const user = await customer(0);
    expect((await as(user).post('/api/notifications/devices', {})).body).toMatchObject({ code: 'invalid_input', field: 'token' });
    expect((await as(user).post('/api/notifications/devices', { token: 'a b' })).status).toBe(400);
    // One character too long is not "required": the answer names what is wrong.
    const tooLong = 'x'.repeat(NOTIFICATION_LIMITS.tokenMax + 1);
    expect((await as(user).post('/api/notifications/devices', { token: tooLong })).body).toEqual({
      message: 'Not a device token',
      code: 'invalid_input',
      field: 'token',
    });
    ok(await as(user).post('/api/notifications/devices', { token: tooLong.slice(1) }), 204);
  });
});

describe('push delivery', () => {
  it("deletes a device FCM calls unregistered, and keeps the customer's other devices", async () => {
    const user = await customer();
    const dead = await registered(user, newToken('unregistered'));
    const alive = await registered(user);
    await placedAndSetTo(user, 'completed');
    expect(await pushesTo(dead)).toHaveLength(1);
    expect(await pushesTo(alive)).toHaveLength(1);
    expect(await deviceStored(dead)).toBe(false);
    expect(Object.keys((await notificationSettingsRef(user.uid).get()).get('devices'))).toEqual([deviceIdOf(alive)]);
    expect((await stored(user))[0]?.push).toEqual({ state: 'sent', attempts: 1, done: [deviceIdOf(alive)] });
  });

  it('an unanswered push is retried by the worker with the same tag, to that device only, until it gives up', async () => {
    const user = await customer();
    const silent = await registered(user, newToken('unknown'));
    const fine = await registered(user);
    const order = await placedAndSetTo(user, 'completed');
    const id = `order-${order._id}-completed`;
    let doc = (await stored(user))[0];
    expect(doc?.push).toMatchObject({ state: 'due', attempts: 1, done: [deviceIdOf(fine)] });

    // Not due yet for the worker; then, a clock past the retry's time, it is.
    const ref = notificationsOf(user.uid).doc(id);
    expect(await sendPush(ref, { now: Date.now })).toBe('skipped');
    let clock = Date.now();
    for (let attempt = 2; attempt <= PUSH_MAX_ATTEMPTS; attempt++) {
      clock += 20 * 60_000;
      await sendDuePushes({ now: () => clock });
      doc = (await stored(user))[0];
      expect(doc?.push.attempts).toBe(attempt);
    }
    expect(doc?.push).toEqual({ state: 'failed', attempts: PUSH_MAX_ATTEMPTS, done: [deviceIdOf(fine)] });
    const retried = await pushesTo(silent);
    expect(retried).toHaveLength(PUSH_MAX_ATTEMPTS);
    expect(new Set(retried.map((p) => p.message.data.tag))).toEqual(new Set([id]));
    expect(await pushesTo(fine)).toHaveLength(1);
  });

  it('two workers at once never send one push twice', async () => {
    const user = await customer();
    const token = await registered(user);
    const order = await completedByProvider(user);
    expect((await stored(user))[0]?.push.state).toBe('due');
    let calls = 0;
    const slow: PushSender = {
      async send(message) {
        calls += 1;
        // Longer than a contended claim's retry (the SDK backs off about a second): the others look while it sends.
        await new Promise((done) => setTimeout(done, 3000));
        return recordingSender.send(message);
      },
    };
    const ref = notificationsOf(user.uid).doc(`order-${order._id}-completed`);
    const results = await Promise.all([
      sendPush(ref, { now: Date.now, sender: slow }),
      sendPush(ref, { now: Date.now, sender: slow }),
      sendDuePushes({ now: Date.now, sender: slow }),
    ]);
    // Whichever claimed it first sent it; the others found it claimed.
    expect(results.filter((r) => r === 'sent').length + results[2].sent).toBe(1);
    expect(calls).toBe(1);
    expect(await pushesTo(token)).toHaveLength(1);
    expect((await stored(user))[0]?.push).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it("a sender's lease that ran out is taken over: the push is sent again with its tag", async () => {
    const user = await customer();
    const token = await registered(user);
    const order = await completedByProvider(user);
    const ref = notificationsOf(user.uid).doc(`order-${order._id}-completed`);
    // A sender that claims and never answers (its instance died): its lease runs out.
    const hung: PushSender = { send: () => new Promise(() => undefined) };
    const dying = sendPush(ref, { now: Date.now, sender: hung });
    await expect.poll(async () => (await ref.get()).get('push.state')).toBe('sending');
    expect(await sendPush(ref, { now: Date.now })).toBe('skipped');
    expect(await sendPush(ref, { now: () => Date.now() + 2 * 60_000 })).toBe('sent');
    // The hung call's timeout ends it as unknown; its record finds the lease taken and changes nothing.
    expect(await dying).toBe('skipped');
    expect((await stored(user))[0]?.push).toMatchObject({ state: 'sent', attempts: 2 });
    expect((await pushesTo(token)).map((p) => p.message.data.tag)).toEqual([`order-${order._id}-completed`]);
  });

  it('a push whose sender dies after each claim is given up after the last attempt, not claimed every minute for ever', async () => {
    const user = await customer();
    await registered(user);
    const order = await completedByProvider(user);
    const ref = notificationsOf(user.uid).doc(`order-${order._id}-completed`);
    let calls = 0;
    // Claims, then never records (as an instance killed mid-send): only the lease's end frees the push.
    const dies: PushSender = {
      send() {
        calls += 1;
        throw new Error('instance gone');
      },
    };
    let clock = Date.now();
    for (let round = 0; round < PUSH_MAX_ATTEMPTS + 3; round++) {
      await sendPush(ref, { now: () => clock, sender: dies }).catch(() => undefined);
      clock += 2 * 60 * 60_000;
    }
    expect(calls).toBe(PUSH_MAX_ATTEMPTS);
    expect((await ref.get()).get('push')).toEqual({ state: 'failed', attempts: PUSH_MAX_ATTEMPTS });
  });
});
