// The audit trail: every admin action appends one entry in the same transaction as the action (a refused
// action leaves none), and GET /api/admin/audit pages through them, newest first, by actor and type, each with
// the account, service and providers it names as they are now.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, fund, pageThrough, type TestUser } from '../../../tests/support/api';
import { addProvider } from '../../../tests/support/providers';
import { fundedUser } from '../../../tests/support/users';
import { db } from '../lib/admin';
import { requestRefill } from '../services/orders/refills';
import { DEFAULT_SETTINGS, seedSettings } from '../services/top-ups/public-settings';

const api = apiServerForFile({ moneyInvariants: true });

interface Entry {
  _id: string;
  subject: string;
  action: string;
  by: string;
  byUid: string;
  at: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string;
  user?: { _id: string; name: string; email: string };
  service?: { _id: string; number: number; name: string };
  providers?: { _id: string; name: string; currency: string }[];
}

/** Every entry of `admin`'s trail, newest first, following the cursor through pages of `limit`. */
const fullTrailOf = async (admin: TestUser, query = '', limit = 100): Promise<Entry[]> =>
  (await pageThrough<Entry>(api.url, admin.token, `/api/admin/audit?actor=${admin.uid}${query}`, 'entries', limit)).items;

/**
 * The trail without the admin's own second-factor set-up and sign-in (each test's admin signs in
 * so first; those entries are checked in admin-mfa.emulator.test.ts and below).
 */
const trailOf = async (admin: TestUser, query = '', limit = 100): Promise<Entry[]> =>
  (await fullTrailOf(admin, query, limit)).filter((e) => !e.subject.startsWith('adminMfa/'));

const place = async (user: TestUser) => {
  const res = await call(api.url, 'POST', '/api/order/place', {
    token: user.token,
    body: {
      serviceId: 'tt-views-fast',
      link: `https://www.tiktok.com/@a/video/${Date.now()}${Math.floor(Math.random() * 1e6)}`,
      quantity: 1000,
    },
  });
  expect(res.status).toBe(201);
  return res.body.order._id as string;
};

let customer: TestUser;
beforeAll(async () => {
  await seedSettings();
  customer = await createUser();
  await fund(customer, 500);
});

