// `npm start`'s forwarding demo over the real emulators: the demo provider seeded as a provider with
// its services imported and linked (idempotently, an admin's edit kept), and the ticker's tick sending
// a queued order to it and bringing its status back. The provider's clock is short (no pending, no
// progress time) and the workers' clock is moved past the sweep's and the sync's delays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/src/lib/admin';
import { SWEEP_QUEUED_AFTER_MS } from '../../functions/src/services/orders/fulfilment';
import { FIRST_SYNC_AFTER_MS } from '../../functions/src/workers/forward';
import { apiServerForFile, call, signIn } from '../../tests/support/api';
import { DEMO_PROVIDER, DEMO_USER } from './demo';
import { type DemoProvider, startDemoProvider } from './demo-provider';
import { seed } from './seed';
import { startTicker } from './ticker';

const api = apiServerForFile({ moneyInvariants: true });
let sim: DemoProvider;

beforeAll(async () => {
  sim = await startDemoProvider({
    key: DEMO_PROVIDER.key,
    timing: { pendingMs: 0, progressMs: 0 },
    chances: { partial: 0, cancelled: 0 },
  });
});

afterAll(async () => {
  await sim?.close();
});

const count = async (collection: string) => (await db.collection(collection).get()).size;

describe('the demo provider in the seed', () => {
  it('is added and three of its services imported and linked once; a second seed keeps the admin’s edits', async () => {
    const first = await seed({ demoProvider: { url: sim.url, key: sim.key } });
    const id = first.demoProvider?.id;
    expect(id).toEqual(expect.any(String));
    expect(first.demoProvider?.imported).toBe(3);

    // The admin renames it and raises an imported service's price, through the admin's own code.
    const { updateProvider } = await import('../../functions/src/services/providers/providers');
    const { providerPort } = await import('../../functions/src/workers/provider-port');
    await updateProvider({ uid: 'an-admin', email: 'admin@example.com' }, id as string, { name: 'My test provider' }, providerPort());
    const links = await db.collection('serviceProviders').where('providerId', '==', id).get();
    const followers = links.docs.find((d) => d.get('serviceId') === '101');
    expect(followers).toBeDefined();
    // 0.95 USD × Rs 280 × 1.30 = Rs 345.80 per 1000, in paisa.
    expect(
      (
        await db
          .collection('services')
          .doc(followers?.id as string)
          .get()
      ).get('ratePer1000Paisa'),
    ).toBe(34_580);

    const second = await seed({ demoProvider: { url: sim.url, key: sim.key } });
    expect(second.demoProvider).toEqual({ id, imported: 0 });
    expect(await count('providers')).toBe(1);
    expect(await count('providerSecrets')).toBe(1);
    expect(await count('serviceProviders')).toBe(3);
    expect(
      (
        await db
          .collection('providers')
          .doc(id as string)
          .get()
      ).get('name'),
    ).toBe('My test provider');
    expect(links.docs.map((d) => d.get('serviceId')).sort()).toEqual(['101', '102', '301']);
    // One sim `balance` call for the creation, one `services` call for the import: the second seed asked nothing.
    expect(sim.requests.map((r) => r.action)).toEqual(['balance', 'services']);
  });

  it('adds no demo provider to a panel that already runs another provider', async () => {
    const other = await startDemoProvider({ key: 'another-key' });
    try {
      const answer = await seed({ demoProvider: { url: other.url, key: other.key } });
      expect(answer.demoProvider).toEqual({ id: null, imported: 0 });
      expect(await count('providers')).toBe(1);
      expect(other.requests).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('the ticker', () => {
  it('forwards a queued order of a linked service on its tick, then syncs it to completed', async () => {
    const customer = await signIn(DEMO_USER.email, DEMO_USER.password);
    const link = (await db.collection('serviceProviders').where('serviceId', '==', '101').get()).docs[0];
    const url = `https://instagram.com/demo.forwarding.${Date.now()}`;
    const placed = await call(api.url, 'POST', '/api/order/place', {
      token: customer.idToken,
      body: { serviceId: link?.id, link: url, quantity: 100 },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.order._id as string;
    const fulfilment = () => db.collection('orderFulfilment').doc(orderId).get();
    expect((await fulfilment()).get('state')).toBe('queued');

    let offset = 0;
    const ticker = await startTicker({ intervalMs: 3_600_000, now: () => Date.now() + offset });
    try {
      // No trigger runs here (no Functions emulator): the sweep is what sends it, once it is due.
      offset = SWEEP_QUEUED_AFTER_MS + 1000;
      const sent = await ticker.tick();
      expect(sent?.sweep.sent).toBe(1);
      expect(sim.addsReceived(url)).toBe(1);
      expect((await fulfilment()).data()).toMatchObject({ state: 'sent', providerOrderId: expect.any(String) });

      offset += FIRST_SYNC_AFTER_MS + 1000;
      const synced = await ticker.tick();
      expect(synced?.sync).toMatchObject({ checked: 1, changed: 1 });
      expect((await db.collection('orders').doc(orderId).get()).get('status')).toBe('completed');
      expect(sim.addsReceived(url)).toBe(1);
    } finally {
      await ticker.stop();
    }
  });
});
