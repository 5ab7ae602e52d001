// Custom Comments services: the admin makes one, API v2 and the web app order it
// with comments (their count is the quantity and the price), the order keeps them, and a provider
// service gets them upstream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoProvider, startDemoProvider } from '../../../scripts/lib/demo-provider';
import { apiServerForFile, call, createApiKeyFor, createUser, fund, type TestUser, v2With } from '../../../tests/support/api';
import { addProvider, linkService, orderOf, workerDeps } from '../../../tests/support/providers';
import { COMMENT_LIMITS } from '../shared/comments';
import { forwardOrder } from '../workers/forward';

const api = apiServerForFile({ moneyInvariants: true });
const KEY = 'sim-key-comments';
const PROVIDER_ID = 'simComments';
let sim: DemoProvider;
let admin: TestUser;
let customer: TestUser;
let key: string;
/** Our Custom Comments service: Rs 1,000 per 1000 (Rs 1 a comment), 2..5 comments. */
let service: { _id: string; number: number };
let linkCounter = 0;
const nextLink = () => `https://www.instagram.com/p/comments${Date.now()}${++linkCounter}/`;

beforeAll(async () => {
  sim = await startDemoProvider({
    key: KEY,
    balance: '1000.00',
    services: [
      {
        service: 7,
        name: 'Custom Comments',
        type: 'Custom Comments',
        category: 'Instagram Comments',
        rate: '5.00',
        min: 1,
        max: 100,
        refill: false,
        cancel: false,
      },
    ],
  });
  admin = await createUser({ admin: true });
  customer = await createUser();
  await fund(customer, 100);
  key = await createApiKeyFor(api.url, customer);
  const created = await call(api.url, 'POST', '/api/admin/services', {
    token: admin.token,
    body: {
      platform: 'instagram',
      category: 'Comments',
      name: 'Custom Comments (your text)',
      ratePer1000: 1000,
      min: 2,
      max: 5,
      defaultQuantity: 2,
      type: 'Custom Comments',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.service.type).toBe('Custom Comments');
  service = created.body.service;
});

afterAll(async () => {
  await sim?.close();
});

const balanceOf = async () => Number((await v2With(api.url, key, { action: 'balance' })).balance);

describe('API v2', () => {
  it('services reports the type: Custom Comments for ours, Default for services stored without one', async () => {
    const list = (await v2With(api.url, key, { action: 'services' })) as { service: number; type: string }[];
    expect(list.find((s) => s.service === service.number)?.type).toBe('Custom Comments');
    // The built-in random comments need no text from the customer: Default.
    expect(list.find((s) => s.service === 231)?.type).toBe('Default');
    expect(list.filter((s) => s.type !== 'Default').map((s) => s.service)).toEqual([service.number]);
  });

  it('add with comments: the lines are the quantity and the charge, blank lines dropped, quantity ignored; status reports it', async () => {
    const before = await balanceOf();
    const added = await v2With(api.url, key, {
      action: 'add',
      service: service.number,
      link: nextLink(),
      quantity: 1000,
      comments: 'Great post!\r\n\r\n  Zabardast 👍  \nMasha Allah\n',
    });
    expect(added).toEqual({ order: expect.any(Number) });
    const order = String(added.order);
    expect(await orderOf(order)).toMatchObject({ quantity: 3, pricePaisa: 300, comments: 'Great post!\nZabardast 👍\nMasha Allah' });
    expect(await balanceOf()).toBeCloseTo(before - 3, 2);
    expect(await v2With(api.url, key, { action: 'status', order })).toMatchObject({ charge: '3.00', remains: '0' });
  });

  it('refuses comments below min, above max, empty, with a line too long or a control character; nothing charged', async () => {
    const before = await balanceOf();
    const add = async (comments: string | undefined) =>
      await v2With(api.url, key, {
        action: 'add',
        service: service.number,
        link: nextLink(),
        ...(comments !== undefined ? { comments } : {}),
      });
    expect(await add('only one')).toEqual({ error: 'Quantity less than minimal 2' });
    expect(await add('1\n2\n3\n4\n5\n6')).toEqual({ error: 'Quantity more than maximal 5' });
    expect(await add('\n \r\n')).toEqual({ error: 'Enter at least one comment, one per line' });
    expect(await add(undefined)).toEqual({ error: 'Enter at least one comment, one per line' });
    expect(await add(`fine\n${'x'.repeat(COMMENT_LIMITS.lineLength + 1)}`)).toEqual({
      error: `Comment 2 is longer than ${COMMENT_LIMITS.lineLength} characters`,
    });
    expect(await add(`fine\n${'x'.repeat(COMMENT_LIMITS.lineLength)}\nbad\u0007bell`)).toEqual({
      error: 'Comment 3 contains a control character',
    });
    expect(await balanceOf()).toBe(before);
  });

  it('a Default service ignores a comments parameter, as before', async () => {
    const added = await v2With(api.url, key, { action: 'add', service: 221, link: nextLink(), quantity: 100, comments: 'ignored' });
    expect(added).toEqual({ order: expect.any(Number) });
    expect((await orderOf(String(added.order))).comments).toBeUndefined();
  });
});

describe('web', () => {
  const place = (body: Record<string, unknown>) => call(api.url, 'POST', '/api/order/place', { token: customer.token, body });

  it('places with comments and their count as the quantity; the customer and the admin see the comments', async () => {
    const placed = await place({ serviceId: service._id, link: nextLink(), quantity: 2, comments: 'First\nSecond', price: 2 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order).toMatchObject({ quantity: 2, price: 2, comments: 'First\nSecond' });
    const id = placed.body.order._id as string;
    const mine = await call(api.url, 'GET', '/api/order/my-orders', { token: customer.token });
    expect(JSON.stringify(mine.body)).toContain('First\\nSecond');
    const all = await call(api.url, 'GET', '/api/admin/order', { token: admin.token });
    expect(all.status).toBe(200);
    expect(JSON.stringify(all.body)).toContain(`"_id":"${id}"`);
    expect(JSON.stringify(all.body)).toContain('First\\nSecond');
  });

  it('refuses a quantity that is not the count, missing comments, and comments on a Default service', async () => {
    const mismatch = await place({ serviceId: service._id, link: nextLink(), quantity: 3, comments: 'First\nSecond' });
    expect(mismatch).toMatchObject({ status: 400, body: { code: 'invalid_quantity', field: 'quantity' } });
    const missing = await place({ serviceId: service._id, link: nextLink(), quantity: 2 });
    expect(missing).toMatchObject({ status: 400, body: { code: 'invalid_input', field: 'comments' } });
    const tooLong = await place({ serviceId: service._id, link: nextLink(), quantity: 2, comments: `a\n${'b'.repeat(301)}` });
    expect(tooLong).toMatchObject({ status: 400, body: { code: 'invalid_input', field: 'comments' } });
    const notTaken = await place({ serviceId: 'ig-views-reel', link: nextLink(), quantity: 100, comments: 'x' });
    expect(notTaken).toMatchObject({ status: 400, body: { code: 'invalid_input', field: 'comments' } });
  });
});

describe('admin', () => {
  it('changes a service’s type, and the change is in the audit trail', async () => {
    const changed = await call(api.url, 'PATCH', '/api/admin/services/ig-comments-random', {
      token: admin.token,
      body: { type: 'Custom Comments' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.service.type).toBe('Custom Comments');
    const back = await call(api.url, 'PATCH', '/api/admin/services/ig-comments-random', { token: admin.token, body: { type: 'Default' } });
    expect(back.body.service.type).toBe('Default');
    const audit = await call(api.url, 'GET', '/api/admin/audit', { token: admin.token });
    expect(JSON.stringify(audit.body)).toContain('"type":"Custom Comments"');
    const wrong = await call(api.url, 'PATCH', '/api/admin/services/ig-comments-random', { token: admin.token, body: { type: 'Poll' } });
    expect(wrong).toMatchObject({ status: 400, body: { field: 'type' } });
  });
});

describe('provider', () => {
  it('forwards the comments upstream with add; the provider counts them as the quantity', async () => {
    await addProvider(PROVIDER_ID, sim.url, KEY);
    await linkService(service._id, PROVIDER_ID, '7', 5);
    const link = nextLink();
    const added = await v2With(api.url, key, { action: 'add', service: service.number, link, comments: 'One\nTwo\nThree\nFour' });
    const id = String(added.order);
    const outcome = await forwardOrder(id, workerDeps(() => sim.url, KEY)());
    expect(outcome.kind).toBe('sent');
    const sent = sim.requests.filter((r) => r.action === 'add' && r.params.link === link);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.params).toMatchObject({ service: '7', quantity: '4', comments: 'One\nTwo\nThree\nFour' });
    const upstream = [...sim.orders.values()].find((o) => o.link === link);
    expect(upstream).toMatchObject({ quantity: 4, comments: ['One', 'Two', 'Three', 'Four'] });
  });
});
