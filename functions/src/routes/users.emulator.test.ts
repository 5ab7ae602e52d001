// The admin's users section over the emulators: the list (all pages, search by email or name), one
// account's detail and lists, balance adjustments, and blocking with its effects.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiServerForFile,
  call,
  createApiKeyFor,
  createUser,
  fund,
  pageThrough as pageThroughList,
  type TestUser,
  v2With,
} from '../../../tests/support/api';
import { expectMoneyInvariants } from '../../../tests/support/money-invariants';
import { fundedUser } from '../../../tests/support/users';
import { db } from '../lib/admin';
import { seedSettings } from '../services/top-ups/public-settings';
import { addOrder as v2Add } from './api-v2/add';

const api = apiServerForFile({ moneyInvariants: true });
let admin: TestUser;

const get = (path: string, token = admin.token) => call(api.url, 'GET', path, { token });
const post = (path: string, body: unknown, options: { token?: string; key?: string } = {}) =>
  call(api.url, 'POST', path, {
    token: options.token ?? admin.token,
    body,
    headers: options.key ? { 'Idempotency-Key': options.key } : {},
  });
const adjust = (user: TestUser, body: unknown, key?: string, token?: string) =>
  post(`/api/admin/users/${user.uid}/adjust`, body, { key, token });
const block = (uid: string, reason = 'Chargeback on Easypaisa', token?: string) =>
  post(`/api/admin/users/${uid}/block`, { reason }, { token });
const unblock = (uid: string, reason = 'Paid back', token?: string) => post(`/api/admin/users/${uid}/unblock`, { reason }, { token });
/** A request for a Rs 300 Easypaisa top-up, with a reference of its own. */
const requestTopUp = (user: TestUser) =>
  call(api.url, 'POST', '/api/recharge-requests', {
    token: user.token,
    body: { amount: 300, method: 'Easypaisa', reference: `REF${randomUUID().slice(0, 8)}` },
  });
const order = (user: TestUser, link = `https://www.tiktok.com/@shop/video/${Date.now()}${Math.floor(Math.random() * 1e6)}`) =>
  call(api.url, 'POST', '/api/order/place', { token: user.token, body: { serviceId: 'tt-views-fast', link, quantity: 1000 } });
const ledgerOf = async (uid: string) => (await db.collection('users').doc(uid).collection('ledger').get()).docs.map((d) => d.data());
const auditOf = async (uid: string) =>
  (await db.collection('audit').where('subject', '==', `users/${uid}`).get()).docs
    .map((d) => d.data())
    .sort((a, b) => a.at.toMillis() - b.at.toMillis());
const balancePaisa = async (uid: string) => (await db.collection('users').doc(uid).get()).get('balancePaisa') as number;

const allPages = <T>(path: string, itemsKey: string, limit: number) => pageThroughList<T>(api.url, admin.token, path, itemsKey, limit);

beforeAll(async () => {
  await seedSettings();
  admin = await createUser({ admin: true, name: 'Boss' });
});

describe('admin users endpoints', () => {
  it.each([
    ['GET', '/api/admin/users/UID'],
    ['GET', '/api/admin/users/UID/ledger'],
    ['GET', '/api/admin/users/UID/orders'],
    ['GET', '/api/admin/users/UID/recharges'],
    ['GET', '/api/admin/users/UID/recharge-requests'],
    ['POST', '/api/admin/users/UID/adjust'],
    ['POST', '/api/admin/users/UID/block'],
    ['POST', '/api/admin/users/UID/unblock'],
  ])('%s %s answers 401 without a token and 403 to a customer', async (method, template) => {
    const customer = await createUser();
    const path = template.replace('UID', customer.uid);
    const body = method === 'POST' ? { amount: 5, reason: 'x' } : undefined;
    expect((await call(api.url, method, path, { body })).status).toBe(401);
    const res = await call(api.url, method, path, { token: customer.token, body: method === 'POST' ? { reason: 'x' } : undefined });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: 'Admin access required', code: 'admin_required' });
    expect(await auditOf(customer.uid)).toEqual([]);
  });
});

