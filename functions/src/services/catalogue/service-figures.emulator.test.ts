// Services' measured figures against generated orders with known durations, written straight to Firestore: the
// fold (in small pages) must give what this file works out on its own (the newest 10 completed orders' time per
// 1,000, weighted by quantity, and their median start; the share completed in full of the orders that ended in the
// last 30 Pakistan days), count each order once (twice at once, again), wait out the lag, leave a drip-feed's own
// order out, say "New" under 3 completed orders, and let the 30-day share slide without new orders.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { apiServerForFile, call } from '../../../../tests/support/api';
import { db } from '../../lib/admin';
import { LAG_MS } from '../reports/daily-rollups';
import { figuresSourceRef, foldServiceFigures } from './service-figures';

const api = apiServerForFile();

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const NOW = Date.parse('2026-11-20T12:00:00Z');
const SERVICE = 'tt-views-fast';
const FEW = 'ig-likes-hq';

interface Generated {
  id: string;
  serviceId: string;
  status: 'completed' | 'partial' | 'cancelled' | 'processing';
  quantity: number;
  createdMs: number;
  startedMs?: number;
  endedMs?: number;
  dripFeed?: boolean;
}

let next = 500_000_001;
function order(o: Omit<Generated, 'id'>): Generated {
  return { id: String(next++), ...o };
}

const ts = (ms: number) => Timestamp.fromMillis(ms);
async function write(orders: readonly Generated[]) {
  const batch = db.batch();
  for (const o of orders) {
    batch.set(db.collection('orders').doc(o.id), {
      userId: 'figures-user',
      user: { _id: 'figures-user', name: 'Figures', email: 'figures@example.com' },
      platform: 'tiktok',
      serviceId: o.serviceId,
      service: 'TikTok Views Video Views',
      link: 'https://www.tiktok.com/@f/video/1',
      quantity: o.quantity,
      pricePaisa: 100,
      status: o.status,
      ...(o.status === 'partial' ? { remains: Math.floor(o.quantity / 3) } : {}),
      ...(o.startedMs !== undefined ? { startedAt: ts(o.startedMs) } : {}),
      ...(o.endedMs !== undefined ? { endedAt: ts(o.endedMs) } : {}),
      ...(o.dripFeed ? { isDripFeed: true, dripFeed: { runs: 2, intervalMinutes: 10, runQuantity: o.quantity / 2 } } : {}),
      createdAt: ts(o.createdMs),
      updatedAt: ts(o.endedMs ?? o.createdMs),
    });
  }
  await batch.commit();
}

// A made-up but fixed history of SERVICE: 14 completed orders of known quantity, time and start, ending over the
// last 3 days (minute apart, no two at once), some partial and cancelled, one completed 40 days ago, one within
// the lag, an open one, and a drip-feed's own order that ended completed after days.
const completed = Array.from({ length: 14 }, (_, i) => {
  const endedMs = NOW - 3 * DAY + i * 5 * HOUR;
  const durationMs = (20 + 7 * i) * MIN;
  return order({
    serviceId: SERVICE,
    status: 'completed',
    quantity: 500 + 250 * (i % 4),
    createdMs: endedMs - durationMs,
    // Every third went straight to completed (a manual order): its start is its end.
    ...(i % 3 === 2 ? {} : { startedMs: endedMs - durationMs + (2 + i) * MIN }),
    endedMs,
  });
});
const others = [
  order({
    serviceId: SERVICE,
    status: 'partial',
    quantity: 1000,
    createdMs: NOW - 2 * DAY - HOUR,
    startedMs: NOW - 2 * DAY,
    endedMs: NOW - 2 * DAY + 3 * HOUR,
  }),
  order({ serviceId: SERVICE, status: 'cancelled', quantity: 1000, createdMs: NOW - DAY - HOUR, endedMs: NOW - DAY - 30 * MIN }),
  order({ serviceId: SERVICE, status: 'cancelled', quantity: 2000, createdMs: NOW - 10 * DAY, endedMs: NOW - 10 * DAY + HOUR }),
  order({
    serviceId: SERVICE,
    status: 'completed',
    quantity: 1000,
    createdMs: NOW - 40 * DAY - HOUR,
    startedMs: NOW - 40 * DAY - 50 * MIN,
    endedMs: NOW - 40 * DAY,
  }),
  // Ended 5 minutes ago: inside the lag, counted by a later run.
  order({
    serviceId: SERVICE,
    status: 'completed',
    quantity: 1000,
    createdMs: NOW - HOUR,
    startedMs: NOW - 50 * MIN,
    endedMs: NOW - 5 * MIN,
  }),
  order({ serviceId: SERVICE, status: 'processing', quantity: 1000, createdMs: NOW - HOUR, startedMs: NOW - 50 * MIN }),
  order({
    serviceId: SERVICE,
    status: 'completed',
    quantity: 1000,
    createdMs: NOW - 5 * DAY,
    startedMs: NOW - 5 * DAY,
    endedMs: NOW - DAY,
    dripFeed: true,
  }),
  order({
    serviceId: FEW,
    status: 'completed',
    quantity: 100,
    createdMs: NOW - DAY - HOUR,
    startedMs: NOW - DAY - 55 * MIN,
    endedMs: NOW - DAY,
  }),
  order({ serviceId: FEW, status: 'completed', quantity: 100, createdMs: NOW - 2 * DAY - HOUR, endedMs: NOW - 2 * DAY }),
];

