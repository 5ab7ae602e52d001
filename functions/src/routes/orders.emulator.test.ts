import { describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, fund, retryWhileBusy, type TestUser } from '../../../tests/support/api';
import { expectMoneyInvariants } from '../../../tests/support/money-invariants';
import { fundedUser } from '../../../tests/support/users';
import { db } from '../lib/admin';

const api = apiServerForFile({ moneyInvariants: true });
const place = (user: TestUser, body: unknown, headers: Record<string, string> = {}) =>
  call(api.url, 'POST', '/api/order/place', { token: user.token, body, headers });
const balanceOf = async (user: TestUser) =>
  (await call(api.url, 'GET', '/api/user/profile', { token: user.token })).body.user.balance as number;

const views = (quantity = 1000, extra: Record<string, unknown> = {}) => ({
  serviceId: 'tt-views-fast',
  link: 'https://www.tiktok.com/@shop/video/7300000000000000001',
  quantity,
  ...extra,
});

describe('POST /api/order/place', () => {
  it('prices on the server, debits the balance, and records the order and one ledger debit together', async () => {
    const user = await fundedUser(500);
    const res = await place(user, { serviceId: 'tt-followers-real', link: 'https://www.tiktok.com/@shop', quantity: 150, price: 135 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'Order placed successfully',
      balance: 365,
      order: {
        user: { _id: user.uid, email: user.email },
        platform: 'tiktok',
        serviceId: 'tt-followers-real',
        service: 'TikTok Followers Real Followers',
        link: 'https://www.tiktok.com/@shop',
        quantity: 150,
        price: 135,
        status: 'pending',
      },
    });
    expect(res.body.order._id).toMatch(/^\d{9}$/);
    expect(res.body.order.number).toBe(Number(res.body.order._id));

    const stored = await db.collection('orders').doc(res.body.order._id).get();
    expect(stored.get('pricePaisa')).toBe(13_500);
    const ledger = await db.collection('users').doc(user.uid).collection('ledger').doc(`debit-${res.body.order._id}`).get();
    expect(ledger.data()).toMatchObject({ type: 'debit', amountPaisa: 13_500, balanceAfterPaisa: 36_500, orderId: res.body.order._id });
    expect(await balanceOf(user)).toBe(365);
  });

  it('rounds half up to the paisa like the client does', async () => {
    const user = await fundedUser(10);
    // Rs 1500 per 1000 comments × 3 = Rs 4.50 exactly; Rs 20 per 1000 views × 125 = Rs 2.50
    const comments = await place(user, { serviceId: 'tt-comments-random', link: 'https://www.tiktok.com/@a/video/1', quantity: 3 });
    expect(comments.body.order.price).toBe(4.5);
    const odd = await place(user, views(125));
    expect(odd.body.order.price).toBe(2.5);
    expect(odd.body.balance).toBe(3);
  });

  it('answers 400 Insufficient Balance and charges nothing when the balance is short', async () => {
    const user = await createUser();
    await fund(user, 19.99);
    const res = await place(user, views(1000));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Insufficient Balance', code: 'insufficient_balance' });
    expect(await balanceOf(user)).toBe(19.99);
    expect((await db.collection('orders').where('userId', '==', user.uid).get()).size).toBe(0);
  });

  it('answers 400 Insufficient Balance for a new account with no profile yet', async () => {
    const user = await createUser();
    const res = await place(user, views(1000));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Insufficient Balance');
  });

  it('answers 409 when the client showed another price, and charges nothing', async () => {
    const user = await fundedUser(100);
    const res = await place(user, views(1000, { price: 19 }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Price changed, please review your order', code: 'price_changed', field: 'price' });
    expect(await balanceOf(user)).toBe(100);
  });

  it.each([
    [{ ...views(99) }, 400, 'Quantity must be between 100 and 10000000', 'quantity', 'invalid_quantity'],
    [{ ...views(10_000_001) }, 400, 'Quantity is too large', 'quantity', 'invalid_input'],
    [{ ...views(1000.5) }, 400, 'Quantity must be a whole number', 'quantity', 'invalid_input'],
    [{ ...views(-5) }, 400, 'Quantity must be greater than 0', 'quantity', 'invalid_input'],
    [{ ...views(), quantity: '1000' }, 400, 'Quantity must be a number', 'quantity', 'invalid_input'],
    [{ ...views(), link: 'https://www.instagram.com/p/abc' }, 400, 'Enter a valid TikTok link', 'link', 'invalid_link'],
    [{ ...views(), link: 'tiktok.com/@a' }, 400, 'Enter a valid link (https://...)', 'link', 'invalid_input'],
    [{ ...views(), link: '' }, 400, 'Link is required', 'link', 'invalid_input'],
    [{ ...views(), serviceId: 'no-such-service' }, 404, 'Service not found', 'serviceId', 'service_not_found'],
    [{ link: 'https://www.tiktok.com/@a', quantity: 1000 }, 400, 'Service is required', 'serviceId', 'invalid_input'],
    [{ ...views(), platform: 'tiktok' }, 400, 'Unknown field: platform', 'platform', 'invalid_input'],
    [{ ...views(), price: 20.001 }, 400, 'Amount can have at most 2 decimals', 'price', 'invalid_input'],
    // Less than a paisa: it used to pass the two-decimals check and become 0 paisa (409 Price changed).
    [{ ...views(), price: 1e-9 }, 400, 'Amount must be at least Rs 0.01', 'price', 'invalid_input'],
    // Ids that cannot name a service document (CollectionReference.doc throws or Firestore refuses them).
    [{ ...views(), serviceId: 'a/b' }, 400, 'Service not found', 'serviceId', 'invalid_input'],
    [{ ...views(), serviceId: '..' }, 400, 'Service not found', 'serviceId', 'invalid_input'],
    [{ ...views(), serviceId: '__x__' }, 400, 'Service not found', 'serviceId', 'invalid_input'],
  ])('refuses %j with %i %s', async (body, status, message, field, code) => {
    const user = await fundedUser(50);
    const res = await place(user, body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message, code, field });
    expect(await balanceOf(user)).toBe(50);
  });

  it('refuses an inactive service with 404', async () => {
    const user = await fundedUser(50);
    await db.collection('services').doc('fb-reactions-love').update({ active: false });
    try {
      const res = await place(user, { serviceId: 'fb-reactions-love', link: 'https://facebook.com/p/1', quantity: 50 });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Service not found');
    } finally {
      await db.collection('services').doc('fb-reactions-love').update({ active: true });
    }
  });

  it('needs a valid token (401 Invalid token)', async () => {
    const anonymous = await call(api.url, 'POST', '/api/order/place', { body: views() });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Invalid token', code: 'invalid_token' });
    const forged = await call(api.url, 'POST', '/api/order/place', { body: views(), token: 'not-a-token' });
    expect(forged.status).toBe(401);
  });
});

describe('Idempotency-Key on POST /api/order/place', () => {
  it('returns the first answer for a repeat and charges once', async () => {
    const user = await fundedUser(100);
    const first = await place(user, views(), { 'Idempotency-Key': 'order-1' });
    const again = await place(user, views(), { 'Idempotency-Key': 'order-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await balanceOf(user)).toBe(80);
  });

  it('answers 409 for the same key with another body, and charges nothing', async () => {
    const user = await fundedUser(100);
    await place(user, views(), { 'Idempotency-Key': 'k' });
    const other = await place(user, views(2000), { 'Idempotency-Key': 'k' });
    expect(other.status).toBe(409);
    expect(other.body.field).toBe('Idempotency-Key');
    expect(await balanceOf(user)).toBe(80);
  });

  it('keeps keys per user: two users may use the same key', async () => {
    const a = await fundedUser(20);
    const b = await fundedUser(20);
    expect((await place(a, views(), { 'Idempotency-Key': 'shared' })).status).toBe(201);
    expect((await place(b, views(), { 'Idempotency-Key': 'shared' })).status).toBe(201);
  });

  it('remembers a refused request (as Stripe does): the same key replays the refusal after a top-up, a new key orders', async () => {
    const user = await createUser();
    const refused = await place(user, views(), { 'Idempotency-Key': 'retry-after-topup' });
    expect(refused.status).toBe(400);
    await fund(user, 20);
    const replayed = await place(user, views(), { 'Idempotency-Key': 'retry-after-topup' });
    expect(replayed).toMatchObject({ status: 400, body: { code: 'insufficient_balance' } });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    const ok = await place(user, views(), { 'Idempotency-Key': 'retry-after-topup-2' });
    expect(ok.status).toBe(201);
    expect(ok.body.balance).toBe(0);
  });

  it('refuses a key longer than 255 characters', async () => {
    const user = await createUser();
    const res = await place(user, views(), { 'Idempotency-Key': 'x'.repeat(256) });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('Idempotency-Key');
  });

  it('the same key 20 times in parallel makes one order, one debit and identical answers', async () => {
    const user = await fundedUser(100);
    const answers = await Promise.all(Array.from({ length: 20 }, () => place(user, views(), { 'Idempotency-Key': 'parallel-key' })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((a) => a.body.order._id));
    expect(ids.size).toBe(1);
    for (const a of answers) expect(a.body).toEqual(answers[0]?.body);
    expect((await db.collection('orders').where('userId', '==', user.uid).get()).size).toBe(1);
    expect((await db.collection('users').doc(user.uid).collection('ledger').where('type', '==', 'debit').get()).size).toBe(1);
    expect(await balanceOf(user)).toBe(80);
  });
});

describe('concurrency', () => {
  // Each client does what the contract says of 503 busy (nothing was written): it sends the same
  // request again, with the same Idempotency-Key, after Retry-After. The emulator aborts contending
  // transactions instead of queueing them (docs/decisions/0005), and now and then 50 of them keep
  // aborting each other past the transaction deadline; the outcome must still be exact.
  it('50 parallel orders against a balance that covers 10: exactly 10 succeed, the rest Insufficient Balance', {
    timeout: 400_000,
  }, async () => {
    const user = await fundedUser(200);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        retryWhileBusy(
          () => place(user, views(1000, { link: `https://www.tiktok.com/@shop/video/${i}` }), { 'Idempotency-Key': `p50-${i}` }),
          (answer) => answer.status === 503 && answer.body.code === 'busy',
        ),
      ),
    );
    const ok = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 400);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const a of refused) expect(a.body).toEqual({ message: 'Insufficient Balance', code: 'insufficient_balance' });
    expect(await balanceOf(user)).toBe(0);
    const ledger = await db.collection('users').doc(user.uid).collection('ledger').get();
    expect(ledger.docs.reduce((sum, d) => sum + (d.get('type') === 'debit' ? -1 : 1) * d.get('amountPaisa'), 0)).toBe(0);
    await expectMoneyInvariants();
  });
});