describe('GET /api/admin/users', () => {
  it('pages through every account, newest first, with nextCursor', async () => {
    for (let i = 0; i < 5; i++) await call(api.url, 'GET', '/api/user/profile', { token: (await createUser()).token });
    const { items, pages } = await allPages<{ _id: string; createdAt: string }>('/api/admin/users', 'users', 2);
    const stored = await db.collection('users').get();
    expect(pages).toBeGreaterThan(2);
    expect(new Set(items.map((u) => u._id)).size).toBe(items.length);
    expect(items.map((u) => u._id).sort()).toEqual(stored.docs.map((d) => d.id).sort());
    const times = items.map((u) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('finds accounts by email prefix and by name prefix (any case), a page at a time', async () => {
    const tag = randomUUID().slice(0, 6);
    const made: TestUser[] = [];
    for (let i = 0; i < 5; i++) {
      const user = await createUser({ email: `srch${tag}-${i}@example.com`, name: `Qa${tag} Person ${i}` });
      await call(api.url, 'POST', '/api/auth/register', { token: user.token, body: { name: user.name } });
      made.push(user);
    }
    const expected = made.map((u) => u.uid).sort();
    const byEmail = await allPages<{ _id: string }>(`/api/admin/users?q=SRCH${tag}`, 'users', 2);
    expect(byEmail.pages).toBe(3);
    expect(byEmail.items.map((u) => u._id).sort()).toEqual(expected);
    const byName = await allPages<{ _id: string; name: string }>(`/api/admin/users?q=qa${tag.toUpperCase()}&by=name`, 'users', 2);
    expect(byName.pages).toBe(3);
    expect(byName.items.map((u) => u.name)).toEqual(made.map((u) => u.name));
    // The name is not searched as an email, nor the email as a name.
    expect((await get(`/api/admin/users?q=qa${tag}`)).body.users).toEqual([]);
    expect((await get(`/api/admin/users?q=srch${tag}&by=name`)).body.users).toEqual([]);
    expect((await get('/api/admin/users?q=a&by=phone')).status).toBe(400);
  });

  it('shows each account’s balance and blocked state', async () => {
    const user = await createUser({ email: `shown-${randomUUID().slice(0, 6)}@example.com` });
    await fund(user, 12.5);
    await block(user.uid, 'Fraud check');
    const res = await get(`/api/admin/users?q=${encodeURIComponent(user.email)}`);
    expect(res.body.users).toEqual([
      expect.objectContaining({ _id: user.uid, balance: 12.5, blocked: { reason: 'Fraud check', at: expect.any(String) } }),
    ]);
  });
});

describe('GET /api/admin/users/{uid} and its lists', () => {
  it('answers the profile, balance, API key status (never the key or its hash) and counts', async () => {
    const user = await createUser({ name: 'Hira' });
    await fund(user, 100);
    expect((await order(user)).status).toBe(201);
    const key = await createApiKeyFor(api.url, user);
    expect((await call(api.url, 'POST', '/api/api-keys', { token: user.token, body: { name: 'Shop' } })).status).toBe(201);
    const res = await get(`/api/admin/users/${user.uid}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: expect.objectContaining({ _id: user.uid, name: 'Hira', email: user.email, role: 'user', balance: 80, blocked: null }),
      apiKey: { exists: true, createdAt: expect.any(String), last4: key.slice(-4) },
      namedApiKeys: 1,
      counts: { orders: 1, rechargeRequests: 0 },
      referral: { referredBy: null, balance: 0, earned: 0, transferred: 0 },
    });
    const hash = (await db.collection('users').doc(user.uid).get()).get('apiKey.hash') as string;
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(key);
    expect(text).not.toContain(hash);
  });

  it.each(['nobody-here', '__x__', 'a%2Fb'])('answers 404 User not found for %s', async (uid) => {
    const res = await get(`/api/admin/users/${uid}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'User not found', code: 'user_not_found' });
  });

  it('pages through the ledger newest first, and lists orders, credits and top-up requests', async () => {
    const user = await createUser();
    for (let i = 1; i <= 3; i++) await fund(user, 100 * i);
    for (let i = 0; i < 2; i++) expect((await order(user)).status).toBe(201);
    expect((await requestTopUp(user)).status).toBe(201);
    const ledger = await allPages<{ type: string; at: string; balanceAfter: number }>(`/api/admin/users/${user.uid}/ledger`, 'entries', 2);
    expect(ledger.pages).toBe(3);
    expect(ledger.items.map((e) => e.type)).toEqual(['debit', 'debit', 'credit', 'credit', 'credit']);
    expect(ledger.items.map((e) => e.balanceAfter)).toEqual([560, 580, 600, 300, 100]);
    const orders = await allPages<{ user: { _id: string } }>(`/api/admin/users/${user.uid}/orders`, 'orders', 1);
    expect(orders.items).toHaveLength(2);
    expect(orders.items.every((o) => o.user._id === user.uid)).toBe(true);
    const recharges = await allPages<{ amount: number }>(`/api/admin/users/${user.uid}/recharges`, 'recharges', 2);
    expect(recharges.items.map((r) => r.amount)).toEqual([300, 200, 100]);
    const requests = await allPages<{ amount: number; status: string }>(`/api/admin/users/${user.uid}/recharge-requests`, 'requests', 2);
    expect(requests.items).toEqual([expect.objectContaining({ amount: 300, status: 'pending' })]);
  });
});

describe('POST /api/admin/users/{uid}/adjust', () => {
  it('credits and debits with a signed ledger entry, its reason, and an audit entry with the balance before and after', async () => {
    const user = await fundedUser(50);
    const up = await adjust(user, { amount: 20.25, reason: 'Goodwill for a slow order' });
    expect(up.status).toBe(200);
    expect(up.body).toEqual({
      message: 'Balance adjusted',
      user: expect.objectContaining({ _id: user.uid, balance: 70.25 }),
      entry: {
        _id: expect.stringMatching(/^adjust-/),
        type: 'adjustment',
        amount: 20.25,
        balanceAfter: 70.25,
        reason: 'Goodwill for a slow order',
        at: expect.any(String),
      },
    });
    const down = await adjust(user, { amount: -70.25, reason: 'Reversed a double credit' });
    expect(down.status).toBe(200);
    expect(down.body.entry).toMatchObject({ type: 'adjustment', amount: -70.25, balanceAfter: 0 });
    expect(await balancePaisa(user.uid)).toBe(0);

    // The customer's own statement shows both, signed, with the reason.
    const own = await call(api.url, 'GET', '/api/ledger', { token: user.token });
    expect(own.body.entries.slice(0, 2)).toEqual([
      expect.objectContaining({ type: 'adjustment', amount: -70.25, reason: 'Reversed a double credit' }),
      expect.objectContaining({ type: 'adjustment', amount: 20.25, reason: 'Goodwill for a slow order' }),
    ]);
    const audit = await auditOf(user.uid);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'adjust',
        by: admin.email,
        byUid: admin.uid,
        before: { balance: 50 },
        after: { balance: 70.25, amount: 20.25, ledgerEntry: up.body.entry._id },
        reason: 'Goodwill for a slow order',
      }),
      expect.objectContaining({ action: 'adjust', before: { balance: 70.25 }, after: expect.objectContaining({ balance: 0 }) }),
    ]);
    await expectMoneyInvariants();
  });

  it('refuses a debit below 0 with a stable code, and writes nothing', async () => {
    const user = await fundedUser(10);
    const res = await adjust(user, { amount: -10.01, reason: 'Too much' }, randomUUID());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'This debit would take the balance below 0', code: 'insufficient_balance', field: 'amount' });
    expect(await balancePaisa(user.uid)).toBe(1000);
    expect((await ledgerOf(user.uid)).map((e) => e.type)).toEqual(['credit']);
    expect(await auditOf(user.uid)).toEqual([]);
  });

  it.each([
    [{ amount: 0, reason: 'r' }, 'Amount cannot be 0', 'amount'],
    [{ amount: 0.001, reason: 'r' }, 'Amount must be at least Rs 0.01 either way', 'amount'],
    [{ amount: 1.005, reason: 'r' }, 'Amount can have at most 2 decimals', 'amount'],
    [{ amount: 1_000_000.01, reason: 'r' }, 'Amount must be at most 1,000,000', 'amount'],
    [{ amount: -1_000_000.01, reason: 'r' }, 'Amount must be at least -1,000,000', 'amount'],
    [{ amount: '5', reason: 'r' }, 'Amount must be a number', 'amount'],
    [{ amount: 5 }, 'Reason is required', 'reason'],
    [{ amount: 5, reason: '   ' }, 'Reason is required', 'reason'],
    [{ amount: 5, reason: 'x'.repeat(501) }, 'Reason must be at most 500 characters', 'reason'],
    [{ amount: 5, reason: 'a\u202eb' }, 'Reason cannot contain control or formatting characters', 'reason'],
    [{ amount: 5, reason: 'ok', note: 'extra' }, 'Unknown field: note', 'note'],
  ])('refuses %j with 400 %s', async (body, message, field) => {
    const user = await fundedUser(5);
    const res = await adjust(user, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'invalid_input', field });
    expect(await ledgerOf(user.uid)).toHaveLength(1);
    expect(await auditOf(user.uid)).toEqual([]);
  });

  it('answers 404 for an account without a profile', async () => {
    const res = await post('/api/admin/users/no-such-account/adjust', { amount: 5, reason: 'r' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('user_not_found');
  });

  it('replays a retry with the same Idempotency-Key and moves the money once; another body with the key is a 409', async () => {
    const user = await createUser();
    await call(api.url, 'GET', '/api/user/profile', { token: user.token });
    const key = randomUUID();
    const body = { amount: 15, reason: 'Promised bonus' };
    const answers = await Promise.all([adjust(user, body, key), adjust(user, body, key), adjust(user, body, key)]);
    // Contenders may be answered busy (nothing written); a retry of those replays too.
    const settled = await Promise.all(answers.map((a) => (a.status === 503 ? adjust(user, body, key) : a)));
    expect(settled.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(settled.map((a) => a.body.entry._id)).size).toBe(1);
    expect(settled.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
    expect(await balancePaisa(user.uid)).toBe(1500);
    expect(await ledgerOf(user.uid)).toHaveLength(1);
    expect(await auditOf(user.uid)).toHaveLength(1);
    const other = await adjust(user, { amount: 16, reason: 'Promised bonus' }, key);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('idempotency_conflict');
    // A refusal is remembered under its key like add-balance's.
    const refusedKey = randomUUID();
    expect((await adjust(user, { amount: -100, reason: 'r' }, refusedKey)).status).toBe(400);
    await adjust(user, { amount: 200, reason: 'top up' });
    const replayed = await adjust(user, { amount: -100, reason: 'r' }, refusedKey);
    expect(replayed.status).toBe(400);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await balancePaisa(user.uid)).toBe(21500);
  });
});

