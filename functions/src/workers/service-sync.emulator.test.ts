// The services sync over the real emulators with the demo provider:
// cost, min/max and margin alerts refreshed; withdrawn and margin-disabled services out of sale and back,
// but only what the sync itself took out; broken lists change no availability; each change audited;
// the endpoint's access; the admin's own below-cost prices refused (PATCH and bulk).
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROVIDER_SERVICES, type DemoProvider, type DemoProviderService, startDemoProvider } from '../../../scripts/lib/demo-provider';
import { apiServerForFile, call, createUser, fund, type TestUser } from '../../../tests/support/api';
import { completeRun } from '../../../tests/support/worker-runs';
import { db } from '../lib/admin';
import type { ServiceDoc } from '../services/catalogue/catalogue';
import type { ProviderDoc, ServiceLinkDoc } from '../services/providers/provider-store';
import { MESSAGES } from '../shared/messages';
import { SYNC_OFF_REASONS } from '../shared/schemas/catalogue';
import { EMULATOR_NETWORK } from '../upstream/addresses';
import { createProviderClient } from '../upstream/client';
import type { ForwardDeps } from './forward';
import { SERVICES_SYNC_EVERY_MS, syncDueProviderServices, syncProviderServices } from './service-sync';

const api = apiServerForFile();
const RATE_TO_PKR = 280;
let admin: TestUser;
let customer: TestUser;
let counter = 0;
const sims: DemoProvider[] = [];

beforeAll(async () => {
  [admin, customer] = await Promise.all([createUser({ admin: true }), createUser()]);
});

afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
  await db.collection('settings').doc('forwarding').delete();
});

const services = () => DEMO_PROVIDER_SERVICES.map((s) => ({ ...s }));

interface Setup {
  sim: DemoProvider;
  providerId: string;
  deps: ForwardDeps;
  category: string;
  /** Links our service `id` to the provider's `service` at our `rate` (rupees), as stored. */
  link(id: string, service: number, rate: number, fields?: Partial<ServiceDoc>): Promise<void>;
}

/** A fresh simulator and provider (its own ids and category), with the last count stored as 5 services. */
async function setup(): Promise<Setup> {
  const n = ++counter;
  const key = `ssync-key-${n}`;
  const sim = await startDemoProvider({ key, services: services() });
  sims.push(sim);
  const providerId = `ssyncProvider${n}`;
  await db
    .collection('providers')
    .doc(providerId)
    .set({
      name: `Sync ${n}`,
      url: sim.url,
      keyHint: '…0000',
      currency: 'USD',
      rateToPkr: RATE_TO_PKR,
      active: true,
      balance: null,
      balanceCheckedAt: null,
      serviceCount: DEMO_PROVIDER_SERVICES.length,
      lowBalanceBelow: null,
      createdAt: Timestamp.now(),
    } satisfies ProviderDoc);
  await db.collection('providerSecrets').doc(providerId).set({ key });
  const category = `Synced ${n}`;
  return {
    sim,
    providerId,
    category,
    deps: { now: Date.now, clientFor: async () => createProviderClient({ url: sim.url, key, timeoutMs: 1500, network: EMULATOR_NETWORK }) },
    async link(id, service, rate, fields = {}) {
      const theirs = DEMO_PROVIDER_SERVICES.find((s) => s.service === service) as DemoProviderService;
      await db
        .collection('services')
        .doc(id)
        .set({
          number: 9000 + counter * 10 + Number(id.slice(-1)),
          platform: 'tiktok',
          category,
          name: `Synced ${id}`,
          ratePer1000Paisa: Math.round(rate * 100),
          min: theirs.min,
          max: theirs.max,
          defaultQuantity: theirs.min,
          description: '',
          refill: false,
          refillDays: 0,
          cancel: false,
          active: true,
          ...fields,
        } satisfies ServiceDoc);
      await db
        .collection('serviceProviders')
        .doc(id)
        .set({ providerId, serviceId: String(service), cost: Number(theirs.rate), linkedAt: Timestamp.now() } satisfies ServiceLinkDoc);
    },
  };
}

/** The simulator's list with `changes` applied to service `id` (null drops it). */
function withService(id: number, changes: Partial<DemoProviderService> | null): DemoProviderService[] {
  return services().flatMap((s) => (s.service !== id ? [s] : changes === null ? [] : [{ ...s, ...changes }]));
}

