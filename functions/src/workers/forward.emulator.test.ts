// Forwarding orders to a provider exactly once (decision record 0008), over the real emulators with the
// demo provider on a free port: each answer kind, duplicate deliveries, lost answers and the sweeper,
// the admin's Resend and Mark sent, and what the customer never sees.
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoFaultKind, type DemoProvider, startDemoProvider } from '../../../scripts/lib/demo-provider';
import { apiServerForFile, call, createApiKeyFor, fetchFirestoreAs, v2With } from '../../../tests/support/api';
import { placeOrder } from '../../../tests/support/orders';
import { providerWorldForFile } from '../../../tests/support/provider-world';
import { addProvider, workerDeps } from '../../../tests/support/providers';
import { db } from '../lib/admin';
import type { FulfilmentDoc } from '../services/orders/fulfilment';
import { SWEEP_QUEUED_AFTER_MS, WAIT_RETRY_MS } from '../services/orders/fulfilment';
import type { OrderDoc } from '../services/orders/orders';
import { partialRefund } from '../shared/money';
import { providerCostPaisa } from '../shared/providers';
import { EMULATOR_NETWORK } from '../upstream/addresses';
import { createProviderClient } from '../upstream/client';
import { FIRST_SYNC_AFTER_MS, forwardOrder, LEASE_MS, REASONS, sweep } from './forward';
import { syncProvider } from './sync';

const api = apiServerForFile({ moneyInvariants: true });
const KEY = 'sim-key-forwarding';
const PROVIDER_ID = 'simProvider1';
const RATE_TO_PKR = 2.8;
const COST = 0.95;
const world = providerWorldForFile(api, {
  key: KEY,
  providerId: PROVIDER_ID,
  funds: 2000,
  links: ['tt-views-fast'],
  cost: COST,
  provider: { rateToPkr: RATE_TO_PKR },
});
let linkCounter = 0;

/** The workers' deps: a short client deadline, so timeouts take a second, not twenty. */
const deps = workerDeps(() => world.sim.url, KEY);

const nextLink = () => `https://tiktok.com/@fwd/video/${Date.now()}${++linkCounter}`;

async function place(serviceId = 'tt-views-fast', quantity = 1000): Promise<{ id: string; link: string; body: unknown }> {
  const link = nextLink();
  const body = await placeOrder(api.url, world.customer, { serviceId, link, quantity });
  return { id: body.order._id as string, link, body };
}

async function fulfilmentOf(id: string): Promise<FulfilmentDoc> {
  return (await db.collection('orderFulfilment').doc(id).get()).data() as FulfilmentDoc;
}

describe('placement', () => {
  it('queues an order of a linked service with its cost frozen, and leaves an unlinked one manual', async () => {
    const { id, body } = await place();
    const f = await fulfilmentOf(id);
    expect(f).toMatchObject({ state: 'queued', providerId: PROVIDER_ID, providerServiceId: '101', rateToPkr: RATE_TO_PKR, attempt: 0 });
    // 0.95 USD × 2.8 × 1000/1000 = Rs 2.66.
    expect(f.costPaisa).toBe(266);
    expect(providerCostPaisa(COST, RATE_TO_PKR, 1000)).toBe(266);
    expect(JSON.stringify(body)).not.toMatch(/fulfilment|simProvider|provider/i);

    const manual = await place('tt-views-hq');
    expect(await fulfilmentOf(manual.id)).toMatchObject({ state: 'manual' });
    expect((await fulfilmentOf(manual.id)).providerId).toBeUndefined();
  });

  it('never shows the provider to the customer, and shows the fulfilment to the admin (filtered by state)', async () => {
    const { id } = await place();
    const mine = await call(api.url, 'GET', '/api/order/my-orders?limit=50', { token: world.customer.token });
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).not.toMatch(/fulfilment|simProvider/);
    // Nor through Firestore: the order the customer may read holds nothing of it, the fulfilment is admins'.
    const own = await fetchFirestoreAs(world.customer.token, `orders/${id}`);
    expect(own.status).toBe(200);
    expect(own.text).not.toMatch(/fulfilment|simProvider|providerServiceId|costPaisa/);
    expect((await fetchFirestoreAs(world.customer.token, `orderFulfilment/${id}`)).status).toBe(403);

    const one = await call(api.url, 'GET', `/api/admin/order?q=${id}`, { token: world.admin.token });
    expect(one.body.orders[0].fulfilment).toMatchObject({ state: 'queued', providerId: PROVIDER_ID, cost: 2.66, rateToPkr: RATE_TO_PKR });
    const queued = await call(api.url, 'GET', '/api/admin/order?fulfilment=queued&limit=100', { token: world.admin.token });
    expect(queued.status).toBe(200);
    expect(queued.body.orders.map((o: { _id: string }) => o._id)).toContain(id);
    expect(queued.body.orders.every((o: { fulfilment: { state: string } }) => o.fulfilment.state === 'queued')).toBe(true);
    const combined = await call(api.url, 'GET', '/api/admin/order?fulfilment=queued&status=pending', { token: world.admin.token });
    expect(combined.status).toBe(400);
  });
});

