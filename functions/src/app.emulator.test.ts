// The HTTP boundary: who may call what, and what happens to bodies that are not what the contract says.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, type TestUser } from '../../tests/support/api';

const api = apiServerForFile();
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  user = await createUser();
  admin = await createUser({ admin: true });
});

type Access = 'public' | 'user' | 'admin';
const ENDPOINTS: [method: string, path: string, access: Access][] = [
  ['GET', '/api/services', 'public'],
  ['GET', '/api/settings', 'public'],
  ['GET', '/api/health', 'public'],
  ['POST', '/api/auth/register', 'user'],
  ['GET', '/api/user/profile', 'user'],
  ['GET', '/api/order/my-orders', 'user'],
  ['POST', '/api/order/place', 'user'],
  ['GET', '/api/ledger', 'user'],
  ['GET', '/api/admin/order', 'admin'],
  ['PUT', '/api/admin/update-status/123456789', 'admin'],
  ['POST', '/api/admin/add-balance', 'admin'],
  ['GET', '/api/admin/recent-recharges', 'admin'],
  ['GET', '/api/admin/users', 'admin'],
];

describe('authorization matrix', () => {
  for (const [method, path, access] of ENDPOINTS) {
    it(`${method} ${path}: anonymous ${access === 'public' ? 'allowed' : '401'}, user ${access === 'admin' ? '403' : 'allowed'}, admin allowed`, async () => {
      const body = method === 'GET' ? undefined : {};
      const anonymous = await call(api.url, method, path, { body });
      const asUser = await call(api.url, method, path, { body, token: user.token });
      const asAdmin = await call(api.url, method, path, { body, token: admin.token });
      if (access === 'public') expect(anonymous.status).toBeLessThan(400);
      else expect(anonymous).toMatchObject({ status: 401, body: { message: 'Invalid token' } });
      if (access === 'admin') expect(asUser).toMatchObject({ status: 403, body: { message: 'Admin access required' } });
      else expect([401, 403]).not.toContain(asUser.status);
      expect([401, 403]).not.toContain(asAdmin.status);
    });
  }
});

describe('request bodies', () => {
  const order = (options: Parameters<typeof call>[3]) => call(api.url, 'POST', '/api/order/place', { token: user.token, ...options });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await order({ rawBody: '{"serviceId": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Request body is not valid JSON', code: 'invalid_json' });
  });

  it('refuses a body of another content type with 400', async () => {
    const res = await order({ rawBody: 'serviceId=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/must be JSON/);
  });

  it('refuses a body over 64 KiB with 413, and a 10 MB string too', async () => {
    const big = await order({ body: { serviceId: 'tt-views-fast', link: `https://tiktok.com/${'a'.repeat(70_000)}`, quantity: 1000 } });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: 'Request body is too large', code: 'body_too_large' });
    const huge = await order({ body: { serviceId: 'x'.repeat(10 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
  });

  it.each([
    ['an array', []],
    ['a string', 'hello'],
    ['null', null],
    ['a number', 42],
  ])('refuses %s as the body with 400', async (_label, body) => {
    const res = await order({ rawBody: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it.each([
    ['NaN (not JSON)', '{"serviceId":"tt-views-fast","link":"https://tiktok.com/@a","quantity":NaN}'],
    ['Infinity (not JSON)', '{"serviceId":"tt-views-fast","link":"https://tiktok.com/@a","quantity":Infinity}'],
    ['1e308', '{"serviceId":"tt-views-fast","link":"https://tiktok.com/@a","quantity":1e308}'],
    ['1e999 (parses to Infinity)', '{"serviceId":"tt-views-fast","link":"https://tiktok.com/@a","quantity":1e999}'],
    ['a negative price', '{"serviceId":"tt-views-fast","link":"https://tiktok.com/@a","quantity":1000,"price":-20}'],
    ['an object as the link', '{"serviceId":"tt-views-fast","link":{"href":"https://tiktok.com"},"quantity":1000}'],
    ['__proto__', '{"serviceId":"tt-views-fast","link":"https://tiktok.com/@a","quantity":1000,"__proto__":{"admin":true}}'],
  ])('refuses %s with 400 and never a stack trace', async (_label, rawBody) => {
    const res = await order({ rawBody, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(expect.arrayContaining(['message']));
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|stack/i);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await call(api.url, 'GET', '/api/nope');
    expect(res).toMatchObject({ status: 404, body: { message: 'Not found' } });
  });

  it('tags every answer with a request id', async () => {
    const res = await call(api.url, 'GET', '/api/services');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it("echoes a caller's short request id, and answers any other with a fresh one", async () => {
    const echoed = await call(api.url, 'GET', '/api/health', { headers: { 'x-request-id': 'trace-42.a:b_c' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-42.a:b_c');
    for (const sent of ['x'.repeat(4_000), 'x'.repeat(65), '<script>alert(1)</script>', 'a "quoted" id', 'one, two']) {
      const res = await call(api.url, 'GET', '/api/health', { headers: { 'x-request-id': sent } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