const serviceOf = async (id: string) => (await db.collection('services').doc(id).get()).data() as ServiceDoc;
const linkOf = async (id: string) => (await db.collection('serviceProviders').doc(id).get()).data() as ServiceLinkDoc;
const providerOf = async (id: string) => (await db.collection('providers').doc(id).get()).data() as ProviderDoc;
const auditOf = async (id: string) =>
  (await db.collection('audit').where('subject', '==', `services/${id}`).get()).docs
    .map((d) => d.data())
    .sort((a, b) => a.at.toMillis() - b.at.toMillis());
const setSettings = (settings: { marginThresholdPercent: number; disableBelowMargin: boolean }) =>
  db
    .collection('settings')
    .doc('forwarding')
    .set({ ...settings, failedRefundHours: null });
const asAdmin = (method: string, path: string, body?: unknown) => call(api.url, method, path, { token: admin.token, body });

describe('cost and margin', () => {
  it('a cost rise under the margin raises an alert (service stays on sale by default), audited; a fall clears it', async () => {
    const s = await setup();
    const id = `ss-${counter}-a1`;
    // Rs 300 over 0.95 USD × 280 = Rs 266: a 12.78 % margin.
    await s.link(id, 101, 300);
    expect(await syncProviderServices(s.providerId, s.deps)).toEqual({ checked: 1, changed: 0, disabled: 0, enabled: 0, alerts: 0 });
    expect(await auditOf(id)).toHaveLength(0);

    // 1.00 USD = Rs 280: 7.14 %, under the default 10 %.
    s.sim.setServices(withService(101, { rate: '1.00' }));
    expect(await syncProviderServices(s.providerId, s.deps)).toEqual({ checked: 1, changed: 1, disabled: 0, enabled: 0, alerts: 1 });
    expect((await linkOf(id)).cost).toBe(1);
    expect(await serviceOf(id)).toMatchObject({ active: true });
    expect((await linkOf(id)).marginAlert).toMatchObject({ cost: 1, ourRatePaisa: 30_000, marginPercent: 7.14 });
    const entries = await auditOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'service_sync',
      by: 'service-sync',
      byUid: 'system',
      before: { cost: 0.95, marginAlert: null },
      after: { cost: 1, marginAlert: { cost: 1, ourRate: 300, marginPercent: 7.14 } },
    });

    // The console: the service carries its alert, the provider the count.
    const list = await asAdmin('GET', `/api/admin/services?platform=tiktok&category=${encodeURIComponent(s.category)}`);
    expect(list.body.services[0]).toMatchObject({ _id: id, marginAlert: { cost: 1, ourRate: 300, marginPercent: 7.14 } });
    expect(list.body.services[0].offBySync).toBeUndefined();
    const providers = await asAdmin('GET', '/api/admin/providers');
    const shown = providers.body.providers.find((p: { _id: string }) => p._id === s.providerId);
    expect(shown).toMatchObject({ marginAlerts: 1, servicesSync: { problem: null } });

    // Above cost but by 2 %: a loss is never silent, and a rate under cost always alerts.
    s.sim.setServices(withService(101, { rate: '1.10' }));
    await syncProviderServices(s.providerId, s.deps);
    expect((await linkOf(id)).marginAlert).toMatchObject({ cost: 1.1, marginPercent: -2.6 });

    s.sim.setServices(withService(101, { rate: '0.90' }));
    expect(await syncProviderServices(s.providerId, s.deps)).toMatchObject({ changed: 1, alerts: 0 });
    expect((await linkOf(id)).marginAlert).toBeUndefined();
    expect((await auditOf(id)).at(-1)).toMatchObject({ before: { cost: 1.1 }, after: { cost: 0.9, marginAlert: null } });
  });

  it('with disableBelowMargin: out of sale (the sync’s doing) and back when the cost falls', async () => {
    await setSettings({ marginThresholdPercent: 10, disableBelowMargin: true });
    const s = await setup();
    const id = `ss-${counter}-b1`;
    await s.link(id, 101, 300);
    s.sim.setServices(withService(101, { rate: '1.00' }));
    expect(await syncProviderServices(s.providerId, s.deps)).toEqual({ checked: 1, changed: 1, disabled: 1, enabled: 0, alerts: 1 });
    expect((await serviceOf(id)).active).toBe(false);
    expect((await linkOf(id)).offBySync).toMatchObject({ reason: 'margin' });
    expect((await auditOf(id)).at(-1)).toMatchObject({
      reason: 'margin under the threshold',
      before: { active: true, offBySync: null },
      after: { active: false, offBySync: 'margin under the threshold' },
    });
    // Customers no longer see it.
    const shop = await call(api.url, 'GET', '/api/services');
    expect(shop.body.services.map((x: { _id: string }) => x._id)).not.toContain(id);

    s.sim.setServices(withService(101, { rate: '0.95' }));
    expect(await syncProviderServices(s.providerId, s.deps)).toEqual({ checked: 1, changed: 1, disabled: 0, enabled: 1, alerts: 0 });
    expect((await serviceOf(id)).active).toBe(true);
    expect((await linkOf(id)).offBySync).toBeUndefined();
  });
});

