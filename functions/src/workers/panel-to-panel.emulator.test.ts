// Forwarding with our own panel as the provider (the second test upstream: our own /api/v2
// with another customer's key): the admin adds the provider and imports a service through the API, a
// customer orders it, the worker sends it to the reseller's account over API v2, the upstream order moves
// (the admin of "that" panel sets it), the status sync brings it back, and the money adds up on both sides.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createApiKeyFor, createUser, fund, type TestUser } from '../../../tests/support/api';
import { fundedUser } from '../../../tests/support/users';
import { requestAndRun } from '../../../tests/support/worker-runs';
import { db } from '../lib/admin';
import type { FulfilmentDoc } from '../services/orders/fulfilment';
import type { OrderDoc } from '../services/orders/orders';
import { partialRefund } from '../shared/money';
import { workerDeps } from './deps';
import { FIRST_SYNC_AFTER_MS, type ForwardDeps, forwardOrder } from './forward';
import { syncProvider } from './sync';

const api = apiServerForFile({ moneyInvariants: true });
let admin: TestUser;
let buyer: TestUser;
let reseller: TestUser;
let providerId: string;
let serviceId: string;

const asAdmin = (method: string, path: string, body?: unknown) => call(api.url, method, path, { token: admin.token, body });
const deps = (offsetMs = 0): ForwardDeps => workerDeps(() => Date.now() + offsetMs);
const orderOf = async (id: string) => (await db.collection('orders').doc(id).get()).data() as OrderDoc;
const fulfilmentOf = async (id: string) => (await db.collection('orderFulfilment').doc(id).get()).data() as FulfilmentDoc;
const balanceOf = async (user: TestUser) =>
  ((await db.collection('users').doc(user.uid).get()).data() as { balancePaisa: number }).balancePaisa;

beforeAll(async () => {
  [admin, buyer, reseller] = await Promise.all([createUser({ admin: true }), createUser(), createUser()]);
  await fund(buyer, 1000);
  await fund(reseller, 1000);
  const key = await createApiKeyFor(api.url, reseller);
  const provider = await asAdmin('POST', '/api/admin/providers', {
    name: 'Our own panel',
    url: `${api.url}/api/v2`,
    key,
    currency: 'PKR',
    rateToPkr: 1,
  });
  expect(provider.status, JSON.stringify(provider.body)).toBe(201);
  providerId = provider.body.provider._id;
  // Service 121 of our own API v2 list (TikTok views at Rs 20 per 1000), resold at 50 % more.
  const imported = await asAdmin('POST', '/api/admin/services/import', {
    providerId,
    items: [{ providerServiceId: '121', platform: 'tiktok', category: 'Views', name: 'Resold views', markupPercent: 50 }],
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
  serviceId = imported.body.services[0]._id;
});

async function placeAndForward(link: string) {
  const placed = await call(api.url, 'POST', '/api/order/place', { token: buyer.token, body: { serviceId, link, quantity: 1000 } });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placed.body.order._id as string;
  expect(await forwardOrder(id, deps())).toMatchObject({ kind: 'sent' });
  const f = await fulfilmentOf(id);
  expect(f).toMatchObject({ state: 'sent', providerId, costPaisa: 2000 });
  return { id, upstreamId: f.providerOrderId as string };
}

describe('panel to panel', () => {
  it('sends the order to the reseller’s account once, and brings its partial back with each side refunded once', async () => {
    const link = `https://www.tiktok.com/@p2p/video/${Date.now()}`;
    const { id, upstreamId } = await placeAndForward(link);
    // Upstream it is the reseller's order on service 121, paid from the reseller's balance.
    const upstream = await orderOf(upstreamId);
    expect(upstream).toMatchObject({ userId: reseller.uid, quantity: 1000, pricePaisa: 2000, link, status: 'pending' });
    expect(await forwardOrder(id, deps())).toMatchObject({ kind: 'skipped' });
    expect((await db.collection('orders').where('userId', '==', reseller.uid).get()).size).toBe(1);

    // That panel's admin starts it, then ends it partial; the sync follows each step.
    expect((await asAdmin('PUT', `/api/admin/update-status/${upstreamId}`, { status: 'processing' })).status).toBe(200);
    await syncProvider(providerId, deps(FIRST_SYNC_AFTER_MS + 1000));
    expect((await orderOf(id)).status).toBe('processing');
    expect((await asAdmin('PUT', `/api/admin/update-status/${upstreamId}`, { status: 'partial', remains: 250 })).status).toBe(200);
    await syncProvider(providerId, deps(FIRST_SYNC_AFTER_MS + 20 * 60_000));
    const ours = await orderOf(id);
    expect(ours).toMatchObject({ status: 'partial', remains: 250, refundPaisa: partialRefund(3000, 250, 1000) });
    expect((await orderOf(upstreamId)).refundPaisa).toBe(partialRefund(2000, 250, 1000));

    // Once more changes nothing: one refund each.
    await syncProvider(providerId, deps(FIRST_SYNC_AFTER_MS + 60 * 60_000));
    const refunds = async (user: TestUser) =>
      (await db.collection('users').doc(user.uid).collection('ledger').where('type', '==', 'refund').get()).size;
    expect(await refunds(buyer)).toBe(1);
    expect(await refunds(reseller)).toBe(1);
    expect(await balanceOf(buyer)).toBe(100_000 - 3000 + partialRefund(3000, 250, 1000));
    expect(await balanceOf(reseller)).toBe(100_000 - 2000 + partialRefund(2000, 250, 1000));
  });

  it('records the upstream panel’s refusal (the reseller is short of funds) as failed, and moves no money', async () => {
    const poor = await fundedUser(5);
    const key = await createApiKeyFor(api.url, poor);
    // The cached balance (the first reseller's, checked now) lets the claim through to the call.
    expect((await requestAndRun(api.url, admin.token, `/api/admin/providers/${providerId}/check`)).state).toBe('done');
    // The same provider with a key whose balance cannot pay: the panel answers "Not enough funds on balance".
    await db.collection('providerSecrets').doc(providerId).set({ key });
    const placed = await call(api.url, 'POST', '/api/order/place', {
      token: buyer.token,
      body: { serviceId, link: `https://www.tiktok.com/@p2p/video/poor${Date.now()}`, quantity: 1000 },
    });
    const id = placed.body.order._id as string;
    const before = await balanceOf(buyer);
    expect(await forwardOrder(id, deps())).toMatchObject({ kind: 'failed' });
    expect(await fulfilmentOf(id)).toMatchObject({ state: 'failed', error: expect.stringMatching(/funds/i) });
    expect((await orderOf(id)).status).toBe('pending');
    expect(await balanceOf(buyer)).toBe(before);
    expect((await db.collection('orders').where('userId', '==', poor.uid).get()).size).toBe(0);
  });
});