/** The figures worked out here on their own from the generated orders ended before `cutoff`, on `now`. */
function expected(serviceId: string, now: number, cutoff: number) {
  const ended = [...completed, ...others].filter(
    (o) => o.serviceId === serviceId && !o.dripFeed && o.endedMs !== undefined && o.endedMs < cutoff,
  ) as (Generated & { endedMs: number })[];
  const recent = ended
    .filter((o) => o.status === 'completed')
    .sort((a, b) => b.endedMs - a.endedMs)
    .slice(0, 10);
  const starts = recent.map((o) => ((o.startedMs ?? o.endedMs) - o.createdMs) / 1000).sort((a, b) => a - b);
  const half = starts.length / 2;
  const median = starts.length % 2 ? (starts[Math.floor(half)] as number) : ((starts[half - 1] as number) + (starts[half] as number)) / 2;
  // The last 30 Pakistan days: today (UTC+5) and the 29 before.
  const pkDay = (ms: number) => new Date(ms + 5 * HOUR).toISOString().slice(0, 10);
  const firstDay = pkDay(now - 29 * DAY);
  const inWindow = ended.filter((o) => pkDay(o.endedMs) >= firstDay);
  const full = inWindow.filter((o) => o.status === 'completed').length;
  const isNew = recent.length < 3;
  const seconds = recent.reduce((s, o) => s + (o.endedMs - o.createdMs) / 1000, 0);
  const units = recent.reduce((s, o) => s + o.quantity, 0);
  return {
    new: isNew,
    timePer1000: isNew ? null : Math.round((seconds / units) * 1000),
    medianStart: isNew ? null : Math.round(median),
    completedPercent: inWindow.length < 3 ? null : Math.floor((100 * full) / inWindow.length),
    orders30Days: inWindow.length,
    asOf: new Date(cutoff).toISOString(),
  };
}

const figuresOf = async (id: string) => (await db.collection('services').doc(id).get()).get('figures');

describe('services’ measured figures', () => {
  it('are what the generated orders give, counted once, past the lag, and answered with the catalogue', async () => {
    await write([...completed, ...others]);
    expect(await figuresOf(SERVICE)).toBeUndefined();

    // Two runs at once, in pages of 4: each order counted once whichever run folds its page.
    const [a, b] = await Promise.all([foldServiceFigures(NOW, 60_000, 4), foldServiceFigures(NOW, 60_000, 4)]);
    expect(a.caughtUp && b.caughtUp).toBe(true);
    // Every ended order but the one inside the lag and the drip-feed's own.
    expect(a.orders + b.orders).toBe(completed.length + others.length - 3);
    const want = expected(SERVICE, NOW, NOW - LAG_MS);
    expect(await figuresOf(SERVICE)).toEqual(want);
    // The fixture is what it means to be: 10 samples of the 14, a share under 100 %.
    expect(want).toMatchObject({ new: false, orders30Days: 17 });
    expect(want.completedPercent).toBe(Math.floor((100 * 14) / 17));
    expect((await figuresSourceRef(SERVICE).get()).data()?.recent).toHaveLength(10);

    // Two completed orders: New, no figure claimed; the share needs 3 too.
    expect(await figuresOf(FEW)).toEqual({
      ...expected(FEW, NOW, NOW - LAG_MS),
      new: true,
      timePer1000: null,
      medianStart: null,
      completedPercent: null,
    });

    // Again: nothing to count, nothing changes.
    expect((await foldServiceFigures(NOW)).orders).toBe(0);
    expect(await figuresOf(SERVICE)).toEqual(want);

    // Ten minutes on, the order that ended inside the lag is counted: it is now the newest sample.
    const later = NOW + 10 * MIN;
    expect((await foldServiceFigures(later)).orders).toBe(1);
    expect(await figuresOf(SERVICE)).toEqual(expected(SERVICE, later, later - LAG_MS));

    // The public catalogue and API v2 answer them as stored.
    const { body } = await call(api.url, 'GET', '/api/services');
    const listed = body.services.find((s: { _id: string }) => s._id === SERVICE);
    expect(listed.figures).toEqual(expected(SERVICE, later, later - LAG_MS));
  });

  it('slide with the 30-day window without new orders: figures counted before today (Pakistan) are worked out again', async () => {
    const monthOn = NOW + 31 * DAY;
    const result = await foldServiceFigures(monthOn);
    expect(result.orders).toBe(0);
    expect(result.services).toBeGreaterThanOrEqual(2);
    // No order ended in the last 30 days: no share; the time figures still come from the newest completed orders.
    const figures = await figuresOf(SERVICE);
    expect(figures).toMatchObject({ completedPercent: null, orders30Days: 0, new: false, asOf: new Date(monthOn - LAG_MS).toISOString() });
    expect(figures.timePer1000).toBe(expected(SERVICE, NOW + 10 * MIN, NOW).timePer1000);
  });
});
