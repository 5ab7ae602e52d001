import { describe, expect, it } from 'vitest';
import { apiServerForFile, call, v2With } from '../../../tests/support/api';
import { findMoneyViolations } from '../../../tests/support/money-invariants';
import { placeViews, providerWorldForFile, sentViews } from '../../../tests/support/provider-world';
import { workerDeps } from '../../../tests/support/providers';
import { db } from '../lib/admin';
import { isAppError } from '../lib/errors';
import { CANCEL_CHECK_AFTER_MS } from '../services/orders/cancel-at-provider';
import type { FulfilmentDoc } from '../services/orders/fulfilment';
import { type OrderDoc, updateOrderStatus } from '../services/orders/orders';
import { API_V2_ERRORS } from '../shared/api-v2';
import { MESSAGES } from '../shared/messages';
import { EMULATOR_NETWORK } from '../upstream/addresses';
import { createProviderClient } from '../upstream/client';
import { askProviderToCancel } from './cancel';
import { forwardOrder } from './forward';
import { syncProvider } from './sync';

const api = apiServerForFile({ moneyInvariants: true });
const KEY = 'sim-key-cancel';
const PROVIDER_ID = 'simCancel1';
const world = providerWorldForFile(api, {
  key: KEY,
  providerId: PROVIDER_ID,
  funds: 2000,
  links: ['tt-views-fast'],
  apiKey: true,
});

/** The workers' deps: a short client deadline, so timeouts take a second, not twenty. */
const deps = workerDeps(() => world.sim.url, KEY);
/** Past the first check of an accepted cancel: the sync asks the provider. */
const afterCancel = CANCEL_CHECK_AFTER_MS + 1000;

const place = () => placeViews(api, world, 'cancel');
const sent = () => sentViews(api, world, 'cancel', deps());

const fulfilmentOf = async (id: string) => (await db.collection('orderFulfilment').doc(id).get()).data() as FulfilmentDoc;
const orderOf = async (id: string) => (await db.collection('orders').doc(id).get()).data() as OrderDoc;
const ledgerOf = async (id: string) =>
  (await db.collection('users').doc(world.customer.uid).collection('ledger').where('orderId', '==', id).get()).docs.map(
    (d) => d.data().type,
  );
const cancelsAsked = (providerOrderId: number) =>
  world.sim.requests.filter((r) => r.action === 'cancel' && r.params.orders?.split(',').includes(String(providerOrderId))).length;
const adminCancel = (id: string) =>
  call(api.url, 'PUT', `/api/admin/update-status/${id}`, { token: world.admin.token, body: { status: 'cancelled' } });

describe('a cancel while the order is being sent', () => {
  it('is refused (no refund) while `add` is under way, and the order is then sent', async () => {
    const { id, link } = await place();
    world.sim.fault({ action: 'add', kind: 'slow', delayMs: 2500 });
    const patient = async () => createProviderClient({ url: world.sim.url, key: KEY, timeoutMs: 6000, network: EMULATOR_NETWORK });
    const sending = forwardOrder(id, { now: Date.now, clientFor: patient });
    await expect.poll(async () => (await fulfilmentOf(id)).state, { timeout: 5000 }).toBe('sending');

    const refused = await adminCancel(id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'order_sending', message: MESSAGES.orderSending });
    const v2 = await v2With(api.url, world.apiKey, { action: 'cancel', orders: id });
    expect(v2).toEqual([{ order: Number(id), cancel: { error: API_V2_ERRORS.busy } }]);

    expect((await sending).kind).toBe('sent');
    expect((await orderOf(id)).status).toBe('pending');
    expect((await orderOf(id)).refundPaisa).toBeUndefined();
    expect(await ledgerOf(id)).toEqual(['debit']);
    expect((await fulfilmentOf(id)).state).toBe('sent');
    expect(world.sim.addsReceived(link)).toBe(1);
  });

  it('refunds a queued order at once and takes it out of the sweeper’s query; it is never sent', async () => {
    const { id, link } = await place();
    expect((await fulfilmentOf(id)).sweepAt).toBeDefined();
    const cancelled = await adminCancel(id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.order).toMatchObject({ status: 'cancelled', refund: expect.any(Number) });
    expect((await fulfilmentOf(id)).sweepAt).toBeUndefined();
    expect((await forwardOrder(id, deps())).kind).toBe('skipped');
    expect(world.sim.addsReceived(link)).toBe(0);
    expect(await ledgerOf(id)).toEqual(['debit', 'refund']);
  });
});