describe('the audit trail of admin actions', () => {
  it('records a status change with before and after, and a refused change records nothing', async () => {
    const admin = await createUser({ admin: true });
    const order = await place(customer);
    expect(
      (await call(api.url, 'PUT', `/api/admin/update-status/${order}`, { token: admin.token, body: { status: 'cancelled' } })).status,
    ).toBe(200);
    const refused = await call(api.url, 'PUT', `/api/admin/update-status/${order}`, { token: admin.token, body: { status: 'completed' } });
    expect(refused.status).toBe(409);
    const trail = await trailOf(admin);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      subject: `orders/${order}`,
      action: 'status',
      by: admin.email,
      byUid: admin.uid,
      before: { status: 'pending' },
      after: { status: 'cancelled', refund: 20, userId: customer.uid },
      // The customer the entry records, named as the account is now.
      user: { _id: customer.uid, name: customer.name, email: customer.email },
    });
    expect(trail[0]?.service).toBeUndefined();
  });

  it('records a credit, an approval and a rejection (with its note) once each', async () => {
    const admin = await createUser({ admin: true });
    const credited = await call(api.url, 'POST', '/api/admin/add-balance', {
      token: admin.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { userId: customer.uid, amount: 100 },
    });
    expect(credited.status).toBe(200);
    const submit = async () => {
      const res = await call(api.url, 'POST', '/api/recharge-requests', {
        token: customer.token,
        body: { amount: 200, method: 'Easypaisa', reference: randomUUID().replace(/-/g, '').slice(0, 12) },
      });
      expect(res.status).toBe(201);
      return res.body.request._id as string;
    };
    const [approved, rejected] = [await submit(), await submit()];
    expect((await call(api.url, 'POST', `/api/admin/recharge-requests/${approved}/approve`, { token: admin.token })).status).toBe(200);
    expect(
      (
        await call(api.url, 'POST', `/api/admin/recharge-requests/${rejected}/reject`, {
          token: admin.token,
          body: { note: 'No such payment' },
        })
      ).status,
    ).toBe(200);
    // A second decision is refused and adds nothing.
    expect((await call(api.url, 'POST', `/api/admin/recharge-requests/${approved}/approve`, { token: admin.token })).status).toBe(409);

    const trail = await trailOf(admin);
    expect(trail.map((e) => e.action).sort()).toEqual(['approve', 'credit', 'credit', 'reject']);
    expect(trail.find((e) => e.action === 'reject')).toMatchObject({
      subject: `rechargeRequests/${rejected}`,
      before: { status: 'pending' },
      after: { status: 'rejected', amount: 200, userId: customer.uid },
      reason: 'No such payment',
    });
    expect(trail.find((e) => e.action === 'approve')).toMatchObject({ after: { status: 'approved', amount: 200 } });
    const manual = trail.find((e) => e.action === 'credit' && e.after?.amount === 100);
    expect(manual?.after).toMatchObject({ userId: customer.uid });
    expect(Number(manual?.after?.balance) - Number(manual?.before?.balance)).toBe(100);
  });

  it('records settings changes with the old and new values, and password resets', async () => {
    const admin = await createUser({ admin: true });
    const next = { ...DEFAULT_SETTINGS, supportChat: `https://wa.me/92300${Date.now() % 10_000_000}` };
    const before = (await call(api.url, 'GET', '/api/settings')).body;
    expect((await call(api.url, 'PUT', '/api/admin/settings', { token: admin.token, body: next })).status).toBe(200);
    const target = await createUser();
    const reset = await call(api.url, 'POST', '/api/admin/reset-password', {
      token: admin.token,
      body: { email: target.email, newPassword: 'a-new-password-1' },
    });
    expect(reset.status).toBe(200);
    const missing = await call(api.url, 'POST', '/api/admin/reset-password', {
      token: admin.token,
      body: { email: `nobody-${randomUUID()}@example.com`, newPassword: 'a-new-password-1' },
    });
    expect(missing.status).toBe(404);

    const trail = await trailOf(admin);
    expect(trail.map((e) => e.action)).toEqual(['password_reset', 'settings']);
    expect(trail[0]).toMatchObject({ subject: `users/${target.uid}`, after: { userId: target.uid } });
    expect(trail[1]).toMatchObject({ subject: 'settings/public', after: { supportChat: next.supportChat } });
    expect(trail[1]?.before?.supportChat).toBe(before.supportChat);
  });

  it('records refill decisions', async () => {
    const admin = await createUser({ admin: true });
    const user = await fundedUser(100);
    const res = await call(api.url, 'POST', '/api/order/place', {
      token: user.token,
      body: { serviceId: 'tt-followers-real', link: `https://www.tiktok.com/@u${Date.now()}`, quantity: 20 },
    });
    const order = res.body.order._id as string;
    expect(
      (await call(api.url, 'PUT', `/api/admin/update-status/${order}`, { token: admin.token, body: { status: 'completed' } })).status,
    ).toBe(200);
    const { refillId } = await requestRefill(user.uid, order);
    expect((await call(api.url, 'POST', `/api/admin/refills/${refillId}/reject`, { token: admin.token })).status).toBe(200);
    expect((await call(api.url, 'POST', `/api/admin/refills/${refillId}/complete`, { token: admin.token })).status).toBe(409);
    const trail = await trailOf(admin);
    expect(trail.map((e) => e.action)).toEqual(['refill_reject', 'status']);
    expect(trail[0]).toMatchObject({ subject: `refills/${refillId}`, after: { status: 'rejected', orderId: order } });
  });

  it('pages through every entry newest first, filtered by actor (uid or email) and type', async () => {
    const admin = await createUser({ admin: true });
    const orders: string[] = [];
    for (let i = 0; i < 7; i++) orders.push(await place(customer));
    for (const order of orders) {
      expect(
        (await call(api.url, 'PUT', `/api/admin/update-status/${order}`, { token: admin.token, body: { status: 'processing' } })).status,
      ).toBe(200);
    }
    // The admin's second-factor set-up and sign-in came first: they are the oldest two.
    const paged = await fullTrailOf(admin, '', 3);
    expect(paged.map((e) => e.subject)).toEqual([
      ...[...orders].reverse().map((id) => `orders/${id}`),
      `adminMfa/${admin.uid}`,
      `adminMfa/${admin.uid}`,
    ]);
    expect(paged.slice(-2).map((e) => e.action)).toEqual(['mfa_verify', 'mfa_enroll']);
    expect(new Set(paged.map((e) => e._id)).size).toBe(9);
    const times = paged.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const byEmail = await call(api.url, 'GET', `/api/admin/audit?actor=${encodeURIComponent(admin.email.toUpperCase())}&limit=100`, {
      token: admin.token,
    });
    expect(byEmail.body.entries).toHaveLength(9);
    expect(await trailOf(admin, '&type=status')).toHaveLength(7);
    expect(await trailOf(admin, '&type=credit')).toHaveLength(0);
    expect((await call(api.url, 'GET', '/api/admin/audit?type=nonsense', { token: admin.token })).status).toBe(400);
  });

  it('names the account, the service and the provider an entry is about as they are now, and nothing gone since', async () => {
    const admin = await createUser({ admin: true });
    const ali = await createUser({ name: 'Ali Khan' });
    const credited = await call(api.url, 'POST', '/api/admin/add-balance', {
      token: admin.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { userId: ali.uid, amount: 100 },
    });
    expect(credited.status).toBe(200);
    const created = await call(api.url, 'POST', '/api/admin/services', {
      token: admin.token,
      body: { platform: 'tiktok', category: 'Views', name: 'Audit views', ratePer1000: 20, min: 100, max: 100_000, defaultQuantity: 1000 },
    });
    expect(created.status).toBe(201);
    const service = created.body.service as { _id: string; number: number };
    const patch = (body: unknown) => call(api.url, 'PATCH', `/api/admin/services/${service._id}`, { token: admin.token, body });
    expect((await patch({ ratePer1000: 25 })).status).toBe(200);
    expect((await patch({ name: 'Audit views, renamed' })).status).toBe(200);
    const providerId = `audit${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await addProvider(providerId, 'https://provider.example/api/v2', 'audit-key-0001', { name: 'Old name', currency: 'EUR' });
    const renamed = await call(api.url, 'PATCH', `/api/admin/providers/${providerId}`, {
      token: admin.token,
      body: { name: 'Audit provider' },
    });
    expect(renamed.status).toBe(200);

    const trail = await trailOf(admin);
    const entry = (action: string) => trail.find((e) => e.action === action);
    expect(entry('credit')?.user).toEqual({ _id: ali.uid, name: 'Ali Khan', email: ali.email });
    const now = { _id: service._id, number: service.number, name: 'Audit views, renamed' };
    expect(trail.filter((e) => e.subject === `services/${service._id}`).map((e) => e.service)).toEqual([now, now, now]);
    expect(entry('provider_update')).toMatchObject({
      before: { name: 'Old name' },
      after: { name: 'Audit provider' },
      providers: [{ _id: providerId, name: 'Audit provider', currency: 'EUR' }],
    });
    expect(entry('provider_update')?.user).toBeUndefined();

    // A service deleted since: its entries keep what they recorded, and name no service.
    expect((await call(api.url, 'DELETE', `/api/admin/services/${service._id}`, { token: admin.token })).status).toBe(204);
    const later = (await trailOf(admin)).filter((e) => e.subject === `services/${service._id}`);
    expect(later.map((e) => e.action)).toEqual(['service_delete', 'service_update', 'service_update', 'service_create']);
    expect(later.map((e) => e.service)).toEqual([undefined, undefined, undefined, undefined]);
    expect(later[0]?.before).toMatchObject({ number: service.number, name: 'Audit views, renamed' });
  });

  it('is for admins only', async () => {
    expect((await call(api.url, 'GET', '/api/admin/audit', { token: customer.token })).status).toBe(403);
    expect((await call(api.url, 'GET', '/api/admin/audit')).status).toBe(401);
  });

  it('keeps entries out of reach of client writes (the API has no way to edit or delete one)', async () => {
    const admin = await createUser({ admin: true });
    await place(customer).then((order) =>
      call(api.url, 'PUT', `/api/admin/update-status/${order}`, { token: admin.token, body: { status: 'processing' } }),
    );
    const [entry] = await trailOf(admin);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const res = await call(api.url, method, `/api/admin/audit/${entry?._id}`, { token: admin.token, body: {} });
      expect(res.status).toBe(404);
    }
    expect((await db.collection('audit').doc(String(entry?._id)).get()).exists).toBe(true);
  });
});
