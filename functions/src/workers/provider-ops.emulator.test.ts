// Providers that look after themselves, over the real emulators with the demo provider:
// balances refreshed by the scheduled run (ok, refused, too slow, one slow provider holding no other),
// low balance both ways, orders waiting for funds released once funds arrive, a burst that cannot spend
// the cached balance twice, the automatic refund of failed orders, and the admin's Sync now.
import { Timestamp } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import { type DemoProvider, startDemoProvider } from '../../../scripts/lib/demo-provider';
import { apiServerForFile, call } from '../../../tests/support/api';
import { placeViews, providerWorldForFile } from '../../../tests/support/provider-world';
import { providerFields, workerDeps } from '../../../tests/support/providers';
import { completeRun, requestAndRun } from '../../../tests/support/worker-runs';
import { db } from '../lib/admin';
import type { FulfilmentDoc } from '../services/orders/fulfilment';
import type { OrderDoc } from '../services/orders/orders';
import type { ProviderDoc } from '../services/providers/provider-store';
import { DEFAULT_FORWARDING_SETTINGS, PROVIDER_MESSAGES } from '../shared/providers';
import { EMULATOR_NETWORK } from '../upstream/addresses';
import { createProviderClient } from '../upstream/client';
import { REFUND_LEASE_MS, refundFailedOrders } from './auto-refund';
import { BALANCE_MAX_AGE_MS, refreshBalances } from './balances';
import { type ForwardDeps, forwardOrder, REASONS, sweep } from './forward';
import { runLeaseRef, runScheduledWork } from './scheduled';

const api = apiServerForFile({ moneyInvariants: true });
const KEY = 'sim-key-ops';
const PROVIDER_ID = 'opsProvider1';
const RATE_TO_PKR = 2.8;
/** Per 1000 in USD: an order of 1000 costs us Rs 2.66 (266 paisa). */
const COST = 0.95;
const ORDER_COST_PAISA = 266;
const HOUR = 3_600_000;
const world = providerWorldForFile(api, {
  key: KEY,
  providerId: PROVIDER_ID,
  funds: 5000,
  links: ['tt-views-fast'],
  cost: COST,
  provider: () => ({ rateToPkr: RATE_TO_PKR, balance: 1000, balanceCheckedAt: Timestamp.now() }),
});

const deps = workerDeps(() => world.sim.url, KEY);
const providerRef = () => db.collection('providers').doc(PROVIDER_ID);
const providerDoc = async () => (await providerRef().get()).data() as ProviderDoc;
const claimedDoc = async () => (await db.collection('providerClaims').doc(PROVIDER_ID).get()).data();
const fulfilmentOf = async (id: string) => (await db.collection('orderFulfilment').doc(id).get()).data() as FulfilmentDoc;
const orderOf = async (id: string) => (await db.collection('orders').doc(id).get()).data() as OrderDoc;
const balanceCalls = (server: DemoProvider) => server.requests.filter((r) => r.action === 'balance').length;

/** Each test's provider: funds checked just now (the shared defaults have no balance read yet). */
const funded = (url: string, fields: Partial<ProviderDoc> = {}) =>
  providerFields(url, KEY, { rateToPkr: RATE_TO_PKR, balance: 1000, balanceCheckedAt: Timestamp.now(), ...fields });

afterEach(async () => {
  // Each test starts with a provider that has funds, checked just now, and no automatic refund.
  await providerRef().set(funded(world.sim.url));
  await db.collection('providerClaims').doc(PROVIDER_ID).delete();
  world.sim.setBalance('1000.00');
  await db.collection('settings').doc('forwarding').set(DEFAULT_FORWARDING_SETTINGS);
});

const place = () => placeViews(api, world, 'ops');

async function adminProvider() {
  const answer = await call(api.url, 'GET', '/api/admin/providers', { token: world.admin.token });
  expect(answer.status).toBe(200);
  return answer.body.providers.find((p: { _id: string }) => p._id === PROVIDER_ID);
}

