// Providers and the import of their services: the contract, its validation, who may call it,
// the key never in an answer or a client-readable document, import pricing, and the audit entry each
// change writes in its transaction. The provider is our own /api/v2 with a funded customer's key
// ("panel to panel"), or a small node:http stub for what our panel never answers (HTML, silence,
// decimals of a foreign currency).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Before any import reads the config: a stub that never answers fails the test in a second, not 15.
vi.hoisted(() => {
  process.env.PROVIDER_TIMEOUT_MS = '1000';
});

import {
  apiServerForFile,
  call,
  createApiKeyFor,
  createUser,
  fetchFirestoreAs,
  firestoreProjectId,
  fund,
  type TestUser,
  v2With,
} from '../../../tests/support/api';
import { requestAndRun } from '../../../tests/support/worker-runs';
import { db } from '../lib/admin';
import { PROVIDER_MESSAGES } from '../shared/providers';

const api = apiServerForFile({ moneyInvariants: true });
let admin: TestUser;
let customer: TestUser;
/** The "provider" account on our own panel, and its API key. */
let reseller: TestUser;
let resellerKey: string;

type Handler = (form: URLSearchParams, res: ServerResponse) => void;
let stubHandler: Handler = (_form, res) => res.end('{}');
let stub: Server;
let stubUrl: string;

beforeAll(async () => {
  [admin, customer, reseller] = await Promise.all([createUser({ admin: true, name: 'Boss' }), createUser(), createUser()]);
  await fund(reseller, 5000);
  resellerKey = await createApiKeyFor(api.url, reseller);
  stub = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => stubHandler(new URLSearchParams(body), res));
  });
  stub.listen(0, '127.0.0.1');
  await new Promise<void>((done) => stub.once('listening', () => done()));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/api/v2`;
});

afterAll(async () => {
  stub.closeAllConnections();
  await new Promise<void>((done) => stub.close(() => done()));
});

const json = (res: ServerResponse, value: unknown) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(value));
};
/** A stub provider in USD: a balance, and a list with decimals a float would round wrong. */
const usdProvider: Handler = (form, res) => {
  if (form.get('action') === 'balance') return json(res, { balance: '12.3456', currency: 'USD' });
  if (form.get('action') === 'services') {
    return json(res, [
      {
        service: 1,
        name: 'IG Likes \u202e[HQ]\t',
        type: 'Default',
        category: 'Instagram Likes',
        rate: '0.12345',
        min: '10',
        max: '50000',
        refill: true,
        cancel: false,
      },
      {
        service: '2',
        name: 'Half paisa',
        type: 'Default',
        category: 'x',
        rate: '0.145',
        min: 1000,
        max: 1000,
        refill: false,
        cancel: true,
      },
      { service: 3, name: 'Huge max', type: 'Default', category: 'x', rate: 1, min: 0, max: 999_999_999 },
    ]);
  }
  return json(res, { error: 'Incorrect request' });
};

const asAdmin = (method: string, path: string, body?: unknown) => call(api.url, method, path, { token: admin.token, body });
/** A read straight from Firestore as a signed-in client, or as an anonymous visitor (null). */
async function readAs(token: string | null, path: string) {
  if (token) return fetchFirestoreAs(token, path);
  const res = await fetch(
    `http://${process.env.FIRESTORE_EMULATOR_HOST}/v1/projects/${firestoreProjectId()}/databases/(default)/documents/${path}`,
  );
  return { status: res.status, text: await res.text() };
}
const ourV2 = () => `${api.url}/api/v2`;
const count = async (collection: string) => (await db.collection(collection).count().get()).data().count;
const auditOf = async (subject: string) =>
  (await db.collection('audit').where('subject', '==', subject).get()).docs
    .map((d) => d.data())
    .sort((a, b) => a.at.toMillis() - b.at.toMillis());
const snapshotCounts = async () => ({
  providers: await count('providers'),
  secrets: await count('providerSecrets'),
  services: await count('services'),
  links: await count('serviceProviders'),
  audit: await count('audit'),
});

