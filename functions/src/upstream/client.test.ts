// The client against the demo provider on a local port: every result kind and every fault. The
// deadline is short here; `slow` and `timeout` faults are measured against it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DemoProvider, startDemoProvider } from '../../../scripts/lib/demo-provider';
import { PROVIDER_MESSAGES } from '../shared/providers';
import { EMULATOR_NETWORK } from './addresses';
import { createProviderClient, type ProviderClient } from './client';
import { KEY_MARKER } from './redact';
import { mapUpstreamStatus } from './status-mapping';

const KEY = 'upstream-secret-key-9f2c';
const TIMEOUT_MS = 300;
const LINK = 'https://instagram.com/p/abc';
const ORDER = { service: '101', link: LINK, quantity: 100 };

let now = 0;
let sim: DemoProvider;
let client: ProviderClient;

beforeEach(async () => {
  now = 1_000_000;
  sim = await startDemoProvider({ key: KEY, clock: () => now, chances: { partial: 0, cancelled: 0 } });
  client = createProviderClient({ url: sim.url, key: KEY, timeoutMs: TIMEOUT_MS, network: EMULATOR_NETWORK });
});

afterEach(async () => {
  await sim.close();
});

/** Whatever came back, the key is not in it (results get stored and shown to the admin). */
const withoutKey = (result: unknown) => expect(JSON.stringify(result)).not.toContain(KEY);

describe('balance and services', () => {
  it('reads the balance', async () => {
    expect(await client.balance()).toEqual({ ok: true, value: { balance: 100, balanceRaw: '100.00', currency: 'USD' } });
  });

  it('a wrong key is a refusal', async () => {
    const wrong = createProviderClient({ url: sim.url, key: 'wrong-key', timeoutMs: TIMEOUT_MS, network: EMULATOR_NETWORK });
    expect(await wrong.balance()).toEqual({ ok: false, kind: 'refused', error: 'Invalid API key', httpStatus: 200 });
  });

  it('reads the services list', async () => {
    const result = await client.services();
    expect(result.ok && result.value.skipped).toBe(0);
    expect(result.ok && result.value.services[0]).toEqual({
      service: '101',
      name: 'Instagram Followers [Real, 30 days refill]',
      type: 'Default',
      category: 'Instagram Followers',
      rate: 0.95,
      rateRaw: '0.95',
      min: 50,
      max: 100000,
      refill: true,
      cancel: true,
      dripfeed: false,
    });
  });
});

