// Drip-feed orders over the real emulators, with the demo provider on a free port:
// placement pays the whole once and starts run 1 as an order of its own, the worker starts each run when
// due (once, whatever overlaps) and completes the drip-feed after the last, a stop refunds exactly the
// runs not started (once, also against the worker racing it), a run refunded upstream refunds at most
// its run's price, and a replayed key places nothing twice. The money invariants hold after the file.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiServerForFile, call, createUser, fund, retryWhileBusy, type TestUser, v2With } from '../../../tests/support/api';
import { expectMoneyInvariants } from '../../../tests/support/money-invariants';
import { providerWorldForFile } from '../../../tests/support/provider-world';
import { fulfilmentOf, orderOf, workerDeps } from '../../../tests/support/providers';
import { fundedUser } from '../../../tests/support/users';
import { db } from '../lib/admin';
import { isAppError } from '../lib/errors';
import { activeLinkKey, type OrderDoc, updateOrderStatus } from '../services/orders/orders';
import { requestRefill } from '../services/orders/refills';
import { API_V2_ERRORS } from '../shared/api-v2';
import { DRIP_FEED_MESSAGES } from '../shared/drip-feed';
import { orderPrice, partialRefund } from '../shared/money';
import { providerCostPaisa } from '../shared/providers';
import { startDueRun, startDueRuns } from './drip-feed';
import { forwardOrder } from './forward';
import { runScheduledWork } from './scheduled';
import { syncProvider } from './sync';

const api = apiServerForFile({ moneyInvariants: true });
const KEY = 'sim-key-drip';
const PROVIDER_ID = 'simDrip1';
const MINUTE = 60_000;
/** Linked to the provider: Rs 20 per 1000 (Rs 20 a run of 1000). */
const LINKED = 'tt-views-fast';
/** Not linked (manual), Rs 40 per 1000, and its orders may not be cancelled by the customer. */
const MANUAL = 'tt-views-hq';
const world = providerWorldForFile(api, {
  key: KEY,
  providerId: PROVIDER_ID,
  funds: 5000,
  links: [LINKED],
  apiKey: true,
});
let linkCounter = 0;

/** The forwarding workers' deps, the clock moved by `offsetMs`. */
const deps = workerDeps(() => world.sim.url, KEY);
const clock = (offsetMs: number) => ({ now: () => Date.now() + offsetMs });
const nextLink = () => `https://tiktok.com/@drip/video/${Date.now()}${++linkCounter}`;

beforeAll(async () => {
  for (const [id, patch] of [
    [LINKED, { dripfeed: true }],
    [MANUAL, { dripfeed: true, cancelAllowed: false }],
  ] as const) {
    const res = await call(api.url, 'PATCH', `/api/admin/services/${id}`, { token: world.admin.token, body: patch });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.service.dripfeed).toBe(true);
  }
});

interface Placed {
  id: string;
  link: string;
  body: any;
}

async function place(
  user: TestUser,
  body: { serviceId?: string; quantity?: number; runs?: number; interval?: number; price?: number },
  headers: Record<string, string> = {},
): Promise<Placed> {
  const link = nextLink();
  // A client's retry: `busy` (503) wrote nothing and the same key may be sent again (README, idempotency).
  // A burst of placements on a loaded machine can get it; what these tests check begins once it is placed.
  const key = headers['Idempotency-Key'] ?? `drip-${link}`;
  const res = await retryWhileBusy(
    () =>
      call(api.url, 'POST', '/api/order/place', {
        token: user.token,
        headers: { ...headers, 'Idempotency-Key': key },
        body: { serviceId: LINKED, link, quantity: 1000, runs: 3, interval: 10, ...body },
      }),
    (answer) => answer.status === 503 && answer.body.code === 'busy',
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.order._id as string, link, body: res.body };
}

const balanceOf = async (user: TestUser) => ((await db.collection('users').doc(user.uid).get()).get('balancePaisa') as number) ?? 0;
const ledgerOf = async (user: TestUser, orderId: string) =>
  (await db.collection('users').doc(user.uid).collection('ledger').where('orderId', '==', orderId).get()).docs.map((d) => ({
    id: d.id,
    type: d.get('type'),
    amountPaisa: d.get('amountPaisa'),
  }));
const runsOf = async (parentId: string) =>
  (await db.collection('orders').where('dripRun.parentId', '==', parentId).get()).docs
    .map((d) => ({ id: d.id, order: d.data() as OrderDoc }))
    .sort((a, b) => (a.order.dripRun?.run ?? 0) - (b.order.dripRun?.run ?? 0));
