// The demo provider on its own, spoken to with plain form POSTs (not through the upstream client, so
// a bug in one cannot hide one in the other). Its clock is a variable the tests move.
import { afterEach, describe, expect, it } from 'vitest';
import { type DemoProvider, type DemoProviderOptions, fromMicros, startDemoProvider, toMicros } from './demo-provider';

const KEY = 'sim-key-0123456789abcdef';
let now = 0;
let sim: DemoProvider | undefined;

afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function start(options: Partial<DemoProviderOptions> = {}) {
  now = 1_000_000;
  sim = await startDemoProvider({
    key: KEY,
    clock: () => now,
    timing: { pendingMs: 10_000, progressMs: 60_000, refillMs: 5_000 },
    ...options,
  });
  return sim;
}

async function call(params: Record<string, string | number>, init: { json?: boolean } = {}): Promise<any> {
  if (!sim) throw new Error('no simulator');
  const all = { key: KEY, ...params };
  const response = await fetch(sim.url, {
    method: 'POST',
    headers: { 'Content-Type': init.json ? 'application/json' : 'application/x-www-form-urlencoded' },
    body: init.json ? JSON.stringify(all) : new URLSearchParams(Object.entries(all).map(([k, v]) => [k, String(v)])).toString(),
  });
  return response.json();
}

const LINK = 'https://instagram.com/p/abc';

