import { describe, expect, it } from 'vitest';
import { apiServerForFile, call, v2With } from '../../../tests/support/api';
import { placeOrder } from '../../../tests/support/orders';
import { providerWorldForFile } from '../../../tests/support/provider-world';
import { workerDeps } from '../../../tests/support/providers';
import { db } from '../lib/admin';
import type { FulfilmentDoc } from '../services/orders/fulfilment';
import { REFILL_SWEEP_AFTER_MS, type RefillDoc } from '../services/orders/refills';
import { MESSAGES } from '../shared/messages';
import { FIRST_SYNC_AFTER_MS, forwardOrder, LEASE_MS } from './forward';
import { REFILL_CHECK_EVERY_MS, REFILL_REASONS, refillDecisionOf, runRefillWork, sendRefill } from './refill';
import { runScheduledWork } from './scheduled';
import { syncProvider } from './sync';

const api = apiServerForFile({ moneyInvariants: true });
const KEY = 'sim-key-refill';
const PROVIDER_ID = 'simRefill1';
const SERVICE = 'tt-followers-hq';
const world = providerWorldForFile(api, {
  key: KEY,
  providerId: PROVIDER_ID,
  funds: 2000,
  links: [SERVICE],
  apiKey: true,
});
let linkCounter = 0;

/** The workers' deps: a short client deadline, so timeouts take a second, not twenty. */
const deps = workerDeps(() => world.sim.url, KEY);
const checkDue = REFILL_CHECK_EVERY_MS + 1000;

async function place(serviceId = SERVICE): Promise<string> {
  const handle = `refill${Date.now()}${++linkCounter}`;
  const link = serviceId.startsWith('ig-') ? `https://instagram.com/${handle}` : `https://tiktok.com/@${handle}`;
  return (await placeOrder(api.url, world.customer, { serviceId, link, quantity: 100 })).order._id as string;
}

/** An order sent to the simulator and completed there (the sync completes ours), then a refill asked through API v2. */
async function refillOfSentOrder(): Promise<{ orderId: string; refillId: string; providerOrderId: number }> {
  const orderId = await place();
  expect((await forwardOrder(orderId, deps())).kind).toBe('sent');
  const f = (await db.collection('orderFulfilment').doc(orderId).get()).data() as FulfilmentDoc;
  const providerOrderId = Number(f.providerOrderId);
  world.sim.setOrder(providerOrderId, { status: 'completed' });
  await syncProvider(PROVIDER_ID, deps(FIRST_SYNC_AFTER_MS + 1000));
  expect((await db.collection('orders').doc(orderId).get()).data()?.status).toBe('completed');
  const asked = await v2With(api.url, world.apiKey, { action: 'refill', order: orderId });
  expect(asked, JSON.stringify(asked)).toEqual({ refill: expect.any(Number) });
  return { orderId, refillId: String(asked.refill), providerOrderId };
}

const refillOf = async (id: string) => (await db.collection('refills').doc(id).get()).data() as RefillDoc;
/** The refill as its customer sees it on their order (/orders). */
const customerRefillOf = async (orderId: string) =>
  (await call(api.url, 'GET', `/api/orders/${orderId}`, { token: world.customer.token })).body.order.refill;
const refillsAsked = (providerOrderId: number) =>
  world.sim.requests.filter((r) => r.action === 'refill' && r.params.order === String(providerOrderId)).length;
const providerRefillIdOf = async (id: string) => Number((await refillOf(id)).upstream?.providerRefillId);