describe('forwardOrder', () => {
  it('sends a queued order once: sent with the provider’s id and a first sync time; again changes nothing', async () => {
    const { id, link } = await place();
    const outcome = await forwardOrder(id, deps());
    expect(outcome.kind).toBe('sent');
    const f = await fulfilmentOf(id);
    expect(f.state).toBe('sent');
    expect(f.attempt).toBe(1);
    expect(f.lease).toBeUndefined();
    expect(f.syncDueAt).toBeDefined();
    const placed = [...world.sim.orders.values()].find((o) => o.link === link);
    expect(f.providerOrderId).toBe(String(placed?.id));
    expect(placed?.quantity).toBe(1000);
    expect(await forwardOrder(id, deps())).toEqual({ kind: 'skipped', state: 'sent' });
    expect(world.sim.addsReceived(link)).toBe(1);
  });

  it('sends once when delivered several times at once', async () => {
    const { id, link } = await place();
    const outcomes = await Promise.all([forwardOrder(id, deps()), forwardOrder(id, deps()), forwardOrder(id, deps())]);
    expect(outcomes.filter((o) => o.kind === 'sent')).toHaveLength(1);
    expect(world.sim.addsReceived(link)).toBe(1);
    expect((await fulfilmentOf(id)).state).toBe('sent');
  });

  it('does not send again when delivered while the first send awaits its answer', async () => {
    const { id, link } = await place();
    world.sim.fault({ action: 'add', kind: 'slow', delayMs: 1000 });
    const first = forwardOrder(id, deps());
    await expect.poll(async () => (await fulfilmentOf(id)).state, { timeout: 5000 }).toBe('sending');
    expect(await forwardOrder(id, deps())).toEqual({ kind: 'skipped', state: 'sending' });
    expect((await first).kind).toBe('sent');
    expect(world.sim.addsReceived(link)).toBe(1);
  });

  it('records a refusal as failed with the provider’s message, and the sweeper never sends it again', async () => {
    const { id, link } = await place();
    world.sim.fault({ action: 'add', kind: 'error', message: 'Not enough funds on balance' });
    expect(await forwardOrder(id, deps())).toEqual({ kind: 'failed', error: 'Not enough funds on balance' });
    expect(await fulfilmentOf(id)).toMatchObject({ state: 'failed', error: 'Not enough funds on balance' });
    await sweep(deps(SWEEP_QUEUED_AFTER_MS + LEASE_MS));
    expect(world.sim.addsReceived(link)).toBe(1);
    expect((await fulfilmentOf(id)).state).toBe('failed');
  });

  const unknownFaults: DemoFaultKind[] = ['timeout', 'stall', 'html', '500', 'garbage', 'disconnect', 'no-order-id'];
  it.each(unknownFaults)('records %s as unknown, never sent again by the sweeper', async (kind) => {
    const { id, link } = await place();
    world.sim.fault({ action: 'add', kind });
    const outcome = await forwardOrder(id, deps());
    expect(outcome.kind).toBe('unknown');
    const f = await fulfilmentOf(id);
    expect(f.state).toBe('unknown');
    expect(f.error).toBeTruthy();
    await sweep(deps(SWEEP_QUEUED_AFTER_MS + LEASE_MS));
    await sweep(deps(2 * (SWEEP_QUEUED_AFTER_MS + LEASE_MS)));
    expect(world.sim.addsReceived(link)).toBe(1);
    expect((await fulfilmentOf(id)).state).toBe('unknown');
  });

  it('keeps an order queued with the reason while its provider is disabled, and the sweeper sends it once enabled', async () => {
    const provider = db.collection('providers').doc(PROVIDER_ID);
    await provider.update({ active: false });
    const { id, link } = await place();
    try {
      expect(await forwardOrder(id, deps())).toEqual({ kind: 'skipped', state: 'queued', reason: REASONS.providerInactive });
      expect(await fulfilmentOf(id)).toMatchObject({ state: 'queued', reason: REASONS.providerInactive });
      expect(world.sim.addsReceived(link)).toBe(0);
    } finally {
      await provider.update({ active: true });
    }
    // A waiting order is tried again only after a few minutes (waiting orders take turns, never holding
    // the sweep's batch), then sent.
    await sweep(deps());
    await sweep(deps(SWEEP_QUEUED_AFTER_MS + 1000));
    expect((await fulfilmentOf(id)).state).toBe('queued');
    await sweep(deps(WAIT_RETRY_MS + 1000));
    const f = await fulfilmentOf(id);
    expect(f.state).toBe('sent');
    expect(f.reason).toBeUndefined();
    expect(world.sim.addsReceived(link)).toBe(1);
  });

  it('sends nothing for an order cancelled (and refunded once) while queued', async () => {
    const { id, link } = await place();
    const cancel = await call(api.url, 'PUT', `/api/admin/update-status/${id}`, {
      token: world.admin.token,
      body: { status: 'cancelled' },
    });
    expect(cancel.status).toBe(200);
    expect(await forwardOrder(id, deps())).toEqual({ kind: 'skipped', state: 'queued', reason: REASONS.notPending });
    await sweep(deps(SWEEP_QUEUED_AFTER_MS + 1000));
    expect(world.sim.addsReceived(link)).toBe(0);
    expect((await fulfilmentOf(id)).sweepAt).toBeUndefined();
  });
});