describe('the demo provider', () => {
  it('counts in USD millionths', () => {
    expect(toMicros('0.95')).toBe(950_000);
    expect(toMicros('12')).toBe(12_000_000);
    expect(fromMicros(142_500)).toBe('0.1425');
    expect(fromMicros(1_000_000)).toBe('1.00');
    expect(fromMicros(100)).toBe('0.0001');
    expect(() => toMicros('1,5')).toThrow();
  });

  it('refuses a wrong key and an unknown action', async () => {
    await start();
    expect(await call({ action: 'balance', key: 'wrong' })).toEqual({ error: 'Invalid API key' });
    expect(await call({ action: 'dance' })).toEqual({ error: 'Incorrect request' });
  });

  it('lists its services the way real lists come, rates and limits as text', async () => {
    await start();
    const services = await call({ action: 'services' });
    expect(services.length).toBeGreaterThanOrEqual(4);
    expect(services[0]).toEqual({
      service: 101,
      name: 'Instagram Followers [Real, 30 days refill]',
      type: 'Default',
      category: 'Instagram Followers',
      rate: '0.95',
      min: '50',
      max: '100000',
      refill: true,
      cancel: true,
    });
  });

  it('checks an add against the service and the balance, and debits what it places', async () => {
    await start({ balance: '1.00' });
    expect(await call({ action: 'add', service: 999, link: LINK, quantity: 100 })).toEqual({ error: 'Incorrect service ID' });
    expect(await call({ action: 'add', service: 101, link: 'not a link', quantity: 100 })).toEqual({ error: 'Bad link' });
    expect(await call({ action: 'add', service: 101, link: LINK, quantity: 10 })).toEqual({ error: 'Quantity less than minimal 50' });
    expect(await call({ action: 'add', service: 101, link: LINK, quantity: 100_001 })).toEqual({
      error: 'Quantity more than maximal 100000',
    });
    expect(await call({ action: 'add', service: 101, link: LINK, quantity: 2000 })).toEqual({ error: 'Not enough funds on balance' });
    expect(sim?.orders.size).toBe(0);

    const placed = await call({ action: 'add', service: 101, link: LINK, quantity: 150 }, { json: true });
    expect(placed).toEqual({ order: 5001 });
    expect(await call({ action: 'balance' })).toEqual({ balance: '0.8575', currency: 'USD' }); // 1.00 − 0.95 × 0.150
    expect(sim?.addsReceived()).toBe(6);
    expect(sim?.addsReceived(LINK)).toBe(5);
    expect(sim?.addsReceived('https://elsewhere')).toBe(0);
    expect(sim?.requests.every((r) => !('key' in r.params))).toBe(true);
  });

  it('moves an order pending → in progress → completed on its clock', async () => {
    await start({ chances: { partial: 0, cancelled: 0 } });
    const { order } = await call({ action: 'add', service: 101, link: LINK, quantity: 1000 });
    expect(await call({ action: 'status', order })).toEqual({
      charge: '0.95',
      start_count: '0',
      status: 'Pending',
      remains: '1000',
      currency: 'USD',
    });
    now += 10_000 + 30_000;
    const half = await call({ action: 'status', order });
    expect(half).toMatchObject({ status: 'In progress', remains: '500' });
    expect(Number(half.start_count)).toBeGreaterThanOrEqual(0);
    now += 30_000;
    expect(await call({ action: 'status', order })).toMatchObject({ status: 'Completed', remains: '0' });
  });

  it('ends some orders partial or cancelled and gives the unused charge back, once', async () => {
    await start({ balance: '10.00', chances: { partial: 1 } });
    const { order } = await call({ action: 'add', service: 101, link: LINK, quantity: 1000 });
    now += 70_000;
    const partial = await call({ action: 'status', order });
    const remains = Number(partial.remains);
    expect(partial.status).toBe('Partial');
    expect(remains).toBeGreaterThanOrEqual(1);
    expect(remains).toBeLessThanOrEqual(999);
    const balance = toMicros('10.00') - 950_000 + Math.round((950_000 * remains) / 1000);
    expect(await call({ action: 'balance' })).toMatchObject({ balance: fromMicros(balance) });
    await call({ action: 'status', order });
    expect(sim?.balance()).toBe(fromMicros(balance));

    const cancelled = await start({ balance: '10.00', chances: { cancelled: 1 } });
    const second = await call({ action: 'add', service: 101, link: LINK, quantity: 1000 });
    now += 70_000;
    expect(await call({ action: 'status', order: second.order })).toMatchObject({ status: 'Canceled', remains: '1000' });
    expect(cancelled.balance()).toBe('10.00');
  });

  it('gives the same outcomes for the same seed', async () => {
    const run = async (seed: number) => {
      await start({ seed });
      for (let i = 0; i < 20; i++) await call({ action: 'add', service: 301, link: `${LINK}${i}`, quantity: 1000 });
      now += 100_000;
      const outcome = [...(sim?.orders.values() ?? [])].map((o) => [o.status, o.remains, o.startCount]);
      await sim?.close();
      sim = undefined;
      return outcome;
    };
    const first = await run(7);
    expect(await run(7)).toEqual(first);
    expect(await run(8)).not.toEqual(first);
    expect(new Set(first.map(([status]) => status)).size).toBeGreaterThan(1);
  });

  it('answers many statuses keyed by id, unknown ids with their own error', async () => {
    await start();
    const { order } = await call({ action: 'add', service: 101, link: LINK, quantity: 100 });
    expect(await call({ action: 'status', orders: `${order}, 42` })).toEqual({
      [order]: { charge: '0.095', start_count: '0', status: 'Pending', remains: '100', currency: 'USD' },
      '42': { error: 'Incorrect order ID' },
    });
    expect(await call({ action: 'status', order: 42 })).toEqual({ error: 'Incorrect order ID' });
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect(await call({ action: 'status', orders: tooMany })).toEqual({ error: 'Incorrect request' });
  });

  it('cancels a pending order of a cancelable service, with the charge back, and nothing else', async () => {
    await start({ balance: '5.00' });
    const cancelable = await call({ action: 'add', service: 101, link: LINK, quantity: 1000 });
    const notCancelable = await call({ action: 'add', service: 201, link: LINK, quantity: 1000 });
    expect(await call({ action: 'cancel', orders: `${cancelable.order},${notCancelable.order},42` })).toEqual([
      { order: cancelable.order, cancel: 1 },
      { order: notCancelable.order, cancel: { error: 'Order can not be canceled' } },
      { order: 42, cancel: { error: 'Incorrect order ID' } },
    ]);
    expect(await call({ action: 'status', order: cancelable.order })).toMatchObject({ status: 'Canceled', remains: '1000' });
    expect(sim?.balance()).toBe('3.60'); // 5.00 − 1.40, the uncancelled one
    const later = await call({ action: 'add', service: 101, link: LINK, quantity: 1000 });
    now += 10_000;
    expect(await call({ action: 'cancel', orders: later.order })).toEqual([
      { order: later.order, cancel: { error: 'Order can not be canceled' } },
    ]);
  });

  it('takes a refill of a completed order of a refill service and completes it later', async () => {
    await start({ chances: { partial: 0, cancelled: 0 } });
    const { order } = await call({ action: 'add', service: 101, link: LINK, quantity: 100 });
    expect(await call({ action: 'refill', order })).toEqual({ error: 'Order not eligible for refill.' });
    now += 70_000;
    expect(await call({ action: 'refill', order: 42 })).toEqual({ error: 'Incorrect order ID' });
    const { refill } = await call({ action: 'refill', order });
    expect(refill).toBe(701);
    expect(await call({ action: 'refill_status', refill })).toEqual({ status: 'Pending' });
    now += 5_000;
    expect(await call({ action: 'refill_status', refill })).toEqual({ status: 'Completed' });
    expect(await call({ action: 'refill_status', refill: 9 })).toEqual({ error: 'Refill not found' });
  });

  it('lets a test decide an order’s end', async () => {
    await start();
    const { order } = await call({ action: 'add', service: 101, link: LINK, quantity: 100 });
    sim?.setOrder(order, { status: 'partial', remains: 30 });
    expect(await call({ action: 'status', order })).toMatchObject({ status: 'Partial', remains: '30' });
  });

  it('applies a fault to as many requests as asked, then answers normally', async () => {
    await start();
    sim?.fault({ action: 'balance', kind: 'error', message: 'Maintenance', times: 2 });
    expect(await call({ action: 'services' })).toHaveLength(5);
    expect(await call({ action: 'balance' })).toEqual({ error: 'Maintenance' });
    expect(await call({ action: 'balance' })).toEqual({ error: 'Maintenance' });
    expect(await call({ action: 'balance' })).toMatchObject({ currency: 'USD' });
  });

  it('applies a fault with a link only to requests for that link', async () => {
    await start();
    const other = `${LINK}-other`;
    sim?.fault({ action: 'add', kind: 'error', message: 'Bad link', link: other });
    expect(await call({ action: 'add', service: 101, link: LINK, quantity: 100 })).toHaveProperty('order');
    expect(await call({ action: 'add', service: 101, link: other, quantity: 100 })).toEqual({ error: 'Bad link' });
    expect(await call({ action: 'add', service: 101, link: other, quantity: 100 })).toHaveProperty('order');
  });

  it('an error fault places nothing; other faults place the order and lose or spoil the answer', async () => {
    await start();
    sim?.fault({ action: 'add', kind: 'error' });
    expect(await call({ action: 'add', service: 101, link: LINK, quantity: 100 })).toEqual({ error: 'Service temporarily unavailable' });
    expect(sim?.orders.size).toBe(0);
    sim?.fault({ action: 'add', kind: 'no-order-id' });
    expect(await call({ action: 'add', service: 101, link: LINK, quantity: 100 })).toEqual({ status: 'success' });
    sim?.fault({ action: 'add', kind: 'html' });
    const html = await fetch(sim?.url ?? '', {
      method: 'POST',
      body: new URLSearchParams({ key: KEY, action: 'add', service: '101', link: LINK, quantity: '100' }),
    });
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    sim?.fault({ action: 'add', kind: '500', perform: false });
    const failed = await fetch(sim?.url ?? '', {
      method: 'POST',
      body: new URLSearchParams({ key: KEY, action: 'add', service: '101', link: LINK, quantity: '100' }),
    });
    expect(failed.status).toBe(500);
    expect(sim?.orders.size).toBe(2);
    expect(sim?.addsReceived(LINK)).toBe(4);
  });

  it('spells statuses oddly, sends weird remains and forgets ids when told', async () => {
    await start({ chances: { partial: 0, cancelled: 0 } });
    const a = (await call({ action: 'add', service: 101, link: LINK, quantity: 100 })).order;
    const b = (await call({ action: 'add', service: 101, link: LINK, quantity: 100 })).order;
    sim?.setOrder(a, { status: 'cancelled' });
    sim?.setOrder(b, { status: 'cancelled' });
    sim?.fault({ action: 'status', kind: 'odd-case' });
    const odd = await call({ action: 'status', orders: `${a},${b}` });
    expect([odd[a].status, odd[b].status].sort()).toEqual(['Cancelled', 'Refunded']);
    for (const [kind, remains] of [
      ['remains-unknown', 'Unknown'],
      ['remains-negative', '-5'],
      ['remains-above', '200'],
      ['remains-missing', undefined],
    ] as const) {
      sim?.fault({ action: 'status', kind });
      expect((await call({ action: 'status', order: a })).remains, kind).toBe(remains);
    }
    sim?.fault({ action: 'status', kind: 'forget', ids: [b] });
    expect(Object.keys(await call({ action: 'status', orders: `${a},${b}` }))).toEqual([String(a)]);
    sim?.fault({ action: 'status', kind: 'forget' });
    expect(await call({ action: 'status', order: a })).toEqual({ error: 'Incorrect order ID' });
  });
});
