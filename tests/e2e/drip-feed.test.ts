// Drip-feed in a real browser at 360 px, on the emulators from the built app with the workers
// beside them (their clock 8× the wall clock: a 5-minute interval passes in about 37 s). The admin turns
// Drip-feed on for a service in its editor; a funded customer orders it in runs on /order, seeing the total
// quantity and the price (run price × runs); the dashboard shows run 1, then run 2 as the worker starts
// it; the admin's orders list offers only Stop on it; the customer stops it, the confirmation names the
// refund (the runs not started), and the balance grows by exactly that, on the page and in the API.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../scripts/lib/auth-emulator';
import { placeOrder } from '../support/customer-page';
import { expectMoneyInvariants } from '../support/money-invariants';
import { PHONE, registerThroughUi, screenshotBothWidths } from './browser';
import { openPage, url } from './fixture';

const suffix = randomUUID().slice(0, 8);
// A service of this test's own (Rs 20 per 1000), so no other test's catalogue moves.
const category = `Drip ${suffix}`;
const name = `Drip views ${suffix}`;
const account = { name: 'Zara Malik', email: `zara-${suffix}@example.com`, password: 'zara-pass-123' };
// 5 runs of 500 every 5 minutes: Rs 10 a run, Rs 50 in all, paid from Rs 200.
const RUNS = 5;
const INTERVAL = 5;
const PER_RUN = 500;

const customer = await openPage(PHONE);
// Signed in, and nothing loaded until the console listeners below are on.
const adminPage = await openPage(PHONE, 'admin');
let parentNumber = '';
/** Console errors of either page (the shared helpers record uncaught errors and policy complaints). */
const consoleErrors: string[] = [];

beforeAll(async () => {
  for (const page of [customer, adminPage]) {
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
  }
  const { createService } = await import('../../functions/src/services/catalogue/catalogue');
  await createService(
    { uid: 'e2e-setup', email: 'e2e-setup' },
    { platform: 'tiktok', category, name, ratePer1000: 20, min: 100, max: 10_000, defaultQuantity: 1000 },
  );
  await registerThroughUi(customer, account);
  const { addBalance } = await import('../../functions/src/services/money/credits');
  await addBalance({ uid: 'e2e-setup', email: 'e2e-setup' }, { email: account.email, amount: 200 });
});

/** The customer's own answer from the API (a fresh token through the Auth emulator). */
async function asCustomer<T>(path: string): Promise<T> {
  const { idToken } = await signIn(account.email, account.password);
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${idToken}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const balanceText = async () => (await customer.getByTestId('balance').textContent())?.trim();

/** A row of a table whose Order cell is exactly `#number` (a run's row names its drip-feed too). */
const rowOf = (page: Page, table: string, number: string) =>
  page
    .getByRole('table', { name: table })
    .locator('tr')
    .filter({ has: page.getByText(`#${number}`, { exact: true }) });

/** The customer's dashboard, loaded until `check` holds for the drip-feed's row. */
async function dashboardUntil(check: (row: string) => boolean, timeout: number): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        await customer.goto('/dashboard');
        const row = rowOf(customer, 'Recent Orders', parentNumber);
        await row.waitFor();
        text = (await row.textContent()) ?? '';
        return check(text);
      },
      { timeout, interval: 2_000 },
    )
    .toBe(true);
  return text;
}

