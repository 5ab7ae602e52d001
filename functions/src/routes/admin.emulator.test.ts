import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, fund, type TestUser } from '../../../tests/support/api';
import { expectMoneyInvariants } from '../../../tests/support/money-invariants';
import { fundedUser } from '../../../tests/support/users';
import { auth, db } from '../lib/admin';

const api = apiServerForFile({ moneyInvariants: true });
let admin: TestUser;

const views = (link = 'https://www.tiktok.com/@shop/video/1', quantity = 1000) => ({ serviceId: 'tt-views-fast', link, quantity });
const place = async (user: TestUser, body: unknown = views()) => {
  const res = await call(api.url, 'POST', '/api/order/place', { token: user.token, body });
  expect(res.status).toBe(201);
  return res.body.order as { _id: string; price: number };
};
const setStatus = (id: string, body: unknown, token = admin.token) =>
  call(api.url, 'PUT', `/api/admin/update-status/${id}`, { token, body });
const balanceOf = async (user: TestUser) =>
  (await call(api.url, 'GET', '/api/user/profile', { token: user.token })).body.user.balance as number;

beforeAll(async () => {
  admin = await createUser({ admin: true, name: 'Boss' });
});

describe('PUT /api/admin/update-status/{id}', () => {
  it('moves pending → processing → completed with no money moving', async () => {
    const user = await fundedUser(50);
    const order = await place(user);
    const processing = await setStatus(order._id, { status: 'processing' });
    expect(processing.status).toBe(200);
    expect(processing.body.order.status).toBe('processing');
    const done = await setStatus(order._id, { status: 'completed' });
    expect(done.body).toMatchObject({ message: 'Order status updated to completed', order: { status: 'completed' } });
    expect(await balanceOf(user)).toBe(30);
  });

  it('cancelled refunds the whole price in the same transaction', async () => {
    const user = await fundedUser(50);
    const order = await place(user);
    const res = await setStatus(order._id, { status: 'cancelled' });
    expect(res.body.order).toMatchObject({ status: 'cancelled', refund: 20 });
    expect(await balanceOf(user)).toBe(50);
    const refund = await db.collection('users').doc(user.uid).collection('ledger').doc(`refund-${order._id}`).get();
    expect(refund.data()).toMatchObject({ type: 'refund', amountPaisa: 2000, balanceAfterPaisa: 5000 });
  });

  it('partial refunds price × remains / quantity, half up', async () => {
    const user = await fundedUser(100);
    // Rs 900 per 1000 × 33 = Rs 29.70; remains 10 → 29.70 × 10 / 33 = Rs 9.00
    const order = await place(user, { serviceId: 'tt-followers-real', link: 'https://tiktok.com/@me', quantity: 33 });
    expect(order.price).toBe(29.7);
    const res = await setStatus(order._id, { status: 'partial', remains: 10 });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ status: 'partial', remains: 10, refund: 9 });
    expect(await balanceOf(user)).toBe(79.3);
  });

  it.each([
    [{ status: 'partial' }, 'Remains must be between 1 and 999'],
    [{ status: 'partial', remains: 1000 }, 'Remains must be between 1 and 999'],
    [{ status: 'partial', remains: 0 }, 'Remains must be greater than 0'],
    [{ status: 'completed', remains: 5 }, 'Remains is only for partial orders'],
    [{ status: 'shipped' }, 'Unknown status'],
    [{}, 'Unknown status'],
  ])('refuses %j with 400 %s', async (body, message) => {
    const user = await fundedUser(20);
    const order = await place(user);
    const res = await setStatus(order._id, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await balanceOf(user)).toBe(0);
  });

  it('answers 409 once an order is final, and never refunds twice', async () => {
    const user = await fundedUser(20);
    const order = await place(user);
    await setStatus(order._id, { status: 'cancelled' });
    for (const status of ['cancelled', 'pending', 'completed', 'partial']) {
      const res = await setStatus(order._id, status === 'partial' ? { status, remains: 1 } : { status });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This order is already final and cannot change');
    }
    expect(await balanceOf(user)).toBe(20);
  });

  it('answers 409 for a move the machine does not allow (processing → pending)', async () => {
    const user = await fundedUser(20);
    const order = await place(user);
    await setStatus(order._id, { status: 'processing' });
    const res = await setStatus(order._id, { status: 'pending' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Cannot change an order from processing to pending');
  });

  it('answers 404 for an unknown order', async () => {
    const res = await setStatus('123456789', { status: 'completed' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Order not found', code: 'order_not_found' });
  });

  it.each(['a%2Fb', '__x__'])('answers 404 Order not found for the id %s that cannot name an order', async (id) => {
    const res = await setStatus(id, { status: 'completed' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Order not found', code: 'order_not_found' });
  });

  it('20 parallel cancellations of one order refund exactly once', async () => {
    const user = await fundedUser(20);
    const order = await place(user);
    const answers = await Promise.all(Array.from({ length: 20 }, () => setStatus(order._id, { status: 'cancelled' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await balanceOf(user)).toBe(20);
    const refunds = await db.collection('users').doc(user.uid).collection('ledger').where('type', '==', 'refund').get();
    expect(refunds.size).toBe(1);
    await expectMoneyInvariants();
  });
});

describe('POST /api/admin/add-balance', () => {
  it('credits by email: recharge record, ledger entry, lastRecharge and balance together', async () => {
    const user = await createUser();
    const res = await call(api.url, 'POST', '/api/admin/add-balance', {
      token: admin.token,
      body: { email: user.email.toUpperCase(), amount: 250.5 },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Balance updated');
    expect(res.body.user).toMatchObject({ _id: user.uid, email: user.email, balance: 250.5, lastRecharge: { amount: 250.5 } });
    const recharges = await db.collection('recharges').where('userId', '==', user.uid).get();
    expect(recharges.size).toBe(1);
    expect(recharges.docs[0]?.data()).toMatchObject({ amountPaisa: 25_050, method: 'admin' });
    // The recharge is the customer's to read: who credited it is kept in audit/, for admins only.
    expect(JSON.stringify(recharges.docs[0]?.data())).not.toContain(admin.email);
    const audit = await db.collection('audit').where('subject', '==', recharges.docs[0]?.ref.path).get();
    expect(audit.docs.map((d) => d.data())).toEqual([expect.objectContaining({ action: 'credit', by: admin.email, byUid: admin.uid })]);
    expect(await balanceOf(user)).toBe(250.5);
  });

  it('credits by userId instead of email (the admin UI, from the users list), exactly one of the two', async () => {
    const user = await createUser();
    const credit = (body: unknown, headers?: Record<string, string>) =>
      call(api.url, 'POST', '/api/admin/add-balance', { token: admin.token, body, headers });
    const res = await credit({ userId: user.uid, amount: 40 });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ _id: user.uid, email: user.email, balance: 40 });
    expect(await balanceOf(user)).toBe(40);

    expect(await credit({ userId: 'no-such-uid', amount: 10 })).toMatchObject({
      status: 404,
      body: { message: 'User not found', field: 'userId' },
    });
    expect(await credit({ userId: 'a/b', amount: 10 })).toMatchObject({ status: 404, body: { message: 'User not found' } });
    expect(await credit({ email: user.email, userId: user.uid, amount: 10 })).toMatchObject({ status: 400, body: { field: 'userId' } });
    expect(await credit({ amount: 10 })).toMatchObject({ status: 400, body: { message: 'Email is required', field: 'email' } });
    // One key, one request: the same amount sent by email instead of by id is another body.
    expect((await credit({ userId: user.uid, amount: 5 }, { 'Idempotency-Key': 'by-id' })).status).toBe(200);
    expect((await credit({ userId: user.uid, amount: 5 }, { 'Idempotency-Key': 'by-id' })).headers.get('idempotent-replayed')).toBe('true');
    expect((await credit({ email: user.email, amount: 5 }, { 'Idempotency-Key': 'by-id' })).status).toBe(409);
    expect(await balanceOf(user)).toBe(45);
  });

  it('a changed sign-in email: the credit goes to the account that holds the email today, whose profile follows it', async () => {
    const moved = await createUser();
    await balanceOf(moved); // makes the profile, with the email of the day
    const oldEmail = moved.email;
    const newEmail = `moved-${moved.email}`;
    await auth.updateUser(moved.uid, { email: newEmail });
    const taker = await createUser({ email: oldEmail });

    const toOld = await call(api.url, 'POST', '/api/admin/add-balance', { token: admin.token, body: { email: oldEmail, amount: 10 } });
    expect(toOld.body.user).toMatchObject({ _id: taker.uid, email: oldEmail, balance: 10 });
    const toNew = await call(api.url, 'POST', '/api/admin/add-balance', { token: admin.token, body: { email: newEmail, amount: 20 } });
    expect(toNew.body.user).toMatchObject({ _id: moved.uid, email: newEmail, balance: 20 });

    const profiles = await db.collection('users').where('email', '==', oldEmail).get();
    expect(profiles.docs.map((d) => d.id)).toEqual([taker.uid]);
    const found = await call(api.url, 'GET', `/api/admin/users?q=${encodeURIComponent(oldEmail)}`, { token: admin.token });
    expect(found.body.users.map((u: { _id: string }) => u._id)).toEqual([taker.uid]);
    expect((await db.collection('users').doc(moved.uid).get()).data()).toMatchObject({ email: newEmail, balancePaisa: 2000 });
  });

  it('is idempotent with the Idempotency-Key header; the same key with another amount is 409', async () => {
    const user = await createUser();
    const send = (amount: number) =>
      call(api.url, 'POST', '/api/admin/add-balance', {
        token: admin.token,
        body: { email: user.email, amount },
        headers: { 'Idempotency-Key': 'credit-1' },
      });
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(100)));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(await balanceOf(user)).toBe(100);
    expect((await send(200)).status).toBe(409);
    expect(await balanceOf(user)).toBe(100);
  });

  it.each([
    [{ email: 'nobody@example.com', amount: 10 }, 404, 'User not found'],
    [{ email: 'not-an-email', amount: 10 }, 400, 'Enter a valid email address'],
    [{ email: 'a@example.com', amount: 0 }, 400, 'Amount must be greater than 0'],
    [{ email: 'a@example.com', amount: -5 }, 400, 'Amount must be greater than 0'],
    [{ email: 'a@example.com', amount: 1_000_000.01 }, 400, 'Amount must be at most 1,000,000'],
    [{ email: 'a@example.com', amount: 1e308 }, 400, 'Amount must be at most 1,000,000'],
    [{ email: 'a@example.com', amount: 10.123 }, 400, 'Amount can have at most 2 decimals'],
    // Less than a paisa: it used to pass validation, become 0 paisa and fail in the ledger (500).
    [{ email: 'a@example.com', amount: 1e-9 }, 400, 'Amount must be at least Rs 0.01'],
    [{ email: 'a@example.com', amount: '10' }, 400, 'Amount must be a number'],
    [{ email: 'a@example.com' }, 400, 'Amount must be a number'],
  ])('refuses %j with %i %s', async (body, status, message) => {
    const res = await call(api.url, 'POST', '/api/admin/add-balance', { token: admin.token, body });
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
  });

  it('parallel credits and orders on one user end at the exact balance', async () => {
    const user = await createUser();
    await fund(user, 200); // covers every order whatever order the credits land in
    const credits = Array.from({ length: 10 }, () =>
      call(api.url, 'POST', '/api/admin/add-balance', { token: admin.token, body: { email: user.email, amount: 10 } }),
    );
    const orders = Array.from({ length: 10 }, (_, i) =>
      call(api.url, 'POST', '/api/order/place', { token: user.token, body: views(`https://tiktok.com/@x/video/${i}`) }),
    );
    const answers = await Promise.all([...credits, ...orders]);
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.slice(10).map((a) => a.status)).toEqual(Array(10).fill(201));
    // 200 + 10 × 10 − 10 × 20
    expect(await balanceOf(user)).toBe(100);
    await expectMoneyInvariants();
  });
});

describe('admin lists', () => {
  it('GET /api/admin/order lists every order newest first, filters by status and finds by id, email or link', async () => {
    const a = await fundedUser(100);
    const b = await fundedUser(100);
    const a1 = await place(a, views('https://www.tiktok.com/@a/video/1'));
    const b1 = await place(b, views('https://www.tiktok.com/@b/video/1'));
    const a2 = await place(a, views('https://www.tiktok.com/@a/video/2'));
    await setStatus(b1._id, { status: 'completed' });

    const all = await call(api.url, 'GET', '/api/admin/order?limit=3', { token: admin.token });
    expect(all.body.orders.map((o: { _id: string }) => o._id)).toEqual([a2._id, b1._id, a1._id]);

    const completed = await call(api.url, 'GET', '/api/admin/order?status=completed', { token: admin.token });
    expect(completed.body.orders.map((o: { _id: string }) => o._id)).toContain(b1._id);
    expect(completed.body.orders.every((o: { status: string }) => o.status === 'completed')).toBe(true);

    const byId = await call(api.url, 'GET', `/api/admin/order?q=${a1._id}`, { token: admin.token });
    expect(byId.body.orders.map((o: { _id: string }) => o._id)).toEqual([a1._id]);
    const byEmail = await call(api.url, 'GET', `/api/admin/order?q=${encodeURIComponent(a.email.toUpperCase())}`, { token: admin.token });
    expect(byEmail.body.orders.map((o: { _id: string }) => o._id)).toEqual([a2._id, a1._id]);
    const byEmailPending = await call(api.url, 'GET', `/api/admin/order?status=pending&q=${encodeURIComponent(b.email)}`, {
      token: admin.token,
    });
    expect(byEmailPending.body.orders).toEqual([]);
    const byLink = await call(api.url, 'GET', `/api/admin/order?q=${encodeURIComponent('https://WWW.tiktok.com/@b/video/1')}`, {
      token: admin.token,
    });
    expect(byLink.body.orders.map((o: { _id: string }) => o._id)).toEqual([b1._id]);
    expect((await call(api.url, 'GET', '/api/admin/order?status=lost', { token: admin.token })).status).toBe(400);
  });

  it('GET /api/admin/recent-recharges lists credits newest first', async () => {
    const user = await createUser();
    await call(api.url, 'POST', '/api/admin/add-balance', { token: admin.token, body: { email: user.email, amount: 111 } });
    await call(api.url, 'POST', '/api/admin/add-balance', { token: admin.token, body: { email: user.email, amount: 222 } });
    const res = await call(api.url, 'GET', '/api/admin/recent-recharges?limit=2', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.recharges.map((r: { amount: number }) => r.amount)).toEqual([222, 111]);
    expect(res.body.recharges[0]).toMatchObject({ user: { _id: user.uid, email: user.email }, by: admin.email });
    expect(res.body.nextCursor).toEqual(expect.any(String));
  });

  it('GET /api/admin/users lists profiles and finds by email prefix', async () => {
    const user = await createUser({ email: `zara-${Date.now()}@example.com` });
    await call(api.url, 'GET', '/api/user/profile', { token: user.token });
    const res = await call(api.url, 'GET', `/api/admin/users?q=${encodeURIComponent(user.email.slice(0, 8))}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: { email: string }) => u.email)).toContain(user.email);
    const all = await call(api.url, 'GET', '/api/admin/users?limit=1', { token: admin.token });
    expect(all.body.users).toHaveLength(1);
    expect(all.body.nextCursor).toEqual(expect.any(String));
  });

  it('GET /api/admin/users pages through an email prefix search, alphabetically, each account once', async () => {
    const prefix = `page-${Date.now()}-`;
    const emails = ['c', 'a', 'e', 'b', 'd'].map((letter) => `${prefix}${letter}@example.com`);
    for (const email of emails) {
      const user = await createUser({ email });
      await call(api.url, 'GET', '/api/user/profile', { token: user.token });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 5; pages++) {
      const query: string = `q=${encodeURIComponent(prefix)}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await call(api.url, 'GET', `/api/admin/users?${query}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.users.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.users.map((u: { email: string }) => u.email));
      cursor = res.body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual([...emails].sort());
    const bad = await call(api.url, 'GET', `/api/admin/users?q=${prefix}&cursor=${Buffer.from('{"s":1,"id":"x"}').toString('base64url')}`, {
      token: admin.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Invalid cursor', code: 'invalid_input', field: 'cursor' });
  });
});

describe('POST /api/admin/refills/{id}/complete|reject', () => {
  it.each([
    ['a%2Fb', 'complete'],
    ['a%2Fb', 'reject'],
    ['__x__', 'complete'],
  ])('answers 404 Refill request not found for %s (%s)', async (id, decision) => {
    const res = await call(api.url, 'POST', `/api/admin/refills/${id}/${decision}`, { token: admin.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Refill request not found', code: 'not_found' });
  });
});
