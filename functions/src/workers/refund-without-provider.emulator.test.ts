// An order at a disabled, vanished or silent provider can still be closed (decision record 0008). The admin refunds it
// without the provider's confirmation (POST /api/admin/orders/{id}/refund-without-provider), through the status
// change's own refund (once, whoever gets there first); a repeated cancel asks the provider again; a disabled
// provider's sent orders are still synced; an unreachable one's are marked and listed; nothing the provider
// says after the close moves the order or its money.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { apiServerForFile, call, v2With } from '../../../tests/support/api';
import { findMoneyViolations } from '../../../tests/support/money-invariants';
import { placeViews, providerWorldForFile, sentViews } from '../../../tests/support/provider-world';
import { addProvider, fulfilmentOf, linkService, orderOf, workerDeps } from '../../../tests/support/providers';
import { db } from '../lib/admin';
import { CANCEL_ASK_AGAIN_AFTER_MS, CANCEL_CHECK_AFTER_MS } from '../services/orders/cancel-at-provider';
import { activeLinkRef, type OrderDoc } from '../services/orders/orders';
import { MESSAGES } from '../shared/messages';
import { partialRefund } from '../shared/money';
import { forwardOrder, LEASE_MS, sweep } from './forward';
import { syncAll, syncProvider } from './sync';

const api = apiServerForFile({ moneyInvariants: true });
const KEY = 'sim-key-refund-without';
const PROVIDER_ID = 'simRwp1';
const VIEWS_NUMBER = 121;
const world = providerWorldForFile(api, {
  key: KEY,
  providerId: PROVIDER_ID,
  funds: 3000,
  links: ['tt-views-fast'],
  apiKey: true,
});

const deps = workerDeps(() => world.sim.url, KEY);
/** Far enough ahead that every sent order is due for a check. */
const later = 30 * 60_000;

const setActive = (active: boolean, id = PROVIDER_ID) => db.collection('providers').doc(id).update({ active });

const place = () => placeViews(api, world, 'rwp');
const sent = () => sentViews(api, world, 'rwp', deps());

const ledgerOf = async (id: string) =>
  (await db.collection('users').doc(world.customer.uid).collection('ledger').where('orderId', '==', id).get()).docs.map(
    (d) => d.data().type,
  );
const auditOf = async (id: string) => (await db.collection('audit').where('subject', '==', `orders/${id}`).get()).docs.map((d) => d.data());
const refundWithout = (id: string, body: Record<string, unknown>, token = world.admin.token) =>
  call(api.url, 'POST', `/api/admin/orders/${id}/refund-without-provider`, { token, body });
const adminCancel = (id: string) =>
  call(api.url, 'PUT', `/api/admin/update-status/${id}`, { token: world.admin.token, body: { status: 'cancelled' } });
const cancelsAsked = (providerOrderId: number) =>
  world.sim.requests.filter((r) => r.action === 'cancel' && r.params.orders?.split(',').includes(String(providerOrderId))).length;
const statusesAsked = (providerOrderId: number) =>
  world.sim.requests.filter(
    (r) =>
      r.action === 'status' &&
      (r.params.order === String(providerOrderId) || r.params.orders?.split(',').includes(String(providerOrderId))),
  ).length;
const v2Add = (link: string) => v2With(api.url, world.apiKey, { action: 'add', service: VIEWS_NUMBER, link, quantity: 1000 });

