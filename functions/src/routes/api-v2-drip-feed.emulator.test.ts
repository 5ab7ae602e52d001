// Drip-feed over API v2 and in the catalogue: requests shaped as clients send them
// (form bodies with their defaults "0" and "", JSON, multipart), `services` listing `dripfeed`, `status`
// of a drip-feed with runs, runs_done and orders, `cancel` of one, the refusals in the API's words; and
// the service flag as the admin sets it (audited) or an import takes it from the provider.
import { beforeAll, describe, expect, it } from 'vitest';
import { type DemoProvider, startDemoProvider } from '../../../scripts/lib/demo-provider';
import { apiServerForFile, call, createApiKeyFor, createUser, fund, type TestUser, v2With } from '../../../tests/support/api';
import { addProvider } from '../../../tests/support/providers';
import { db } from '../lib/admin';
import type { OrderDoc } from '../services/orders/orders';
import { DRIP_FEED_MESSAGES } from '../shared/drip-feed';

const api = apiServerForFile({ moneyInvariants: true });
/** tt-views-fast: Rs 20 per 1000, min 100. */
const DRIP = { id: 'tt-views-fast', number: 121 };
/** tt-views-hq: no drip-feed. */
const PLAIN = { id: 'tt-views-hq', number: 122 };
let admin: TestUser;
let customer: TestUser;
let key: string;
let linkCounter = 0;
const nextLink = () => `https://www.tiktok.com/@v2drip/video/${Date.now()}${++linkCounter}`;

const balanceOf = async () => ((await db.collection('users').doc(customer.uid).get()).get('balancePaisa') as number) ?? 0;
const orderOf = async (id: number | string) => (await db.collection('orders').doc(String(id)).get()).data() as OrderDoc;
const asAdmin = (method: string, path: string, body?: unknown) => call(api.url, method, path, { token: admin.token, body });
const auditOf = async (subject: string) =>
  (await db.collection('audit').where('subject', '==', subject).get()).docs
    .map((d) => d.data())
    .sort((a, b) => a.at.toMillis() - b.at.toMillis());

beforeAll(async () => {
  admin = await createUser({ admin: true });
  customer = await createUser();
  await fund(customer, 2000);
  key = await createApiKeyFor(api.url, customer);
  const on = await asAdmin('PATCH', `/api/admin/services/${DRIP.id}`, { dripfeed: true });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
});

