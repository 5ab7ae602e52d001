// The reseller API in a real browser and over real HTTP, on the emulators from the built app: a
// customer creates a key on the API page, the API docs' own Node.js sample places an order with it
// and polls until the admin completes the order in the admin orders panel, the customer asks for a
// refill through /api/v2 and the admin completes it in Refill Requests. Then every documented example
// is sent to the server (ids mapped to the real ones) and must get the documented answer. Last, the
// key is replaced (the old one stops at once) and revoked on the API page.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  API_EXAMPLES,
  codeSamples,
  curlCommand,
  EXAMPLE_DRIP_FEED,
  EXAMPLE_ORDERS,
  EXAMPLE_REFILLS,
  EXAMPLE_SETUP,
  endpointUrl,
  REQUEST_SHAPES,
  SAMPLE_ORDER,
  shapeCommand,
} from '../../web/src/features/api-docs/examples';
import { PHONE, registerThroughUi, screenshotBothWidths, setOrderStatusAsAdmin } from './browser';
import { customerAndAdmin, openContext, url } from './fixture';

const ENDPOINT = endpointUrl(url);
const suffix = randomUUID().slice(0, 8);
const account = { name: 'Reseller Raza', email: `raza-${suffix}@example.com`, password: 'raza-pass-123' };

const { customer, adminPage } = await customerAndAdmin();
let key = '';
let scriptOrder = 0;
let completedRefill = 0;

/** A form POST as reseller scripts send it; the answer parsed from its text. */
async function v2(params: Record<string, string>) {
  const res = await fetch(ENDPOINT, { method: 'POST', body: new URLSearchParams({ key, ...params }) });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as any };
}

/** Runs a documented curl command for real. */
function curl(params: Record<string, string>): any {
  return JSON.parse(execFileSync('bash', ['-c', curlCommand(ENDPOINT, key, params)], { encoding: 'utf8' }));
}