describe('a lost answer', () => {
  it('turns an abandoned send into unknown when its lease runs out, and it is never re-sent', async () => {
    const { id, link } = await place();
    world.sim.fault({ action: 'add', kind: 'timeout' });
    // The send is under way (its call hangs): the sweeper, a lease later, finds it sending.
    const sending = forwardOrder(id, deps());
    await expect.poll(async () => (await fulfilmentOf(id)).state, { timeout: 5000 }).toBe('sending');
    expect(await sweep(deps(LEASE_MS + 1000))).toMatchObject({ expired: 1 });
    expect(await fulfilmentOf(id)).toMatchObject({ state: 'unknown', error: REASONS.leaseExpired });
    // The abandoned call ends (its deadline) after the lease: it changes nothing.
    expect((await sending).kind).toBe('late');
    expect((await fulfilmentOf(id)).state).toBe('unknown');
    await sweep(deps(2 * (LEASE_MS + SWEEP_QUEUED_AFTER_MS)));
    expect(world.sim.addsReceived(link)).toBe(1);
  });

  it('records a late ok after the lease ran out as sent (the provider did place it)', async () => {
    const { id, link } = await place();
    world.sim.fault({ action: 'add', kind: 'slow', delayMs: 1000 });
    const sending = forwardOrder(id, deps());
    await expect.poll(async () => (await fulfilmentOf(id)).state, { timeout: 5000 }).toBe('sending');
    await sweep(deps(LEASE_MS + 1000));
    expect((await fulfilmentOf(id)).state).toBe('unknown');
    expect((await sending).kind).toBe('sent');
    const f = await fulfilmentOf(id);
    expect(f.state).toBe('sent');
    expect(f.providerOrderId).toBe(String([...world.sim.orders.values()].find((o) => o.link === link)?.id));
    expect(world.sim.addsReceived(link)).toBe(1);
  });
});