describe('refund without the provider', () => {
  it('cancels a sent order at a disabled provider with a full refund, audited with the reason and the risk, once', async () => {
    const { id, link, providerOrderId } = await sent();
    await setActive(false);
    try {
      // The customer's API v2 orders on that link are refused while it is open.
      expect(await v2Add(link)).toEqual({ error: expect.any(String) });

      const answer = await refundWithout(id, { reason: '  Provider closed its panel  ' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toEqual({
        message: 'Order cancelled and refunded without the provider’s confirmation',
        order: expect.objectContaining({ _id: id, status: 'cancelled', refund: 20 }),
      });
      // Nothing was asked of the provider.
      expect(cancelsAsked(providerOrderId)).toBe(0);
      const order = await orderOf(id);
      expect(order.refundPaisa).toBe(order.pricePaisa);
      expect(await ledgerOf(id)).toEqual(['debit', 'refund']);
      const f = await fulfilmentOf(id);
      expect(f).toMatchObject({
        state: 'sent',
        open: false,
        closedWithoutProvider: { by: world.admin.email, byUid: world.admin.uid, reason: 'Provider closed its panel' },
      });
      expect(f.syncDueAt).toBeUndefined();
      expect(await auditOf(id)).toEqual([
        expect.objectContaining({
          action: 'order_refund_without_provider',
          by: world.admin.email,
          reason: 'Provider closed its panel',
          before: { status: 'pending', fulfilment: 'sent' },
          after: {
            status: 'cancelled',
            refund: 20,
            providerId: PROVIDER_ID,
            providerOrderId: String(providerOrderId),
            risk: MESSAGES.refundWithoutProviderRisk,
            userId: world.customer.uid,
          },
        }),
      ]);
      // The admin's list shows it closed without the provider.
      const listed = await call(api.url, 'GET', `/api/admin/order?q=${id}`, { token: world.admin.token });
      expect(listed.body.orders[0].fulfilment.closedWithoutProvider).toEqual({
        at: expect.any(String),
        by: world.admin.email,
        reason: 'Provider closed its panel',
      });

      // Once: a second click answers order_final and refunds nothing.
      const again = await refundWithout(id, { reason: 'Again' });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'order_final' });
      expect(await ledgerOf(id)).toEqual(['debit', 'refund']);

      // The link is free again for the customer's API v2 orders (activeLinks released as for any final order).
      expect(await v2Add(link)).toEqual({ order: expect.any(Number) });
    } finally {
      await setActive(true);
    }
  });

  it('ends partial with the remains’ share refunded when the admin gives remains', async () => {
    const { id } = await sent();
    const tooMany = await refundWithout(id, { reason: 'Half delivered', remains: 1000 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'invalid_input', field: 'remains' });
    const none = await refundWithout(id, { reason: 'Half delivered', remains: 0 });
    expect(none.status).toBe(400);
    expect(await ledgerOf(id)).toEqual(['debit']);

    const answer = await refundWithout(id, { reason: 'Half delivered', remains: 400 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const order = await orderOf(id);
    expect(order).toMatchObject({ status: 'partial', remains: 400, refundPaisa: partialRefund(order.pricePaisa, 400, 1000) });
    expect(await ledgerOf(id)).toEqual(['debit', 'refund']);
    expect((await auditOf(id))[0]?.after).toMatchObject({ status: 'partial', remains: 400, refund: 8 });
  });

  it('closes an unknown order (its add got no answer) the same way', async () => {
    const { id } = await place();
    world.sim.fault({ action: 'add', kind: '500' });
    expect((await forwardOrder(id, deps())).kind).toBe('unknown');
    const answer = await refundWithout(id, { reason: 'Not in the provider’s panel' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await fulfilmentOf(id)).toMatchObject({ state: 'unknown', open: false, closedWithoutProvider: expect.any(Object) });
    expect(await ledgerOf(id)).toEqual(['debit', 'refund']);
    // Closed, it cannot be marked sent afterwards (the review's case): it stays closed and refunded.
    const marked = await call(api.url, 'POST', `/api/admin/orders/${id}/mark-sent`, {
      token: world.admin.token,
      body: { providerOrderId: 'p-late' },
    });
    expect(marked.status).toBe(409);
    expect(marked.body.code).toBe('order_final');
    expect(await fulfilmentOf(id)).toMatchObject({ state: 'unknown' });
  });

  it('refuses orders at no provider (not_at_provider), final ones (order_final), sending ones, and a missing reason', async () => {
    const queued = await place();
    const refusedQueued = await refundWithout(queued.id, { reason: 'Why not' });
    expect(refusedQueued.status).toBe(409);
    expect(refusedQueued.body).toEqual({ code: 'not_at_provider', message: MESSAGES.refundWithoutProviderOnly, field: 'status' });

    const failed = await place();
    world.sim.fault({ action: 'add', kind: 'error', message: 'Not enough funds on balance' });
    expect((await forwardOrder(failed.id, deps())).kind).toBe('failed');
    expect((await refundWithout(failed.id, { reason: 'Why not' })).body).toMatchObject({ code: 'not_at_provider' });

    // A manual order: its service not linked.
    const manual = await call(api.url, 'POST', '/api/order/place', {
      token: world.customer.token,
      body: { serviceId: 'ig-likes-instant', link: `https://instagram.com/p/rwp${Date.now()}`, quantity: 100 },
    });
    expect(manual.status, JSON.stringify(manual.body)).toBe(201);
    const manualId = manual.body.order._id as string;
    expect((await refundWithout(manualId, { reason: 'Why not' })).body).toMatchObject({ code: 'not_at_provider' });

    const done = await sent();
    expect(
      (await call(api.url, 'PUT', `/api/admin/update-status/${done.id}`, { token: world.admin.token, body: { status: 'completed' } }))
        .status,
    ).toBe(200);
    const final = await refundWithout(done.id, { reason: 'Why not' });
    expect(final.status).toBe(409);
    expect(final.body).toMatchObject({ code: 'order_final' });

    const sending = await place();
    await db.collection('orderFulfilment').doc(sending.id).update({ state: 'sending' });
    expect((await refundWithout(sending.id, { reason: 'Why not' })).body).toMatchObject({ code: 'order_sending' });
    await db.collection('orderFulfilment').doc(sending.id).update({ state: 'queued' });

    const open = await sent();
    for (const body of [{}, { reason: '   ' }, { reason: 'ok', extra: 1 }, { reason: 'x'.repeat(501) }]) {
      const refused = await refundWithout(open.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.code).toBe('invalid_input');
    }
    // Only an admin.
    expect((await refundWithout(open.id, { reason: 'Mine' }, world.customer.token)).status).toBe(403);
    for (const id of [queued.id, failed.id, manualId, open.id]) expect(await ledgerOf(id)).toEqual(['debit']);
    expect(await auditOf(open.id)).toEqual([]);
  });

  it('a late answer from the provider moves nothing: no second refund, no status, no count', async () => {
    const { id, providerOrderId } = await sent();
    expect((await refundWithout(id, { reason: 'Provider silent for a week' })).status).toBe(200);
    const closed = await orderOf(id);
    // The provider delivers after all, and a check was still due (a sync in flight, a cancel recorded late).
    world.sim.setOrder(providerOrderId, { status: 'completed', remains: 0 });
    await db
      .collection('orderFulfilment')
      .doc(id)
      .update({ syncDueAt: Timestamp.fromMillis(Date.now() - 1000) });
    await syncProvider(PROVIDER_ID, deps(later));
    const after = await orderOf(id);
    expect(after.status).toBe('cancelled');
    expect(after.refundPaisa).toBe(closed.refundPaisa);
    expect(after.progress).toEqual(closed.progress);
    expect(after.updatedAt.toMillis()).toBe(closed.updatedAt.toMillis());
    const f = await fulfilmentOf(id);
    expect(f.syncDueAt).toBeUndefined();
    expect(f.remains).toBeUndefined();
    expect(await ledgerOf(id)).toEqual(['debit', 'refund']);
    // A cancel asked now is refused as final (nothing asked upstream).
    expect((await adminCancel(id)).body).toMatchObject({ code: 'order_final' });
    expect(cancelsAsked(providerOrderId)).toBe(0);
  });

  it('records a late add of an unknown order closed meanwhile, flagged, never synced', async () => {
    const { id, link } = await place();
    world.sim.fault({ action: 'add', kind: 'slow', delayMs: 1000, link });
    const sending = forwardOrder(id, deps());
    await expect.poll(async () => (await fulfilmentOf(id)).state, { timeout: 5000 }).toBe('sending');
    await sweep(deps(LEASE_MS + 1000));
    expect((await fulfilmentOf(id)).state).toBe('unknown');
    expect((await refundWithout(id, { reason: 'No answer to add' })).status).toBe(200);
    expect((await sending).kind).toBe('sent');
    const f = await fulfilmentOf(id);
    expect(f).toMatchObject({ state: 'sent', open: false, flag: expect.stringContaining('after the order was closed') });
    expect(f.syncDueAt).toBeUndefined();
    expect(world.sim.addsReceived(link)).toBe(1);
    expect(await ledgerOf(id)).toEqual(['debit', 'refund']);
  });
});

describe('refund without the provider racing the other closes: the refund happens once', () => {
  it('against a sync that brings Canceled', async () => {
    const orders = await Promise.all([sent(), sent(), sent(), sent()]);
    for (const o of orders) world.sim.setOrder(o.providerOrderId, { status: 'cancelled', remains: 1000 });
    const [answers] = await Promise.all([
      Promise.all(orders.map((o) => refundWithout(o.id, { reason: 'Race' }))),
      syncProvider(PROVIDER_ID, deps(later)),
    ]);
    for (const [i, o] of orders.entries()) {
      const status = answers[i]?.status;
      // Either the admin's close came first (200) or the sync's Canceled did (409 order_final).
      expect([200, 409]).toContain(status);
      if (status === 409) expect(answers[i]?.body.code).toBe('order_final');
      expect((await orderOf(o.id)).status).toBe('cancelled');
      expect(await ledgerOf(o.id)).toEqual(['debit', 'refund']);
      const closedByAdmin = (await fulfilmentOf(o.id)).closedWithoutProvider !== undefined;
      expect(closedByAdmin).toBe(status === 200);
    }
    expect(await findMoneyViolations()).toEqual([]);
  });

  it('against the admin’s cancel and the customer’s API v2 cancel', async () => {
    const orders = await Promise.all([sent(), sent(), sent()]);
    await Promise.all(
      orders.flatMap((o) => [
        refundWithout(o.id, { reason: 'Race' }),
        adminCancel(o.id),
        v2With(api.url, world.apiKey, { action: 'cancel', orders: o.id }),
      ]),
    );
    // Whatever the provider accepted, the sync brings its Canceled afterwards: still one refund.
    await syncProvider(PROVIDER_ID, deps(later));
    for (const o of orders) {
      expect((await orderOf(o.id)).status).toBe('cancelled');
      expect(await ledgerOf(o.id)).toEqual(['debit', 'refund']);
    }
    expect(await findMoneyViolations()).toEqual([]);
  });
});

describe('a repeated cancel asks the provider again', () => {
  it('after an acceptance the provider never followed (not right away: a double click asks once)', async () => {
    const { id, providerOrderId } = await sent();
    // Accepted, but the provider does nothing.
    world.sim.fault({ action: 'cancel', kind: 'answer', answer: [{ order: providerOrderId, cancel: 1 }], perform: false });
    expect((await adminCancel(id)).status).toBe(202);
    expect((await adminCancel(id)).status).toBe(202);
    expect(cancelsAsked(providerOrderId)).toBe(1);
    await syncProvider(PROVIDER_ID, deps(CANCEL_CHECK_AFTER_MS + 1000));
    expect((await orderOf(id)).status).toBe('pending');

    // A while later, asked again: this time the provider cancels it, and its status refunds once.
    const at = Timestamp.fromMillis(Date.now() - CANCEL_ASK_AGAIN_AFTER_MS - 1000);
    await db.collection('orderFulfilment').doc(id).update({ 'cancel.at': at });
    expect((await adminCancel(id)).status).toBe(202);
    expect(cancelsAsked(providerOrderId)).toBe(2);
    expect(world.sim.orders.get(providerOrderId)?.status).toBe('cancelled');
    await syncProvider(PROVIDER_ID, deps(later));
    expect((await orderOf(id)).status).toBe('cancelled');
    expect(await ledgerOf(id)).toEqual(['debit', 'refund']);
  });
});

describe('a disabled, vanished or silent provider’s sent orders', () => {
  it('are still synced when the provider is disabled (it only stops new orders)', async () => {
    const { id, providerOrderId } = await sent();
    await setActive(false);
    try {
      world.sim.setOrder(providerOrderId, { status: 'partial', remains: 250 });
      const asked = statusesAsked(providerOrderId);
      const result = await syncAll(deps(later));
      expect(result.changed).toBeGreaterThanOrEqual(1);
      expect(statusesAsked(providerOrderId)).toBe(asked + 1);
      const order = await orderOf(id);
      expect(order).toMatchObject({ status: 'partial', remains: 250, refundPaisa: partialRefund(order.pricePaisa, 250, 1000) });
      expect(await ledgerOf(id)).toEqual(['debit', 'refund']);
      // Nothing due: the disabled provider is not asked.
      const requests = world.sim.requests.length;
      await syncAll(deps(0));
      expect(world.sim.requests.length).toBe(requests);
    } finally {
      await setActive(true);
    }
  });

  it('are marked unanswered while the provider is silent, listed among the sent ones, and the mark goes when it answers', async () => {
    const { id } = await sent();
    // A web page for the next two status calls (one a sync: every due order in one batch).
    world.sim.fault({ action: 'status', kind: 'html', times: 2 });
    await syncProvider(PROVIDER_ID, deps(later));
    const first = (await fulfilmentOf(id)).unansweredSince;
    expect(first).toBeDefined();
    await syncProvider(PROVIDER_ID, deps(2 * later));
    // Since the first check without an answer.
    expect((await fulfilmentOf(id)).unansweredSince?.toMillis()).toBe(first?.toMillis());
    const listed = await call(api.url, 'GET', '/api/admin/order?fulfilment=sent&limit=100', { token: world.admin.token });
    expect(listed.status).toBe(200);
    const mine = (listed.body.orders as { _id: string; fulfilment: { unansweredSince?: string } }[]).find((o) => o._id === id);
    expect(mine?.fulfilment.unansweredSince).toBe(first?.toDate().toISOString());
    // The provider answers again.
    await syncProvider(PROVIDER_ID, deps(3 * later));
    expect((await fulfilmentOf(id)).unansweredSince).toBeUndefined();
  });

  it('of a vanished provider stay listed for the admin, whose cancel cannot reach it, and are closed without it', async () => {
    const goneId = 'simRwpGone';
    await addProvider(goneId, world.sim.url, KEY);
    await linkService('tt-views-fast', goneId, '101', 0.95);
    const order = await sent();
    await linkService('tt-views-fast', PROVIDER_ID, '101', 0.95);
    expect((await fulfilmentOf(order.id)).providerId).toBe(goneId);
    await db.collection('providers').doc(goneId).delete();
    await db.collection('providerSecrets').doc(goneId).delete();

    const listed = await call(api.url, 'GET', '/api/admin/order?fulfilment=sent&limit=100', { token: world.admin.token });
    expect((listed.body.orders as { _id: string }[]).map((o) => o._id)).toContain(order.id);
    const cancel = await adminCancel(order.id);
    expect(cancel.status).toBe(502);
    expect(cancel.body).toMatchObject({ code: 'provider_unavailable' });
    // Asked again: still asked (no answer is no acceptance), still nothing.
    expect((await adminCancel(order.id)).status).toBe(502);

    expect((await refundWithout(order.id, { reason: 'Provider deleted' })).status).toBe(200);
    expect(await ledgerOf(order.id)).toEqual(['debit', 'refund']);
    const after = await call(api.url, 'GET', '/api/admin/order?fulfilment=sent&limit=100', { token: world.admin.token });
    expect((after.body.orders as { _id: string }[]).map((o) => o._id)).not.toContain(order.id);
    // Its activeLinks count is released.
    const doc = (await orderOf(order.id)) as OrderDoc;
    expect((await activeLinkRef(doc.activeLinkKey as string).get()).exists).toBe(false);
  });
});
