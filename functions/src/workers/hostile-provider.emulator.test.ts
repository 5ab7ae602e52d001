// A hostile provider, over the real emulators with the demo provider made to misbehave:
// it echoes our key back (as sent, URL-encoded, form-encoded) in every text it can send, and it sends
// numbers no provider means. The key reaches no document, answer, audit entry or log line on any path
// (forward errors, cancel refusals, refill errors, the services sync and import, balance errors,
// flags), and an out-of-bounds number is an unusable answer, never stored.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiServerForFile, call, v2With } from '../../../tests/support/api';
import { providerWorldForFile } from '../../../tests/support/provider-world';
import { fulfilmentOf, orderOf, workerDeps } from '../../../tests/support/providers';
import { db } from '../lib/admin';
import { logger } from '../lib/logger';
import type { RefillDoc } from '../services/orders/refills';
import type { ProviderDoc } from '../services/providers/provider-store';
import { PROVIDER_MESSAGES } from '../shared/providers';
import { KEY_MARKER } from '../upstream/redact';
import { BALANCE_MAX_AGE_MS, refreshBalances } from './balances';
import { FIRST_SYNC_AFTER_MS, forwardOrder } from './forward';
import { REFILL_CHECK_EVERY_MS, runRefillWork, sendRefill } from './refill';
import { syncProviderServices } from './service-sync';
import { syncProvider } from './sync';

const api = apiServerForFile({ moneyInvariants: true });
// Spaces, a slash, + and & spell differently raw, URL-encoded and form-encoded.
const HOSTILE = 'hostile key/+&=echo-0001';
const SPELLINGS = {
  'as sent': (key: string) => key,
  'URL-encoded': (key: string) => encodeURIComponent(key),
  'form-encoded': (key: string) => new URLSearchParams({ k: key }).toString().slice(2),
} as const;
const PROVIDER_ID = 'hostileProvider1';
const SERVICE = 'tt-views-fast';
const REFILL_SERVICE = 'tt-followers-hq';
const world = providerWorldForFile(api, {
  key: HOSTILE,
  providerId: PROVIDER_ID,
  funds: 2000,
  links: [SERVICE, REFILL_SERVICE],
  apiKey: true,
  demo: { chances: { partial: 0, cancelled: 0 } },
  provider: { rateToPkr: 2.8 },
});
let linkCounter = 0;
const deps = workerDeps(() => world.sim.url, HOSTILE);
const logged: unknown[][] = [];

/** No spelling of the key, in any letter case, anywhere in `value`. */
function expectClean(value: unknown) {
  const text = JSON.stringify(value).toLowerCase();
  for (const spell of Object.values(SPELLINGS)) expect(text).not.toContain(spell(HOSTILE).toLowerCase());
}

beforeEach(() => {
  logged.length = 0;
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(logger, level).mockImplementation((...args: unknown[]) => {
      logged.push([level, ...args]);
    });
  }
});

afterEach(async () => {
  expectClean(logged);
  expectClean((await db.collection('providers').doc(PROVIDER_ID).get()).data());
});