describe('availability', () => {
  it('a withdrawn id goes out of sale with its reason and comes back with it; the others are untouched', async () => {
    const s = await setup();
    const [gone, kept] = [`ss-${counter}-c1`, `ss-${counter}-c2`];
    await s.link(gone, 102, 100);
    await s.link(kept, 201, 1000);
    s.sim.setServices(withService(102, null));
    expect(await syncProviderServices(s.providerId, s.deps)).toMatchObject({ checked: 2, changed: 1, disabled: 1 });
    expect((await serviceOf(gone)).active).toBe(false);
    expect((await linkOf(gone)).offBySync).toMatchObject({ reason: 'withdrawn' });
    expect((await serviceOf(kept)).active).toBe(true);
    expect((await auditOf(gone)).at(-1)).toMatchObject({ reason: 'withdrawn by provider', after: { active: false } });
    const list = await asAdmin('GET', `/api/admin/services?platform=tiktok&category=${encodeURIComponent(s.category)}`);
    expect(list.body.services.find((x: { _id: string }) => x._id === gone).offBySync).toMatchObject({ reason: 'withdrawn' });

    s.sim.setServices(services());
    expect(await syncProviderServices(s.providerId, s.deps)).toMatchObject({ changed: 1, enabled: 1 });
    expect((await serviceOf(gone)).active).toBe(true);
    expect((await linkOf(gone)).offBySync).toBeUndefined();
    // Out of sale and back: both in the customers' updates feed, newest first; the untouched one has none.
    const feed = (await call(api.url, 'GET', '/api/updates?limit=200')).body.updates as { kind: string; service: { _id: string } }[];
    expect(feed.filter((u) => u.service._id === gone).map((u) => u.kind)).toEqual(['enabled', 'disabled']);
    expect(feed.some((u) => u.service._id === kept)).toBe(false);
  });

  it('never puts back a service the admin disabled, before or after the sync took it out', async () => {
    await setSettings({ marginThresholdPercent: 10, disableBelowMargin: true });
    const s = await setup();
    const [byAdmin, laterByAdmin] = [`ss-${counter}-d1`, `ss-${counter}-d2`];
    await s.link(byAdmin, 101, 300, { active: false });
    await s.link(laterByAdmin, 102, 100);
    // The provider withdraws both, then lists them again: the one the admin disabled stays out.
    s.sim.setServices(withService(101, null).filter((x) => x.service !== 102));
    await syncProviderServices(s.providerId, s.deps);
    expect((await linkOf(byAdmin)).offBySync).toBeUndefined();
    expect((await linkOf(laterByAdmin)).offBySync).toMatchObject({ reason: 'withdrawn' });
    // The admin now disables the one the sync took out: the admin's word from then on.
    const patched = await asAdmin('PATCH', `/api/admin/services/${laterByAdmin}`, { active: false });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await linkOf(laterByAdmin)).offBySync).toBeUndefined();

    s.sim.setServices(services());
    expect(await syncProviderServices(s.providerId, s.deps)).toMatchObject({ enabled: 0 });
    expect((await serviceOf(byAdmin)).active).toBe(false);
    expect((await serviceOf(laterByAdmin)).active).toBe(false);
  });

  it.each([
    ['an empty list', (sim: DemoProvider) => sim.setServices([]), 'The provider listed no service'],
    ['a refusal', (sim: DemoProvider) => sim.fault({ action: 'services', kind: 'error', message: 'Maintenance' }), 'Maintenance'],
    ['an HTML page', (sim: DemoProvider) => sim.fault({ action: 'services', kind: 'html' }), 'No usable list'],
    ['a list under half the last count', (sim: DemoProvider) => sim.setServices(services().slice(0, 2)), 'far fewer services'],
  ])('%s takes nothing out of sale and says why', async (_name, breakIt, problem) => {
    const s = await setup();
    const ids = [`ss-${counter}-e1`, `ss-${counter}-e2`, `ss-${counter}-e3`];
    await s.link(ids[0] as string, 101, 300);
    await s.link(ids[1] as string, 301, 10);
    await s.link(ids[2] as string, 401, 700);
    breakIt(s.sim);
    const result = await syncProviderServices(s.providerId, s.deps);
    expect(result.disabled).toBe(0);
    for (const id of ids) {
      expect((await serviceOf(id)).active).toBe(true);
      expect((await linkOf(id)).offBySync).toBeUndefined();
    }
    const provider = await providerOf(s.providerId);
    expect(provider.servicesSyncProblem).toContain(problem);
    expect(provider.serviceCount).toBe(5);
    const shown = (await asAdmin('GET', '/api/admin/providers')).body.providers.find((p: { _id: string }) => p._id === s.providerId);
    expect(shown.servicesSync.problem).toContain(problem);
  });

  it('narrows min and max to the provider’s, never wider; a range already inside stays the admin’s', async () => {
    const s = await setup();
    const [wide, inside] = [`ss-${counter}-f1`, `ss-${counter}-f2`];
    await s.link(wide, 101, 300, { min: 50, max: 100_000, defaultQuantity: 60 });
    await s.link(inside, 102, 100, { min: 500, max: 1000, defaultQuantity: 500 });
    s.sim.setServices(
      services().map((x) => (x.service === 101 ? { ...x, min: 100, max: 40_000 } : x.service === 102 ? { ...x, min: 10, max: 90_000 } : x)),
    );
    expect(await syncProviderServices(s.providerId, s.deps)).toMatchObject({ changed: 1 });
    expect(await serviceOf(wide)).toMatchObject({ min: 100, max: 40_000, defaultQuantity: 100 });
    expect(await serviceOf(inside)).toMatchObject({ min: 500, max: 1000, defaultQuantity: 500 });
    expect((await auditOf(wide)).at(-1)).toMatchObject({ before: { min: 50, max: 100_000 }, after: { min: 100, max: 40_000 } });
  });
});