describe('a reseller, from a new API key to a completed refill', () => {
  it('registers a customer and lets the admin credit Rs 5,000', async () => {
    await registerThroughUi(customer, account);

    await adminPage.getByLabel('User email').fill(account.email);
    await adminPage.getByLabel('Amount (Rs)').fill('5000');
    await adminPage.getByRole('button', { name: 'Add Balance' }).click();
    await adminPage.getByText('✅ Balance updated!').waitFor();
  });

  it('creates a key on the API page, shown once', async () => {
    await customer.reload();
    await customer.getByRole('button', { name: 'Open menu' }).click();
    expect(await customer.locator('#mobile-menu').getByRole('link', { name: 'API', exact: true }).isVisible()).toBe(true);
    await customer.getByRole('button', { name: 'Close menu' }).click();
    await customer.getByRole('link', { name: 'Get your API key' }).click();
    await customer.waitForURL('**/api-access');
    await customer.getByRole('heading', { level: 1, name: 'Reseller API' }).waitFor();
    await expect.poll(() => customer.getByTestId('api-balance').textContent()).toBe('Rs\u00a05,000');
    expect(await customer.getByTestId('api-endpoint').textContent()).toBe(ENDPOINT);
    await customer.getByText('You have no API key yet.', { exact: false }).waitFor();

    await customer.getByRole('button', { name: 'Create API key' }).click();
    key = ((await customer.getByTestId('new-api-key').textContent()) ?? '').trim();
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    await customer.getByText(`key ending ${key.slice(-4)}`).waitFor();
    await screenshotBothWidths(customer, 'api-access-new-key');
    await customer.getByRole('button', { name: 'I have saved my key' }).click();
    await customer.getByTestId('new-api-key').waitFor({ state: 'detached' });
    await customer.reload();
    await customer.getByText(`key ending ${key.slice(-4)}`).waitFor();
    await expect.poll(() => customer.getByTestId('api-balance').textContent()).toBe('Rs\u00a05,000');
    expect(await customer.content()).not.toContain(key);
    await screenshotBothWidths(customer, 'api-access');
  });

  it("places an order with the docs' Node.js sample, which polls until the admin completes the order", async () => {
    expect(curl({ action: 'balance' })).toEqual({ balance: '5000.00', currency: 'PKR' });
    const node = codeSamples({ endpoint: ENDPOINT, key, pollSeconds: 1 }).find((sample) => sample.language === 'node')?.code ?? '';
    const logs: string[] = [];
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
      ...args: string[]
    ) => (...args: unknown[]) => Promise<void>;
    const script = new AsyncFunction('console', node)({ log: (line: string) => logs.push(line) });
    let finished = false;
    void script.then(() => {
      finished = true;
    });

    await expect.poll(() => logs[0], { timeout: 30_000 }).toMatch(/^Order \d{9} placed$/);
    scriptOrder = Number(/\d{9}/.exec(logs[0] ?? '')?.[0]);
    await expect.poll(() => logs.length, { timeout: 30_000 }).toBeGreaterThan(1);
    expect(logs[1]).toBe(`Order ${scriptOrder}: Pending, charge 1100.00 PKR, remains 0`);
    // The curl sample's status request, run for real, agrees.
    expect(curl({ action: 'status', order: String(scriptOrder) })).toMatchObject({ status: 'Pending', charge: '1100.00' });
    expect(finished).toBe(false);

    await setOrderStatusAsAdmin(adminPage, scriptOrder, 'completed');

    await script;
    expect(logs.at(-1)).toBe(`Order ${scriptOrder}: Completed, charge 1100.00 PKR, remains 0`);
    expect((await v2({ action: 'balance' })).json).toEqual({ balance: '3900.00', currency: 'PKR' });
  });

  it('asks for a refill through /api/v2, and the admin completes it in Refill Requests', async () => {
    const asked = await v2({ action: 'refill', order: String(scriptOrder) });
    expect(asked.status).toBe(200);
    expect(asked.text).toMatch(/^\{"refill":\d{9}\}$/);
    completedRefill = asked.json.refill;
    expect((await v2({ action: 'refill_status', refill: String(completedRefill) })).json).toEqual({ status: 'Pending' });

    // Refill requests are about orders: the console keeps them in its Orders section.
    await adminPage.goto('/admin/orders');
    const complete = adminPage.getByRole('button', { name: `Complete refill ${completedRefill}` });
    await complete.scrollIntoViewIfNeeded();
    await screenshotBothWidths(adminPage, 'admin-refill-requests');
    await complete.click();
    const dialog = adminPage.getByRole('dialog', { name: `Complete refill #${completedRefill}?` });
    await dialog.getByText(account.email, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await adminPage.getByText('✅ Refill completed').waitFor();
    await complete.waitFor({ state: 'detached' });
    expect((await v2({ action: 'refill_status', refill: String(completedRefill) })).json).toEqual({ status: 'Completed' });

    await adminPage.getByLabel('Refill status').selectOption('completed');
    await adminPage.getByText(`#${completedRefill}`).waitFor();
  });

  it('shows the API documentation to a visitor, with this site as the endpoint', async () => {
    const visitor = await openContext(PHONE);
    const page = await visitor.newPage();
    await page.goto('/api-docs');
    await page.getByRole('heading', { level: 1, name: 'API documentation' }).waitFor();
    expect(await page.getByTestId('docs-endpoint').textContent()).toBe(ENDPOINT);
    await page.getByRole('tab', { name: 'Node.js' }).click();
    expect(await page.getByRole('tabpanel', { name: 'Node.js' }).textContent()).toContain(ENDPOINT);
    await screenshotBothWidths(page, 'api-docs');
    await visitor.close();
  });
});

/** `value` with every fixture id replaced by the real one: numbers, object keys and comma lists. */
function substitute(value: unknown, ids: Map<number, number>): unknown {
  if (typeof value === 'number') return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => substitute(item, ids));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [String(ids.get(Number(k)) ?? k), substitute(v, ids)]));
  }
  return value;
}

function substituteRequest(request: Readonly<Record<string, string>>, ids: Map<number, number>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(request).map(([name, value]) => [
      name,
      /^\d+(,\d+)*$/.test(value)
        ? value
            .split(',')
            .map((id) => String(ids.get(Number(id)) ?? id))
            .join(',')
        : value,
    ]),
  );
}