describe('GET /api/order/my-orders', () => {
  it('lists only the caller’s orders, newest first, paginated with a cursor', async () => {
    const user = await fundedUser(100);
    const other = await fundedUser(100);
    const placed: string[] = [];
    for (let i = 0; i < 5; i++)
      placed.push((await place(user, views(1000, { link: `https://www.tiktok.com/@me/video/${i}` }))).body.order._id);
    await place(other, views());

    const page1 = await call(api.url, 'GET', '/api/order/my-orders?limit=2', { token: user.token });
    expect(page1.status).toBe(200);
    expect(page1.body.orders.map((o: { _id: string }) => o._id)).toEqual([placed[4], placed[3]]);
    expect(page1.body.nextCursor).toEqual(expect.any(String));
    const page2 = await call(api.url, 'GET', `/api/order/my-orders?limit=2&cursor=${page1.body.nextCursor}`, { token: user.token });
    expect(page2.body.orders.map((o: { _id: string }) => o._id)).toEqual([placed[2], placed[1]]);
    const page3 = await call(api.url, 'GET', `/api/order/my-orders?limit=2&cursor=${page2.body.nextCursor}`, { token: user.token });
    expect(page3.body.orders.map((o: { _id: string }) => o._id)).toEqual([placed[0]]);
    expect(page3.body.nextCursor).toBeNull();
  });

  it('refuses a forged cursor and a limit over 200', async () => {
    const user = await createUser();
    expect((await call(api.url, 'GET', '/api/order/my-orders?cursor=abc', { token: user.token })).body).toEqual({
      message: 'Invalid cursor',
      code: 'invalid_input',
      field: 'cursor',
    });
    expect((await call(api.url, 'GET', '/api/order/my-orders?limit=201', { token: user.token })).status).toBe(400);
  });

  it.each([
    [{ t: 1e15, id: '123456789' }],
    [{ t: 253_402_300_800_000, id: '123456789' }],
    [{ t: -62_135_596_800_001, id: '123456789' }],
    [{ t: 1, id: 'a/b' }],
    [{ t: 1, id: '..' }],
    [{ t: 1, id: '__x__' }],
  ])('refuses the well-formed cursor %j that Firestore cannot start after (400 Invalid cursor)', async (data) => {
    const user = await createUser();
    const cursor = Buffer.from(JSON.stringify(data)).toString('base64url');
    const res = await call(api.url, 'GET', `/api/order/my-orders?cursor=${cursor}`, { token: user.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Invalid cursor', code: 'invalid_input', field: 'cursor' });
  });

  it('needs a token', async () => {
    expect((await call(api.url, 'GET', '/api/order/my-orders')).status).toBe(401);
  });
});

describe('POST /api/orders/{id}/cancel (more in my-orders.emulator.test.ts)', () => {
  const stop = (user: TestUser | null, id: string) => call(api.url, 'POST', `/api/orders/${id}/cancel`, { token: user?.token, body: {} });

  it("answers another customer's order, or none, as not found; and needs a sign-in", async () => {
    const owner = await createUser();
    const other = await createUser();
    await fund(owner, 100);
    const placed = await place(owner, views(1000));
    expect((await stop(other, placed.body.order._id)).body).toMatchObject({ code: 'order_not_found' });
    expect((await stop(other, '123456789')).status).toBe(404);
    expect((await stop(other, 'nope')).status).toBe(404);
    expect((await stop(null, placed.body.order._id)).status).toBe(401);
  });
});
