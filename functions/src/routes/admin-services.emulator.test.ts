// The catalogue the admin runs: the contract, its validation, who may call it, what
// customers (web and API v2) see at once, and the audit entry each change writes in its transaction.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createApiKeyFor, createUser, type TestUser, v2With } from '../../../tests/support/api';
import { fundedUser } from '../../../tests/support/users';
import { db } from '../lib/admin';
import { changedRate, seedCatalogue } from '../services/catalogue/catalogue';
import { updateOrderStatus } from '../services/orders/orders';
import { requestRefill } from '../services/orders/refills';
import { API_V2_UNMEASURED } from '../shared/api-v2';
import { BUILT_IN_CATEGORIES, CATALOGUE } from '../shared/catalogue';

const api = apiServerForFile({ moneyInvariants: true });
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  [admin, customer] = await Promise.all([createUser({ admin: true, name: 'Boss' }), createUser()]);
});

const asAdmin = (method: string, path: string, body?: unknown) => call(api.url, method, path, { token: admin.token, body });
const publicServices = async () => (await call(api.url, 'GET', '/api/services')).body as { services: any[]; categories: any };
const auditCount = async () => (await db.collection('audit').count().get()).data().count;
const auditOf = async (subject: string) =>
  (await db.collection('audit').where('subject', '==', subject).get()).docs
    .map((d) => d.data())
    .sort((a, b) => a.at.toMillis() - b.at.toMillis());

let made = 0;
/** A new service of its own for a test: TikTok views at Rs 20 per 1000 unless told otherwise. */
const serviceBody = (fields: Record<string, unknown> = {}) => ({
  platform: 'tiktok',
  category: 'Views',
  name: `Test views ${++made}`,
  ratePer1000: 20,
  min: 100,
  max: 100_000,
  defaultQuantity: 1000,
  ...fields,
});
async function newService(fields: Record<string, unknown> = {}) {
  const res = await asAdmin('POST', '/api/admin/services', serviceBody(fields));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.service as { _id: string; number: number; ratePer1000: number };
}
const order = (user: TestUser, serviceId: string, body: Record<string, unknown> = {}) =>
  call(api.url, 'POST', '/api/order/place', {
    token: user.token,
    body: { serviceId, link: `https://www.tiktok.com/@me/video/${Math.random().toString().slice(2)}`, quantity: 1000, ...body },
  });

describe('who may run the catalogue', () => {
  it.each([
    ['GET', '/api/admin/services'],
    ['POST', '/api/admin/services'],
    ['PATCH', '/api/admin/services/tt-views-fast'],
    ['DELETE', '/api/admin/services/tt-views-fast'],
    ['POST', '/api/admin/services/bulk-price'],
    ['PUT', '/api/admin/categories/tiktok'],
    ['POST', '/api/admin/categories/tiktok/rename'],
  ])('%s %s: 401 without a token, 403 for a customer, nothing written', async (method, path) => {
    const before = await auditCount();
    const body = method === 'GET' ? undefined : { active: false };
    expect((await call(api.url, method, path, { body })).status).toBe(401);
    const res = await call(api.url, method, path, { token: customer.token, body });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('admin_required');
    expect(await auditCount()).toBe(before);
    expect((await db.collection('services').doc('tt-views-fast').get()).get('active')).toBe(true);
  });
});

describe('GET /api/admin/services', () => {
  it('answers every service, inactive too, filtered by platform, category and active, with the category order', async () => {
    const hidden = await newService({ platform: 'instagram', category: 'Views', active: false });
    const all = await asAdmin('GET', '/api/admin/services');
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('private, no-store');
    expect(all.body.services.map((s: { _id: string }) => s._id)).toEqual(
      expect.arrayContaining([...CATALOGUE.map((s) => s.id), hidden._id]),
    );
    // The seed's order: the built-in categories' order.
    expect(all.body.categories.facebook).toEqual([...BUILT_IN_CATEGORIES]);

    const filtered = await asAdmin('GET', '/api/admin/services?platform=instagram&category=Views&active=false');
    expect(filtered.body.services.map((s: { _id: string }) => s._id)).toEqual([hidden._id]);
    const active = await asAdmin('GET', '/api/admin/services?platform=instagram&category=Views&active=true');
    expect(active.body.services.map((s: { _id: string }) => s._id)).toEqual(['ig-views-reel', 'ig-views-story']);
    expect((await asAdmin('GET', '/api/admin/services?platform=youtube')).status).toBe(400);
  });
});