describe('never an order for nothing (issue 29)', () => {
  // Rs 0.01 per 1000: an order under 500 would cost nothing.
  const PAISA_RATE = 0.01;

  /** Our service at that rate (1000 to 5000) linked to the provider's 101, then synced with `theirs` as its range. */
  async function syncedAtPaisaRate(name: string, theirs: { min: number; max: number }) {
    const s = await setup();
    const id = `ss-${counter}-${name}`;
    await s.link(id, 101, PAISA_RATE, { min: 1000, max: 5000, defaultQuantity: 1000 });
    s.sim.setServices(withService(101, theirs));
    return { s, id, synced: await syncProviderServices(s.providerId, s.deps) };
  }

  it('a provider range that would lower our min into free orders raises it to the first paid quantity, and that order costs Rs 0.01', async () => {
    const { id, synced } = await syncedAtPaisaRate('j1', { min: 10, max: 900 });
    expect(synced).toMatchObject({ changed: 1, disabled: 0 });
    expect(await serviceOf(id)).toMatchObject({ active: true, min: 500, max: 900, defaultQuantity: 900 });
    expect((await auditOf(id)).at(-1)).toMatchObject({ before: { min: 1000, max: 5000 }, after: { min: 500, max: 900 } });

    await fund(customer, 10);
    const link = `https://tiktok.com/@free${Date.now()}`;
    const placed = await call(api.url, 'POST', '/api/order/place', { token: customer.token, body: { serviceId: id, link, quantity: 500 } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order.price).toBe(0.01);
  });

  it('takes the service out of sale (`free`, its range kept) when the provider’s max is under the first paid quantity, and back after', async () => {
    const { s, id, synced } = await syncedAtPaisaRate('j2', { min: 10, max: 400 });
    expect(synced).toMatchObject({ changed: 1, disabled: 1 });
    expect(await serviceOf(id)).toMatchObject({ active: false, min: 1000, max: 5000 });
    expect((await linkOf(id)).offBySync).toMatchObject({ reason: 'free' });
    expect((await auditOf(id)).at(-1)).toMatchObject({ reason: SYNC_OFF_REASONS.free, after: { active: false } });
    const listed = await asAdmin('GET', `/api/admin/services?platform=tiktok&category=${encodeURIComponent(s.category)}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.services.find((x: { _id: string }) => x._id === id).offBySync).toMatchObject({ reason: 'free' });

    s.sim.setServices(services());
    expect(await syncProviderServices(s.providerId, s.deps)).toMatchObject({ enabled: 1 });
    expect(await serviceOf(id)).toMatchObject({ active: true, min: 1000, max: 5000 });
    expect((await linkOf(id)).offBySync).toBeUndefined();
  });

  it('an order whose price rounds to 0 (a service that slipped by) is a 400 on quantity, never a 500, and debits nothing', async () => {
    const s = await setup();
    const id = `ss-${counter}-j3`;
    // Stored as no admin could save it: an order of 1 at Rs 0.01 per 1000 costs nothing.
    await s.link(id, 101, PAISA_RATE, { min: 1, max: 5000, defaultQuantity: 1 });
    await fund(customer, 10);
    const before = (await db.collection('users').doc(customer.uid).get()).get('balancePaisa');
    const link = `https://tiktok.com/@zero${Date.now()}`;
    const placed = await call(api.url, 'POST', '/api/order/place', { token: customer.token, body: { serviceId: id, link, quantity: 100 } });
    expect(placed.status).toBe(400);
    expect(placed.body).toEqual({ code: 'invalid_quantity', field: 'quantity', message: MESSAGES.orderFree });
    expect((await db.collection('users').doc(customer.uid).get()).get('balancePaisa')).toBe(before);
  });

  it('taking a service out of sale is never refused for its other fields; putting it back, or changing them, still is', async () => {
    const s = await setup();
    const id = `ss-${counter}-j4`;
    // Fields no admin could save (an order of min costs nothing): out of sale anyway.
    await s.link(id, 101, PAISA_RATE, { min: 1, max: 5000, defaultQuantity: 1 });
    const off = await asAdmin('PATCH', `/api/admin/services/${id}`, { active: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await serviceOf(id)).active).toBe(false);
    // The edit form sends every field as it stands, the change being `active`.
    const form = { name: `Synced ${id}`, min: 1, max: 5000, defaultQuantity: 1, ratePer1000: PAISA_RATE, active: false };
    expect((await asAdmin('PATCH', `/api/admin/services/${id}`, form)).status).toBe(200);

    const on = await asAdmin('PATCH', `/api/admin/services/${id}`, { active: true });
    expect(on.status).toBe(400);
    expect(on.body).toMatchObject({ field: 'min', message: MESSAGES.smallestOrderFree });
    expect((await asAdmin('PATCH', `/api/admin/services/${id}`, { min: 2 })).status).toBe(400);
    expect((await serviceOf(id)).active).toBe(false);
  });
});

describe('running it', () => {
  it('a second run while one holds the provider is told a sync is running; the schedule takes a provider every 6 hours', async () => {
    const s = await setup();
    // The first run waits on a slow list while holding the lease.
    s.sim.fault({ action: 'services', kind: 'slow', delayMs: 1500 });
    const first = syncProviderServices(s.providerId, s.deps);
    await expect.poll(async () => (await providerOf(s.providerId)).servicesSyncLease).toBeDefined();
    await expect(syncProviderServices(s.providerId, s.deps)).rejects.toMatchObject({ code: 'services_sync_running' });
    await expect(first).resolves.toMatchObject({ checked: 0 });
    expect((await providerOf(s.providerId)).servicesSyncLease).toBeUndefined();
    const syncedAt = (await providerOf(s.providerId)).servicesSyncedAt?.toMillis() ?? 0;

    // Synced just now: not due; 6 hours on it is (other providers may be due too: only its time is checked).
    await syncDueProviderServices(s.deps);
    expect((await providerOf(s.providerId)).servicesSyncedAt?.toMillis()).toBe(syncedAt);
    const later = Date.now() + SERVICES_SYNC_EVERY_MS;
    await syncDueProviderServices({ ...s.deps, now: () => later });
    expect((await providerOf(s.providerId)).servicesSyncedAt?.toMillis()).toBe(later);
  });

  it('POST /api/admin/providers/{id}/sync-services: admins only, a run (202) whose result is the counts', async () => {
    const s = await setup();
    const id = `ss-${counter}-g1`;
    await s.link(id, 101, 300);
    s.sim.setServices(withService(101, { rate: '1.00' }));
    const path = `/api/admin/providers/${s.providerId}/sync-services`;
    expect((await call(api.url, 'POST', path, {})).status).toBe(401);
    const forbidden = await call(api.url, 'POST', path, { token: customer.token });
    expect(forbidden.status).toBe(403);
    expect((await linkOf(id)).cost).toBe(0.95);
    const started = await asAdmin('POST', path);
    expect(started.body.follow).toBe(`${path}/${started.body.run.id}`);
    const res = await completeRun(api.url, admin.token, started);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.run.state).toBe('done');
    expect(res.body.run.result).toEqual({ checked: 1, changed: 1, disabled: 0, enabled: 0, alerts: 1 });
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'service_sync', by: admin.email });
    expect((await asAdmin('POST', '/api/admin/providers/nope/sync-services')).status).toBe(404);
    // Another provider's run is not found under this one; a run while the provider's sync is held ends busy.
    expect((await asAdmin('GET', `/api/admin/providers/nope/sync-services/${started.body.run.id}`)).status).toBe(404);
    await db
      .collection('providers')
      .doc(s.providerId)
      .update({ servicesSyncLease: { token: 'held', until: Timestamp.fromMillis(Date.now() + 60_000) } });
    const busy = await completeRun(api.url, admin.token, await asAdmin('POST', path));
    expect(busy.body.run).toMatchObject({ state: 'busy', error: { code: 'services_sync_running' } });
    await db.collection('providers').doc(s.providerId).update({ servicesSyncLease: FieldValue.delete() });
  });
});