describe('the admin cancels a sent order', () => {
  it('asks the provider (202, audited), refunds nothing until its status says Canceled, then exactly once', async () => {
    const { id, providerOrderId } = await sent();
    const asked = await adminCancel(id);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body).toEqual({ message: MESSAGES.cancelRequested, order: expect.objectContaining({ _id: id, status: 'pending' }) });
    expect(cancelsAsked(providerOrderId)).toBe(1);
    expect(world.sim.orders.get(providerOrderId)?.status).toBe('cancelled');
    expect((await orderOf(id)).status).toBe('pending');
    expect(await ledgerOf(id)).toEqual(['debit']);
    const f = await fulfilmentOf(id);
    expect(f.cancel).toMatchObject({ state: 'requested' });
    expect(f.syncDueAt?.toMillis()).toBeLessThanOrEqual(Date.now() + CANCEL_CHECK_AFTER_MS);
    const listed = await call(api.url, 'GET', `/api/admin/order?q=${id}`, { token: world.admin.token });
    expect(listed.body.orders[0].fulfilment.cancel).toMatchObject({ state: 'requested' });
    const audit = await db.collection('audit').where('subject', '==', `orders/${id}`).get();
    expect(audit.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({
        action: 'order_cancel_request',
        by: world.admin.email,
        after: expect.objectContaining({ cancel: 'requested', providerOrderId: String(providerOrderId) }),
      }),
    ]);

    // Asked again while requested: the same answer, the provider is not asked twice.
    expect((await adminCancel(id)).status).toBe(202);
    expect(cancelsAsked(providerOrderId)).toBe(1);

    await syncProvider(PROVIDER_ID, deps(afterCancel));
    const order = await orderOf(id);
    expect(order.status).toBe('cancelled');
    expect(order.refundPaisa).toBe(order.pricePaisa);
    expect((await fulfilmentOf(id)).syncDueAt).toBeUndefined();
    await syncProvider(PROVIDER_ID, deps(2 * afterCancel));
    expect((await adminCancel(id)).status).toBe(409);
    expect(await ledgerOf(id)).toEqual(['debit', 'refund']);
    expect(await findMoneyViolations()).toEqual([]);
  });

  it('the customer’s Cancel on /orders: asks the provider (202), the row says so, and the refund comes once with its confirmation', async () => {
    const { id, providerOrderId } = await sent();
    const customerCancel = () => call(api.url, 'POST', `/api/orders/${id}/cancel`, { token: world.customer.token, body: {} });
    const row = async () => (await call(api.url, 'GET', `/api/orders/${id}`, { token: world.customer.token })).body.order;
    expect(await row()).toMatchObject({ cancelable: true, cancelNeedsConfirmation: true });
    const asked = await customerCancel();
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body).toEqual({
      message: MESSAGES.cancelRequested,
      order: expect.objectContaining({ _id: id, status: 'pending', cancelRequested: true }),
    });
    expect(await row()).toMatchObject({ status: 'pending', cancelRequested: true });
    expect(await row()).not.toHaveProperty('cancelable');
    // A second tap while it is asked: the same answer, the provider asked once.
    expect((await customerCancel()).status).toBe(202);
    expect(cancelsAsked(providerOrderId)).toBe(1);
    await syncProvider(PROVIDER_ID, deps(afterCancel));
    expect(await row()).toMatchObject({ status: 'cancelled', refund: expect.any(Number) });
    expect((await customerCancel()).status).toBe(409);
    expect(await ledgerOf(id)).toEqual(['debit', 'refund']);
  });

  it('answers 409 with the provider’s message when it refuses; the order goes on', async () => {
    const { id, providerOrderId } = await sent();
    world.sim.setOrder(providerOrderId, { status: 'processing' });
    const refused = await adminCancel(id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'cancel_refused', message: API_V2_ERRORS.cannotCancel });
    expect(await fulfilmentOf(id)).toMatchObject({ state: 'sent', cancel: { state: 'refused', error: API_V2_ERRORS.cannotCancel } });
    expect((await orderOf(id)).status).toBe('pending');
    expect(await ledgerOf(id)).toEqual(['debit']);
    const audit = await db.collection('audit').where('subject', '==', `orders/${id}`).get();
    expect(audit.docs.map((d) => d.data().after.cancel)).toEqual(['refused']);
  });

  it('answers 502 provider_unavailable without an answer, and the admin may ask again', async () => {
    const { id, providerOrderId } = await sent();
    // A proxy's error page: the request never reached the provider's panel.
    world.sim.fault({ action: 'cancel', kind: 'html', perform: false });
    const lost = await adminCancel(id);
    expect(lost.status).toBe(502);
    expect(lost.body).toMatchObject({ code: 'provider_unavailable', message: MESSAGES.cancelNoAnswer });
    expect((await fulfilmentOf(id)).cancel).toMatchObject({ state: 'unknown' });
    expect(await ledgerOf(id)).toEqual(['debit']);

    const again = await adminCancel(id);
    expect(again.status).toBe(202);
    expect(cancelsAsked(providerOrderId)).toBe(2);
    await syncProvider(PROVIDER_ID, deps(afterCancel));
    expect(await ledgerOf(id)).toEqual(['debit', 'refund']);
  });

  it('records a timeout as unknown; when the provider did cancel, its status refunds once', async () => {
    const { id, providerOrderId } = await sent();
    world.sim.fault({ action: 'cancel', kind: 'timeout' });
    const thrown = await updateOrderStatus(id, 'cancelled')
      .then((changed) =>
        'askProviderToCancel' in changed ? askProviderToCancel(changed.askProviderToCancel, { clientFor: deps().clientFor }) : changed,
      )
      .catch((error: unknown) => error);
    expect(isAppError(thrown, 'provider_unavailable')).toBe(true);
    expect((await fulfilmentOf(id)).cancel).toMatchObject({ state: 'unknown' });
    expect(world.sim.orders.get(providerOrderId)?.status).toBe('cancelled');
    expect(await ledgerOf(id)).toEqual(['debit']);
    await syncProvider(PROVIDER_ID, deps(10 * 60_000));
    expect((await orderOf(id)).status).toBe('cancelled');
    expect(await ledgerOf(id)).toEqual(['debit', 'refund']);
  });

  it('cancels in bulk: a sent order is asked of its provider, a queued one refunded at once', async () => {
    const upstream = await sent();
    const queued = await place();
    const answer = await call(api.url, 'POST', '/api/admin/orders/status', {
      token: world.admin.token,
      body: { ids: [upstream.id, queued.id], status: 'cancelled' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([
      { id: upstream.id, ok: true, cancelRequested: true, order: expect.objectContaining({ status: 'pending' }) },
      { id: queued.id, ok: true, order: expect.objectContaining({ status: 'cancelled' }) },
    ]);
    expect(cancelsAsked(upstream.providerOrderId)).toBe(1);
    expect(await ledgerOf(upstream.id)).toEqual(['debit']);
    expect(await ledgerOf(queued.id)).toEqual(['debit', 'refund']);
  });

  it('marks a sent order completed by hand: it leaves the sync', async () => {
    const { id } = await sent();
    const done = await call(api.url, 'PUT', `/api/admin/update-status/${id}`, { token: world.admin.token, body: { status: 'completed' } });
    expect(done.status).toBe(200);
    expect((await fulfilmentOf(id)).syncDueAt).toBeUndefined();
  });
});

describe('the customer cancels a sent order through API v2', () => {
  it('answers cancel: 1 only when the provider accepts; the refund follows its status, once', async () => {
    const { id } = await sent();
    expect(await v2With(api.url, world.apiKey, { action: 'cancel', orders: id })).toEqual([{ order: Number(id), cancel: 1 }]);
    expect(await ledgerOf(id)).toEqual(['debit']);
    expect((await v2With(api.url, world.apiKey, { action: 'status', order: id })).status).toBe('Pending');
    await syncProvider(PROVIDER_ID, deps(afterCancel));
    expect((await v2With(api.url, world.apiKey, { action: 'status', order: id })).status).toBe('Canceled');
    expect(await ledgerOf(id)).toEqual(['debit', 'refund']);
    // The audit trail is the admin's: a customer's cancel leaves none.
    expect((await db.collection('audit').where('subject', '==', `orders/${id}`).get()).size).toBe(0);
  });

  it('refuses (no refund) an order whose send has no answer: the provider may have placed it; the admin decides', async () => {
    const { id, link } = await place();
    world.sim.fault({ action: 'add', kind: '500' });
    expect((await forwardOrder(id, deps())).kind).toBe('unknown');
    expect(world.sim.addsReceived(link)).toBe(1);
    expect(await v2With(api.url, world.apiKey, { action: 'cancel', orders: id })).toEqual([
      { order: Number(id), cancel: { error: API_V2_ERRORS.cannotCancel } },
    ]);
    expect((await orderOf(id)).status).toBe('pending');
    expect(await ledgerOf(id)).toEqual(['debit']);
    // The admin, having checked the provider's panel, may still cancel it (refunded once).
    expect((await adminCancel(id)).status).toBe(200);
    expect(await ledgerOf(id)).toEqual(['debit', 'refund']);
  });

  it('answers the standard error when the provider refuses or does not answer', async () => {
    const refused = await sent();
    world.sim.setOrder(refused.providerOrderId, { status: 'processing' });
    expect(await v2With(api.url, world.apiKey, { action: 'cancel', orders: refused.id })).toEqual([
      { order: Number(refused.id), cancel: { error: API_V2_ERRORS.cannotCancel } },
    ]);
    const lost = await sent();
    world.sim.fault({ action: 'cancel', kind: '500' });
    expect(await v2With(api.url, world.apiKey, { action: 'cancel', orders: lost.id })).toEqual([
      { order: Number(lost.id), cancel: { error: API_V2_ERRORS.serverError } },
    ]);
    expect(await ledgerOf(refused.id)).toEqual(['debit']);
    expect(await ledgerOf(lost.id)).toEqual(['debit']);
  });
});