const activeCount = async (user: TestUser, link: string, serviceId = LINKED) =>
  ((
    await db
      .collection('activeLinks')
      .doc(activeLinkKey(user.uid, serviceId, link))
      .get()
  ).get('count') as number | undefined) ?? 0;

describe('placement', () => {
  it('charges run price × runs once and starts run 1 as its own order, sent upstream as its own provider order', async () => {
    const before = await balanceOf(world.customer);
    const { id, link, body } = await place(world.customer, { price: 60 });
    expect(body.order).toMatchObject({
      _id: id,
      quantity: 3000,
      price: 60,
      status: 'processing',
      dripFeed: { runs: 3, interval: 10, quantity: 1000, runsDone: 1, orders: [expect.any(Number)] },
    });
    const nextRunAt = Date.parse(body.order.dripFeed.nextRunAt);
    expect(Math.abs(nextRunAt - (Date.parse(body.order.createdAt) + 10 * MINUTE))).toBeLessThan(1000);
    expect(body.balance * 100).toBe(before - 6000);
    expect(await balanceOf(world.customer)).toBe(before - 6000);

    // Paid once, by the drip-feed; the run has no ledger entry of its own, and the drip-feed no fulfilment.
    const [run] = await runsOf(id);
    expect(run?.id).toBe(String(body.order.dripFeed.orders[0]));
    expect(await ledgerOf(world.customer, id)).toEqual([{ id: `debit-${id}`, type: 'debit', amountPaisa: 6000 }]);
    expect(await ledgerOf(world.customer, run?.id as string)).toEqual([]);
    expect((await db.collection('orderFulfilment').doc(id).get()).exists).toBe(false);
    expect(run?.order).toMatchObject({
      status: 'pending',
      quantity: 1000,
      pricePaisa: 2000,
      link,
      serviceId: LINKED,
      dripRun: { parentId: id, run: 1, runs: 3 },
    });
    expect(await fulfilmentOf(run?.id as string)).toMatchObject({
      state: 'queued',
      providerId: PROVIDER_ID,
      providerServiceId: '101',
      costPaisa: providerCostPaisa(0.95, 2.8, 1000),
    });
    // The drip-feed and its run both count as active orders on the link.
    expect(await activeCount(world.customer, link)).toBe(2);

    expect((await forwardOrder(run?.id as string, deps())).kind).toBe('sent');
    expect(world.sim.addsReceived(link)).toBe(1);
    const upstream = [...world.sim.orders.values()].find((o) => o.link === link);
    expect(upstream).toMatchObject({ service: 101, quantity: 1000 });

    const mine = await call(api.url, 'GET', '/api/order/my-orders?limit=100', { token: world.customer.token });
    const listed = new Map(mine.body.orders.map((o: { _id: string }) => [o._id, o]));
    expect(listed.get(id)).toMatchObject({ dripFeed: { runsDone: 1, nextRunAt: body.order.dripFeed.nextRunAt } });
    expect(listed.get(run?.id)).toMatchObject({ price: 20, quantity: 1000, dripRun: { parent: Number(id), run: 1, runs: 3 } });
    expect(JSON.stringify(mine.body)).not.toMatch(/fulfilment|simDrip/);
  });

  it('makes run 1 of an unlinked service a pending manual order the admin sees; the drip-feed itself only stops', async () => {
    const { id, body } = await place(world.customer, { serviceId: MANUAL, quantity: 500, runs: 2, interval: 1440 });
    const runId = String(body.order.dripFeed.orders[0]);
    expect(await fulfilmentOf(runId)).toMatchObject({ state: 'manual' });
    const admins = await call(api.url, 'GET', `/api/admin/order?q=${runId}`, { token: world.admin.token });
    expect(admins.body.orders[0]).toMatchObject({
      status: 'pending',
      price: 20,
      dripRun: { parent: Number(id), run: 1, runs: 2 },
      fulfilment: { state: 'manual' },
    });
    const parent = await call(api.url, 'GET', `/api/admin/order?q=${id}`, { token: world.admin.token });
    expect(parent.body.orders[0]).toMatchObject({ price: 40, quantity: 1000, dripFeed: { runs: 2, runsDone: 1 } });

    // Its runs are orders of their own: the admin completes the run, and may only stop the drip-feed.
    for (const status of ['completed', 'processing', 'partial'] as const) {
      const refused = await call(api.url, 'PUT', `/api/admin/update-status/${id}`, {
        token: world.admin.token,
        body: { status, ...(status === 'partial' ? { remains: 500 } : {}) },
      });
      expect(refused.status, status).toBe(409);
      expect(refused.body).toEqual({ code: 'not_cancelable', message: DRIP_FEED_MESSAGES.parentStatus, field: 'status' });
    }
    const bulk = await call(api.url, 'POST', '/api/admin/orders/status', {
      token: world.admin.token,
      body: { ids: [id, runId], status: 'completed' },
    });
    expect(bulk.body.results).toEqual([
      { id, ok: false, code: 'not_cancelable', message: DRIP_FEED_MESSAGES.parentStatus, field: 'status' },
      expect.objectContaining({ id: runId, ok: true, order: expect.objectContaining({ status: 'completed' }) }),
    ]);
    expect((await orderOf(id)).status).toBe('processing');
    // A refill is asked of a run, never of the drip-feed.
    await expect(requestRefill(world.customer.uid, id)).rejects.toMatchObject({
      code: 'refill_unavailable',
      message: DRIP_FEED_MESSAGES.parentRefill,
    });
  });

  it('refuses a drip-feed of a service without it, and a total the customer did not see or cannot pay', async () => {
    const link = nextLink();
    const refused = async (body: Record<string, unknown>, user = world.customer) =>
      call(api.url, 'POST', '/api/order/place', {
        token: user.token,
        body: { serviceId: LINKED, link, quantity: 1000, runs: 3, interval: 10, ...body },
      });
    const unavailable = await refused({ serviceId: 'tt-likes-instant', quantity: 100 });
    expect(unavailable.status).toBe(400);
    expect(unavailable.body).toEqual({ code: 'dripfeed_unavailable', message: DRIP_FEED_MESSAGES.unavailable, field: 'runs' });
    // The price shown must be the total (run price × runs), not one run's.
    expect((await refused({ price: 20 })).body.code).toBe('price_changed');
    // The quantity is each run's: within the service's limits.
    expect((await refused({ quantity: 50 })).body.code).toBe('invalid_quantity');
    const poor = await fundedUser(30);
    expect((await refused({}, poor)).body.code).toBe('insufficient_balance');
    expect(await balanceOf(poor)).toBe(3000);
    expect((await db.collection('orders').where('link', '==', link).get()).size).toBe(0);
  });

  it('places nothing twice when the same Idempotency-Key is replayed, even at once', async () => {
    const before = await balanceOf(world.customer);
    const key = randomUUID();
    const body = { serviceId: LINKED, link: nextLink(), quantity: 1000, runs: 2, interval: 1440 };
    const send = () =>
      call(api.url, 'POST', '/api/order/place', { token: world.customer.token, headers: { 'Idempotency-Key': key }, body });
    const answers = await Promise.all([send(), send(), send()]);
    const placed = answers.filter((a) => a.status === 201);
    expect(placed.length, JSON.stringify(answers.map((a) => a.body))).toBeGreaterThan(0);
    // The others replay the first answer, or were answered busy (nothing written).
    for (const a of answers) expect([201, 503]).toContain(a.status);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const id = again.body.order._id as string;
    for (const a of placed) expect(a.body.order._id).toBe(id);
    // The same key for another plan is another request: refused, not the first one's answer.
    const other = await call(api.url, 'POST', '/api/order/place', {
      token: world.customer.token,
      headers: { 'Idempotency-Key': key },
      body: { ...body, runs: 4 },
    });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('idempotency_conflict');
    expect((await db.collection('orders').where('link', '==', body.link).get()).size).toBe(2);
    expect(await runsOf(id)).toHaveLength(1);
    expect(await balanceOf(world.customer)).toBe(before - 4000);
  });
});

