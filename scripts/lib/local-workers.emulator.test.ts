// The trigger's local stand-in over the real emulators: an order placed on a provider-linked service is
// at the demo provider within seconds, with no tick of the ticker; an order kept queued (its provider
// disabled) is tried once, not in a loop of its own writes.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/src/lib/admin';
import type { ForwardOutcome } from '../../functions/src/workers/forward';
import { REASONS } from '../../functions/src/workers/forward';
import { apiServerForFile, call, signIn } from '../../tests/support/api';
import { DEMO_PROVIDER, DEMO_USER } from './demo';
import { type DemoProvider, startDemoProvider } from './demo-provider';
import { type LocalWorkers, startLocalWorkers } from './local-workers';
import { seed } from './seed';

const api = apiServerForFile({ moneyInvariants: true });
let sim: DemoProvider;
let providerId: string;
let workers: LocalWorkers;
const outcomes: { orderId: string; outcome: ForwardOutcome }[] = [];
let ticks = 0;

beforeAll(async () => {
  sim = await startDemoProvider({ key: DEMO_PROVIDER.key, chances: { partial: 0, cancelled: 0 } });
  providerId = (await seed({ demoProvider: { url: sim.url, key: sim.key } })).demoProvider?.id as string;
  // A ticker that never ticks within the test: whatever is sent, the listener sent.
  workers = await startLocalWorkers({
    intervalMs: 3_600_000,
    onForward: (orderId, outcome) => outcomes.push({ orderId, outcome }),
    onTick: () => {
      ticks += 1;
    },
  });
  await workers.listener.ready;
});

afterAll(async () => {
  await workers?.stop();
  await sim?.close();
});

async function placeOnDemoService(url: string): Promise<string> {
  const customer = await signIn(DEMO_USER.email, DEMO_USER.password);
  const link = (await db.collection('serviceProviders').where('serviceId', '==', '101').get()).docs[0];
  const placed = await call(api.url, 'POST', '/api/order/place', {
    token: customer.idToken,
    body: { serviceId: link?.id, link: url, quantity: 100 },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.order._id as string;
}

const fulfilment = async (orderId: string) => (await db.collection('orderFulfilment').doc(orderId).get()).data();

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}

describe('the forwarding listener', () => {
  it('sends an order placed on a linked service to the provider within seconds, with no tick', async () => {
    const url = `https://instagram.com/listener.${Date.now()}`;
    const placedAt = Date.now();
    const orderId = await placeOnDemoService(url);

    const ofOrder = () => outcomes.filter((o) => o.orderId === orderId).map((o) => o.outcome.kind);
    await waitFor(
      async () => ofOrder(),
      (kinds) => kinds.length > 0,
      10_000,
    );
    expect(Date.now() - placedAt).toBeLessThan(10_000);
    expect(ofOrder()).toEqual(['sent']);
    expect(await fulfilment(orderId)).toMatchObject({ state: 'sent', providerOrderId: expect.any(String), attempt: 1 });
    expect(sim.addsReceived(url)).toBe(1);
    expect(ticks).toBe(0);
  });

  it('tries an order its disabled provider keeps queued once, not again on its own reason’s write', async () => {
    const { updateProvider } = await import('../../functions/src/services/providers/providers');
    const { providerPort } = await import('../../functions/src/workers/provider-port');
    await updateProvider({ uid: 'an-admin', email: 'admin@example.com' }, providerId, { active: false }, providerPort());
    try {
      const url = `https://instagram.com/listener.waits.${Date.now()}`;
      const orderId = await placeOnDemoService(url);

      await waitFor(
        async () => outcomes.filter((o) => o.orderId === orderId),
        (tries) => tries.length > 0,
        10_000,
      );
      expect(await fulfilment(orderId)).toMatchObject({ state: 'queued', reason: REASONS.providerInactive });
      // Time for a loop to show: each try writes the reason again, which the listener sees.
      await sleep(2_000);
      expect(outcomes.filter((o) => o.orderId === orderId).map((o) => o.outcome)).toEqual([
        { kind: 'skipped', state: 'queued', reason: REASONS.providerInactive },
      ]);
      expect(sim.addsReceived(url)).toBe(0);
      expect(ticks).toBe(0);
    } finally {
      await updateProvider({ uid: 'an-admin', email: 'admin@example.com' }, providerId, { active: true }, providerPort());
    }
  });
});