describe('the service flag', () => {
  it('is set and cleared by the admin (audited), and services (web and API v2) carry it', async () => {
    const off = await asAdmin('PATCH', `/api/admin/services/${DRIP.id}`, { dripfeed: false });
    expect(off.status).toBe(200);
    expect(off.body.service.dripfeed).toBeUndefined();
    const on = await asAdmin('PATCH', `/api/admin/services/${DRIP.id}`, { dripfeed: true });
    expect(on.body.service.dripfeed).toBe(true);
    const entries = (await auditOf(`services/${DRIP.id}`)).filter((e) => e.action === 'service_update');
    expect(entries.slice(-3).map((e) => [e.before, e.after])).toEqual([
      [{ dripfeed: false }, { dripfeed: true }],
      [{ dripfeed: true }, { dripfeed: false }],
      [{ dripfeed: false }, { dripfeed: true }],
    ]);
    expect((await asAdmin('PATCH', `/api/admin/services/${DRIP.id}`, { dripfeed: 'yes' })).status).toBe(400);

    const web = await call(api.url, 'GET', '/api/services');
    const publicList = web.body.services as { _id: string; dripfeed?: boolean }[];
    expect(publicList.find((s) => s._id === DRIP.id)?.dripfeed).toBe(true);
    expect(publicList.find((s) => s._id === PLAIN.id)?.dripfeed).toBeUndefined();

    const listed = (await v2With(api.url, key, { action: 'services' })) as { service: number; dripfeed: unknown }[];
    expect(listed.length).toBeGreaterThan(10);
    for (const s of listed) expect(typeof s.dripfeed, String(s.service)).toBe('boolean');
    expect(listed.find((s) => s.service === DRIP.number)?.dripfeed).toBe(true);
    expect(listed.find((s) => s.service === PLAIN.number)?.dripfeed).toBe(false);
  });

  it('is taken from the provider’s service on import, and set on a service the admin creates', async () => {
    const sim: DemoProvider = await startDemoProvider({
      key: 'sim-key-drip-import',
      // Alike but for drip-feed: views at $0.10 per 1000, 100 to 10,000, cancel without refill.
      services: (
        [
          [1, 'Drip views', true],
          [2, 'Plain views', false],
        ] as const
      ).map(([service, name, dripfeed]) => ({
        service,
        name,
        category: 'Views',
        rate: '0.10',
        min: 100,
        max: 10_000,
        refill: false,
        cancel: true,
        dripfeed,
      })),
    });
    try {
      await addProvider('simDripImport', sim.url, 'sim-key-drip-import');
      const res = await asAdmin('POST', '/api/admin/services/import', {
        providerId: 'simDripImport',
        items: ['1', '2'].map((providerServiceId) => ({ providerServiceId, platform: 'tiktok', category: 'Views', markupPercent: 50 })),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.services.map((s: { dripfeed?: boolean }) => s.dripfeed)).toEqual([true, undefined]);
      expect((await auditOf(`services/${res.body.services[0]._id}`))[0]?.after).toMatchObject({ dripfeed: true });
    } finally {
      await sim.close();
    }
    const created = await asAdmin('POST', '/api/admin/services', {
      platform: 'tiktok',
      category: 'Views',
      name: 'Drip-fed views',
      ratePer1000: 30,
      min: 100,
      max: 10_000,
      defaultQuantity: 1000,
      dripfeed: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.service.dripfeed).toBe(true);
  });
});

describe('add', () => {
  it('places a drip-feed from a form body: quantity × runs charged once; status answers runs, runs_done and orders', async () => {
    const before = await balanceOf();
    const link = nextLink();
    const placed = await v2With(api.url, key, { action: 'add', service: DRIP.number, link, quantity: 1000, runs: 3, interval: 30 });
    expect(placed).toEqual({ order: expect.any(Number) });
    expect(await balanceOf()).toBe(before - 6000);
    const parent = await orderOf(placed.order);
    expect(parent).toMatchObject({ quantity: 3000, pricePaisa: 6000, status: 'processing', link });
    const [run] = parent.dripFeed?.orders ?? [];
    expect(parent.dripFeed).toMatchObject({ runs: 3, interval: 30, quantity: 1000, runsDone: 1, orders: [run] });

    const status = await v2With(api.url, key, { action: 'status', order: placed.order });
    expect(status).toEqual({
      charge: '60.00',
      start_count: '0',
      status: 'In progress',
      remains: '2000',
      currency: 'PKR',
      runs: '3',
      runs_done: '1',
      orders: [run],
    });
    // A run answers as any order.
    const runStatus = { charge: '20.00', start_count: '0', status: 'Pending', remains: '0', currency: 'PKR' };
    expect(await v2With(api.url, key, { action: 'status', order: String(run) })).toEqual(runStatus);
    expect(await v2With(api.url, key, { action: 'status', orders: `${placed.order},${run}` })).toEqual({
      [placed.order]: status,
      [String(run)]: runStatus,
    });

    // Cancel stops it: the two runs not started are refunded, the started one stays an order of its own.
    expect(await v2With(api.url, key, { action: 'cancel', orders: String(placed.order) })).toEqual([{ order: placed.order, cancel: 1 }]);
    expect(await balanceOf()).toBe(before - 2000);
    expect(await v2With(api.url, key, { action: 'status', order: placed.order })).toEqual({
      ...status,
      status: 'Partial',
      remains: '2000',
    });
    expect(await v2With(api.url, key, { action: 'status', order: String(run) })).toEqual(runStatus);
  });

  it('takes the defaults clients send on every order ("0", "") as no drip-feed: one run charged', async () => {
    for (const [runs, interval] of [
      ['0', ''],
      ['', ''],
      ['0', '0'],
      [' ', '0'],
    ] as [string, string][]) {
      const before = await balanceOf();
      const placed = await v2With(api.url, key, { action: 'add', service: DRIP.number, link: nextLink(), quantity: 1000, runs, interval });
      expect(placed, `${runs}/${interval}`).toEqual({ order: expect.any(Number) });
      const order = await orderOf(placed.order);
      expect(order.dripFeed).toBeUndefined();
      expect(order).toMatchObject({ quantity: 1000, pricePaisa: 2000, status: 'pending' });
      expect(await balanceOf()).toBe(before - 2000);
      // A service without drip-feed takes them as well.
      const plain = await v2With(api.url, key, { action: 'add', service: PLAIN.number, link: nextLink(), quantity: 1000, runs, interval });
      expect(plain).toEqual({ order: expect.any(Number) });
    }
  });

  it('answers each wrong drip-feed in the API’s words, charging nothing', async () => {
    const created = await asAdmin('POST', '/api/admin/services', {
      platform: 'tiktok',
      category: 'Comments',
      name: 'Your comments',
      ratePer1000: 1000,
      min: 1,
      max: 10,
      defaultQuantity: 1,
      type: 'Custom Comments',
      dripfeed: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const before = await balanceOf();
    const add = (params: Record<string, string | number>) =>
      v2With(api.url, key, { action: 'add', service: DRIP.number, link: nextLink(), quantity: 1000, ...params });
    expect(await add({ runs: 5 })).toEqual({ error: DRIP_FEED_MESSAGES.both });
    expect(await add({ runs: 5, interval: '' })).toEqual({ error: DRIP_FEED_MESSAGES.both });
    expect(await add({ runs: '0', interval: 30 })).toEqual({ error: DRIP_FEED_MESSAGES.both });
    for (const runs of ['1', '101', '2.5', 'abc', '-3', '1e1'])
      expect(await add({ runs, interval: 30 }), runs).toEqual({ error: DRIP_FEED_MESSAGES.runs });
    for (const interval of ['1441', '1.5', 'x', '-1']) {
      expect(await add({ runs: 3, interval }), interval).toEqual({ error: DRIP_FEED_MESSAGES.interval });
    }
    expect(await add({ service: PLAIN.number, runs: 3, interval: 30 })).toEqual({ error: 'Drip-feed is not available for this service' });
    expect(await add({ service: created.body.service.number, comments: 'one\ntwo', runs: 3, interval: 30 })).toEqual({
      error: DRIP_FEED_MESSAGES.noComments,
    });
    // Each run's quantity within the service's limits, the total within the balance.
    expect(await add({ quantity: 50, runs: 3, interval: 30 })).toEqual({ error: 'Quantity less than minimal 100' });
    expect(await add({ quantity: 1_000_000, runs: 100, interval: 30 })).toEqual({ error: 'Not enough funds on balance' });
    expect(await balanceOf()).toBe(before);
  });

  it('places a drip-feed sent as JSON (numbers) and as multipart/form-data', async () => {
    const json = await fetch(`${api.url}/api/v2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key, action: 'add', service: DRIP.number, link: nextLink(), quantity: 500, runs: 2, interval: 1440 }),
    });
    const jsonOrder = (await json.json()) as { order: number };
    expect((await orderOf(jsonOrder.order)).dripFeed).toMatchObject({ runs: 2, interval: 1440, quantity: 500 });

    const form = new FormData();
    for (const [name, value] of Object.entries({
      key,
      action: 'add',
      service: DRIP.number,
      link: nextLink(),
      quantity: 200,
      runs: 4,
      interval: 1,
    }))
      form.append(name, String(value));
    const multipart = await fetch(`${api.url}/api/v2`, { method: 'POST', body: form });
    const multipartOrder = (await multipart.json()) as { order: number };
    expect(await orderOf(multipartOrder.order)).toMatchObject({ quantity: 800, pricePaisa: 4 * 400, dripFeed: { runs: 4, interval: 1 } });
  });
});