describe('the worker', () => {
  it('starts run k only when due, once under overlapping runs, and completes the drip-feed after the last', async () => {
    const { id, link } = await place(world.customer, { runs: 3, interval: 5 });
    expect((await startDueRuns(clock(0))).started).toBe(0);
    expect(await startDueRun(id, clock(5 * MINUTE - 5000))).toBe('skipped');
    expect((await orderOf(id)).dripFeed?.runsDone).toBe(1);

    // Due: several workers (and a duplicate delivery of one) at once start run 2 once.
    const due = clock(5 * MINUTE + 1000);
    const startedFrom = Date.now();
    await Promise.all([startDueRuns(due), startDueRuns(due), startDueRun(id, due), startDueRun(id, due)]);
    let parent = await orderOf(id);
    let runs = await runsOf(id);
    expect(parent.dripFeed).toMatchObject({ runsDone: 2, orders: runs.map((r) => Number(r.id)) });
    expect(runs.map((r) => r.order.dripRun?.run)).toEqual([1, 2]);
    expect(parent.status).toBe('processing');
    // The next is due an interval after this run started.
    expect(parent.dripFeed?.nextRunAt?.toMillis()).toBeGreaterThanOrEqual(startedFrom + 10 * MINUTE + 1000);
    expect(parent.dripFeed?.nextRunAt?.toMillis()).toBeLessThanOrEqual(Date.now() + 10 * MINUTE + 1000);
    expect(await fulfilmentOf(runs[1]?.id as string)).toMatchObject({ state: 'queued', providerId: PROVIDER_ID });
    expect(await ledgerOf(world.customer, runs[1]?.id as string)).toEqual([]);
    expect(await activeCount(world.customer, link)).toBe(3);
    expect(await startDueRun(id, due)).toBe('skipped');

    // The last run, by the every-minute run itself: the drip-feed completes and leaves the worker's query.
    const last = 10 * MINUTE + 5000;
    const scheduled = await runScheduledWork(deps(last));
    expect(scheduled?.dripFeed.completed).toBeGreaterThanOrEqual(1);
    parent = await orderOf(id);
    runs = await runsOf(id);
    expect(parent.status).toBe('completed');
    // Under way from its placement (run 1), ended with its last run: its refill window would count from then.
    expect(parent.startedAt?.toMillis()).toBe(parent.createdAt.toMillis());
    expect(parent.endedAt?.toMillis()).toBe(parent.updatedAt.toMillis());
    expect(parent.endedAt?.toMillis()).toBeGreaterThan(parent.createdAt.toMillis());
    expect(parent.dripFeed?.runsDone).toBe(3);
    expect(parent.dripFeed?.nextRunAt).toBeUndefined();
    expect(runs.map((r) => r.order.dripRun?.run)).toEqual([1, 2, 3]);
    expect(runs.every((r) => r.order.pricePaisa === 2000 && r.order.quantity === 1000)).toBe(true);
    // The drip-feed left the active orders; its three runs are still there.
    expect(await activeCount(world.customer, link)).toBe(3);
    expect(await startDueRun(id, clock(60 * MINUTE))).toBe('skipped');
    await startDueRuns(clock(60 * MINUTE));
    expect(await runsOf(id)).toHaveLength(3);
    // Its last run is sent upstream as its own order, as the others are.
    for (const r of runs) await forwardOrder(r.id, deps(last));
    expect(world.sim.addsReceived(link)).toBe(3);
  });

  it('sends a run to the service’s provider link of the moment, and a run of a service no longer linked by hand', async () => {
    const { id } = await place(world.customer, { runs: 3, interval: 1 });
    await db.collection('serviceProviders').doc(LINKED).update({ cost: 1.9 });
    expect(await startDueRun(id, clock(MINUTE + 1000))).toBe('started');
    const runs = await runsOf(id);
    expect((await fulfilmentOf(runs[0]?.id as string)).costPaisa).toBe(providerCostPaisa(0.95, 2.8, 1000));
    expect((await fulfilmentOf(runs[1]?.id as string)).costPaisa).toBe(providerCostPaisa(1.9, 2.8, 1000));
    const linkDoc = (await db.collection('serviceProviders').doc(LINKED).get()).data();
    await db.collection('serviceProviders').doc(LINKED).delete();
    try {
      expect(await startDueRun(id, clock(3 * MINUTE))).toBe('completed');
    } finally {
      await db
        .collection('serviceProviders')
        .doc(LINKED)
        .set({ ...linkDoc, cost: 0.95 });
    }
    const last = (await runsOf(id))[2];
    expect(await fulfilmentOf(last?.id as string)).toMatchObject({ state: 'manual' });
  });
});