describe('balance refresh', () => {
  it('asks a provider whose balance is older than ten minutes, records it and leaves a fresh one alone', async () => {
    world.sim.setBalance('42.50');
    const calls = balanceCalls(world.sim);
    expect(await refreshBalances(deps())).toEqual({ asked: 0, failed: 0 });
    expect(balanceCalls(world.sim)).toBe(calls);
    const result = await refreshBalances(deps(BALANCE_MAX_AGE_MS + 1000));
    expect(result).toEqual({ asked: 1, failed: 0 });
    const doc = await providerDoc();
    expect(doc.balance).toBe(42.5);
    expect(doc.balanceCheckedAt?.toMillis()).toBeGreaterThan(Date.now());
    expect(doc.balanceError).toBeUndefined();
    expect((await adminProvider()).balanceError).toBeNull();
  });

  it('keeps the old balance on a refusal and records why, asks again ten minutes later, and clears it on success', async () => {
    world.sim.fault({ action: 'balance', kind: 'error', message: 'Invalid API key' });
    expect(await refreshBalances(deps(BALANCE_MAX_AGE_MS + 1000))).toEqual({ asked: 1, failed: 1 });
    const before = await providerDoc();
    expect(before.balance).toBe(1000);
    expect(before.balanceError).toBe('The provider answered: Invalid API key');
    expect((await adminProvider()).balanceError).toBe('The provider answered: Invalid API key');
    // Asked again only ten minutes after the failed call.
    expect(await refreshBalances(deps(BALANCE_MAX_AGE_MS + 60_000))).toEqual({ asked: 0, failed: 0 });
    world.sim.setBalance('7.00');
    expect(await refreshBalances(deps(2 * BALANCE_MAX_AGE_MS + 2000))).toEqual({ asked: 1, failed: 0 });
    const after = await providerDoc();
    expect(after.balance).toBe(7);
    expect(after.balanceError).toBeUndefined();
  });

  it('gives up on a provider that does not answer by the deadline, without holding the others', async () => {
    const other = await startDemoProvider({ key: 'sim-key-other', balance: '55.00' });
    const otherRef = db.collection('providers').doc('opsProvider2');
    try {
      await otherRef.set(funded(other.url, { balanceCheckedAt: null, balance: null }));
      world.sim.fault({ action: 'balance', kind: 'timeout' });
      // A client with a long deadline of its own: the refresh's deadline is what cuts the call.
      const slowDeps: ForwardDeps = {
        now: () => Date.now() + BALANCE_MAX_AGE_MS + 1000,
        clientFor: async (id) =>
          createProviderClient(
            id === PROVIDER_ID
              ? { url: world.sim.url, key: KEY, timeoutMs: 30_000, network: EMULATOR_NETWORK }
              : { url: other.url, key: 'sim-key-other', timeoutMs: 30_000, network: EMULATOR_NETWORK },
          ),
      };
      const started = Date.now();
      expect(await refreshBalances(slowDeps, 800)).toEqual({ asked: 2, failed: 1 });
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await providerDoc()).balance).toBe(1000);
      // The one text of no answer (the log says it was the refresh's deadline).
      expect((await providerDoc()).balanceError).toBe(PROVIDER_MESSAGES.noUsableAnswer);
      expect((await otherRef.get()).data()).toMatchObject({ balance: 55 });
    } finally {
      await otherRef.delete();
      await other.close();
    }
  });
});