describe('the admin’s prices never below cost', () => {
  it('PATCH refuses a linked service’s rate under its cost (400 below_cost on ratePer1000) and keeps the alert in step', async () => {
    const s = await setup();
    const id = `ss-${counter}-h1`;
    await s.link(id, 101, 300);
    const refused = await asAdmin('PATCH', `/api/admin/services/${id}`, { ratePer1000: 265.99 });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 'below_cost',
      field: 'ratePer1000',
      message: 'This rate is below the provider’s cost of Rs 266 per 1000',
    });
    expect((await serviceOf(id)).ratePer1000Paisa).toBe(30_000);
    // At cost is allowed, with an alert; a raise clears it.
    expect((await asAdmin('PATCH', `/api/admin/services/${id}`, { ratePer1000: 266 })).status).toBe(200);
    expect((await linkOf(id)).marginAlert).toMatchObject({ marginPercent: 0 });
    expect((await asAdmin('PATCH', `/api/admin/services/${id}`, { ratePer1000: 400 })).status).toBe(200);
    expect((await linkOf(id)).marginAlert).toBeUndefined();
  });

  it('the bulk change refuses (preview and apply) a cut under a linked cost, and its preview flags the margins', async () => {
    const s = await setup();
    const [a, b] = [`ss-${counter}-i1`, `ss-${counter}-i2`];
    await s.link(a, 101, 300); // cost Rs 266
    await s.link(b, 102, 100); // cost Rs 33.60
    const body = { platform: 'tiktok', category: s.category, percent: -12 };
    for (const dryRun of [true, false]) {
      const refused = await asAdmin('POST', '/api/admin/services/bulk-price', { ...body, dryRun });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'below_cost', field: 'percent' });
      expect(refused.body.message).toContain(`Synced ${a}`);
    }
    expect((await serviceOf(a)).ratePer1000Paisa).toBe(30_000);

    const preview = await asAdmin('POST', '/api/admin/services/bulk-price', { ...body, percent: -8, dryRun: true });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const byId = Object.fromEntries(preview.body.changes.map((c: { _id: string }) => [c._id, c]));
    // Rs 276 over Rs 266: 3.76 %, under 10 %; Rs 92 over Rs 33.60: 173.81 %.
    expect(byId[a]).toMatchObject({ to: 276, marginPercent: 3.76, underMargin: true });
    expect(byId[b]).toMatchObject({ to: 92, marginPercent: 173.81, underMargin: false });
    const expected = Object.fromEntries(
      preview.body.changes.map((c: { _id: string; from: number; to: number }) => [c._id, { from: c.from, to: c.to }]),
    );
    const applied = await asAdmin('POST', '/api/admin/services/bulk-price', { ...body, percent: -8, expected });
    expect(applied.body.applied).toBe(true);
    expect((await linkOf(a)).marginAlert).toMatchObject({ marginPercent: 3.76 });
    expect((await linkOf(b)).marginAlert).toBeUndefined();
  });
});