describe('blocking', () => {
  it('a blocked customer reads why, and cannot order, request a top-up, or use or make an API key', async () => {
    const user = await fundedUser(100);
    const key = await createApiKeyFor(api.url, user);
    const res = await block(user.uid, 'Chargeback on Easypaisa');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Account blocked',
      user: expect.objectContaining({ _id: user.uid, blocked: { reason: 'Chargeback on Easypaisa', at: expect.any(String) } }),
    });

    const profile = await call(api.url, 'GET', '/api/user/profile', { token: user.token });
    expect(profile.body.user.blocked).toEqual({ reason: 'Chargeback on Easypaisa', at: res.body.user.blocked.at });

    const suspended = { message: 'Account suspended', code: 'account_suspended' };
    const placed = await call(api.url, 'POST', '/api/order/place', {
      token: user.token,
      body: { serviceId: 'tt-views-fast', link: 'https://www.tiktok.com/@shop/video/7', quantity: 1000 },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(placed.status).toBe(403);
    expect(placed.body).toEqual(suspended);
    const topUp = await requestTopUp(user);
    expect(topUp.status).toBe(403);
    expect(topUp.body).toEqual(suspended);
    const newKey = await call(api.url, 'POST', '/api/api-key', { token: user.token });
    expect(newKey.status).toBe(403);
    expect(newKey.body).toEqual(suspended);
    const v2Requests: Record<string, string | number>[] = [
      { action: 'balance' },
      { action: 'services' },
      { action: 'add', service: 1, link: 'https://www.tiktok.com/@shop/video/8', quantity: 1000 },
      { action: 'status', order: 1 },
    ];
    for (const params of v2Requests) {
      expect(await v2With(api.url, key, params)).toEqual({ error: 'Account suspended' });
    }
    // Past the key check too: the order transaction itself refuses, in API v2's words (a block that
    // commits while an `add` is under way).
    const number = String((await db.collection('services').doc('tt-views-fast').get()).get('number'));
    const identity = { uid: user.uid, email: user.email, name: user.name, admin: false };
    const link = 'https://www.tiktok.com/@shop/video/9';
    expect(await v2Add(identity, { service: number, link, quantity: '1000' })).toEqual({ error: 'Account suspended' });
    expect(await balancePaisa(user.uid)).toBe(10000);
    expect((await db.collection('orders').where('userId', '==', user.uid).get()).size).toBe(0);
    expect((await db.collection('rechargeRequests').where('userId', '==', user.uid).get()).size).toBe(0);

    // Unblocking restores all of it, the same key included.
    const back = await unblock(user.uid, 'Chargeback withdrawn');
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ message: 'Account unblocked', user: expect.objectContaining({ blocked: null }) });
    expect((await order(user)).status).toBe(201);
    expect(await v2With(api.url, key, { action: 'balance' })).toEqual({ balance: '80.00', currency: 'PKR' });
    expect((await requestTopUp(user)).status).toBe(201);

    expect(await auditOf(user.uid)).toEqual([
      expect.objectContaining({
        action: 'block',
        by: admin.email,
        before: { blocked: null },
        after: { blocked: { reason: 'Chargeback on Easypaisa', at: expect.any(String) } },
        reason: 'Chargeback on Easypaisa',
      }),
      expect.objectContaining({
        action: 'unblock',
        before: { blocked: expect.objectContaining({ reason: 'Chargeback on Easypaisa' }) },
        after: { blocked: null },
        reason: 'Chargeback withdrawn',
      }),
    ]);
  });

  it('a blocked customer’s pending orders continue: status changes, cancel refunds and partial refunds still work', async () => {
    const user = await fundedUser(100);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await order(user);
      expect(res.status).toBe(201);
      ids.push(res.body.order._id);
    }
    expect((await block(user.uid)).status).toBe(200);
    const setStatus = (id: string, body: unknown) => call(api.url, 'PUT', `/api/admin/update-status/${id}`, { token: admin.token, body });
    expect((await setStatus(ids[0] ?? '', { status: 'processing' })).status).toBe(200);
    expect((await setStatus(ids[0] ?? '', { status: 'completed' })).status).toBe(200);
    expect((await setStatus(ids[1] ?? '', { status: 'cancelled' })).body.order).toMatchObject({ status: 'cancelled', refund: 20 });
    expect((await setStatus(ids[2] ?? '', { status: 'partial', remains: 500 })).body.order).toMatchObject({
      status: 'partial',
      refund: 10,
    });
    expect(await balancePaisa(user.uid)).toBe(7000);
    // The admin may still credit and adjust a blocked account.
    expect((await adjust(user, { amount: -5, reason: 'Fee' })).status).toBe(200);
    await expectMoneyInvariants();
  });

  it('refuses blocking oneself, another admin, a blocked account again, and unblocking one that is not: no audit entry', async () => {
    const other = await createUser({ admin: true });
    await call(api.url, 'GET', '/api/user/profile', { token: other.token });
    await call(api.url, 'GET', '/api/user/profile', { token: admin.token });
    const self = await block(admin.uid);
    expect(self.status).toBe(403);
    expect(self.body).toEqual({ message: 'You cannot block your own account', code: 'cannot_block_admin' });
    const peer = await block(other.uid);
    expect(peer.status).toBe(403);
    expect(peer.body).toEqual({ message: 'Admin accounts cannot be blocked', code: 'cannot_block_admin' });

    const user = await createUser();
    await call(api.url, 'GET', '/api/user/profile', { token: user.token });
    const notBlocked = await unblock(user.uid);
    expect(notBlocked.status).toBe(409);
    expect(notBlocked.body).toEqual({ message: 'This account is not blocked', code: 'conflict' });
    expect((await block(user.uid, 'First')).status).toBe(200);
    const again = await block(user.uid, 'Second');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'This account is already blocked', code: 'conflict' });
    expect((await db.collection('users').doc(user.uid).get()).get('blocked.reason')).toBe('First');
    expect((await auditOf(user.uid)).map((a) => a.action)).toEqual(['block']);
    expect(await auditOf(admin.uid)).toEqual([]);
    expect(await auditOf(other.uid)).toEqual([]);

    expect((await post('/api/admin/users/no-such-account/block', { reason: 'x' })).status).toBe(404);
    expect((await post(`/api/admin/users/${user.uid}/unblock`, {})).body).toEqual({
      message: 'Reason is required',
      code: 'invalid_input',
      field: 'reason',
    });
  });
});