describe('the sweep', () => {
  it('stops sending when its time is spent (the rest of the run must not starve); the next sweep sends the rest', async () => {
    const placed = [await place(), await place(), await place()];
    world.sim.fault({ action: 'add', kind: 'slow', delayMs: 700, times: 3 });
    // Its trigger lost: each is the sweep's to send, one call after another.
    const due = deps(SWEEP_QUEUED_AFTER_MS + 1000);
    await sweep(due, 1000);
    const states = await Promise.all(placed.map(async ({ id }) => (await fulfilmentOf(id)).state));
    expect(states.filter((s) => s === 'sent').length).toBe(2);
    const left = placed.find((_, i) => states[i] === 'queued');
    expect(left).toBeDefined();
    expect(world.sim.addsReceived(left?.link as string)).toBe(0);
    await sweep(due, 1000);
    expect((await fulfilmentOf(left?.id as string)).state).toBe('sent');
    for (const { link } of placed) expect(world.sim.addsReceived(link)).toBe(1);
  });
});

describe('the admin’s actions', () => {
  it('resends an unknown order as a new attempt (audited), sent once more', async () => {
    const { id, link } = await place();
    world.sim.fault({ action: 'add', kind: 'html' });
    await forwardOrder(id, deps());
    const resend = await call(api.url, 'POST', `/api/admin/orders/${id}/resend`, { token: world.admin.token, body: {} });
    expect(resend.status, JSON.stringify(resend.body)).toBe(200);
    expect(resend.body.order.fulfilment).toMatchObject({ state: 'queued', providerId: PROVIDER_ID, attempt: 1 });
    const queued = await fulfilmentOf(id);
    expect(queued.history).toEqual([expect.objectContaining({ attempt: 1, state: 'unknown' })]);
    expect(await forwardOrder(id, deps())).toMatchObject({ kind: 'sent' });
    expect(await fulfilmentOf(id)).toMatchObject({ state: 'sent', attempt: 2 });
    expect(world.sim.addsReceived(link)).toBe(2);

    const again = await call(api.url, 'POST', `/api/admin/orders/${id}/resend`, { token: world.admin.token, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conflict');
    const audit = await db.collection('audit').where('subject', '==', `orders/${id}`).get();
    expect(audit.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ action: 'order_resend', by: world.admin.email, before: expect.objectContaining({ state: 'unknown' }) }),
    ]);
  });

  it('marks an unknown order sent with the provider’s id (audited); not a sent one', async () => {
    const { id, link } = await place();
    world.sim.fault({ action: 'add', kind: 'disconnect' });
    await forwardOrder(id, deps());
    const placedAnyway = [...world.sim.orders.values()].find((o) => o.link === link);
    const marked = await call(api.url, 'POST', `/api/admin/orders/${id}/mark-sent`, {
      token: world.admin.token,
      body: { providerOrderId: String(placedAnyway?.id) },
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.order.fulfilment).toMatchObject({ state: 'sent', providerOrderId: String(placedAnyway?.id) });
    expect(await fulfilmentOf(id)).toMatchObject({ state: 'sent', providerOrderId: String(placedAnyway?.id) });
    expect((await fulfilmentOf(id)).error).toBeUndefined();
    const twice = await call(api.url, 'POST', `/api/admin/orders/${id}/mark-sent`, {
      token: world.admin.token,
      body: { providerOrderId: '1' },
    });
    expect(twice.status).toBe(409);
    const audit = await db.collection('audit').where('subject', '==', `orders/${id}`).get();
    expect(audit.docs.map((d) => d.data().action)).toEqual(['order_mark_sent']);
    expect(world.sim.addsReceived(link)).toBe(1);
    // The customer sees nothing of it.
    const mine = await call(api.url, 'GET', '/api/order/my-orders?limit=50', { token: world.customer.token });
    expect(JSON.stringify(mine.body)).not.toMatch(/providerOrderId|fulfilment/);
  });

  it('refuses a resend of a queued or manual order, a bad body, and a customer', async () => {
    const { id } = await place();
    const queued = await call(api.url, 'POST', `/api/admin/orders/${id}/resend`, { token: world.admin.token, body: {} });
    expect(queued.status).toBe(409);
    const manual = await place('tt-views-hq');
    expect(
      (
        await call(api.url, 'POST', `/api/admin/orders/${manual.id}/mark-sent`, {
          token: world.admin.token,
          body: { providerOrderId: '5' },
        })
      ).status,
    ).toBe(409);
    expect(
      (await call(api.url, 'POST', `/api/admin/orders/${id}/mark-sent`, { token: world.admin.token, body: { providerOrderId: 'a b' } }))
        .status,
    ).toBe(400);
    expect((await call(api.url, 'POST', `/api/admin/orders/${id}/resend`, { token: world.customer.token, body: {} })).status).toBe(403);
    expect((await call(api.url, 'POST', '/api/admin/orders/nope/resend', { token: world.admin.token, body: {} })).status).toBe(404);
  });
});