async function place(serviceId = SERVICE, quantity = 1000): Promise<{ id: string; link: string }> {
  const link = `https://tiktok.com/@hostile${Date.now()}${++linkCounter}`;
  const answer = await call(api.url, 'POST', '/api/order/place', { token: world.customer.token, body: { serviceId, link, quantity } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.order._id as string, link };
}

async function sent(serviceId = SERVICE, quantity = 1000) {
  const placed = await place(serviceId, quantity);
  expect((await forwardOrder(placed.id, deps())).kind).toBe('sent');
  return { ...placed, providerOrderId: String((await fulfilmentOf(placed.id)).providerOrderId) };
}

const adminOrder = async (id: string) => (await call(api.url, 'GET', `/api/admin/order?q=${id}`, { token: world.admin.token })).body;
const auditOf = async (subject: string) => (await db.collection('audit').where('subject', '==', subject).get()).docs.map((d) => d.data());
const providerDoc = async () => (await db.collection('providers').doc(PROVIDER_ID).get()).data() as ProviderDoc;
const refillOf = async (id: string) => (await db.collection('refills').doc(id).get()).data() as RefillDoc;
/** An `{"error": …}` that says the key back, spelt by `spell`. */
const echoError = (text: string, spell: (key: string) => string) => (params: Record<string, string>) => ({
  error: `${text} ${spell(params.key ?? '')}`,
});

describe('the key never leaves the server', () => {
  it.each(Object.entries(SPELLINGS))(
    'a refused add echoing it %s: the failed order and the admin’s answer hold the marker',
    async (_n, spell) => {
      const { id } = await place();
      world.sim.fault({ action: 'add', kind: 'answer', perform: false, answer: echoError('Invalid key', spell) });
      expect(await forwardOrder(id, deps())).toEqual({ kind: 'failed', error: `Invalid key ${KEY_MARKER}` });
      expect(await fulfilmentOf(id)).toMatchObject({ state: 'failed', error: `Invalid key ${KEY_MARKER}` });
      const answer = await adminOrder(id);
      expect(answer.orders[0].fulfilment.error).toBe(`Invalid key ${KEY_MARKER}`);
      expectClean(answer);
    },
  );

  it('an HTML page echoing it in answer to an add: unknown, the one text, the log says why without it', async () => {
    const { id } = await place();
    world.sim.fault({ action: 'add', kind: 'html', body: `<html><body>Bad request: key=${encodeURIComponent(HOSTILE)}</body></html>` });
    expect(await forwardOrder(id, deps())).toMatchObject({ kind: 'unknown', reason: PROVIDER_MESSAGES.noUsableAnswer });
    expect(await fulfilmentOf(id)).toMatchObject({ state: 'unknown', error: PROVIDER_MESSAGES.noUsableAnswer });
    expect(logged).toContainEqual([
      'warn',
      'No usable answer to an add',
      expect.objectContaining({ orderId: id, detail: 'an HTML page instead of JSON' }),
    ]);
    expectClean(await fulfilmentOf(id));
  });

  it('a cancel refused with it: the 409, the fulfilment, the audit entry and the customer’s API v2 answer are clean', async () => {
    const { id, providerOrderId } = await sent();
    world.sim.fault({
      action: 'cancel',
      kind: 'answer',
      perform: false,
      times: 2,
      answer: (params: Record<string, string>) => [{ order: Number(providerOrderId), cancel: { error: `Not with ${params.key}` } }],
    });
    const refused = await call(api.url, 'PUT', `/api/admin/update-status/${id}`, {
      token: world.admin.token,
      body: { status: 'cancelled' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'cancel_refused', message: `Not with ${KEY_MARKER}` });
    expect((await fulfilmentOf(id)).cancel).toMatchObject({ state: 'refused', error: `Not with ${KEY_MARKER}` });
    const audit = await auditOf(`orders/${id}`);
    expect(audit.find((e) => e.action === 'order_cancel_request')?.after).toMatchObject({ error: `Not with ${KEY_MARKER}` });
    expectClean(audit);
    const v2 = await v2With(api.url, world.apiKey, { action: 'cancel', orders: id });
    expectClean(v2);
    expectClean(await fulfilmentOf(id));
    expect((await orderOf(id)).status).toBe('pending');
  });

  it('a refill refused with it, and a refill status word that is the key: the refills hold the marker', async () => {
    const refillOfSent = async () => {
      const { id, providerOrderId } = await sent(REFILL_SERVICE, 100);
      world.sim.setOrder(Number(providerOrderId), { status: 'completed' });
      await syncProvider(PROVIDER_ID, deps(FIRST_SYNC_AFTER_MS + 1000));
      const asked = await v2With(api.url, world.apiKey, { action: 'refill', order: id });
      expect(asked, JSON.stringify(asked)).toEqual({ refill: expect.any(Number) });
      return String(asked.refill);
    };
    const refused = await refillOfSent();
    world.sim.fault({
      action: 'refill',
      kind: 'answer',
      perform: false,
      answer: echoError('Refill denied for', SPELLINGS['form-encoded']),
    });
    expect(await sendRefill(refused, deps())).toEqual({ kind: 'failed', error: `Refill denied for ${KEY_MARKER}` });
    expectClean(await refillOf(refused));

    const followed = await refillOfSent();
    expect((await sendRefill(followed, deps())).kind).toBe('sent');
    world.sim.fault({ action: 'refill_status', kind: 'answer', answer: (params: Record<string, string>) => ({ status: params.key }) });
    await runRefillWork(deps(REFILL_CHECK_EVERY_MS + 1000));
    expect((await refillOf(followed)).upstream).toMatchObject({ state: 'sent', status: KEY_MARKER });
    const listed = await call(api.url, 'GET', '/api/admin/refills', { token: world.admin.token });
    expect(listed.status).toBe(200);
    expectClean(listed.body);
    expectClean(await refillOf(followed));
  });

  it('status answers that echo it (a status word, a per-order error, an unreadable entry) flag the order with the marker', async () => {
    const cases = [
      (key: string, id: string) => ({ [id]: { status: key, remains: '0' } }),
      (key: string, id: string) => ({ [id]: { error: `Order ${id} of ${encodeURIComponent(key)} not found` } }),
      (key: string, id: string) => ({ [id]: { [key]: 1 } }),
    ];
    const flags: string[] = [];
    for (const answer of cases) {
      const { id, providerOrderId } = await sent();
      world.sim.fault({
        action: 'status',
        kind: 'answer',
        answer: (params: Record<string, string>) => answer(params.key ?? '', providerOrderId),
      });
      await syncProvider(PROVIDER_ID, deps(FIRST_SYNC_AFTER_MS + 1000));
      const f = await fulfilmentOf(id);
      expect(f.flag).toContain(KEY_MARKER);
      flags.push(f.flag ?? '');
      expectClean(f);
      expectClean(await adminOrder(id));
      // Out of the next runs' way.
      await db
        .collection('orderFulfilment')
        .doc(id)
        .update({ syncDueAt: Timestamp.fromMillis(Date.now() + 86_400_000) });
    }
    expect(flags[0]).toBe(`unknown_status: ${KEY_MARKER}`);
  });

  it('a balance call refused with it: the balance error, the providers list, and the admin’s add and key change', async () => {
    world.sim.fault({ action: 'balance', kind: 'answer', perform: false, answer: echoError('Unknown key', SPELLINGS['URL-encoded']) });
    expect(await refreshBalances(deps(BALANCE_MAX_AGE_MS + 1000))).toEqual({ asked: 1, failed: 1 });
    expect((await providerDoc()).balanceError).toBe(`The provider answered: Unknown key ${KEY_MARKER}`);
    const listed = await call(api.url, 'GET', '/api/admin/providers', { token: world.admin.token });
    expectClean(listed.body);

    world.sim.fault({
      action: 'balance',
      kind: 'answer',
      perform: false,
      times: 2,
      answer: echoError('Unknown key', SPELLINGS['as sent']),
    });
    const added = await call(api.url, 'POST', '/api/admin/providers', {
      token: world.admin.token,
      body: { name: 'Echo', url: world.sim.url, key: HOSTILE, currency: 'USD', rateToPkr: 280 },
    });
    expect(added.status).toBe(400);
    expect(added.body).toEqual({ code: 'provider_refused', message: `The provider answered: Unknown key ${KEY_MARKER}` });
    const rekeyed = await call(api.url, 'PATCH', `/api/admin/providers/${PROVIDER_ID}`, {
      token: world.admin.token,
      body: { key: HOSTILE },
    });
    expect(rekeyed.status).toBe(400);
    expectClean(rekeyed.body);
  });

  it('the services list: a refusal with it is the sync’s problem, and names with it are imported without it (answer, service, audit)', async () => {
    world.sim.fault({ action: 'services', kind: 'answer', perform: false, answer: echoError('Key expired:', SPELLINGS['as sent']) });
    await syncProviderServices(PROVIDER_ID, deps());
    expect((await providerDoc()).servicesSyncProblem).toBe(`No usable list from the provider, nothing changed: Key expired: ${KEY_MARKER}`);
    expectClean((await call(api.url, 'GET', '/api/admin/providers', { token: world.admin.token })).body);

    const list = (params: Record<string, string>) => [
      {
        service: 101,
        name: `Followers ${params.key}`,
        category: encodeURIComponent(params.key ?? ''),
        rate: '0.95',
        min: '50',
        max: '1000',
      },
    ];
    world.sim.fault({ action: 'services', kind: 'answer', times: 2, answer: list });
    const theirs = await call(api.url, 'GET', `/api/admin/providers/${PROVIDER_ID}/services`, { token: world.admin.token });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    expect(theirs.body.services[0]).toMatchObject({ name: `Followers ${KEY_MARKER}`, category: KEY_MARKER });
    expectClean(theirs.body);
    const imported = await call(api.url, 'POST', '/api/admin/services/import', {
      token: world.admin.token,
      body: { providerId: PROVIDER_ID, items: [{ providerServiceId: '101', platform: 'tiktok', category: 'Hostile', markupPercent: 50 }] },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const service = imported.body.services[0];
    expect(service.name).toBe(`Followers ${KEY_MARKER}`);
    expectClean(imported.body);
    expectClean((await db.collection('services').doc(service._id).get()).data());
    expectClean(await auditOf(`services/${service._id}`));
    await db.collection('services').doc(service._id).delete();
    await db.collection('serviceProviders').doc(service._id).delete();
  });
});

describe('numbers a provider sends are bounded', () => {
  it.each([
    ['1e30', 1e30],
    ['"1e30"', '1e30'],
    ['-5', -5],
    ['"NaN"', 'NaN'],
    ['40 digits', '1234567890123456789012345678901234567890'],
  ])('a balance of %s is no answer: the old one stays, the console shows the one text', async (_name, balance) => {
    // Due again: read long ago, no failed call since.
    await db
      .collection('providers')
      .doc(PROVIDER_ID)
      .update({ balance: 12.5, balanceCheckedAt: Timestamp.fromMillis(0), balanceErrorAt: FieldValue.delete() });
    world.sim.fault({ action: 'balance', kind: 'answer', answer: { balance, currency: 'USD' } });
    expect(await refreshBalances(deps(BALANCE_MAX_AGE_MS + 1000))).toEqual({ asked: 1, failed: 1 });
    expect(await providerDoc()).toMatchObject({ balance: 12.5, balanceError: PROVIDER_MESSAGES.noUsableAnswer });
    const shown = (await call(api.url, 'GET', '/api/admin/providers', { token: world.admin.token })).body.providers.find(
      (p: { _id: string }) => p._id === PROVIDER_ID,
    );
    expect(shown).toMatchObject({ balance: 12.5, balanceError: PROVIDER_MESSAGES.noUsableAnswer });
  });

  it('a provider that answers a balance of 1e30 is not added: 502, the one text, nothing written', async () => {
    const before = (await db.collection('providers').count().get()).data().count;
    world.sim.fault({ action: 'balance', kind: 'answer', answer: { balance: 1e30, currency: 'USD' } });
    const added = await call(api.url, 'POST', '/api/admin/providers', {
      token: world.admin.token,
      body: { name: 'Rich', url: world.sim.url, key: HOSTILE, currency: 'USD', rateToPkr: 280 },
    });
    expect(added.status).toBe(502);
    expect(added.body).toEqual({ code: 'provider_unavailable', message: PROVIDER_MESSAGES.noUsableAnswer });
    expect((await db.collection('providers').count().get()).data().count).toBe(before);
  });

  it('a start count or remains out of bounds is stored nowhere (the customer and the admin see none)', async () => {
    const { id, providerOrderId } = await sent();
    world.sim.fault({
      action: 'status',
      kind: 'answer',
      // Whole numbers a float holds exactly, but no count: a negative start, remains past 10^12.
      answer: { [providerOrderId]: { status: 'In progress', start_count: '-5', remains: 5e15, charge: 1e30 } },
    });
    await syncProvider(PROVIDER_ID, deps(FIRST_SYNC_AFTER_MS + 1000));
    expect((await orderOf(id)).status).toBe('processing');
    const f = await fulfilmentOf(id);
    expect(f.startCount).toBeUndefined();
    expect(f.remains).toBeUndefined();
    expect((await orderOf(id)).progress).toBeUndefined();
  });

  it('a service whose rate is 1e30 is left out of the list (and so cannot be imported)', async () => {
    world.sim.fault({
      action: 'services',
      kind: 'answer',
      answer: [
        { service: 101, name: 'Fine', rate: '0.95', min: 50, max: 1000 },
        { service: 102, name: 'Priceless', rate: 1e30, min: 50, max: 1000 },
      ],
    });
    const theirs = await call(api.url, 'GET', `/api/admin/providers/${PROVIDER_ID}/services`, { token: world.admin.token });
    expect(theirs.body).toMatchObject({ skipped: 1 });
    expect(theirs.body.services.map((s: { service: string }) => s.service)).toEqual(['101']);
  });
});
