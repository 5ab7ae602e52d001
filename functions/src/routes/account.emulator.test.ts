import { describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, fund, signIn } from '../../../tests/support/api';
import { placeOrder } from '../../../tests/support/orders';
import { fundedUser } from '../../../tests/support/users';
import { auth, db } from '../lib/admin';
import { seedSettings } from '../services/top-ups/public-settings';

const api = apiServerForFile({ moneyInvariants: true });

describe('POST /api/auth/register', () => {
  it('creates the profile once with the name typed at sign-up; a repeat answers 200 with the same profile', async () => {
    const user = await createUser();
    const first = await call(api.url, 'POST', '/api/auth/register', { token: user.token, body: { name: '  Ayesha Khan ' } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      message: 'Registration successful',
      user: { _id: user.uid, name: 'Ayesha Khan', email: user.email, role: 'user', balance: 0, lastRecharge: null },
    });
    const again = await call(api.url, 'POST', '/api/auth/register', { token: user.token, body: { name: 'Someone Else' } });
    expect(again.status).toBe(200);
    expect(again.body.user).toEqual(first.body.user);
  });

  it.each([
    [{}, 'Name is required'],
    [{ name: '   ' }, 'Name is required'],
    [{ name: 'x'.repeat(81) }, 'Name must be at most 80 characters'],
    [{ name: 'A', role: 'admin' }, 'Unknown field: role'],
    [{ name: 'A', balance: 1000 }, 'Unknown field: balance'],
    [{ name: 'Ali\u0007' }, 'Name cannot contain control or formatting characters'],
    [{ name: 'Ali\u202eazaR' }, 'Name cannot contain control or formatting characters'],
    [{ name: 'ad\u200bmin' }, 'Name cannot contain control or formatting characters'],
    [{ name: '\u3164\u3164' }, 'Name is required'],
    [{ name: ' \u0301\u0301 ' }, 'Name is required'],
    [{ name: '\u2800' }, 'Name is required'],
  ])('refuses %j', async (body, message) => {
    const user = await createUser();
    const res = await call(api.url, 'POST', '/api/auth/register', { token: user.token, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await db.collection('users').doc(user.uid).get()).exists).toBe(false);
  });

  it('accepts names in any script and with emoji, up to 80 characters', async () => {
    for (const name of ['علی رضا', 'Zoë Ahmed 😀', 'د'.repeat(80)]) {
      const user = await createUser();
      const res = await call(api.url, 'POST', '/api/auth/register', { token: user.token, body: { name } });
      expect(res.status).toBe(201);
      expect(res.body.user.name).toBe(name);
    }
  });

  it('creates the profiles of many accounts signing up from one address (a carrier NAT) within a minute', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser()));
    // One public address for every phone behind the carrier, as Hosting reports it.
    const headers = { 'X-Forwarded-For': '39.32.0.1, 35.191.0.1' };
    for (const user of users.slice(0, 6)) {
      const res = await call(api.url, 'POST', '/api/auth/register', { token: user.token, body: { name: 'Customer' }, headers });
      expect(res.status).toBe(201);
    }
    // Creating the profile through GET /api/user/profile, as the dashboard does, too.
    for (const user of users.slice(6)) {
      expect((await call(api.url, 'GET', '/api/user/profile', { token: user.token, headers })).status).toBe(200);
    }
    for (const user of users) expect((await db.collection('users').doc(user.uid).get()).exists).toBe(true);
  });

  it('needs the new account’s token', async () => {
    expect((await call(api.url, 'POST', '/api/auth/register', { body: { name: 'A' } })).status).toBe(401);
  });
});