describe('the documented examples, sent to the server', () => {
  it('get the documented answers', async () => {
    const { updateOrderStatus } = await import('../../functions/src/services/orders/orders');
    // The orders the examples talk about, placed for real and brought to the documented status.
    const ids = new Map<number, number>([
      [EXAMPLE_ORDERS.followers.order, scriptOrder],
      [EXAMPLE_REFILLS.done.refill, completedRefill],
    ]);
    for (const fixture of Object.values(EXAMPLE_ORDERS)) {
      if (fixture === EXAMPLE_ORDERS.followers) continue;
      const placed = await v2({ action: 'add', service: String(fixture.service), link: fixture.link, quantity: String(fixture.quantity) });
      expect(placed.json, fixture.link).toEqual({ order: expect.any(Number) });
      ids.set(fixture.order, placed.json.order);
      if (fixture.status !== 'pending') {
        await updateOrderStatus(String(placed.json.order), fixture.status, 'remains' in fixture ? fixture.remains : undefined);
      }
    }
    expect(SAMPLE_ORDER.link).toBe(EXAMPLE_ORDERS.followers.link);

    // The setup the examples assume, made as the admin makes it: drip-feed offered on the examples'
    // drip-feed service, and a Custom Comments service created (its number is the server's).
    const { createService, updateService } = await import('../../functions/src/services/catalogue/catalogue');
    const { CATALOGUE } = await import('../../functions/src/shared/catalogue');
    const actor = { uid: 'test-setup', email: 'test-setup' };
    for (const number of EXAMPLE_SETUP.dripFeedServices) {
      const item = CATALOGUE.find((service) => service.number === number);
      if (!item) throw new Error(`No service ${number}`);
      await updateService(actor, item.id, { dripfeed: true });
    }
    const { service: _, cancel, ...comments } = EXAMPLE_SETUP.customComments;
    const created = await createService(actor, {
      ...comments,
      defaultQuantity: comments.min,
      description: '',
      cancelAllowed: cancel,
      type: 'Custom Comments',
    });
    ids.set(EXAMPLE_SETUP.customComments.service, Number(created.value.service.number));
    // The measured figures the examples show, stored on their services as the every-minute fold stores them
    // (services/catalogue/service-figures.ts, whose own tests derive them from orders), and their badges.
    const { db } = await import('../../functions/src/lib/admin');
    for (const [number, m] of Object.entries(EXAMPLE_SETUP.measured)) {
      const item = CATALOGUE.find((service) => service.number === Number(number));
      if (!item) throw new Error(`No service ${number}`);
      const figures = {
        new: m.new,
        timePer1000: m.average_time_per_1000,
        medianStart: m.median_start,
        completedPercent: m.completed_percent,
        orders30Days: m.orders_30_days,
        asOf: new Date().toISOString(),
      };
      await db
        .collection('services')
        .doc(item.id)
        .update({ figures, badges: [...m.badges] });
    }

    for (const example of API_EXAMPLES) {
      const request = substituteRequest(example.request, ids);
      const answer = await v2(request);
      expect(answer.status, example.id).toBe(200);
      if (example.id === 'services') {
        for (const entry of example.answer as unknown[]) expect(answer.json).toContainEqual(substitute(entry, ids));
      } else if (example.action === 'add') {
        expect(answer.text, example.id).toMatch(/^\{"order":\d{9}\}$/);
        if (example.id === 'add-drip-feed') {
          // The drip-feed and its run 1, started with it: the next example asks its status.
          ids.set(EXAMPLE_DRIP_FEED.order, answer.json.order);
          const { db } = await import('../../functions/src/lib/admin');
          const runs = (await db.collection('orders').doc(String(answer.json.order)).get()).get('dripFeed.orders') as number[];
          expect(runs).toHaveLength(EXAMPLE_DRIP_FEED.runOrders.length);
          for (const [i, run] of EXAMPLE_DRIP_FEED.runOrders.entries()) ids.set(run, runs[i] as number);
        }
      } else if (example.id === 'balance') {
        expect(answer.json).toStrictEqual({ balance: expect.stringMatching(/^\d+\.\d{2}$/), currency: 'PKR' });
      } else {
        if (example.id === 'refill') ids.set(EXAMPLE_REFILLS.open.refill, answer.json.refill);
        expect(answer.json, `${example.id}: ${JSON.stringify(request)}`).toStrictEqual(substitute(example.answer, ids));
      }
    }
  });
});