describe('a resend to another provider’s service', () => {
  const SECOND_ID = 'simProvider2';
  const SECOND_KEY = 'sim-key-second-provider';
  const SECOND_RATE = 280;
  let second: DemoProvider;

  beforeAll(async () => {
    second = await startDemoProvider({ key: SECOND_KEY, balance: '100000.00', seed: 2 });
    await addProvider(SECOND_ID, second.url, SECOND_KEY, { name: 'Second simulator', rateToPkr: SECOND_RATE });
  });
  afterAll(async () => {
    await second?.close();
  });

  const bothClients = async (providerId: string) =>
    createProviderClient({
      url: providerId === SECOND_ID ? second.url : world.sim.url,
      key: providerId === SECOND_ID ? SECOND_KEY : KEY,
      timeoutMs: 1500,
      network: EMULATOR_NETWORK,
    });
  const failedOrder = async (quantity = 1000) => {
    const placed = await place('tt-views-fast', quantity);
    world.sim.fault({ action: 'add', kind: 'error', message: 'Not enough funds on balance', link: placed.link });
    expect((await forwardOrder(placed.id, deps())).kind).toBe('failed');
    return placed;
  };
  const resend = (id: string, body: unknown) => call(api.url, 'POST', `/api/admin/orders/${id}/resend`, { token: world.admin.token, body });

  it('queues it there with the cost frozen at that service’s rate (audited), and lands exactly one add there', async () => {
    const { id, link } = await failedOrder();
    const answer = await resend(id, { providerId: SECOND_ID, providerServiceId: '301' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // 0.018 USD per 1000 × 280 × 1000/1000 = Rs 5.04, under the Rs 20 the customer paid: no warning.
    expect(answer.body.warning).toBeUndefined();
    expect(answer.body.order.fulfilment).toMatchObject({
      state: 'queued',
      providerId: SECOND_ID,
      providerServiceId: '301',
      cost: 5.04,
      rateToPkr: SECOND_RATE,
    });
    expect(answer.body.order.price).toBe(20);
    const queued = await fulfilmentOf(id);
    expect(queued.costPaisa).toBe(providerCostPaisa(0.018, SECOND_RATE, 1000));
    // The service's link is this order's business only: the service stays linked to the first provider.
    expect((await db.collection('serviceProviders').doc('tt-views-fast').get()).get('providerId')).toBe(PROVIDER_ID);

    const outcomes = await Promise.all([
      forwardOrder(id, { ...deps(), clientFor: bothClients }),
      forwardOrder(id, { ...deps(), clientFor: bothClients }),
    ]);
    expect(outcomes.filter((o) => o.kind === 'sent')).toHaveLength(1);
    expect(second.addsReceived(link)).toBe(1);
    expect(world.sim.addsReceived(link)).toBe(1);
    const placedThere = [...second.orders.values()].find((o) => o.link === link);
    expect(placedThere).toMatchObject({ service: 301, quantity: 1000 });
    expect(await fulfilmentOf(id)).toMatchObject({ state: 'sent', providerId: SECOND_ID, providerOrderId: String(placedThere?.id) });

    const audit = await db.collection('audit').where('subject', '==', `orders/${id}`).get();
    expect(audit.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({
        action: 'order_resend',
        by: world.admin.email,
        before: expect.objectContaining({ state: 'failed', providerId: PROVIDER_ID, providerServiceId: '101', cost: 2.66 }),
        after: expect.objectContaining({ state: 'queued', providerId: SECOND_ID, providerServiceId: '301', cost: 5.04 }),
      }),
    ]);
  });

  it('allows a cost above what the customer paid, with a warning; our price stays', async () => {
    const { id } = await failedOrder();
    const answer = await resend(id, { providerId: SECOND_ID, providerServiceId: ' 101 ' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // 0.95 × 280 = Rs 266 for the order, which sold for Rs 20.
    expect(answer.body.warning).toBe('Sent at a loss: at this provider the order costs Rs 266, the customer paid Rs 20');
    expect(answer.body.order.fulfilment).toMatchObject({ state: 'queued', providerId: SECOND_ID, providerServiceId: '101', cost: 266 });
    expect(answer.body.order.price).toBe(20);
    expect((await db.collection('orders').doc(id).get()).get('pricePaisa')).toBe(2000);
  });

  it('refuses a service id the provider does not list (and one without its provider), changing nothing', async () => {
    const { id } = await failedOrder();
    const before = await fulfilmentOf(id);
    const unknown = await resend(id, { providerId: SECOND_ID, providerServiceId: '999' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'provider_service_not_found', field: 'providerServiceId' });
    expect(unknown.body.message).toBe('The provider does not list this service (999)');
    const alone = await resend(id, { providerServiceId: '301' });
    expect(alone.status).toBe(400);
    expect(alone.body).toMatchObject({ code: 'invalid_input', field: 'providerId' });
    expect(await fulfilmentOf(id)).toEqual(before);
    expect((await db.collection('audit').where('subject', '==', `orders/${id}`).get()).size).toBe(0);
  });

  it('refuses a service that does not take the order’s quantity (the provider would refuse it)', async () => {
    const { id } = await failedOrder(100);
    // Its service 201 takes 500 to 1,000,000.
    const tooFew = await resend(id, { providerId: SECOND_ID, providerServiceId: '201' });
    expect(tooFew.status).toBe(400);
    expect(tooFew.body).toMatchObject({ code: 'invalid_input', field: 'providerServiceId' });
    expect(tooFew.body.message).toBe('That service does not take this order’s quantity (100; it takes 500 to 1,000,000)');
    expect((await fulfilmentOf(id)).state).toBe('failed');
  });

  it('refuses a provider that does not exist, and a sent order', async () => {
    const { id } = await failedOrder();
    expect((await resend(id, { providerId: 'nope', providerServiceId: '301' })).body.code).toBe('provider_not_found');
    const sent = await place();
    expect((await forwardOrder(sent.id, deps())).kind).toBe('sent');
    const refused = await resend(sent.id, { providerId: SECOND_ID, providerServiceId: '301' });
    expect(refused.status).toBe(409);
    expect(second.addsReceived(sent.link)).toBe(0);
  });
});

describe('status sync', () => {
  const sent = async () => {
    const placed = await place();
    expect((await forwardOrder(placed.id, deps())).kind).toBe('sent');
    const providerOrderId = Number((await fulfilmentOf(placed.id)).providerOrderId);
    return { ...placed, providerOrderId };
  };
  const orderOf = async (id: string) => (await db.collection('orders').doc(id).get()).data() as OrderDoc;
  const due = FIRST_SYNC_AFTER_MS + 1000;

  it('applies a partial once (refund through the status transaction) and stops asking', async () => {
    const { id, providerOrderId } = await sent();
    world.sim.setOrder(providerOrderId, { status: 'partial', remains: 300 });
    await syncProvider(PROVIDER_ID, deps(due));
    const order = await orderOf(id);
    expect(order.status).toBe('partial');
    expect(order.remains).toBe(300);
    expect(order.refundPaisa).toBe(partialRefund(order.pricePaisa, 300, 1000));
    const f = await fulfilmentOf(id);
    expect(f.syncDueAt).toBeUndefined();
    expect(f.remains).toBe(300);
    await syncProvider(PROVIDER_ID, deps(2 * due));
    expect((await db.collection('users').doc(world.customer.uid).collection('ledger').where('orderId', '==', id).get()).size).toBe(2);
  });

  it('stores the provider’s start count and remains on the order: the customer’s list and API v2 status show them', async () => {
    const { id, providerOrderId } = await sent();
    world.sim.setOrder(providerOrderId, { status: 'processing', remains: 400 });
    await syncProvider(PROVIDER_ID, deps(due));
    const startCount = world.sim.orders.get(providerOrderId)?.startCount;
    expect(Number.isInteger(startCount)).toBe(true);
    const order = await orderOf(id);
    expect(order.status).toBe('processing');
    expect(order.progress).toEqual({ startCount: Number(startCount), remains: 400 });
    const listed = await call(api.url, 'GET', '/api/order/my-orders?limit=50', { token: world.customer.token });
    expect(listed.body.orders.find((o: { _id: string }) => o._id === id)).toMatchObject({
      progress: { startCount: Number(startCount), remains: 400 },
    });
    const key = await createApiKeyFor(api.url, world.customer);
    expect(await v2With(api.url, key, { action: 'status', order: id })).toMatchObject({
      start_count: String(startCount),
      status: 'In progress',
      remains: '400',
    });
    // A count the provider gets wrong (negative, above the quantity) is not shown; the last good one stays.
    world.sim.fault({ action: 'status', kind: 'remains-above' });
    const asked = world.sim.requests.filter((r) => r.action === 'status').length;
    await syncProvider(PROVIDER_ID, deps(due + 60 * 60_000));
    expect(world.sim.requests.filter((r) => r.action === 'status').length).toBe(asked + 1);
    expect((await orderOf(id)).progress).toEqual({ startCount: Number(startCount), remains: 400 });
  });

  it('asks id by id when the provider refuses the whole list (one bad id must not hold the others up)', async () => {
    const a = await sent();
    const b = await sent();
    world.sim.setOrder(a.providerOrderId, { status: 'processing', remains: 10 });
    world.sim.setOrder(b.providerOrderId, { status: 'completed' });
    world.sim.fault({ action: 'status', kind: 'error', message: 'Incorrect order ID' });
    const asked = world.sim.requests.filter((r) => r.action === 'status').length;
    await syncProvider(PROVIDER_ID, deps(due + 3 * 60 * 60_000));
    expect((await orderOf(a.id)).status).toBe('processing');
    expect((await orderOf(b.id)).status).toBe('completed');
    const calls = world.sim.requests.filter((r) => r.action === 'status').slice(asked);
    expect(calls[0]?.params.orders).toBeDefined();
    expect(calls.filter((r) => r.params.order === String(a.providerOrderId))).toHaveLength(1);
    expect(calls.filter((r) => r.params.order === String(b.providerOrderId))).toHaveLength(1);
  });

  it('clears a due time left on an order that is no longer sent, so it never holds the head of the queue', async () => {
    const { id } = await sent();
    await db
      .collection('orderFulfilment')
      .doc(id)
      .update({ state: 'failed', syncDueAt: Timestamp.fromMillis(0) });
    await syncProvider(PROVIDER_ID, deps(due));
    expect((await fulfilmentOf(id)).syncDueAt).toBeUndefined();
    expect((await fulfilmentOf(id)).state).toBe('failed');
  });

  it('flags an unreadable remains without moving money', async () => {
    const { id, providerOrderId } = await sent();
    world.sim.setOrder(providerOrderId, { status: 'partial', remains: 300 });
    world.sim.fault({ action: 'status', kind: 'remains-unknown' });
    await syncProvider(PROVIDER_ID, deps(due));
    expect((await orderOf(id)).status).toBe('pending');
    expect((await orderOf(id)).refundPaisa).toBeUndefined();
    const f = await fulfilmentOf(id);
    expect(f.flag).toMatch(/unusable_remains/);
    expect(f.syncDueAt).toBeDefined();
  });

  it('never runs twice at once for a provider', async () => {
    await sent();
    const before = world.sim.requests.filter((r) => r.action === 'status').length;
    world.sim.fault({ action: 'status', kind: 'slow', delayMs: 1500 });
    const first = syncProvider(PROVIDER_ID, deps(due));
    // The second run starts while the first holds the provider and waits for its answer.
    await expect.poll(() => world.sim.requests.filter((r) => r.action === 'status').length - before, { timeout: 5000 }).toBe(1);
    expect(await syncProvider(PROVIDER_ID, deps(due))).toEqual({ checked: 0, changed: 0, flagged: 0 });
    await first;
    expect(world.sim.requests.filter((r) => r.action === 'status').length - before).toBe(1);
  });
});