describe('GET /api/user/profile', () => {
  it('creates a missing profile from the token and reads the stored one afterwards', async () => {
    const user = await createUser({ name: 'Bilal' });
    const res = await call(api.url, 'GET', '/api/user/profile', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ _id: user.uid, email: user.email, role: 'user', balance: 0, lastRecharge: null });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect((await db.collection('users').doc(user.uid).get()).exists).toBe(true);
  });

  it("follows a changed sign-in email: the verified token's email replaces the profile's, in money paths too", async () => {
    const user = await fundedUser(100);
    expect((await call(api.url, 'GET', '/api/user/profile', { token: user.token })).body.user.email).toBe(user.email);
    const newEmail = `new-${user.email}`;
    await auth.updateUser(user.uid, { email: newEmail });
    const token = (await signIn(newEmail, user.password)).idToken;

    // An order, the first request after the change, records and stores the email of today.
    const order = await call(api.url, 'POST', '/api/order/place', {
      token,
      body: { serviceId: 'tt-views-fast', link: 'https://www.tiktok.com/@me/video/1', quantity: 1000 },
    });
    expect(order.status).toBe(201);
    expect(order.body.order.user).toEqual({ _id: user.uid, name: expect.any(String), email: newEmail });
    expect((await db.collection('users').doc(user.uid).get()).data()?.email).toBe(newEmail);

    await auth.updateUser(user.uid, { email: `again-${user.email}` });
    const again = (await signIn(`again-${user.email}`, user.password)).idToken;
    const res = await call(api.url, 'GET', '/api/user/profile', { token: again });
    expect(res.body.user).toMatchObject({ _id: user.uid, email: `again-${user.email}`, balance: 80 });
    expect((await db.collection('users').doc(user.uid).get()).data()?.email).toBe(`again-${user.email}`);
  });

  it('reports the admin role from the custom claim', async () => {
    const admin = await createUser({ admin: true });
    const res = await call(api.url, 'GET', '/api/user/profile', { token: admin.token });
    expect(res.body.user.role).toBe('admin');
  });

  it('shows the last recharge after a credit', async () => {
    const user = await fundedUser(150);
    const res = await call(api.url, 'GET', '/api/user/profile', { token: user.token });
    expect(res.body.user.balance).toBe(150);
    expect(res.body.user.lastRecharge).toEqual({ amount: 150, date: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
  });

  it.each([
    ['no header', {}],
    ['a malformed header', { authorization: 'Token abc' }],
    ['a forged token', { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' }],
  ])('answers 401 Invalid token with %s', async (_label, headers) => {
    const res = await call(api.url, 'GET', '/api/user/profile', { headers });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Invalid token', code: 'invalid_token' });
  });
});

describe('GET /api/ledger', () => {
  it('lists the caller’s own entries newest first; their sum is the balance', async () => {
    const user = await fundedUser(100);
    // Another customer's credit: never among the caller's entries.
    await fundedUser(100);
    const order = await placeOrder(api.url, user, { serviceId: 'ig-views-reel', link: 'https://instagram.com/reel/x', quantity: 2000 });
    const res = await call(api.url, 'GET', '/api/ledger', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.entries).toEqual([
      {
        _id: `debit-${order.order._id}`,
        type: 'debit',
        amount: 50,
        balanceAfter: 50,
        orderId: order.order._id,
        at: expect.any(String),
      },
      {
        _id: expect.stringMatching(/^credit-/),
        type: 'credit',
        amount: 100,
        balanceAfter: 100,
        rechargeId: expect.any(String),
        at: expect.any(String),
      },
    ]);
    expect(res.body.nextCursor).toBeNull();
  });

  it('pages with its cursor (entry ids like debit-123456789 and credit-<auto id>) and refuses a cursor naming a path', async () => {
    const user = await fundedUser(100);
    const order = await placeOrder(api.url, user, { serviceId: 'ig-views-reel', link: 'https://instagram.com/reel/y', quantity: 2000 });
    const page1 = await call(api.url, 'GET', '/api/ledger?limit=1', { token: user.token });
    expect(page1.body.entries.map((e: { _id: string }) => e._id)).toEqual([`debit-${order.order._id}`]);
    const page2 = await call(api.url, 'GET', `/api/ledger?limit=1&cursor=${page1.body.nextCursor}`, { token: user.token });
    expect(page2.status).toBe(200);
    expect(page2.body.entries).toEqual([expect.objectContaining({ type: 'credit', _id: expect.stringMatching(/^credit-/) })]);
    expect(page2.body.nextCursor).toBeNull();

    const nested = Buffer.from(JSON.stringify({ t: Date.now(), id: 'debit-1/x' })).toString('base64url');
    const refused = await call(api.url, 'GET', `/api/ledger?cursor=${nested}`, { token: user.token });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'Invalid cursor', code: 'invalid_input', field: 'cursor' });
  });

  it('refuses a token that was revoked (money endpoints check revocation)', async () => {
    const user = await createUser();
    const oldToken = user.token;
    await new Promise((done) => setTimeout(done, 1100)); // revocation has one-second resolution
    await auth.revokeRefreshTokens(user.uid);
    expect((await call(api.url, 'GET', '/api/ledger', { token: oldToken })).status).toBe(401);
    expect((await call(api.url, 'POST', '/api/order/place', { token: oldToken, body: {} })).status).toBe(401);
    await new Promise((done) => setTimeout(done, 1100));
    await user.refresh();
    expect((await call(api.url, 'GET', '/api/ledger', { token: user.token })).status).toBe(200);
  });
});

describe('profiles made from the account (no name typed here)', () => {
  // An Auth display name nobody typed in this app: a bidi override, a bell, a zero-width space, a
  // NUL and far more than 80 characters.
  const messy = `\u202e\u0007Ayesha\u200b Khan\u0000${'x'.repeat(200)}`;
  const cleaned = `Ayesha Khan ${'x'.repeat(68)}`;

  /** Each path that creates a missing profile, run for `user`. */
  const paths: [string, (user: Awaited<ReturnType<typeof createUser>>) => Promise<void>][] = [
    [
      'GET /api/user/profile',
      async (user) => {
        expect((await call(api.url, 'GET', '/api/user/profile', { token: user.token })).status).toBe(200);
      },
    ],
    [
      'POST /api/api-key',
      async (user) => {
        expect((await call(api.url, 'POST', '/api/api-key', { token: user.token })).status).toBe(201);
      },
    ],
    ['admin add-balance', (user) => fund(user, 100)],
    [
      'recharge request approval',
      async (user) => {
        await seedSettings();
        const admin = await createUser({ admin: true });
        const body = { amount: 500, method: 'Easypaisa', reference: `REF${user.uid.slice(0, 10)}` };
        const submitted = await call(api.url, 'POST', '/api/recharge-requests', { token: user.token, body });
        expect(submitted.status).toBe(201);
        const approved = await call(api.url, 'POST', `/api/admin/recharge-requests/${submitted.body.request._id}/approve`, {
          token: admin.token,
        });
        expect(approved.status).toBe(200);
      },
    ],
  ];

  it.each(paths)('%s stores the display name cleaned: no controls or format characters, at most 80', async (_path, create) => {
    const user = await createUser({ name: messy });
    expect((await db.collection('users').doc(user.uid).get()).exists).toBe(false);
    await create(user);
    expect((await db.collection('users').doc(user.uid).get()).get('name')).toBe(cleaned);
  });

  it.each(paths)('%s falls back to the email’s name when the display name shows nothing', async (_path, create) => {
    const user = await createUser({
      name: '\u200b\u3164 \u2800',
      email: `zara.${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`,
    });
    await create(user);
    expect((await db.collection('users').doc(user.uid).get()).get('name')).toBe(user.email.split('@')[0]);
  });
});