describe('the four documented ways to send a request', () => {
  it('form, JSON, multipart and GET, each run with curl as documented, get the same answer', async () => {
    const expected = (await v2({ action: 'balance' })).json;
    expect(expected).toEqual({ balance: expect.stringMatching(/^\d+\.\d{2}$/), currency: 'PKR' });
    for (const { shape } of REQUEST_SHAPES) {
      const command = shapeCommand(shape, ENDPOINT, key, { action: 'balance' });
      expect(JSON.parse(execFileSync('bash', ['-c', command], { encoding: 'utf8' })), shape).toEqual(expected);
    }
  });
});

describe('the key, replaced and revoked on the API page', () => {
  it('stops the old key at once when replaced, and the new one when revoked', async () => {
    const old = key;
    await customer.goto('/api-access');
    await customer.getByRole('button', { name: 'Replace key' }).click();
    const dialog = customer.getByRole('dialog', { name: 'Replace your API key?' });
    await dialog.getByText('stops working at once', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Replace key' }).click();
    key = ((await customer.getByTestId('new-api-key').textContent()) ?? '').trim();
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    expect(key).not.toBe(old);
    const withOld = await fetch(ENDPOINT, { method: 'POST', body: new URLSearchParams({ key: old, action: 'balance' }) });
    expect(await withOld.json()).toEqual({ error: 'Invalid API key' });
    expect((await v2({ action: 'balance' })).json.currency).toBe('PKR');

    await customer.getByRole('button', { name: 'Revoke key' }).click();
    await customer.getByRole('dialog', { name: 'Revoke your API key?' }).getByRole('button', { name: 'Revoke key' }).click();
    await customer.getByText('✅ API key revoked').waitFor();
    await customer.getByRole('button', { name: 'Create API key' }).waitFor();
    expect((await v2({ action: 'balance' })).json).toEqual({ error: 'Invalid API key' });
  });
});

describe('named keys on the API page, one per site or script', () => {
  it('makes named keys, each working once shown, shows when each was last used, and revokes one alone', async () => {
    await customer.goto('/api-access');
    const made: string[] = [];
    for (const name of ['My shop', 'Telegram bot', 'ٹیلیگرام بوٹ script with a very long name']) {
      await customer.getByLabel('Name of the site or script').fill(name);
      await customer.getByRole('button', { name: 'Create named key' }).click();
      const shown = customer.getByTestId('new-api-key');
      await shown.waitFor();
      made.push(((await shown.textContent()) ?? '').trim());
      await customer.getByRole('button', { name: 'I have saved my key' }).click();
      await shown.waitFor({ state: 'detached' });
    }
    expect(new Set(made).size).toBe(3);
    for (const each of made) expect(each).toMatch(/^[0-9a-f]{40}$/);
    await customer.getByTestId('named-keys-full').waitFor();

    // Each works; a use shows on the page (it trails by up to a minute: the first use is written at once).
    const balanceWith = async (each: string) =>
      (await (await fetch(ENDPOINT, { method: 'POST', body: new URLSearchParams({ key: each, action: 'balance' }) })).json()) as unknown;
    for (const each of made) expect(await balanceWith(each)).toEqual({ balance: expect.stringMatching(/^\d+\.\d{2}$/), currency: 'PKR' });
    await customer.reload();
    const rows = customer.getByTestId('named-key');
    await expect.poll(() => rows.count()).toBe(3);
    for (let i = 0; i < 3; i += 1) expect(await rows.nth(i).textContent()).toMatch(/Last used \d{1,2} \w+ \d{4}, \d\d:\d\d PKT/);
    expect(await customer.content()).not.toContain(made[0]);
    await screenshotBothWidths(customer, 'api-access-named-keys');

    await customer.getByRole('button', { name: 'Revoke the key Telegram bot' }).click();
    await customer.getByRole('dialog', { name: 'Revoke this key?' }).getByRole('button', { name: 'Revoke key' }).click();
    await customer.getByText('✅ API key revoked').waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await balanceWith(made[1] ?? '')).toEqual({ error: 'Invalid API key' });
    expect(await balanceWith(made[0] ?? '')).toMatchObject({ currency: 'PKR' });
    await customer.getByLabel('Name of the site or script').waitFor();
  });
});