describe('stopping a drip-feed', () => {
  it('refunds exactly the runs not started, once, whatever the service’s cancel flag; no run starts after', async () => {
    const before = await balanceOf(world.customer);
    const { id, body } = await place(world.customer, { serviceId: MANUAL, quantity: 1000, runs: 4, interval: 60 });
    expect(await startDueRun(id, clock(60 * MINUTE + 1000))).toBe('started');
    const runPaisa = orderPrice(4000, 1000);
    expect(await balanceOf(world.customer)).toBe(before - 4 * runPaisa);

    // The run is an order of a service whose orders the customer may not cancel; the drip-feed stops.
    const run1 = String(body.order.dripFeed.orders[0]);
    expect(await v2With(api.url, world.apiKey, { action: 'cancel', orders: run1 })).toEqual([
      { order: Number(run1), cancel: { error: API_V2_ERRORS.cannotCancel } },
    ]);
    expect(await v2With(api.url, world.apiKey, { action: 'cancel', orders: id })).toEqual([{ order: Number(id), cancel: 1 }]);
    const stopped = await orderOf(id);
    expect(stopped).toMatchObject({ status: 'partial', remains: 2000, refundPaisa: 2 * runPaisa });
    expect(stopped.dripFeed?.nextRunAt).toBeUndefined();
    expect(partialRefund(stopped.pricePaisa, 2000, stopped.quantity)).toBe(2 * runPaisa);
    expect(await balanceOf(world.customer)).toBe(before - 2 * runPaisa);
    expect(await ledgerOf(world.customer, id)).toEqual([
      { id: `debit-${id}`, type: 'debit', amountPaisa: 4 * runPaisa },
      { id: `refund-${id}`, type: 'refund', amountPaisa: 2 * runPaisa },
    ]);

    // Again, by the customer or the admin: nothing more.
    expect(await v2With(api.url, world.apiKey, { action: 'cancel', orders: id })).toEqual([
      { order: Number(id), cancel: { error: API_V2_ERRORS.cannotCancel } },
    ]);
    const admins = await call(api.url, 'PUT', `/api/admin/update-status/${id}`, {
      token: world.admin.token,
      body: { status: 'cancelled' },
    });
    expect(admins.status).toBe(409);
    expect(admins.body.code).toBe('order_final');
    expect(await startDueRun(id, clock(24 * 60 * MINUTE))).toBe('skipped');
    expect(await runsOf(id)).toHaveLength(2);
    expect(await balanceOf(world.customer)).toBe(before - 2 * runPaisa);
    // The two runs started stay the customer's orders: still active on the link.
    expect(await activeCount(world.customer, stopped.link, MANUAL)).toBe(2);
  });

  it('stops a large drip-feed of a cheap service (price × remains past 2^53) with its exact refund', async () => {
    // Rs 1 per 1000, 4,000,000 a run × 100 runs: Rs 4,000 a run, Rs 4 lakh in all. Stopped after run 1,
    // its price (4e7 paisa) × remains (3.96e8) is past Number.MAX_SAFE_INTEGER.
    const created = await call(api.url, 'POST', '/api/admin/services', {
      token: world.admin.token,
      body: {
        platform: 'tiktok',
        category: 'Views',
        name: 'Bulk drip views',
        ratePer1000: 1,
        min: 1000,
        max: 10_000_000,
        defaultQuantity: 1000,
        dripfeed: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const big = await createUser();
    await fund(big, 400_000);
    const { id } = await place(big, { serviceId: created.body.service._id, quantity: 4_000_000, runs: 100, interval: 60, price: 400_000 });
    const runPaisa = orderPrice(100, 4_000_000);
    expect(runPaisa).toBe(400_000);

    const res = await call(api.url, 'POST', `/api/orders/${id}/cancel`, { token: big.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toMatchObject({ status: 'partial', remains: 99 * 4_000_000, refund: (99 * runPaisa) / 100 });
    expect(await balanceOf(big)).toBe(99 * runPaisa);
    expect(await ledgerOf(big, id)).toEqual([
      { id: `debit-${id}`, type: 'debit', amountPaisa: 100 * runPaisa },
      { id: `refund-${id}`, type: 'refund', amountPaisa: 99 * runPaisa },
    ]);
    await expectMoneyInvariants();
  });

  it('settles a stop racing the worker: every drip-feed ends with its refund plus its started runs’ prices equal to its price', async () => {
    const owners = await Promise.all([createUser(), createUser(), createUser()]);
    for (const owner of owners) await fund(owner, 1000);
    // 3 customers × 4 drip-feeds of 4 runs, a minute apart.
    const placed = (
      await Promise.all(owners.map(async (owner) => Promise.all([1, 2, 3, 4].map(() => place(owner, { runs: 4, interval: 1 })))))
    ).flatMap((list, i) => list.map((p) => ({ ...p, owner: owners[i] as TestUser })));

    const busyRetry = async (work: () => Promise<unknown>) => {
      for (let attempt = 0; attempt < 10; attempt++) {
        try {
          return await work();
        } catch (error) {
          if (isAppError(error, 'busy')) continue;
          if (isAppError(error, 'order_final')) return 'final';
          throw error;
        }
      }
      throw new Error('busy 10 times');
    };
    const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
    // A worker's transaction that stays busy is logged and left due for the next run: allowed here, nothing else.
    const logged: unknown[][] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args);
    });
    // Workers for runs 2, 3 and 4 (each minute due in turn), overlapping, while each drip-feed is stopped
    // after a random moment, by its customer or by the admin.
    const workers = [1, 2, 2, 3, 3, 4].map(async (k, i) => {
      await pause(i * 40);
      return busyRetry(() => startDueRuns(clock(k * MINUTE + 1000)));
    });
    const stops = placed.map(async (p, i) => {
      await pause(Math.floor(Math.random() * 400));
      if (i % 2 === 0) return busyRetry(() => updateOrderStatus(p.id, 'cancelled', undefined, { ownerUid: p.owner.uid }));
      return busyRetry(() =>
        updateOrderStatus(p.id, 'cancelled', undefined, { admin: { uid: world.admin.uid, email: world.admin.email } }),
      );
    });
    await Promise.all([...workers, ...stops]);
    // Whatever the workers left due (a drip-feed stopped late): the last runs.
    await startDueRuns(clock(10 * MINUTE));
    for (const args of logged) expect(args.map(String).join(' ')).toMatch(/Could not start a drip-feed run.*busy|try again/is);

    for (const p of placed) {
      const parent = await orderOf(p.id);
      const runs = await runsOf(p.id);
      const started = runs.reduce((sum, r) => sum + r.order.pricePaisa, 0);
      expect(runs).toHaveLength(parent.dripFeed?.runsDone as number);
      expect(['partial', 'completed']).toContain(parent.status);
      expect((parent.refundPaisa ?? 0) + started).toBe(parent.pricePaisa);
      expect((await ledgerOf(p.owner, p.id)).filter((e) => e.type === 'refund')).toHaveLength(parent.status === 'partial' ? 1 : 0);
    }
    await expectMoneyInvariants();
  }, 120_000);
});

describe('a run refunded by its provider', () => {
  it('refunds at most its run’s price: partial upstream refunds its part, cancelled its whole run price', async () => {
    const before = await balanceOf(world.customer);
    const { id, body } = await place(world.customer, { runs: 3, interval: 1 });
    const run1 = String(body.order.dripFeed.orders[0]);
    expect((await forwardOrder(run1, deps())).kind).toBe('sent');
    expect(await startDueRun(id, clock(MINUTE + 1000))).toBe('started');
    const run2 = String((await orderOf(id)).dripFeed?.orders[1]);
    expect((await forwardOrder(run2, deps(MINUTE + 1000))).kind).toBe('sent');

    world.sim.setOrder(Number((await fulfilmentOf(run1)).providerOrderId), { status: 'partial', remains: 400 });
    world.sim.setOrder(Number((await fulfilmentOf(run2)).providerOrderId), { status: 'cancelled' });
    await syncProvider(PROVIDER_ID, deps(10 * MINUTE));
    expect(await orderOf(run1)).toMatchObject({ status: 'partial', remains: 400, refundPaisa: partialRefund(2000, 400, 1000) });
    expect(await orderOf(run2)).toMatchObject({ status: 'cancelled', refundPaisa: 2000 });
    expect(await ledgerOf(world.customer, run1)).toEqual([{ id: `refund-${run1}`, type: 'refund', amountPaisa: 800 }]);
    expect(await ledgerOf(world.customer, run2)).toEqual([{ id: `refund-${run2}`, type: 'refund', amountPaisa: 2000 }]);
    // The drip-feed goes on: its runs' outcomes are their own.
    expect((await orderOf(id)).status).toBe('processing');
    expect(await v2With(api.url, world.apiKey, { action: 'cancel', orders: id })).toEqual([{ order: Number(id), cancel: 1 }]);
    expect(await orderOf(id)).toMatchObject({ status: 'partial', remains: 1000, refundPaisa: 2000 });
    expect(await balanceOf(world.customer)).toBe(before - 6000 + 800 + 2000 + 2000);
  });
});