async function addPanelProvider(fields: Record<string, unknown> = {}) {
  const res = await asAdmin('POST', '/api/admin/providers', {
    name: 'Our own panel',
    url: ourV2(),
    key: resellerKey,
    currency: 'PKR',
    rateToPkr: 1,
    ...fields,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.provider as { _id: string; keyHint: string; balance: number };
}
/** The USD stub as a provider (Rs 278.5 a dollar unless `fields` say otherwise). */
async function addUsdProvider(fields: Record<string, unknown> = {}) {
  stubHandler = usdProvider;
  const res = await asAdmin('POST', '/api/admin/providers', {
    name: 'USD panel',
    url: stubUrl,
    key: 'usd-key-abcd',
    currency: 'usd',
    rateToPkr: 278.5,
    ...fields,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.provider as { _id: string };
}

describe('who may run providers', () => {
  it.each([
    ['GET', '/api/admin/providers'],
    ['POST', '/api/admin/providers'],
    ['PATCH', '/api/admin/providers/abc'],
    ['POST', '/api/admin/providers/abc/check'],
    ['GET', '/api/admin/providers/abc/services'],
    ['POST', '/api/admin/services/import'],
  ])('%s %s: 401 without a token, 403 for a customer, nothing written', async (method, path) => {
    const before = await snapshotCounts();
    const body = method === 'GET' ? undefined : { name: 'x', url: ourV2(), key: resellerKey, currency: 'PKR', rateToPkr: 1 };
    expect((await call(api.url, method, path, { body })).status).toBe(401);
    const res = await call(api.url, method, path, { token: customer.token, body });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('admin_required');
    expect(await snapshotCounts()).toEqual(before);
  });
});

describe('POST /api/admin/providers', () => {
  it('adds a provider after a successful balance call: 201, the key only as a hint, kept where no client reads it, audited', async () => {
    const before = await snapshotCounts();
    const provider = await addPanelProvider();
    expect(provider).toEqual({
      _id: expect.any(String),
      name: 'Our own panel',
      url: ourV2(),
      keyHint: `…${resellerKey.slice(-4)}`,
      currency: 'PKR',
      rateToPkr: 1,
      active: true,
      balance: 5000,
      balanceCheckedAt: expect.any(String),
      lowBalance: false,
      lowBalanceBelow: null,
      serviceCount: null,
      balanceError: null,
      orders: { waiting: 0, failed: 0, unknown: 0 },
    });
    expect(await snapshotCounts()).toEqual({
      ...before,
      providers: before.providers + 1,
      secrets: before.secrets + 1,
      audit: before.audit + 1,
    });
    const stored = (await db.collection('providers').doc(provider._id).get()).data();
    expect(JSON.stringify(stored)).not.toContain(resellerKey);
    expect((await db.collection('providerSecrets').doc(provider._id).get()).data()).toEqual({ key: resellerKey });

    const [entry] = await auditOf(`providers/${provider._id}`);
    expect(entry).toMatchObject({
      action: 'provider_create',
      by: admin.email,
      before: null,
      after: { name: 'Our own panel', keyHint: provider.keyHint },
    });
    expect(JSON.stringify(entry)).not.toContain(resellerKey);

    // Straight from Firestore, as a client: nobody reads the key, admins included (tests/rules has the matrix).
    for (const token of [admin.token, customer.token]) {
      const secret = await fetchFirestoreAs(token, `providerSecrets/${provider._id}`);
      expect(secret.status).toBe(403);
      expect(secret.text).not.toContain(resellerKey);
    }
    expect((await fetchFirestoreAs(customer.token, `providers/${provider._id}`)).status).toBe(403);
  });

  it('a provider that refuses the key: 400 provider_refused with its answer, nothing written', async () => {
    const before = await snapshotCounts();
    const res = await asAdmin('POST', '/api/admin/providers', {
      name: 'Wrong key',
      url: ourV2(),
      key: 'not-a-key-1234',
      currency: 'PKR',
      rateToPkr: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'provider_refused', message: 'The provider answered: Invalid API key' });
    expect(await snapshotCounts()).toEqual(before);
  });

  it('no usable answer (an HTML page, silence past the deadline): 502 provider_unavailable, the one text, nothing written', async () => {
    const before = await snapshotCounts();
    const body = { name: 'Broken', url: stubUrl, key: 'broken-key-5678', currency: 'USD', rateToPkr: 280 };
    stubHandler = (_form, res) => {
      res.setHeader('content-type', 'text/html');
      res.end('<html><body>Cloudflare: broken-key-5678 is down</body></html>');
    };
    const html = await asAdmin('POST', '/api/admin/providers', body);
    expect(html.status).toBe(502);
    expect(html.body).toEqual({ code: 'provider_unavailable', message: PROVIDER_MESSAGES.noUsableAnswer });

    stubHandler = () => {}; // never answers
    const silent = await asAdmin('POST', '/api/admin/providers', body);
    expect(silent.status).toBe(502);
    expect(silent.body).toEqual({ code: 'provider_unavailable', message: PROVIDER_MESSAGES.noUsableAnswer });
    expect(await snapshotCounts()).toEqual(before);
  });

  it('is no port scanner: a closed port, a web server’s 404, the Firestore emulator, a redirect, text and odd JSON all read the same', async () => {
    const before = await snapshotCounts();
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', () => done()));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const answers: Record<string, unknown> = {};
    const tryUrl = async (name: string, url: string, handler?: Handler) => {
      if (handler) stubHandler = handler;
      const res = await asAdmin('POST', '/api/admin/providers', { name, url, key: 'scanner-key-0001', currency: 'USD', rateToPkr: 280 });
      answers[name] = { status: res.status, body: res.body };
    };
    await tryUrl('closed port', `http://127.0.0.1:${closedPort}/`);
    await tryUrl('Firestore emulator', `http://${process.env.FIRESTORE_EMULATOR_HOST}/`);
    await tryUrl('404 page', stubUrl, (_form, res) => {
      res.statusCode = 404;
      res.end('Cannot POST /api/v2');
    });
    await tryUrl('redirect', stubUrl, (_form, res) => {
      res.writeHead(301, { Location: 'http://169.254.169.254/' });
      res.end();
    });
    await tryUrl('plain text', stubUrl, (_form, res) => res.end('hello'));
    await tryUrl('JSON of something else', stubUrl, (_form, res) => json(res, { status: 'ok', version: 3 }));
    const one = { status: 502, body: { code: 'provider_unavailable', message: PROVIDER_MESSAGES.noUsableAnswer } };
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((name) => [name, one])));
    expect(await snapshotCounts()).toEqual(before);
  });

  it.each([
    'http://10.0.0.7/api/v2',
    'http://192.168.1.1/api/v2',
    'http://169.254.169.254/computeMetadata/v1/',
    'http://0xa9fea9fe/latest/meta-data/',
    'http://2852039166/',
    'http://[fd00:ec2::254]/',
    'http://[::ffff:10.0.0.7]/api/v2',
    'http://100.100.100.200/',
  ])('refuses %s (no public address, even on the emulators) with 400 on url before calling anyone', async (url) => {
    const before = await snapshotCounts();
    const res = await asAdmin('POST', '/api/admin/providers', { name: 'Inside', url, key: resellerKey, currency: 'PKR', rateToPkr: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'invalid_input', field: 'url', message: PROVIDER_MESSAGES.publicAddress });
    expect(await snapshotCounts()).toEqual(before);
  });

  it('a provider whose balance is in another currency than the admin said: 400 on currency', async () => {
    const res = await asAdmin('POST', '/api/admin/providers', {
      name: 'Says USD',
      url: ourV2(),
      key: resellerKey,
      currency: 'USD',
      rateToPkr: 280,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_input', field: 'currency', message: 'The provider says its currency is PKR, not USD' });
  });

  it.each([
    [{ url: 'ftp://x.example/api' }, 'url'],
    [{ url: 'not a url' }, 'url'],
    [{ key: '   ' }, 'key'],
    [{ key: 'short' }, 'key'],
    [{ currency: 'RUPEES' }, 'currency'],
    [{ rateToPkr: 0 }, 'rateToPkr'],
    [{ rateToPkr: 1.1234567 }, 'rateToPkr'],
    [{ name: '' }, 'name'],
    [{ extra: 1 }, undefined],
  ])('refuses %j with 400 before calling anyone', async (fields, field) => {
    const before = await snapshotCounts();
    const res = await asAdmin('POST', '/api/admin/providers', {
      name: 'x',
      url: ourV2(),
      key: resellerKey,
      currency: 'PKR',
      rateToPkr: 1,
      ...fields,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
    if (field) expect(res.body.field).toBe(field);
    expect(await snapshotCounts()).toEqual(before);
  });
});

describe('GET, PATCH and check', () => {
  it('lists providers without any key', async () => {
    const provider = await addPanelProvider({ name: 'Listed' });
    const res = await asAdmin('GET', '/api/admin/providers');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body.providers.map((p: { _id: string }) => p._id)).toContain(provider._id);
    expect(JSON.stringify(res.body)).not.toContain(resellerKey);
  });

  it('PATCH changes fields and the low-balance threshold, audited with only what changed; an unreachable new key is refused with nothing written', async () => {
    const provider = await addPanelProvider({ name: 'To change' });
    const res = await asAdmin('PATCH', `/api/admin/providers/${provider._id}`, { name: 'Changed', active: false, lowBalanceBelow: 6000 });
    expect(res.status).toBe(200);
    expect(res.body.provider).toMatchObject({ name: 'Changed', active: false, lowBalanceBelow: 6000, lowBalance: true, balance: 5000 });
    const entries = await auditOf(`providers/${provider._id}`);
    expect(entries.map((e) => e.action)).toEqual(['provider_create', 'provider_update']);
    expect(entries[1]).toMatchObject({
      before: { name: 'To change', active: true, lowBalanceBelow: null },
      after: { name: 'Changed', active: false, lowBalanceBelow: 6000 },
    });

    const refused = await asAdmin('PATCH', `/api/admin/providers/${provider._id}`, { key: 'wrong-key-0000' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('provider_refused');
    expect((await db.collection('providerSecrets').doc(provider._id).get()).get('key')).toBe(resellerKey);
    expect(await auditOf(`providers/${provider._id}`)).toHaveLength(2);

    // A new key that works: stored, shown as its hint, the entry says a key changed without showing it.
    const newKey = await createApiKeyFor(api.url, reseller);
    resellerKey = newKey;
    const rekeyed = await asAdmin('PATCH', `/api/admin/providers/${provider._id}`, { key: newKey });
    expect(rekeyed.status).toBe(200);
    expect(rekeyed.body.provider.keyHint).toBe(`…${newKey.slice(-4)}`);
    const last = (await auditOf(`providers/${provider._id}`)).at(-1);
    expect(last?.after).toMatchObject({ keyChanged: true });
    expect(JSON.stringify(last)).not.toContain(newKey);

    expect((await asAdmin('PATCH', '/api/admin/providers/nope', { name: 'x' })).body.code).toBe('provider_not_found');
    expect((await asAdmin('PATCH', `/api/admin/providers/${provider._id}`, {})).status).toBe(400);
  });

  it('check records a fresh balance and the service count; the default low-balance threshold is Rs 1,000', async () => {
    const provider = await addPanelProvider({ name: 'Checked' });
    const activeServices = (await db.collection('services').where('active', '==', true).count().get()).data().count;
    const res = await requestAndRun(api.url, admin.token, `/api/admin/providers/${provider._id}/check`);
    expect(res.state, JSON.stringify(res)).toBe('done');
    expect(res.result.provider).toMatchObject({ balance: 5000, serviceCount: activeServices, lowBalance: false });
    expect(res.result.provider.balanceCheckedAt >= (provider as unknown as { balanceCheckedAt: string }).balanceCheckedAt).toBe(true);
    expect((await asAdmin('POST', '/api/admin/providers/nope/check')).status).toBe(404);
  });

  it('GET services answers the provider’s own list: its ids, names, rates, min, max', async () => {
    const provider = await addPanelProvider({ name: 'Browsed' });
    const res = await asAdmin('GET', `/api/admin/providers/${provider._id}/services`);
    expect(res.status).toBe(200);
    expect(res.body.services).toContainEqual({
      service: '121',
      name: 'Video Views',
      type: 'Default',
      category: 'TikTok Views',
      rate: 20,
      min: 100,
      max: 10_000_000,
      refill: false,
      cancel: true,
      dripfeed: false,
    });
  });
});

describe('POST /api/admin/services/import', () => {
  it('creates linked services priced cost × rate to PKR × (1 + markup), to the paisa half up, computed exactly; min/max from the provider', async () => {
    const provider = await addUsdProvider();
    const res = await asAdmin('POST', '/api/admin/services/import', {
      providerId: provider._id,
      items: [
        // 0.12345 × 278.5 × 1.125 = 38.678428… → Rs 38.68
        { providerServiceId: '1', platform: 'instagram', category: 'Likes', markupPercent: 12.5 },
        { providerServiceId: '3', platform: 'tiktok', category: 'Views', name: 'Imported views', ratePer1000: 300 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [likes, views] = res.body.services;
    expect(likes).toMatchObject({
      platform: 'instagram',
      category: 'Likes',
      name: 'IG Likes [HQ]',
      ratePer1000: 38.68,
      min: 10,
      max: 50000,
      defaultQuantity: 50,
      refillDays: 30,
      cancel: false,
      active: true,
      provider: { id: provider._id, serviceId: '1', cost: 0.12345 },
    });
    expect(views).toMatchObject({
      name: 'Imported views',
      ratePer1000: 300,
      min: 1,
      max: 10_000_000,
      provider: { serviceId: '3', cost: 1 },
    });
    expect(views.number).toBe(likes.number + 1);

    const entries = await auditOf(`services/${likes._id}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'service_import',
      after: { ratePer1000: 38.68, provider: { id: provider._id, cost: 0.12345 } },
    });
  });

  it('rounds half a paisa up, where floats would round it down (0.145 × 1 = 14.5 paisa → Rs 0.15)', async () => {
    const pkr = await addUsdProvider({ name: 'USD as PKR', key: 'k-half-0001', currency: 'USD', rateToPkr: 1 });
    const res = await asAdmin('POST', '/api/admin/services/import', {
      providerId: pkr._id,
      items: [{ providerServiceId: '2', platform: 'tiktok', category: 'Views', markupPercent: 0 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.services[0]).toMatchObject({ ratePer1000: 0.15, min: 1000, max: 1000, defaultQuantity: 1000 });
  });

  it('refuses a rate below the cost in rupees (400 on the item) and an unknown service, creating nothing and auditing nothing', async () => {
    const provider = await addUsdProvider();
    const before = await snapshotCounts();
    // 0.12345 × 278.5 = Rs 34.380825: Rs 34.38 is under it by a fraction of a paisa.
    const below = await asAdmin('POST', '/api/admin/services/import', {
      providerId: provider._id,
      items: [
        { providerServiceId: '3', platform: 'tiktok', category: 'Views', markupPercent: 5 },
        { providerServiceId: '1', platform: 'instagram', category: 'Likes', ratePer1000: 34.38 },
      ],
    });
    expect(below.status).toBe(400);
    expect(below.body).toEqual({
      code: 'below_cost',
      field: 'items.1.ratePer1000',
      message: 'This rate is below the provider’s cost of Rs 34.39 per 1000',
    });

    const missing = await asAdmin('POST', '/api/admin/services/import', {
      providerId: provider._id,
      items: [{ providerServiceId: '99', platform: 'tiktok', category: 'Views', markupPercent: 5 }],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('items.0.providerServiceId');

    const both = await asAdmin('POST', '/api/admin/services/import', {
      providerId: provider._id,
      items: [{ providerServiceId: '1', platform: 'tiktok', category: 'Views', markupPercent: 5, ratePer1000: 50 }],
    });
    expect(both.status).toBe(400);
    expect((await asAdmin('POST', '/api/admin/services/import', { providerId: provider._id, items: [] })).status).toBe(400);
    const unknownProvider = await asAdmin('POST', '/api/admin/services/import', {
      providerId: 'nope',
      items: [{ providerServiceId: '1', platform: 'tiktok', category: 'Views', markupPercent: 5 }],
    });
    expect(unknownProvider.status).toBe(404);
    expect(unknownProvider.body.code).toBe('provider_not_found');
    expect(await snapshotCounts()).toEqual(before);
  });

  it('panel to panel: customers (web, Firestore, API v2) see the imported service but never its provider or cost; the admin sees the link', async () => {
    const provider = await addPanelProvider({ name: 'Resold' });
    const res = await asAdmin('POST', '/api/admin/services/import', {
      providerId: provider._id,
      items: [{ providerServiceId: '121', platform: 'tiktok', category: 'Views', name: 'Resold views', markupPercent: 50 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const service = res.body.services[0];
    expect(service).toMatchObject({
      ratePer1000: 30,
      min: 100,
      max: 10_000_000,
      provider: { id: provider._id, serviceId: '121', cost: 20 },
    });

    const adminList = await asAdmin('GET', '/api/admin/services?platform=tiktok&category=Views');
    expect(adminList.body.services.find((s: { _id: string }) => s._id === service._id).provider).toEqual({
      id: provider._id,
      serviceId: '121',
      cost: 20,
    });
    expect(adminList.body.services.find((s: { _id: string }) => s._id === 'tt-views-fast').provider).toBeNull();

    const publicList = await call(api.url, 'GET', '/api/services');
    const shown = publicList.body.services.find((s: { _id: string }) => s._id === service._id);
    expect(shown).toBeDefined();
    expect(JSON.stringify(publicList.body)).not.toMatch(/provider|cost/i);
    const v2 = await v2With(api.url, resellerKey, { action: 'services' });
    expect(JSON.stringify(v2)).not.toMatch(/provider|cost/i);
    expect(JSON.stringify(v2)).not.toContain(provider._id);

    for (const token of [customer.token, null]) {
      const doc = await readAs(token, `services/${service._id}`);
      expect(doc.status).toBe(200);
      expect(doc.text).not.toMatch(/provider|cost/i);
      expect(doc.text).not.toContain(provider._id);
      expect((await readAs(token, `serviceProviders/${service._id}`)).status).toBe(403);
    }
  });

  it('an Idempotency-Key replays the first answer: one set of services', async () => {
    const provider = await addPanelProvider({ name: 'Replayed' });
    const body = {
      providerId: provider._id,
      items: [{ providerServiceId: '111', platform: 'tiktok', category: 'Likes', markupPercent: 10 }],
    };
    const headers = { 'idempotency-key': `import-${provider._id}` };
    const first = await call(api.url, 'POST', '/api/admin/services/import', { token: admin.token, body, headers });
    const before = await snapshotCounts();
    const again = await call(api.url, 'POST', '/api/admin/services/import', { token: admin.token, body, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await snapshotCounts()).toEqual(before);
  });
});

describe('PATCH /api/admin/services/{id} with provider', () => {
  it('links a manual service and unlinks it, audited; a link whose cost is above the rate is refused', async () => {
    const provider = await addPanelProvider({ name: 'Linked by hand' });
    const id = 'tt-likes-instant'; // Rs 250
    const refused = await asAdmin('PATCH', `/api/admin/services/${id}`, { provider: { id: provider._id, serviceId: '111', cost: 250.01 } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'provider', message: 'This rate is below the provider’s cost of Rs 250.01 per 1000' });
    expect((await db.collection('serviceProviders').doc(id).get()).exists).toBe(false);

    const linked = await asAdmin('PATCH', `/api/admin/services/${id}`, { provider: { id: provider._id, serviceId: '111', cost: 200 } });
    expect(linked.status).toBe(200);
    expect(linked.body.service.provider).toEqual({ id: provider._id, serviceId: '111', cost: 200 });
    expect((await db.collection('services').doc(id).get()).data()).not.toHaveProperty('provider');

    // The rate of a linked service cannot go below its cost either.
    const cut = await asAdmin('PATCH', `/api/admin/services/${id}`, { ratePer1000: 199.99 });
    expect(cut.status).toBe(400);
    expect(cut.body.field).toBe('ratePer1000');

    const unlinked = await asAdmin('PATCH', `/api/admin/services/${id}`, { provider: null });
    expect(unlinked.body.service.provider).toBeNull();
    expect((await db.collection('serviceProviders').doc(id).get()).exists).toBe(false);
    const entries = (await auditOf(`services/${id}`)).filter((e) => e.action === 'service_update');
    expect(entries.slice(-2).map((e) => [e.before, e.after])).toEqual([
      [{ provider: null }, { provider: { id: provider._id, serviceId: '111', cost: 200 } }],
      [{ provider: { id: provider._id, serviceId: '111', cost: 200 } }, { provider: null }],
    ]);
    expect((await asAdmin('PATCH', `/api/admin/services/${id}`, { provider: { id: 'nope', serviceId: '1', cost: 1 } })).status).toBe(404);
  });
});
