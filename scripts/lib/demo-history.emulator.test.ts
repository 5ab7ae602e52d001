// `npm start`'s demo history (scripts/lib/demo-history.ts through seed({ history: true })): on an empty
// store, ~60 days of customers, top-ups and orders that keep every money invariant, folded at once so
// the reports page has figures; on a store with any ledger entry or fold state, nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { PLATFORMS } from '../../functions/src/shared/platforms';
import { type Report, reportSchema } from '../../functions/src/shared/reports';
import { apiServerForFile, call, createUser, resetEmulators, type TestUser } from '../../tests/support/api';
import { expectMoneyInvariants } from '../../tests/support/money-invariants';
import { DEMO_PROVIDER } from './demo';
import { DEMO_HISTORY_CUSTOMERS } from './demo-history';
import { startDemoProvider } from './demo-provider';
import { seed } from './seed';
import { startTicker } from './ticker';

const api = apiServerForFile();
const DAY = 86_400_000;
const pkDay = (ms: number) => new Date(ms + 5 * 3_600_000).toISOString().slice(0, 10);

async function lastThirtyDays(admin: TestUser): Promise<Report> {
  const from = pkDay(Date.now() - 29 * DAY);
  const to = pkDay(Date.now());
  const res = await call(api.url, 'GET', `/api/admin/reports?from=${from}&to=${to}&granularity=day`, { token: admin.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return reportSchema.parse(res.body);
}

async function counts() {
  const { db } = await import('../../functions/src/lib/admin');
  const [ledger, orders, users] = await Promise.all([
    db.collectionGroup('ledger').count().get(),
    db.collection('orders').count().get(),
    db.collection('users').count().get(),
  ]);
  return { ledger: ledger.data().count, orders: orders.data().count, users: users.data().count };
}

describe('the demo history', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createUser({ admin: true });
  });

  it('on an empty store: money-consistent history, folded, a report with figures for the last 30 days', async () => {
    const result = await seed({ history: true });
    expect(result.history?.customers).toBe(DEMO_HISTORY_CUSTOMERS.length);
    // A few thousand documents at most.
    expect(result.history?.orders).toBeGreaterThan(100);
    expect((result.history?.entries ?? 0) + (result.history?.orders ?? 0) * 2).toBeLessThan(3_000);
    await expectMoneyInvariants();

    const report = await lastThirtyDays(admin);
    expect(report.totals.revenue).toBeGreaterThan(0);
    expect(report.totals.cost).toBeGreaterThan(0);
    expect(report.totals.topUps).toBeGreaterThan(0);
    expect(report.totals.profit).toBeGreaterThan(0);
    for (const status of ['pending', 'processing', 'completed', 'partial', 'cancelled'] as const)
      expect(report.ordersByStatus[status], status).toBeGreaterThan(0);
    expect(report.byPlatform.map((p) => p.platform).sort()).toEqual([...PLATFORMS].sort());
    expect(report.topCustomers.length).toBeGreaterThanOrEqual(10);
    expect(report.topCustomers.every((c) => DEMO_HISTORY_CUSTOMERS.some((d) => d.uid === c.uid))).toBe(true);
    // Provider orders under the history's providers, and manual ones.
    expect(report.byProvider.filter((p) => p.providerId !== 'manual' && p.cost > 0).length).toBeGreaterThanOrEqual(1);
    expect(report.byProvider.some((p) => p.providerId === 'manual')).toBe(true);
    // Folded through the lag: the history is all there, not 10 minutes from now.
    expect(Date.parse(report.asOf)).toBeGreaterThan(Date.now() - 15 * 60_000);
  });

  it('writes nothing on a store that has money in it, however often it seeds', async () => {
    const before = await counts();
    const again = await seed({ history: true });
    expect(again.history).toBeUndefined();
    expect(await counts()).toEqual(before);
  });

  it('writes nothing on a store with a ledger entry (the demo balance) or with fold state and no entry', async () => {
    await resetEmulators();
    await seed();
    expect((await seed({ history: true })).history).toBeUndefined();
    expect((await counts()).ledger).toBe(1);
    await expectMoneyInvariants();

    await resetEmulators();
    const { db } = await import('../../functions/src/lib/admin');
    await db.collection('reportFold').doc('state').set({ streams: {} });
    expect((await seed({ history: true })).history).toBeUndefined();
    expect((await counts()).ledger).toBe(1);
  });

  it('as npm start seeds it: orders also under the demo provider, which the workers never ask about them', async () => {
    await resetEmulators();
    const sim = await startDemoProvider({ key: DEMO_PROVIDER.key });
    try {
      const result = await seed({ demoProvider: { url: sim.url, key: sim.key }, history: true });
      expect(result.history?.customers).toBe(DEMO_HISTORY_CUSTOMERS.length);
      await expectMoneyInvariants();
      const report = await lastThirtyDays(await createUser({ admin: true }));
      const demo = report.byProvider.find((p) => p.providerId === result.demoProvider?.id);
      expect(demo?.cost).toBeGreaterThan(0);
      const { db } = await import('../../functions/src/lib/admin');
      // The demo provider and one retired provider (no worker calls an inactive one).
      const providers = await db.collection('providers').get();
      expect(providers.docs.map((d) => d.get('active')).sort()).toEqual([false, true]);

      // The every-minute work, an hour on: nothing of the history is sent, synced or refunded.
      const before = sim.requests.length;
      const ticker = await startTicker({ intervalMs: 3_600_000, now: () => Date.now() + 3_600_000 });
      try {
        const tick = await ticker.tick();
        expect(tick?.sweep).toMatchObject({ sent: 0, expired: 0 });
        expect(tick?.sync).toMatchObject({ checked: 0, changed: 0 });
      } finally {
        await ticker.stop();
      }
      expect(sim.requests.slice(before).map((r) => r.action)).not.toContain('status');
      expect(sim.requests.slice(before).map((r) => r.action)).not.toContain('add');
      await expectMoneyInvariants();
    } finally {
      await sim.close();
    }
  });
});