describe('add', () => {
  it('posts the order form-encoded and answers the provider’s order id', async () => {
    let sent: RequestInit | undefined;
    const recording = createProviderClient({
      url: sim.url,
      key: KEY,
      fetch: (url, init) => {
        sent = init;
        return fetch(url, init);
      },
    });
    expect(await recording.add({ ...ORDER, runs: 2, interval: 30 })).toEqual({ ok: true, value: { order: '5001' } });
    expect(sent?.method).toBe('POST');
    expect(new Headers(sent?.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(sent?.body)))).toEqual({
      key: KEY,
      action: 'add',
      service: '101',
      link: LINK,
      quantity: '100',
      runs: '2',
      interval: '30',
    });
    expect(sim.orders.get(5001)).toMatchObject({ link: LINK, quantity: 100, status: 'pending' });
  });

  it('a refusal placed nothing', async () => {
    sim.setBalance('0.01');
    expect(await client.add(ORDER)).toEqual({ ok: false, kind: 'refused', error: 'Not enough funds on balance', httpStatus: 200 });
    expect(await client.add({ ...ORDER, quantity: 1 })).toMatchObject({ kind: 'refused', error: 'Quantity less than minimal 50' });
    sim.fault({ action: 'add', kind: 'error', message: 'Service is disabled' });
    expect(await client.add(ORDER)).toMatchObject({ kind: 'refused', error: 'Service is disabled' });
    expect(sim.orders.size).toBe(0);
  });

  // Each of these may have placed the order (here the simulator did): unknown, and sent exactly once. The
  // admin reads one text for all (no port scanner); the detail is for the logs.
  it.each([
    ['timeout', { kind: 'timeout' }, `no answer within ${TIMEOUT_MS} ms`],
    ['slower than the deadline', { kind: 'slow', delayMs: TIMEOUT_MS + 400 }, `no answer within ${TIMEOUT_MS} ms`],
    ['an answer that stops halfway', { kind: 'stall' }, `no answer within ${TIMEOUT_MS} ms`],
    ['an HTML page', { kind: 'html' }, 'an HTML page instead of JSON'],
    ['a 500 with a JSON {error}', { kind: '500' }, 'HTTP 500'],
    ['garbage', { kind: 'garbage' }, 'an answer that is not JSON'],
    ['a dropped connection', { kind: 'disconnect' }, /^network error/],
    ['an answer without an order id', { kind: 'no-order-id' }, 'an answer without an order id'],
  ] as const)('%s → unknown, sent once', async (_name, fault, reason) => {
    sim.fault({ action: 'add', ...fault });
    const result = await client.add(ORDER);
    expect(result).toMatchObject({ ok: false, kind: 'unknown' });
    if (result.ok || result.kind !== 'unknown') return;
    expect(result.reason).toBe(PROVIDER_MESSAGES.noUsableAnswer);
    if (typeof reason === 'string') expect(result.detail).toBe(reason);
    else expect(result.detail).toMatch(reason);
    expect(sim.addsReceived(LINK)).toBe(1);
    expect(sim.orders.size).toBe(1);
    withoutKey(result);
  });

  it('an answer that stops halfway is unknown at the deadline even when the abort does not reach its body', async () => {
    // A body that ignores fetch's abort, as undici's sometimes does once its reader waits: only the
    // client's own deadline ends the wait.
    const stalled = createProviderClient({
      url: sim.url,
      key: KEY,
      timeoutMs: TIMEOUT_MS,
      fetch: async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start: (controller) => controller.enqueue(new TextEncoder().encode('{"order": ')),
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    const result = await Promise.race([
      stalled.add(ORDER),
      new Promise((done) => setTimeout(() => done('still waiting'), TIMEOUT_MS + 2000)),
    ]);
    expect(result).toEqual({
      ok: false,
      kind: 'unknown',
      reason: PROVIDER_MESSAGES.noUsableAnswer,
      detail: `no answer within ${TIMEOUT_MS} ms`,
    });
  });

  it('a slow answer within the deadline is an answer', async () => {
    sim.fault({ action: 'add', kind: 'slow', delayMs: 50 });
    expect(await client.add(ORDER)).toEqual({ ok: true, value: { order: '5001' } });
  });

  it('a provider that is not there is unknown, and reads like any other failure', async () => {
    await sim.close();
    const result = await client.add(ORDER);
    expect(result).toMatchObject({ ok: false, kind: 'unknown', reason: PROVIDER_MESSAGES.noUsableAnswer });
    expect(!result.ok && result.kind === 'unknown' && result.detail).toMatch(/^network error: .*ECONNREFUSED/);
  });

  it('never shows the key, even when the provider echoes it', async () => {
    sim.fault({ action: 'add', kind: 'garbage', body: `Warning: bad request key=${KEY}` });
    const result = await client.add(ORDER);
    expect(result).toMatchObject({ kind: 'unknown', snippet: `Warning: bad request key=${KEY_MARKER}` });
    withoutKey(result);
  });
});

describe('status', () => {
  const place = async () => {
    const placed = await client.add(ORDER);
    if (!placed.ok) throw new Error('not placed');
    return placed.value.order;
  };

  it('follows an order through the single form, mapped to our statuses', async () => {
    const id = await place();
    const read = async () => {
      const result = await client.status(id);
      if (!result.ok) throw new Error(JSON.stringify(result));
      return { raw: result.value, mapped: mapUpstreamStatus({ kind: 'status', status: result.value }, 100) };
    };
    expect(await read()).toEqual({
      raw: { status: 'Pending', charge: 0.095, startCount: 0, remains: 100, remainsRaw: '100', currency: 'USD' },
      mapped: { action: 'set', status: 'pending' },
    });
    now += 60_000;
    expect((await read()).mapped).toEqual({ action: 'set', status: 'processing' });
    now += 60_000;
    expect((await read()).mapped).toEqual({ action: 'set', status: 'completed' });
    sim.setOrder(Number(id), { status: 'partial', remains: 40 });
    expect((await read()).mapped).toEqual({ action: 'set', status: 'partial', remains: 40 });
  });

  it('an unknown id alone is a refusal; in a multi answer, an entry', async () => {
    const id = await place();
    expect(await client.status('42')).toEqual({ ok: false, kind: 'refused', error: 'Incorrect order ID', httpStatus: 200 });
    const result = await client.statuses([id, '42']);
    expect(result.ok && [...result.value.entries()]).toEqual([
      [
        id,
        { kind: 'status', status: { status: 'Pending', charge: 0.095, startCount: 0, remains: 100, remainsRaw: '100', currency: 'USD' } },
      ],
      ['42', { kind: 'error', error: 'Incorrect order ID' }],
    ]);
  });

  it('an order the provider forgets is missing, and flagged', async () => {
    const a = await place();
    const b = await place();
    sim.fault({ action: 'status', kind: 'forget', ids: [Number(b)] });
    const result = await client.statuses([a, b]);
    expect(result.ok && result.value.get(b)).toEqual({ kind: 'missing' });
    expect(result.ok && mapUpstreamStatus(result.value.get(b) ?? { kind: 'missing' }, 100)).toMatchObject({
      action: 'flag',
      reason: 'order_missing',
    });
  });

  it('odd spellings map like the standard words', async () => {
    const ids = [await place(), await place(), await place()];
    sim.setOrder(Number(ids[1]), { status: 'cancelled' });
    sim.setOrder(Number(ids[2]), { status: 'cancelled' });
    now += 20_000;
    sim.fault({ action: 'status', kind: 'odd-case' });
    const result = await client.statuses(ids);
    if (!result.ok) throw new Error(JSON.stringify(result));
    const words = ids.map((id) => {
      const entry = result.value.get(id);
      return entry?.kind === 'status' ? entry.status.status : null;
    });
    expect(words.slice().sort()).toEqual(['Cancelled', 'Processing', 'Refunded']);
    expect(ids.map((id) => mapUpstreamStatus(result.value.get(id) ?? { kind: 'missing' }, 100))).toEqual([
      { action: 'set', status: 'processing' },
      { action: 'set', status: 'cancelled' },
      { action: 'set', status: 'cancelled' },
    ]);
  });

  it.each([
    ['remains-unknown', { action: 'flag', reason: 'unusable_remains', detail: 'Partial with remains Unknown' }],
    ['remains-negative', { action: 'flag', reason: 'unusable_remains', detail: 'Partial with remains -5' }],
    ['remains-missing', { action: 'flag', reason: 'unusable_remains', detail: 'Partial with remains (missing)' }],
    ['remains-above', { action: 'set', status: 'cancelled', notes: ['remains_clamped', 'partial_nothing_delivered'] }],
  ] as const)('a partial with %s', async (kind, mapped) => {
    const id = await place();
    sim.setOrder(Number(id), { status: 'partial', remains: 40 });
    sim.fault({ action: 'status', kind });
    const result = await client.status(id);
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(mapUpstreamStatus({ kind: 'status', status: result.value }, 100)).toEqual(mapped);
  });

  it.each([
    ['timeout', `no answer within ${TIMEOUT_MS} ms`],
    ['html', 'an HTML page instead of JSON'],
    ['500', 'HTTP 500'],
    ['garbage', 'an answer that is not JSON'],
  ] as const)('a %s is unknown', async (kind, detail) => {
    const id = await place();
    sim.fault({ action: 'status', kind });
    expect(await client.statuses([id])).toMatchObject({ ok: false, kind: 'unknown', reason: PROVIDER_MESSAGES.noUsableAnswer, detail });
  });

  it('asks for 1 to 100 ids at once', async () => {
    const many = Array.from({ length: 101 }, (_, i) => String(i + 1));
    await expect(client.statuses([])).rejects.toThrow(RangeError);
    await expect(client.statuses(many)).rejects.toThrow(RangeError);
    await expect(client.cancel([])).rejects.toThrow(RangeError);
    const hundred = await client.statuses(many.slice(0, 100));
    expect(hundred.ok && hundred.value.size).toBe(100);
  });
});

describe('refill and cancel', () => {
  it('refills a completed order and follows the refill', async () => {
    const placed = await client.add(ORDER);
    const id = placed.ok ? placed.value.order : '';
    expect(await client.refill(id)).toMatchObject({ ok: false, kind: 'refused', error: 'Order not eligible for refill.' });
    now += 200_000;
    const refill = await client.refill(id);
    expect(refill).toEqual({ ok: true, value: { refill: '701' } });
    expect(await client.refillStatus('701')).toEqual({ ok: true, value: { status: 'Pending' } });
    now += 60_000;
    expect(await client.refillStatus('701')).toEqual({ ok: true, value: { status: 'Completed' } });
    expect(await client.refillStatus('9')).toMatchObject({ ok: false, kind: 'refused', error: 'Refill not found' });
    sim.fault({ action: 'refill', kind: 'timeout' });
    expect(await client.refill(id)).toMatchObject({ ok: false, kind: 'unknown' });
  });

  it('cancels per id; the status confirms it', async () => {
    const a = await client.add(ORDER);
    const b = await client.add({ ...ORDER, service: '201', quantity: 500 });
    const ids = [a.ok ? a.value.order : '', b.ok ? b.value.order : '', '42'];
    const result = await client.cancel(ids);
    expect(result.ok && [...result.value.values()]).toEqual([
      { kind: 'accepted' },
      { kind: 'error', error: 'Order can not be canceled' },
      { kind: 'error', error: 'Incorrect order ID' },
    ]);
    const status = await client.status(ids[0] ?? '');
    expect(status.ok && mapUpstreamStatus({ kind: 'status', status: status.value }, 100)).toEqual({ action: 'set', status: 'cancelled' });
    sim.fault({ action: 'cancel', kind: 'html' });
    expect(await client.cancel(ids)).toMatchObject({ ok: false, kind: 'unknown' });
  });
});

describe('createProviderClient', () => {
  it('refuses what is not a provider address or key', () => {
    expect(() => createProviderClient({ url: 'ftp://example.com', key: KEY })).toThrow();
    expect(() => createProviderClient({ url: sim.url, key: ' ' })).toThrow();
  });
});

describe('a provider that echoes the key', () => {
  // Spaces, slashes, + and & spell differently raw, URL-encoded and form-encoded.
  const HOSTILE = 'hostile key/+&=9f2c';
  const spellings = [HOSTILE, encodeURIComponent(HOSTILE), new URLSearchParams({ k: HOSTILE }).toString().slice(2)];
  let echo: DemoProvider;
  let hostile: ProviderClient;

  beforeEach(async () => {
    echo = await startDemoProvider({ key: HOSTILE, clock: () => now, chances: { partial: 0, cancelled: 0 } });
    hostile = createProviderClient({ url: echo.url, key: HOSTILE, timeoutMs: TIMEOUT_MS, network: EMULATOR_NETWORK });
  });

  afterEach(async () => {
    await echo.close();
  });

  const clean = (result: unknown) => {
    const text = JSON.stringify(result).toLowerCase();
    for (const spelling of spellings) expect(text).not.toContain(spelling.toLowerCase());
  };

  it.each([
    ['as sent', (key: string) => key],
    ['URL-encoded', (key: string) => encodeURIComponent(key)],
    ['URL-encoded in lower case', (key: string) => encodeURIComponent(key).toLowerCase()],
    ['form-encoded', (key: string) => new URLSearchParams({ k: key }).toString().slice(2)],
  ])('in {"error": …}, %s: the refusal says where it was, not what', async (_name, spell) => {
    echo.fault({
      action: 'add',
      kind: 'answer',
      perform: false,
      answer: (params: Record<string, string>) => ({ error: `Bad key ${spell(params.key ?? '')}` }),
    });
    const result = await hostile.add(ORDER);
    expect(result).toEqual({ ok: false, kind: 'refused', error: `Bad key ${KEY_MARKER}`, httpStatus: 200 });
    clean(result);
  });

  it('behind JSON escapes (\\u, \\/): the parse undoes them, the redaction sees them', async () => {
    const escaped = JSON.stringify(HOSTILE).replace('h', '\\u0068').replaceAll('/', '\\/');
    echo.fault({ action: 'balance', kind: 'garbage', body: `{"error": ${escaped}}` });
    const result = await hostile.balance();
    expect(result).toMatchObject({ ok: false, kind: 'refused', error: KEY_MARKER });
    clean(result);
  });

  it('in an HTML page and in a 500: the snippet kept for the logs has none of it', async () => {
    echo.fault({ action: 'add', kind: 'html', body: `<html><body>key=${encodeURIComponent(HOSTILE)} rejected</body></html>` });
    const html = await hostile.add(ORDER);
    expect(html).toMatchObject({ kind: 'unknown', snippet: `<html><body>key=${KEY_MARKER} rejected</body></html>` });
    clean(html);
    echo.fault({ action: 'balance', kind: 'answer', httpStatus: 500, answer: (params: Record<string, string>) => ({ error: params.key }) });
    clean(await hostile.balance());
  });

  it('in a status word, a cancel refusal and a refill status: each entry is clean', async () => {
    const placed = await hostile.add(ORDER);
    const id = placed.ok ? placed.value.order : '';
    echo.fault({ action: 'status', kind: 'answer', answer: { [id]: { status: HOSTILE, remains: '0' } } });
    const statuses = await hostile.statuses([id]);
    expect(statuses.ok && statuses.value.get(id)).toMatchObject({ kind: 'status', status: { status: KEY_MARKER } });
    clean(statuses.ok && [...statuses.value.entries()]);
    echo.fault({ action: 'cancel', kind: 'answer', answer: [{ order: Number(id), cancel: { error: `No, ${HOSTILE}` } }] });
    const cancel = await hostile.cancel([id]);
    expect(cancel.ok && cancel.value.get(id)).toEqual({ kind: 'error', error: `No, ${KEY_MARKER}` });
    echo.fault({ action: 'refill_status', kind: 'answer', answer: { status: spellings[2] } });
    expect(await hostile.refillStatus('1')).toEqual({ ok: true, value: { status: KEY_MARKER } });
  });

  it('in service names and categories', async () => {
    echo.fault({
      action: 'services',
      kind: 'answer',
      answer: [{ service: 1, name: `Followers for ${HOSTILE}`, category: spellings[1], rate: '1', min: 10, max: 100 }],
    });
    const result = await hostile.services();
    expect(result.ok && result.value.services[0]).toMatchObject({ name: `Followers for ${KEY_MARKER}`, category: KEY_MARKER });
    clean(result);
  });
});

describe('numbers a provider sends are bounded', () => {
  it.each([
    ['1e30 as a number', 1e30],
    ['"1e30"', '1e30'],
    ['a negative one', -5],
    ['"NaN"', 'NaN'],
    ['"Infinity"', 'Infinity'],
    ['40 digits', '1234567890123456789012345678901234567890'],
  ])('a balance of %s is no answer: unknown, nothing to store', async (_name, balance) => {
    sim.fault({ action: 'balance', kind: 'answer', answer: { balance, currency: 'USD' } });
    expect(await client.balance()).toMatchObject({ ok: false, kind: 'unknown', reason: PROVIDER_MESSAGES.noUsableAnswer });
  });

  it('a balance of 10^12 is the most there is', async () => {
    sim.fault({ action: 'balance', kind: 'answer', answer: { balance: '1000000000000', currency: 'USD' } });
    expect(await client.balance()).toMatchObject({ ok: true, value: { balance: 1e12 } });
  });
});