describe('POST /api/admin/services', () => {
  it('creates a service with the next number and a stable id, audited, and customers (web and API v2) see it at once', async () => {
    const before = await asAdmin('GET', '/api/admin/services');
    const highest = Math.max(...before.body.services.map((s: { number: number }) => s.number));
    const res = await asAdmin('POST', '/api/admin/services', {
      platform: 'tiktok',
      category: 'Live Stream',
      name: '  Live Viewers  ',
      ratePer1000: 12.5,
      min: 10,
      max: 5000,
      defaultQuantity: 100,
      description: 'Viewers for a live stream.',
      refillDays: 7,
      cancelAllowed: true,
    });
    expect(res.status).toBe(201);
    const service = res.body.service;
    expect(service).toEqual({
      _id: `svc-${highest + 1}`,
      number: highest + 1,
      platform: 'tiktok',
      category: 'Live Stream',
      name: 'Live Viewers',
      ratePer1000: 12.5,
      min: 10,
      max: 5000,
      defaultQuantity: 100,
      description: 'Viewers for a live stream.',
      refill: true,
      refillDays: 7,
      cancel: true,
      active: true,
      // No badge; no figures until one of its orders ends.
      badges: [],
      // The admin's answer shows the provider link: none, a manual service.
      provider: null,
    });
    expect((await db.collection('services').doc(service._id).get()).get('ratePer1000Paisa')).toBe(1250);

    const web = await publicServices();
    const { provider, ...publicService } = service;
    expect(web.services).toContainEqual(publicService);
    expect(web.categories.tiktok.at(-1)).toBe('Live Stream');
    const key = await createApiKeyFor(api.url, customer);
    expect(await v2With(api.url, key, { action: 'services' })).toContainEqual({
      service: highest + 1,
      name: 'Live Viewers',
      type: 'Default',
      category: 'TikTok Live Stream',
      rate: '12.50',
      min: '10',
      max: '5000',
      refill: true,
      cancel: true,
      dripfeed: false,
      refill_days: 7,
      ...API_V2_UNMEASURED,
      badges: [],
    });

    expect(await auditOf(`services/${service._id}`)).toEqual([
      expect.objectContaining({
        action: 'service_create',
        by: admin.email,
        byUid: admin.uid,
        before: null,
        after: expect.objectContaining({
          number: highest + 1,
          name: 'Live Viewers',
          ratePer1000: 12.5,
          refillDays: 7,
          cancelAllowed: true,
        }),
      }),
    ]);
  });

  it('never gives a number again, even the number of a deleted service', async () => {
    const first = await newService();
    expect((await asAdmin('DELETE', `/api/admin/services/${first._id}`)).status).toBe(204);
    const second = await newService();
    expect(second.number).toBe(first.number + 1);
    expect(second._id).not.toBe(first._id);
  });

  it('answers a repeat with the same Idempotency-Key with the first service, not a second one', async () => {
    const body = { platform: 'facebook', category: 'Views', name: 'Once', ratePer1000: 5, min: 1, max: 10, defaultQuantity: 5 };
    const headers = { 'idempotency-key': `create-${Math.random()}` };
    const first = await call(api.url, 'POST', '/api/admin/services', { token: admin.token, body, headers });
    const again = await call(api.url, 'POST', '/api/admin/services', { token: admin.token, body, headers });
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await db.collection('services').where('name', '==', 'Once').get()).size).toBe(1);
  });

  const valid = { platform: 'tiktok', category: 'Views', name: 'X', ratePer1000: 10, min: 10, max: 100, defaultQuantity: 50 };
  it.each([
    [{ ...valid, ratePer1000: 0 }, 'ratePer1000', 'Rate must be greater than 0'],
    [{ ...valid, ratePer1000: -5 }, 'ratePer1000', 'Rate must be greater than 0'],
    [{ ...valid, ratePer1000: 1.234 }, 'ratePer1000', 'Rate can have at most 2 decimals'],
    [{ ...valid, ratePer1000: 100_001 }, 'ratePer1000', 'Rate must be at most 100,000'],
    [{ ...valid, min: 0 }, 'min', 'Min must be at least 1'],
    [{ ...valid, min: 1.5 }, 'min', 'Min must be a whole number'],
    [{ ...valid, min: 200 }, 'max', 'Max must be at least min'],
    [{ ...valid, defaultQuantity: 5 }, 'defaultQuantity', 'Default quantity must be between min and max'],
    [{ ...valid, defaultQuantity: 500 }, 'defaultQuantity', 'Default quantity must be between min and max'],
    [{ ...valid, name: '   ' }, 'name', 'Name is required'],
    [{ ...valid, name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
    [{ ...valid, name: 'a\u202eb' }, 'name', 'Name cannot contain control or formatting characters'],
    [{ ...valid, category: 'c'.repeat(41) }, 'category', 'Category must be at most 40 characters'],
    [{ ...valid, description: 'd'.repeat(501) }, 'description', 'Description must be at most 500 characters'],
    [{ ...valid, refillDays: -1 }, 'refillDays', 'Refill days cannot be negative'],
    [{ ...valid, refillDays: 366 }, 'refillDays', 'Refill days must be at most 365'],
    [{ ...valid, platform: 'youtube' }, 'platform', 'Choose a platform'],
    [{ ...valid, price: 3 }, 'price', 'Unknown field: price'],
    [{ platform: 'tiktok' }, 'category', 'Category is required'],
    // Rs 0.40 per 1000 × 1 is 0.04 paisa: an order of min would cost nothing, and has no debit to record.
    [{ ...valid, ratePer1000: 0.4, min: 1, defaultQuantity: 1 }, 'min', 'An order of min must cost at least Rs 0.01'],
  ])('refuses %j with 400 on %s, writing nothing', async (body, field, message) => {
    const [services, audits] = [(await db.collection('services').count().get()).data().count, await auditCount()];
    const res = await asAdmin('POST', '/api/admin/services', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'invalid_input', field, message });
    expect((await db.collection('services').count().get()).data().count).toBe(services);
    expect(await auditCount()).toBe(audits);
  });
});