describe('low balance', () => {
  it('is low under the threshold, and not above it', async () => {
    expect((await adminProvider()).lowBalance).toBe(false);
    await providerRef().update({ lowBalanceBelow: 2000 });
    expect((await adminProvider()).lowBalance).toBe(true);
  });

  it('is low while orders wait for funds, though over the threshold, and the counts show them', async () => {
    // Rs 1.40 at the provider: above a threshold of 0.1 USD, under the order's Rs 2.66.
    await providerRef().update({ balance: 0.5, lowBalanceBelow: 0.1 });
    expect((await adminProvider()).lowBalance).toBe(false);
    const { id, link } = await place();
    expect(await forwardOrder(id, deps())).toEqual({ kind: 'skipped', state: 'queued', reason: REASONS.lowBalance });
    const shown = await adminProvider();
    expect(shown.lowBalance).toBe(true);
    expect(shown.orders).toMatchObject({ waiting: 1 });
    expect(world.sim.addsReceived(link)).toBe(0);

    // Funds arrive at the provider: the next run's refresh sees them, and its sweep sends the order at
    // once (not WAIT_RETRY_MS later, when a waiting order is otherwise tried again).
    world.sim.setBalance('100.00');
    await providerRef().update({ balanceCheckedAt: Timestamp.fromMillis(Date.now() - BALANCE_MAX_AGE_MS - 1000) });
    const run = await runScheduledWork(deps());
    expect(run?.balances).toEqual({ asked: 1, failed: 0 });
    expect(run?.sweep.sent).toBe(1);
    expect(await fulfilmentOf(id)).toMatchObject({ state: 'sent' });
    expect(world.sim.addsReceived(link)).toBe(1);
    const after = await adminProvider();
    expect(after.lowBalance).toBe(false);
    expect(after.orders.waiting).toBe(0);
  });

  it('does not let a burst spend the cached balance once per order', async () => {
    // Rs 6.02 cached: two orders of Rs 2.66 fit, a third does not, however fast they come.
    await providerRef().update({ balance: 2.15 });
    const orders = [await place(), await place(), await place()];
    const outcomes = await Promise.all(orders.map((o) => forwardOrder(o.id, deps())));
    expect(outcomes.filter((o) => o.kind === 'sent')).toHaveLength(2);
    expect(outcomes.filter((o) => o.kind === 'skipped')).toEqual([{ kind: 'skipped', state: 'queued', reason: REASONS.lowBalance }]);
    expect(await claimedDoc()).toEqual({ claimedPaisa: 2 * ORDER_COST_PAISA });
    // Counted in its own document: the provider's, which every placement reads, is not written per claim.
    expect(await providerDoc()).not.toHaveProperty('claimedPaisa');
    // A fresh balance starts the count again from what the provider says.
    await refreshBalances(deps(BALANCE_MAX_AGE_MS + 1000));
    expect(await providerDoc()).toMatchObject({ balance: Number(world.sim.balance()) });
    expect(await claimedDoc()).toEqual({ claimedPaisa: 0 });
  });
});