describe('a refill of a sent order', () => {
  it('is queued upstream with the request, asked of the provider once, and completed when its status says so', async () => {
    const { orderId, refillId, providerOrderId } = await refillOfSentOrder();
    expect(await customerRefillOf(orderId)).toMatchObject({ _id: refillId, state: 'requested' });
    expect((await refillOf(refillId)).upstream).toMatchObject({
      state: 'queued',
      providerId: PROVIDER_ID,
      providerOrderId: String(providerOrderId),
    });

    const outcomes = await Promise.all([sendRefill(refillId, deps()), sendRefill(refillId, deps())]);
    expect(outcomes.filter((o) => o.kind === 'sent')).toHaveLength(1);
    expect(await sendRefill(refillId, deps())).toEqual({ kind: 'skipped', state: 'sent' });
    expect(refillsAsked(providerOrderId)).toBe(1);
    const up = (await refillOf(refillId)).upstream;
    expect(up).toMatchObject({ state: 'sent', providerRefillId: expect.any(String) });
    expect(up?.lease).toBeUndefined();
    expect(await customerRefillOf(orderId)).toMatchObject({ state: 'in_progress' });

    // Still pending at the provider: ours waits, with the provider's word.
    expect(await runRefillWork(deps(checkDue))).toMatchObject({ checked: 1, decided: 0 });
    expect(await refillOf(refillId)).toMatchObject({ status: 'pending', upstream: { status: 'Pending' } });

    world.sim.setRefill(await providerRefillIdOf(refillId), 'Completed');
    expect(await runRefillWork(deps(2 * checkDue))).toMatchObject({ decided: 1 });
    const decided = await refillOf(refillId);
    expect(decided).toMatchObject({ status: 'completed', upstream: { state: 'sent', status: 'Completed' } });
    expect(decided.upstream?.dueAt).toBeUndefined();
    expect(await customerRefillOf(orderId)).toMatchObject({ state: 'completed', decidedAt: expect.any(String) });
    expect((await db.collection('orders').doc(decided.orderId).get()).data()?.refillPendingId).toBeNull();
    expect(await v2With(api.url, world.apiKey, { action: 'refill_status', refill: refillId })).toEqual({ status: 'Completed' });

    // Decided once: neither the sync nor the admin decides it again.
    expect(await runRefillWork(deps(3 * checkDue))).toMatchObject({ checked: 0 });
    const late = await call(api.url, 'POST', `/api/admin/refills/${refillId}/reject`, { token: world.admin.token });
    expect(late.status).toBe(409);
    const listed = await call(api.url, 'GET', '/api/admin/refills?status=completed&limit=100', { token: world.admin.token });
    expect(listed.body.refills.find((r: { _id: string }) => r._id === refillId)).toMatchObject({
      upstream: { state: 'sent', status: 'Completed' },
    });
  });

  it.each(['Rejected', 'Canceled'])('is rejected when the provider’s status says %s', async (word) => {
    const { orderId, refillId } = await refillOfSentOrder();
    await sendRefill(refillId, deps());
    world.sim.setRefill(await providerRefillIdOf(refillId), word);
    await runRefillWork(deps(checkDue));
    expect(await refillOf(refillId)).toMatchObject({ status: 'rejected' });
    expect(await customerRefillOf(orderId)).toMatchObject({ state: 'rejected', reason: MESSAGES.refillRejectedByProvider });
    expect(await v2With(api.url, world.apiKey, { action: 'refill_status', refill: refillId })).toEqual({ status: 'Rejected' });
  });

  it('records a refusal as failed with the provider’s message, never asks again, and the admin decides by hand', async () => {
    const { refillId, providerOrderId } = await refillOfSentOrder();
    world.sim.fault({ action: 'refill', kind: 'error', message: 'Refill is disabled for this service' });
    expect(await runScheduledWork(deps(checkDue))).toMatchObject({ refills: { sent: 0 } });
    expect((await refillOf(refillId)).upstream).toMatchObject({ state: 'failed', error: 'Refill is disabled for this service' });
    await runRefillWork(deps(2 * checkDue));
    expect(refillsAsked(providerOrderId)).toBe(1);
    const done = await call(api.url, 'POST', `/api/admin/refills/${refillId}/complete`, { token: world.admin.token });
    expect(done.status).toBe(200);
    expect(done.body.refill).toMatchObject({ status: 'completed', upstream: { state: 'failed' } });
    const audit = await db.collection('audit').where('subject', '==', `refills/${refillId}`).get();
    expect(audit.docs.map((d) => d.data().action)).toEqual(['refill_complete']);
  });

  it('records a timeout as unknown, never asked again by itself', async () => {
    const { refillId, providerOrderId } = await refillOfSentOrder();
    world.sim.fault({ action: 'refill', kind: 'timeout' });
    expect((await sendRefill(refillId, deps())).kind).toBe('unknown');
    expect((await refillOf(refillId)).upstream?.state).toBe('unknown');
    await runRefillWork(deps(checkDue));
    await runRefillWork(deps(LEASE_MS + checkDue));
    expect(refillsAsked(providerOrderId)).toBe(1);
    expect((await refillOf(refillId)).status).toBe('pending');
  });

  it('turns an abandoned ask into unknown when its lease runs out', async () => {
    const { refillId, providerOrderId } = await refillOfSentOrder();
    world.sim.fault({ action: 'refill', kind: 'timeout' });
    const asking = sendRefill(refillId, deps());
    await expect.poll(async () => (await refillOf(refillId)).upstream?.state, { timeout: 5000 }).toBe('sending');
    expect(await runRefillWork(deps(LEASE_MS + 1000))).toMatchObject({ expired: 1 });
    expect((await refillOf(refillId)).upstream).toMatchObject({ state: 'unknown', error: REFILL_REASONS.leaseExpired });
    expect((await asking).kind).toBe('late');
    expect(refillsAsked(providerOrderId)).toBe(1);
  });

  it('stops starting calls when its time is spent (the rest of the run must not starve); the next run asks the rest', async () => {
    const refills = [await refillOfSentOrder(), await refillOfSentOrder()];
    world.sim.fault({ action: 'refill', kind: 'slow', delayMs: 700, times: 2 });
    // Their trigger lost: each is the run's to ask, one call after another.
    const due = deps(REFILL_SWEEP_AFTER_MS + 1000);
    await runRefillWork(due, 500);
    const states = await Promise.all(refills.map(async (r) => (await refillOf(r.refillId)).upstream?.state));
    expect(states.filter((s) => s === 'sent')).toHaveLength(1);
    expect(states.filter((s) => s === 'queued')).toHaveLength(1);
    await runRefillWork(due, 500);
    for (const r of refills) {
      expect((await refillOf(r.refillId)).upstream?.state).toBe('sent');
      expect(refillsAsked(r.providerOrderId)).toBe(1);
    }
  });

  it('stops following a refill the admin decided by hand', async () => {
    const { refillId } = await refillOfSentOrder();
    await sendRefill(refillId, deps());
    expect((await refillOf(refillId)).upstream?.state).toBe('sent');
    const before = world.sim.requests.filter((r) => r.action === 'refill_status').length;
    expect((await call(api.url, 'POST', `/api/admin/refills/${refillId}/reject`, { token: world.admin.token })).status).toBe(200);
    expect((await refillOf(refillId)).upstream?.dueAt).toBeUndefined();
    await runRefillWork(deps(checkDue));
    expect(world.sim.requests.filter((r) => r.action === 'refill_status').length).toBe(before);
    expect((await refillOf(refillId)).status).toBe('rejected');
  });
});

it('keeps a manual order’s refill for the admin alone', async () => {
  const orderId = await place('ig-followers-hq');
  const done = await call(api.url, 'PUT', `/api/admin/update-status/${orderId}`, {
    token: world.admin.token,
    body: { status: 'completed' },
  });
  expect(done.status).toBe(200);
  const asked = await v2With(api.url, world.apiKey, { action: 'refill', order: orderId });
  expect((await refillOf(String(asked.refill))).upstream).toBeUndefined();
});

it('maps the provider’s refill words', () => {
  expect(refillDecisionOf(' COMPLETED ')).toBe('completed');
  expect(refillDecisionOf('Rejected')).toBe('rejected');
  expect(refillDecisionOf('Cancelled')).toBe('rejected');
  expect(refillDecisionOf('In progress')).toBeNull();
  expect(refillDecisionOf('Pending')).toBeNull();
});