describe('PATCH /api/admin/services/{id}', () => {
  it('changes a price: GET /api/services and API v2 show it at once, placed orders keep theirs, an old-price order gets 409', async () => {
    const service = await newService({ ratePer1000: 20 });
    const buyer = await fundedUser(100);
    const placed = await order(buyer, service._id, { price: 20 });
    expect(placed.status).toBe(201);

    const res = await asAdmin('PATCH', `/api/admin/services/${service._id}`, { ratePer1000: 30 });
    expect(res.status).toBe(200);
    expect(res.body.service).toMatchObject({ _id: service._id, ratePer1000: 30 });
    expect((await publicServices()).services.find((s) => s._id === service._id)?.ratePer1000).toBe(30);
    const key = await createApiKeyFor(api.url, buyer);
    const listed = (await v2With(api.url, key, { action: 'services' })) as { service: number; rate: string }[];
    expect(listed.find((s) => s.service === service.number)?.rate).toBe('30.00');

    // The placed order keeps its price.
    const mine = await call(api.url, 'GET', '/api/order/my-orders', { token: buyer.token });
    expect(mine.body.orders.find((o: { _id: string }) => o._id === placed.body.order._id)?.price).toBe(20);
    // The form still showing Rs 20 is told the price changed, and nothing is charged.
    const stale = await order(buyer, service._id, { price: 20 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'price_changed', message: 'Price changed, please review your order' });
    expect((await order(buyer, service._id, { price: 30 })).status).toBe(201);
    // API v2 charges today's price.
    const v2Order = await v2With(api.url, key, {
      action: 'add',
      service: service.number,
      link: 'https://www.tiktok.com/@me/video/9',
      quantity: 1000,
    });
    expect((await v2With(api.url, key, { action: 'status', order: v2Order.order })).charge).toBe('30.00');

    expect(await auditOf(`services/${service._id}`)).toEqual([
      expect.objectContaining({ action: 'service_create' }),
      expect.objectContaining({ action: 'service_update', by: admin.email, before: { ratePer1000: 20 }, after: { ratePer1000: 30 } }),
    ]);
  });

  it('disables a service: hidden from customers and refused for new orders (web and API v2), while its orders go on', async () => {
    const service = await newService({
      platform: 'instagram',
      category: 'Followers',
      min: 10,
      max: 1000,
      defaultQuantity: 50,
      ratePer1000: 100,
      refillDays: 30,
    });
    const buyer = await fundedUser(100);
    const link = 'https://www.instagram.com/someone';
    const first = await order(buyer, service._id, { link, quantity: 100 });
    const second = await order(buyer, service._id, { link: `${link}2`, quantity: 100 });
    expect([first.status, second.status]).toEqual([201, 201]);

    expect((await asAdmin('PATCH', `/api/admin/services/${service._id}`, { active: false })).body.service.active).toBe(false);
    expect((await publicServices()).services.map((s) => s._id)).not.toContain(service._id);
    const key = await createApiKeyFor(api.url, buyer);
    const listed = (await v2With(api.url, key, { action: 'services' })) as { service: number }[];
    expect(listed.map((s) => s.service)).not.toContain(service.number);

    const refused = await order(buyer, service._id, { link: `${link}3`, quantity: 100 });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('service_not_found');
    expect(await v2With(api.url, key, { action: 'add', service: service.number, link: `${link}4`, quantity: 100 })).toEqual({
      error: 'Incorrect service ID',
    });

    // Its orders continue: a refund, and a refill within the window it was sold with.
    await updateOrderStatus(first.body.order._id, 'cancelled');
    await updateOrderStatus(second.body.order._id, 'completed');
    expect((await call(api.url, 'GET', '/api/user/profile', { token: buyer.token })).body.user.balance).toBe(100 - 10);
    expect(await requestRefill(buyer.uid, second.body.order._id)).toMatchObject({ refillId: expect.any(String), created: true });
  });

  it('refuses a change that breaks min ≤ default ≤ max against the stored service, an unknown id and an empty change', async () => {
    const service = await newService({ min: 100, max: 1000, defaultQuantity: 500 });
    const audits = await auditCount();
    const low = await asAdmin('PATCH', `/api/admin/services/${service._id}`, { min: 600 });
    expect(low.status).toBe(400);
    expect(low.body).toEqual({ code: 'invalid_input', field: 'defaultQuantity', message: 'Default quantity must be between min and max' });
    const crossed = await asAdmin('PATCH', `/api/admin/services/${service._id}`, { max: 50 });
    expect(crossed.body.field).toBe('max');
    expect((await asAdmin('PATCH', `/api/admin/services/${service._id}`, {})).body.message).toBe('Nothing to change');
    const missing = await asAdmin('PATCH', '/api/admin/services/no-such-service', { ratePer1000: 5 });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('service_not_found');
    // Rs 0.04 per 1000 × 100 is 0.4 paisa: an order of min would cost nothing.
    const free = await asAdmin('PATCH', `/api/admin/services/${service._id}`, { ratePer1000: 0.04 });
    expect(free.body).toEqual({ code: 'invalid_input', field: 'min', message: 'An order of min must cost at least Rs 0.01' });
    expect(await auditCount()).toBe(audits);
    expect((await db.collection('services').doc(service._id).get()).get('min')).toBe(100);
    // Both at once is fine.
    expect((await asAdmin('PATCH', `/api/admin/services/${service._id}`, { min: 600, defaultQuantity: 700 })).status).toBe(200);
  });

  it('keeps free-text badges that the service’s facts do not contradict, refusing one they do, audited', async () => {
    const contradicted = await asAdmin('POST', '/api/admin/services', serviceBody({ badges: ['HQ', 'Lifetime refill'] }));
    expect(contradicted.status).toBe(400);
    expect(contradicted.body).toEqual({
      code: 'invalid_input',
      field: 'badges',
      message: 'The badge “Lifetime refill” says refill, but the service has no refill',
    });
    const service = await newService({ refillDays: 30, badges: ['HQ', '30-day refill'] });
    expect((await publicServices()).services.find((s) => s._id === service._id).badges).toEqual(['HQ', '30-day refill']);
    // Taking the refill away would make the badge a lie: refused until the badge goes too.
    const lie = await asAdmin('PATCH', `/api/admin/services/${service._id}`, { refillDays: 0 });
    expect(lie.body).toMatchObject({ field: 'badges', message: 'The badge “30-day refill” says refill, but the service has no refill' });
    const both = await asAdmin('PATCH', `/api/admin/services/${service._id}`, { refillDays: 0, badges: ['HQ'] });
    expect(both.status).toBe(200);
    expect(both.body.service.badges).toEqual(['HQ']);
    const [entry] = (await auditOf(`services/${service._id}`)).filter((e) => e.action === 'service_update');
    expect(entry).toMatchObject({ before: { badges: ['HQ', '30-day refill'], refillDays: 30 }, after: { badges: ['HQ'], refillDays: 0 } });
    // An empty list takes them away, in the store too.
    expect((await asAdmin('PATCH', `/api/admin/services/${service._id}`, { badges: [] })).body.service.badges).toEqual([]);
    expect((await db.collection('services').doc(service._id).get()).get('badges')).toBeUndefined();
    for (const bad of [['a', 'b', 'c', 'd'], ['HQ', 'hq'], [''], ['x'.repeat(25)]]) {
      expect((await asAdmin('PATCH', `/api/admin/services/${service._id}`, { badges: bad })).body.code).toBe('invalid_input');
    }
  });

  it.each([
    ['PATCH', 'a%2Fb'],
    ['PATCH', '__x__'],
    ['DELETE', 'a%2Fb'],
    ['DELETE', '__x__'],
  ])('%s of an id no service can have (%s) is 404 service_not_found, not a server error', async (method, id) => {
    const res = await asAdmin(method, `/api/admin/services/${id}`, method === 'PATCH' ? { ratePer1000: 5 } : undefined);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('service_not_found');
  });

  it('freezes the refill window on the order: a later change of the service does not change what was sold', async () => {
    const service = await newService({ platform: 'instagram', category: 'Likes', min: 10, max: 1000, defaultQuantity: 50, refillDays: 10 });
    const never = await newService({ platform: 'instagram', category: 'Likes', min: 10, max: 1000, defaultQuantity: 50, refillDays: 0 });
    const buyer = await fundedUser(10);
    const sold = await order(buyer, service._id, { link: 'https://instagram.com/p/abc', quantity: 100 });
    const none = await order(buyer, never._id, { link: 'https://instagram.com/p/abd', quantity: 100 });
    await updateOrderStatus(sold.body.order._id, 'completed');
    await updateOrderStatus(none.body.order._id, 'completed');
    await asAdmin('PATCH', `/api/admin/services/${service._id}`, { refillDays: 0 });
    await asAdmin('PATCH', `/api/admin/services/${never._id}`, { refillDays: 30 });
    expect(await requestRefill(buyer.uid, sold.body.order._id)).toMatchObject({ refillId: expect.any(String), created: true });
    await expect(requestRefill(buyer.uid, none.body.order._id)).rejects.toMatchObject({ code: 'refill_unavailable' });
  });
});