describe('what is left to do', () => {
  it('counts and lists failed and unknown orders while they are open; the admin’s cancel closes them', async () => {
    const failed = await place();
    world.sim.fault({ action: 'add', kind: 'error', message: 'Not enough funds on balance' });
    expect(await forwardOrder(failed.id, deps())).toMatchObject({ kind: 'failed' });
    const unknown = await place();
    world.sim.fault({ action: 'add', kind: 'html' });
    expect(await forwardOrder(unknown.id, deps())).toMatchObject({ kind: 'unknown' });
    const before = (await adminProvider()).orders;
    const listed = async (state: string) =>
      (await call(api.url, 'GET', `/api/admin/order?fulfilment=${state}&limit=200`, { token: world.admin.token })).body.orders.map(
        (o: { _id: string }) => o._id,
      );
    expect(await listed('failed')).toContain(failed.id);
    expect(await listed('unknown')).toContain(unknown.id);

    for (const { id } of [failed, unknown]) {
      const res = await call(api.url, 'PUT', `/api/admin/update-status/${id}`, { token: world.admin.token, body: { status: 'cancelled' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const after = (await adminProvider()).orders;
    expect(after.failed).toBe(before.failed - 1);
    expect(after.unknown).toBe(before.unknown - 1);
    expect(await listed('failed')).not.toContain(failed.id);
    expect(await listed('unknown')).not.toContain(unknown.id);
    // Still what it was at the provider (the history), no longer open.
    expect(await fulfilmentOf(failed.id)).toMatchObject({ state: 'failed', open: false });
    expect((await fulfilmentOf(failed.id)).failedAt).toBeUndefined();
  });
});

describe('automatic refund of failed orders', () => {
  const setHours = (failedRefundHours: number | null) =>
    db
      .collection('settings')
      .doc('forwarding')
      .set({ ...DEFAULT_FORWARDING_SETTINGS, failedRefundHours });
  const refundEntries = async (id: string) =>
    (
      await db
        .collection('users')
        .doc(world.customer.uid)
        .collection('ledger')
        .where('orderId', '==', id)
        .where('type', '==', 'refund')
        .get()
    ).size;

  async function failed(): Promise<string> {
    const { id } = await place();
    world.sim.fault({ action: 'add', kind: 'error', message: 'Incorrect service' });
    expect(await forwardOrder(id, deps())).toMatchObject({ kind: 'failed' });
    return id;
  }

  it('refunds a failed order once after the admin’s hours, audited as the system’s, never before', async () => {
    await setHours(2);
    const id = await failed();
    expect(await refundFailedOrders(deps(HOUR))).toBe(0);
    expect((await orderOf(id)).status).toBe('pending');
    expect(await refundFailedOrders(deps(2 * HOUR + 60_000))).toBe(1);
    const order = await orderOf(id);
    expect(order.status).toBe('cancelled');
    expect(await refundEntries(id)).toBe(1);
    const f = await fulfilmentOf(id);
    expect(f.failedAt).toBeUndefined();
    expect(f.refundLease).toBeUndefined();
    expect(await refundFailedOrders(deps(3 * HOUR))).toBe(0);
    expect(await refundEntries(id)).toBe(1);
    const audit = await db.collection('audit').where('subject', '==', `orders/${id}`).get();
    expect(audit.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({
        action: 'status',
        by: 'forwarding',
        byUid: 'system',
        after: expect.objectContaining({ status: 'cancelled' }),
      }),
    ]);
  });

  it('never refunds by itself when the admin set no hours', async () => {
    const id = await failed();
    expect(await refundFailedOrders(deps(1000 * HOUR))).toBe(0);
    expect((await orderOf(id)).status).toBe('pending');
    expect(await refundEntries(id)).toBe(0);
    // Cancelled by the admin so that no test after this one finds it.
    await call(api.url, 'PUT', `/api/admin/update-status/${id}`, { token: world.admin.token, body: { status: 'cancelled' } });
  });

  it('never refunds an order the admin resent meanwhile, nor one the admin cancelled', async () => {
    await setHours(1);
    const resent = await failed();
    const answer = await call(api.url, 'POST', `/api/admin/orders/${resent}/resend`, { token: world.admin.token, body: {} });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await forwardOrder(resent, deps())).toMatchObject({ kind: 'sent' });
    const cancelled = await failed();
    const cancel = await call(api.url, 'PUT', `/api/admin/update-status/${cancelled}`, {
      token: world.admin.token,
      body: { status: 'cancelled' },
    });
    expect(cancel.status).toBe(200);
    expect(await refundFailedOrders(deps(2 * HOUR))).toBe(0);
    expect((await orderOf(resent)).status).toBe('pending');
    expect(await refundEntries(resent)).toBe(0);
    expect(await refundEntries(cancelled)).toBe(1);
    expect((await fulfilmentOf(cancelled)).failedAt).toBeUndefined();
  });

  it('refuses a Resend while the automatic refund holds the order', async () => {
    const id = await failed();
    await db
      .collection('orderFulfilment')
      .doc(id)
      .update({ refundLease: { token: 'held', until: Timestamp.fromMillis(Date.now() + REFUND_LEASE_MS) } });
    const answer = await call(api.url, 'POST', `/api/admin/orders/${id}/resend`, { token: world.admin.token, body: {} });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('conflict');
    expect((await fulfilmentOf(id)).state).toBe('failed');
    // Cancelled by the admin so that no test after this one finds it.
    await call(api.url, 'PUT', `/api/admin/update-status/${id}`, { token: world.admin.token, body: { status: 'cancelled' } });
  });
});

describe('POST /api/admin/providers/sync', () => {
  it('forwards the queued orders and syncs the sent ones now, answering the numbers', async () => {
    // Everything earlier in this file is settled: nothing else is due now.
    await sweep(deps());
    const lost = await place();
    // Its trigger was lost a while ago: due for the sweep.
    await db
      .collection('orderFulfilment')
      .doc(lost.id)
      .update({ sweepAt: Timestamp.fromMillis(Date.now() - 1000) });
    const sent = await place();
    expect(await forwardOrder(sent.id, deps())).toMatchObject({ kind: 'sent' });
    const providerOrderId = Number((await fulfilmentOf(sent.id)).providerOrderId);
    world.sim.setOrder(providerOrderId, { status: 'completed' });
    await db
      .collection('orderFulfilment')
      .doc(sent.id)
      .update({ syncDueAt: Timestamp.fromMillis(Date.now() - 1000) });

    const answer = await requestAndRun(api.url, world.admin.token, '/api/admin/providers/sync');
    expect(answer.state, JSON.stringify(answer)).toBe('done');
    expect(answer.result).toEqual({ sent: 1, checked: 1, changed: 1 });
    expect(world.sim.addsReceived(lost.link)).toBe(1);
    expect((await orderOf(sent.id)).status).toBe('completed');
    // Nothing left to do: a second press sends and changes nothing, and writes no audit entry.
    expect((await requestAndRun(api.url, world.admin.token, '/api/admin/providers/sync')).result).toEqual({
      sent: 0,
      checked: 0,
      changed: 0,
    });
    expect((await db.collection('audit').where('subject', '==', `providers/${PROVIDER_ID}`).get()).size).toBe(0);
  });

  it("leaves the reports' fold to the schedule (its budget does not fit in a request), which still folds", async () => {
    // A ledger entry old enough for the fold: "Sync now" must leave it (and the fold's state) alone.
    await db
      .collection('users')
      .doc(world.customer.uid)
      .collection('ledger')
      .doc('credit-sync-now-fold')
      .set({
        type: 'credit',
        amountPaisa: 100,
        balanceAfterPaisa: 0,
        rechargeId: 'sync-now-fold',
        at: Timestamp.fromMillis(Date.now() - HOUR),
      });
    const state = () => db.collection('reportFold').doc('state').get();
    const before = await state();
    const answer = await requestAndRun(api.url, world.admin.token, '/api/admin/providers/sync');
    expect(answer.state, JSON.stringify(answer)).toBe('done');
    const after = await state();
    expect(after.exists).toBe(before.exists);
    expect(after.updateTime?.toMillis()).toBe(before.updateTime?.toMillis());
    // The scheduled run (and the ticker) fold.
    const run = await runScheduledWork(deps());
    expect(run?.reports?.ledger).toBeGreaterThanOrEqual(1);
    // The entry is no customer's real money: taken out again, its figures with it (the store is this file's).
    await db.collection('users').doc(world.customer.uid).collection('ledger').doc('credit-sync-now-fold').delete();
  });

  it('answers 202 and a run that ends busy (conflict) while another run holds the lease, and is admins’ only', async () => {
    await runLeaseRef().set({ token: 'scheduled-run', until: Timestamp.fromMillis(Date.now() + 60_000) });
    try {
      const busy = await requestAndRun(api.url, world.admin.token, '/api/admin/providers/sync');
      expect(busy.state).toBe('busy');
      expect(busy.error?.code).toBe('conflict');
      expect(busy.error?.message).toBe('A sync is already running: its results show in a minute');
    } finally {
      await runLeaseRef().delete();
    }
    expect((await call(api.url, 'POST', '/api/admin/providers/sync', { body: {} })).status).toBe(401);
    expect((await call(api.url, 'POST', '/api/admin/providers/sync', { token: world.customer.token, body: {} })).status).toBe(403);
  });

  it('records the run (queued, with who asked), answers where to follow it, and shows it to admins only', async () => {
    const started = await call(api.url, 'POST', '/api/admin/providers/sync', { token: world.admin.token, body: {} });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ run: { kind: 'scheduled', state: 'queued' } });
    expect(started.body.follow).toBe(`/api/admin/providers/sync/${started.body.run.id}`);
    expect(started.headers.get('location')).toBe(started.body.follow);
    const stored = (await db.collection('workerRuns').doc(started.body.run.id).get()).data();
    expect(stored).toMatchObject({ kind: 'scheduled', state: 'queued', requestedBy: { uid: world.admin.uid, email: world.admin.email } });
    expect(stored?.expiresAt.toMillis()).toBeGreaterThan(Date.now() + 23 * HOUR);
    const queued = await call(api.url, 'GET', started.body.follow, { token: world.admin.token });
    expect(queued.body.run).toMatchObject({ id: started.body.run.id, state: 'queued' });
    expect((await call(api.url, 'GET', started.body.follow, {})).status).toBe(401);
    expect((await call(api.url, 'GET', started.body.follow, { token: world.customer.token })).status).toBe(403);
    expect((await call(api.url, 'GET', '/api/admin/providers/sync/nope', { token: world.admin.token })).status).toBe(404);
    const done = await completeRun(api.url, world.admin.token, started);
    expect(done.body.run).toMatchObject({ state: 'done', result: { sent: expect.any(Number) } });
    // A second delivery of the trigger finds it done and runs nothing again.
    const { runRequestedWork } = await import('./runs');
    await runRequestedWork(started.body.run.id, deps());
    expect((await call(api.url, 'GET', started.body.follow, { token: world.admin.token })).body.run).toEqual(done.body.run);
  });
});
