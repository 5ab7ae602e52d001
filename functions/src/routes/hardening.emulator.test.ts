// What a hostile review tried at the HTTP boundary: malformed text, error codes, and
// refusals remembered under their Idempotency-Key.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, fund, type TestUser } from '../../../tests/support/api';
import { fundedUser } from '../../../tests/support/users';

const api = apiServerForFile({ moneyInvariants: true });
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  user = await createUser();
  admin = await createUser({ admin: true });
});

const LONE = 'x\udfff';
const order = (link = 'https://www.tiktok.com/@hardening/video/1') => ({ serviceId: 'tt-views-fast', link, quantity: 1000 });

describe('malformed Unicode is refused at the boundary (400), never retried as a failed write', () => {
  const cases: [string, string, string, () => unknown, 'user' | 'admin' | null][] = [
    ['contact name', 'POST', '/api/contact', () => ({ name: LONE, email: 'a@example.com', message: 'hello' }), null],
    ['review comment', 'POST', '/api/review', () => ({ name: 'Ali', rating: 5, comment: LONE }), null],
    ['register name', 'POST', '/api/auth/register', () => ({ name: LONE }), 'user'],
    ['order link', 'POST', '/api/order/place', () => order(`https://www.tiktok.com/@${LONE}`), 'user'],
    ['recharge wallet', 'POST', '/api/recharge-requests', () => ({ amount: 500, method: LONE, reference: 'ABC123456' }), 'user'],
    [
      'settings account name',
      'PUT',
      '/api/admin/settings',
      () => ({ wallets: [{ provider: 'Easypaisa', accountNumber: '0300', accountName: LONE }], supportChat: 'https://wa.me/1' }),
      'admin',
    ],
  ];
  it.each(cases)('%s', async (_name, method, path, body, who) => {
    const token = who === 'admin' ? admin.token : who === 'user' ? user.token : undefined;
    const answer = await call(api.url, method, path, { token, body: body() });
    expect(answer).toMatchObject({ status: 400, body: { message: 'Text must be valid Unicode', code: 'invalid_input' } });
  });

  it('API v2 parameters', async () => {
    const created = await call(api.url, 'POST', '/api/api-key', { token: user.token });
    const res = await fetch(`${api.url}/api/v2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: created.body.key, action: 'add', service: 1, link: `https://www.tiktok.com/@${LONE}`, quantity: 1000 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ error: 'Incorrect request' });
  });
});

describe('errors carry a stable code', () => {
  it.each([
    ['no token', () => call(api.url, 'GET', '/api/user/profile'), 401, 'invalid_token'],
    ['not an admin', () => call(api.url, 'GET', '/api/admin/users', { token: user.token }), 403, 'admin_required'],
    ['unknown path', () => call(api.url, 'GET', '/api/nothing-here'), 404, 'not_found'],
    [
      'unknown service',
      () => call(api.url, 'POST', '/api/order/place', { token: user.token, body: { ...order(), serviceId: 'nope' } }),
      404,
      'service_not_found',
    ],
    [
      'price changed',
      () => call(api.url, 'POST', '/api/order/place', { token: user.token, body: { ...order(), price: 1 } }),
      409,
      'price_changed',
    ],
    [
      'insufficient balance',
      () => call(api.url, 'POST', '/api/order/place', { token: user.token, body: order() }),
      400,
      'insufficient_balance',
    ],
    [
      'malformed JSON',
      () => call(api.url, 'POST', '/api/contact', { rawBody: '{"name":', headers: { 'content-type': 'application/json' } }),
      400,
      'invalid_json',
    ],
    [
      'a JSON scalar',
      () => call(api.url, 'POST', '/api/contact', { rawBody: '"str"', headers: { 'content-type': 'application/json' } }),
      400,
      'invalid_json',
    ],
  ] as const)('%s', async (_name, request, status, code) => {
    const answer = await request();
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ code });
    expect(typeof answer.body.message).toBe('string');
  });
});

describe('a refused request is remembered under its Idempotency-Key (as Stripe does)', () => {
  it('replays the refusal for the same body, answers 409 for another, and a new key is decided anew', async () => {
    const customer = await createUser();
    const key = randomUUID();
    const place = (body: unknown, idempotencyKey = key) =>
      call(api.url, 'POST', '/api/order/place', { token: customer.token, body, headers: { 'idempotency-key': idempotencyKey } });

    const refused = await place(order());
    expect(refused).toMatchObject({ status: 400, body: { message: 'Insufficient Balance', code: 'insufficient_balance' } });
    expect(refused.headers.get('idempotent-replayed')).toBeNull();

    await fund(customer, 100);
    const replayed = await place(order());
    expect(replayed).toMatchObject({ status: 400, body: { message: 'Insufficient Balance', code: 'insufficient_balance' } });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await place(order('https://www.tiktok.com/@other/video/2'))).toMatchObject({
      status: 409,
      body: { code: 'idempotency_conflict' },
    });

    const placed = await place(order(), randomUUID());
    expect(placed.status).toBe(201);
    const profile = await call(api.url, 'GET', '/api/user/profile', { token: customer.token });
    expect(profile.body.user.balance).toBe(100 - placed.body.order.price);
  });

  it('a refusal at the boundary (invalid input) is not remembered', async () => {
    const customer = await fundedUser(100);
    const key = randomUUID();
    const bad = await call(api.url, 'POST', '/api/order/place', {
      token: customer.token,
      body: { ...order(), quantity: -1 },
      headers: { 'idempotency-key': key },
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_input' } });
    const good = await call(api.url, 'POST', '/api/order/place', {
      token: customer.token,
      body: order(),
      headers: { 'idempotency-key': key },
    });
    expect(good.status).toBe(201);
  });
});

describe('admin order search', () => {
  it('finds an order by any link the order form accepts, however long', async () => {
    const customer = await fundedUser(100);
    const link = `https://www.tiktok.com/@long/video/1?ref=${'a'.repeat(1900)}`;
    const placed = await call(api.url, 'POST', '/api/order/place', { token: customer.token, body: order(link) });
    expect(placed.status).toBe(201);
    const found = await call(api.url, 'GET', `/api/admin/order?q=${encodeURIComponent(link)}`, { token: admin.token });
    expect(found.status).toBe(200);
    expect(found.body.orders.map((o: { _id: string }) => o._id)).toEqual([placed.body.order._id]);
  });

  it('answers 400 to a search it cannot answer', async () => {
    const answer = await call(api.url, 'GET', `/api/admin/order?q=${encodeURIComponent('just some words')}`, { token: admin.token });
    expect(answer).toMatchObject({
      status: 400,
      body: { code: 'invalid_input', message: 'Search by an order number, an email or a link' },
    });
  });
});