describe('DELETE /api/admin/services/{id}', () => {
  it('answers 409 service_in_use while any order uses it, leaving it as it was and writing no audit entry', async () => {
    const service = await newService();
    const buyer = await fundedUser(20);
    expect((await order(buyer, service._id)).status).toBe(201);
    const audits = await auditCount();
    const res = await asAdmin('DELETE', `/api/admin/services/${service._id}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'service_in_use', message: 'Orders use this service, so it cannot be deleted: disable it instead' });
    const stored = (await db.collection('services').doc(service._id).get()).data();
    expect(stored).toMatchObject({ active: true });
    expect(stored).not.toHaveProperty('deleteCheck');
    expect((await publicServices()).services.map((s) => s._id)).toContain(service._id);
    expect(await auditCount()).toBe(audits);
    // A disabled one with orders is refused the same way, and stays disabled.
    await asAdmin('PATCH', `/api/admin/services/${service._id}`, { active: false });
    expect((await asAdmin('DELETE', `/api/admin/services/${service._id}`)).status).toBe(409);
    expect((await db.collection('services').doc(service._id).get()).get('active')).toBe(false);
  });

  it('an edit during a delete check leaves the service to the check unless it sets active, so a refused delete puts it back in sale', async () => {
    const service = await newService();
    // As the delete's first step leaves it while it looks for orders.
    await db.collection('services').doc(service._id).update({ active: false, deleteCheck: 'check-1' });
    expect((await asAdmin('PATCH', `/api/admin/services/${service._id}`, { name: 'Renamed meanwhile' })).status).toBe(200);
    expect((await db.collection('services').doc(service._id).get()).data()).toMatchObject({
      name: 'Renamed meanwhile',
      active: false,
      deleteCheck: 'check-1',
    });
    // Saying `active` is the admin's word: the check is over.
    expect((await asAdmin('PATCH', `/api/admin/services/${service._id}`, { active: true })).status).toBe(200);
    const stored = (await db.collection('services').doc(service._id).get()).data();
    expect(stored).toMatchObject({ active: true });
    expect(stored).not.toHaveProperty('deleteCheck');
  });

  it('deletes a service no order uses (204), audited with what it was; a second delete is 404', async () => {
    const service = await newService({ name: 'Mistake' });
    const res = await asAdmin('DELETE', `/api/admin/services/${service._id}`);
    expect(res.status).toBe(204);
    expect((await db.collection('services').doc(service._id).get()).exists).toBe(false);
    expect((await publicServices()).services.map((s) => s._id)).not.toContain(service._id);
    expect(await auditOf(`services/${service._id}`)).toEqual([
      expect.objectContaining({ action: 'service_create' }),
      expect.objectContaining({
        action: 'service_delete',
        by: admin.email,
        after: null,
        before: expect.objectContaining({ name: 'Mistake', active: true }),
      }),
    ]);
    expect((await asAdmin('DELETE', `/api/admin/services/${service._id}`)).status).toBe(404);
  });
});

describe('categories', () => {
  it('reorders a platform’s categories: GET /api/services answers them in that order, audited', async () => {
    const order = ['Views', 'Comments', 'Followers'];
    const res = await asAdmin('PUT', '/api/admin/categories/facebook', { order });
    expect(res.status).toBe(200);
    const rest = ['Page Likes + Followers', 'Likes', 'Share/Post Reel', 'Video Reactions'];
    expect(res.body.categories.facebook).toEqual([...order, ...rest]);
    expect((await publicServices()).categories.facebook).toEqual([...order, ...rest]);
    const entries = await auditOf('catalogue/categories');
    expect(entries.at(-1)).toMatchObject({ action: 'category_update', after: { platform: 'facebook', order } });
    expect((await asAdmin('PUT', '/api/admin/categories/facebook', { order: ['Views', 'Views'] })).body.message).toBe(
      'Each category can be listed once',
    );
    expect((await asAdmin('PUT', '/api/admin/categories/myspace', { order })).status).toBe(400);
  });

  it('renames a category on every service of it and in the order, in one audited change', async () => {
    const before = await asAdmin('GET', '/api/admin/services?platform=facebook&category=Comments');
    const ids = before.body.services.map((s: { _id: string }) => s._id);
    expect(ids.length).toBeGreaterThan(0);
    const res = await asAdmin('POST', '/api/admin/categories/facebook/rename', { from: 'Comments', to: 'Custom Comments' });
    expect(res.status).toBe(200);
    expect(res.body.renamed).toBe(ids.length);
    const after = await asAdmin('GET', '/api/admin/services?platform=facebook&category=Custom%20Comments');
    expect(after.body.services.map((s: { _id: string }) => s._id)).toEqual(ids);
    const web = await publicServices();
    expect(web.categories.facebook).toContain('Custom Comments');
    expect(web.categories.facebook).not.toContain('Comments');
    // Other platforms' categories of the same name are theirs.
    expect(web.categories.tiktok).toContain('Comments');
    expect((await auditOf('catalogue/categories')).at(-1)).toMatchObject({
      action: 'category_update',
      before: { platform: 'facebook', category: 'Comments' },
      after: { platform: 'facebook', category: 'Custom Comments', services: ids },
    });
    const audits = await auditCount();
    const missing = await asAdmin('POST', '/api/admin/categories/facebook/rename', { from: 'Nope', to: 'Other' });
    expect(missing.status).toBe(404);
    expect(await auditCount()).toBe(audits);
  });
});

describe('POST /api/admin/services/bulk-price', () => {
  it('previews (old → new, nothing written), then applies in one audited change; placed orders keep their price', async () => {
    const a = await newService({ platform: 'facebook', category: 'Bulk Test', ratePer1000: 20 });
    const b = await newService({ platform: 'facebook', category: 'Bulk Test', ratePer1000: 0.01, min: 500, defaultQuantity: 1000 });
    const audits = await auditCount();
    const preview = await asAdmin('POST', '/api/admin/services/bulk-price', {
      platform: 'facebook',
      category: 'Bulk Test',
      percent: 3.33,
      dryRun: true,
    });
    expect(preview.status).toBe(200);
    // 20 × 1.0333 = 20.666 → 20.67; 0.01 × 1.0333 rounds back to 0.01: no change, not listed.
    expect(preview.body).toEqual({
      applied: false,
      changes: [{ _id: a._id, name: expect.any(String), category: 'Bulk Test', from: 20, to: 20.67 }],
    });
    expect((await db.collection('services').doc(a._id).get()).get('ratePer1000Paisa')).toBe(2000);
    expect(await auditCount()).toBe(audits);

    const cut = await asAdmin('POST', '/api/admin/services/bulk-price', { platform: 'facebook', category: 'Bulk Test', percent: -99 });
    expect(cut.body).toEqual({
      applied: true,
      changes: [{ _id: a._id, name: expect.any(String), category: 'Bulk Test', from: 20, to: 0.2 }],
    });
    // Never down to 0: Rs 0.01 stays Rs 0.01.
    expect((await db.collection('services').doc(b._id).get()).get('ratePer1000Paisa')).toBe(1);
    expect((await publicServices()).services.find((s) => s._id === a._id)?.ratePer1000).toBe(0.2);
    const entries = await db.collection('audit').where('action', '==', 'price_bulk').get();
    expect(entries.docs.map((d) => d.data())).toContainEqual(
      expect.objectContaining({
        by: admin.email,
        subject: 'services',
        before: { rates: { [a._id]: 20 } },
        after: { percent: -99, platform: 'facebook', category: 'Bulk Test', rates: { [a._id]: 0.2 } },
      }),
    );
    expect(await auditCount()).toBe(audits + 1);
  });

  it('applies only what was previewed: a rate moved since the preview answers 409 preview_outdated, writing nothing', async () => {
    const svc = await newService({ platform: 'facebook', category: 'Previewed', ratePer1000: 40 });
    const body = { platform: 'facebook', category: 'Previewed', percent: 10 };
    const preview = await asAdmin('POST', '/api/admin/services/bulk-price', { ...body, dryRun: true });
    const expected = Object.fromEntries(
      (preview.body.changes as { _id: string; from: number; to: number }[]).map((c) => [c._id, { from: c.from, to: c.to }]),
    );
    expect(expected).toEqual({ [svc._id]: { from: 40, to: 44 } });
    // Another admin changes the rate between the preview and the confirm.
    expect((await asAdmin('PATCH', `/api/admin/services/${svc._id}`, { ratePer1000: 50 })).status).toBe(200);
    const audits = await auditCount();
    const stale = await asAdmin('POST', '/api/admin/services/bulk-price', { ...body, expected });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('preview_outdated');
    expect((await db.collection('services').doc(svc._id).get()).get('ratePer1000Paisa')).toBe(5000);
    expect(await auditCount()).toBe(audits);
    // A service joining the category since the preview makes it outdated too.
    const fresh = { [svc._id]: { from: 50, to: 55 } };
    const joined = await newService({ platform: 'facebook', category: 'Previewed', ratePer1000: 10 });
    expect((await asAdmin('POST', '/api/admin/services/bulk-price', { ...body, expected: fresh })).body.code).toBe('preview_outdated');
    const both = { ...fresh, [joined._id]: { from: 10, to: 11 } };
    const applied = await asAdmin('POST', '/api/admin/services/bulk-price', { ...body, expected: both });
    expect(applied.status).toBe(200);
    expect(applied.body.applied).toBe(true);
    expect((await db.collection('services').doc(svc._id).get()).get('ratePer1000Paisa')).toBe(5500);
  });

  it('refuses a change that would take a rate past the highest allowed, writing nothing', async () => {
    const big = await newService({ platform: 'facebook', category: 'Too Big', ratePer1000: 50_000 });
    const audits = await auditCount();
    const res = await asAdmin('POST', '/api/admin/services/bulk-price', { platform: 'facebook', category: 'Too Big', percent: 200 });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('percent');
    expect((await db.collection('services').doc(big._id).get()).get('ratePer1000Paisa')).toBe(5_000_000);
    expect(await auditCount()).toBe(audits);
    expect((await asAdmin('POST', '/api/admin/services/bulk-price', { platform: 'facebook', percent: 0 })).body.message).toBe(
      'Percent cannot be 0',
    );
    expect((await asAdmin('POST', '/api/admin/services/bulk-price', { platform: 'facebook', percent: -100 })).status).toBe(400);
  });

  it('refuses a cut that would make the smallest order of a service cost nothing, writing nothing', async () => {
    // Rs 1 per 1000 with min 10 costs Rs 0.01; cut by 60% it would cost 0.4 paisa, rounded to 0.
    const cheap = await newService({
      platform: 'facebook',
      category: 'Too Cheap',
      ratePer1000: 1,
      min: 10,
      max: 1000,
      defaultQuantity: 10,
    });
    const audits = await auditCount();
    const res = await asAdmin('POST', '/api/admin/services/bulk-price', { platform: 'facebook', category: 'Too Cheap', percent: -60 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'invalid_input', field: 'percent', message: 'The change would make an order of min cost nothing' });
    expect((await db.collection('services').doc(cheap._id).get()).get('ratePer1000Paisa')).toBe(100);
    expect(await auditCount()).toBe(audits);
  });

  it('rounds half up to the paisa and never to 0 or below', () => {
    expect(changedRate(2000, 3.33)).toBe(2067);
    expect(changedRate(1, -99)).toBe(1);
    expect(changedRate(150, 10)).toBe(165);
    expect(changedRate(5, 10)).toBe(6); // 5.5 → 6
    expect(changedRate(900, -12.5)).toBe(788); // 787.5 → 788
  });
});

describe('the seed', () => {
  it('loads the built-in catalogue into an empty store only: a second start keeps every edit of the admin', async () => {
    await asAdmin('PATCH', '/api/admin/services/tt-followers-real', { ratePer1000: 999, name: 'Edited' });
    const created = await newService();
    const deleted = await newService();
    await asAdmin('DELETE', `/api/admin/services/${deleted._id}`);
    const snapshot = async () => Object.fromEntries((await db.collection('services').get()).docs.map((d) => [d.id, d.data()]));
    const before = await snapshot();
    expect(await seedCatalogue()).toBe(0);
    expect(await snapshot()).toEqual(before);
    expect(before['tt-followers-real']).toMatchObject({ ratePer1000Paisa: 99_900, name: 'Edited' });
    expect(before[created._id]).toBeDefined();
    expect(before[deleted._id]).toBeUndefined();
    // The next new service still gets a number never given.
    expect((await newService()).number).toBe(deleted.number + 1);
  });
});