describe('a drip-feed at 360 px, from the service editor to the stop and its refund', () => {
  it('lets the admin turn Drip-feed on in the service editor', async () => {
    await adminPage.goto('/admin/services');
    await adminPage.getByLabel('Platform').selectOption('tiktok');
    await adminPage.getByLabel('Category').selectOption(category);
    await adminPage.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Edit ${name}` });
    const drip = dialog.getByRole('checkbox', { name: 'Drip-feed' });
    expect(await drip.isChecked()).toBe(false);
    await drip.check();
    await dialog.getByRole('button', { name: 'Save service' }).click();
    await adminPage.getByText(`✅ ${name} saved`).waitFor();
  });

  it('lets the customer switch Drip-feed on, see the total quantity and the price, and place it', async () => {
    await customer.goto(`/order?platform=tiktok&category=${encodeURIComponent(category)}`);
    await customer.getByRole('radio', { name: new RegExp(name) }).check();
    const drip = customer.getByRole('switch', { name: 'Drip-feed' });
    expect(await drip.isChecked()).toBe(false);
    await drip.check();
    await customer.getByLabel('Quantity per run').fill(String(PER_RUN));
    await customer.getByLabel('Runs').fill(String(RUNS));
    await customer.getByLabel('Interval (minutes)').fill(String(INTERVAL));
    await customer.getByLabel('Link').fill(`https://www.tiktok.com/@zara${suffix}/video/7`);
    await expect.poll(() => customer.getByTestId('drip-feed-total-quantity').textContent()).toBe('2,500');
    expect(await customer.getByTestId('drip-feed-span').textContent()).toBe('about 20 min');
    // The run's price × runs: 500 at Rs 20 per 1000 is Rs 10, five times.
    expect(await customer.getByTestId('order-total').textContent()).toBe('Rs\u00a050');
    await customer.getByText('Rs 10 a run × 5 runs, paid now').waitFor();
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshotBothWidths(customer, 'order-drip-feed');

    const { dialog, number } = await placeOrder(customer);
    parentNumber = number;
    expect(await dialog.getByText('Rs 150').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Done' }).click();
  });

  it('shows the drip-feed on the dashboard with run 1, then run 2 when the worker starts it', async () => {
    const first = await dashboardUntil(() => true, 30_000);
    // Run 1 started with the placement (run 2 may have come already: the workers' clock runs ahead).
    expect(first).toMatch(new RegExp(`Drip-feed · [12] of ${RUNS} runs · every ${INTERVAL} min`));
    expect(first).toContain('2,500');
    expect(first).toContain(`${PER_RUN} a run`);
    expect(await balanceText()).toBe('Rs\u00a0150');
    const [run1] = (await asCustomer<{ orders: { number: number; dripRun?: { run: number } }[] }>('/api/order/my-orders')).orders
      .filter((o) => o.dripRun?.run === 1)
      .map((o) => String(o.number));
    expect(run1).toMatch(/^\d{9}$/);
    expect(await rowOf(customer, 'Recent Orders', run1 as string).textContent()).toContain(`Run 1 of ${RUNS} · drip-feed #${parentNumber}`);

    // 5 minutes of the workers' clock are about 37 s.
    const second = await dashboardUntil((row) => row.includes(`2 of ${RUNS} runs`), 90_000);
    expect(second).toContain('processing');
    // One purchase: its runs are not orders of the customer's count.
    expect(await customer.getByTestId('total-orders').textContent()).toBe('1');
    await rowOf(customer, 'Recent Orders', parentNumber)
      .getByRole('button', { name: `Stop drip-feed #${parentNumber}` })
      .waitFor();
    await screenshotBothWidths(customer, 'dashboard-drip-feed');
  });

  it('shows the admin the drip-feed in Orders with only Stop', async () => {
    await adminPage.goto(`/admin/orders?q=${parentNumber}`);
    const row = rowOf(adminPage, 'All Orders', parentNumber);
    await row.waitFor();
    expect(await row.textContent()).toContain(`Drip-feed · 2 of ${RUNS} runs · every ${INTERVAL} min`);
    const buttons = await row.getByRole('button').evaluateAll((all) => all.map((b) => b.getAttribute('aria-label') ?? b.textContent));
    expect(buttons).toEqual([`Stop drip-feed #${parentNumber}`]);
    expect(await row.getByRole('combobox').count()).toBe(0);
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshotBothWidths(adminPage, 'admin-orders-drip-feed');
  });

  it('lets the customer stop it: the confirmation names the refund and the balance grows by exactly that', async () => {
    const row = rowOf(customer, 'Recent Orders', parentNumber);
    await row.getByRole('button', { name: `Stop drip-feed #${parentNumber}` }).click();
    const dialog = customer.getByRole('dialog', { name: `Stop drip-feed #${parentNumber}?` });
    // Runs 3, 4 and 5 not started, at Rs 10 each.
    await dialog.getByText('3 runs have not started: 3 × Rs 10 = Rs 30 goes back to your balance.').waitFor();
    await dialog.getByText('The 2 runs already started continue as orders of their own.').waitFor();
    await screenshotBothWidths(customer, 'stop-drip-feed');
    await dialog.getByRole('button', { name: 'Stop drip-feed' }).click();
    await customer.getByText(`✅ Drip-feed #${parentNumber} stopped: Rs 30 back to your balance`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(balanceText, { timeout: 15_000 }).toBe('Rs\u00a0180');
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('partial');
    expect(await row.getByRole('button').count()).toBe(0);

    // The API says the same: Rs 30 back, once, and the balance 200 − 50 + 30.
    const { user } = await asCustomer<{ user: { balance: number } }>('/api/user/profile');
    expect(user.balance).toBe(180);
    const { orders } = await asCustomer<{ orders: { number: number; refund?: number; dripFeed?: { runsDone: number } }[] }>(
      '/api/order/my-orders',
    );
    const parent = orders.find((o) => String(o.number) === parentNumber);
    expect(parent?.refund).toBe(30);
    expect(parent?.dripFeed?.runsDone).toBe(2);
    expect(orders.filter((o) => o.number !== Number(parentNumber))).toHaveLength(2);
    const { entries } = await asCustomer<{ entries: { amount: number; type: string }[] }>('/api/ledger');
    expect(entries.map((e) => `${e.type} ${e.amount}`).sort()).toEqual(['credit 200', 'debit 50', 'refund 30']);
    await screenshotBothWidths(customer, 'dashboard-drip-feed-stopped');
  });

  it('starts no run after the stop, and the admin sees it stopped with nothing left to press', async () => {
    // The workers' run an hour on (a dozen intervals) finds nothing due: the stop holds whatever the clock.
    const { startDueRun } = await import('../../functions/src/workers/drip-feed');
    expect(await startDueRun(parentNumber, { now: () => Date.now() + 60 * 60_000 })).toBe('skipped');
    const { orders } = await asCustomer<{ orders: { number: number; dripFeed?: { runsDone: number } }[] }>('/api/order/my-orders');
    expect(orders).toHaveLength(3);
    expect(orders.find((o) => String(o.number) === parentNumber)?.dripFeed?.runsDone).toBe(2);

    await adminPage.goto(`/admin/orders?q=${parentNumber}`);
    const row = rowOf(adminPage, 'All Orders', parentNumber);
    await row.waitFor();
    expect(await row.textContent()).toContain('partial');
    expect(await row.getByRole('button').count()).toBe(0);
    await expectMoneyInvariants();
  });

  it('raised no console error (uncaught errors and policy refusals: tests/support/clean-pages.ts)', () => {
    expect(consoleErrors).toEqual([]);
  });
});
