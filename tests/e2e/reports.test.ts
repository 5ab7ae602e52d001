// The reports' pages (decision records 0011, 0012) in a real browser, on the emulators from the built app. A
// customer registers; through the API the admin credits a top-up, the customer places three orders and the
// admin cancels one (a refund); the report rollups are folded as the worker would fold them 11 minutes later.
// The admin's reports page then shows today's totals grown by exactly that activity, at 1280 px and at 360 px
// (no sideways scroll), its three charts drawn with their names, and an export whose rows are those orders;
// the customer's statement lists the entries with their running balances and filters by type; the dashboard's
// spending chart comes after the page. No page error and no policy violation on the way
// (tests/support/clean-pages.ts).
import { randomUUID } from 'node:crypto';
import { buffer as streamBytes } from 'node:stream/consumers';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatRupees, toPaisa } from '../../functions/src/shared/money';
import { pakistanDayOf } from '../../functions/src/shared/pakistan-days';
import type { Report } from '../../functions/src/shared/reports';
import { call, signIn } from '../support/api';
import { csvRecords } from '../support/csv';
import { DESKTOP, PHONE, registerThroughUi } from './browser';
import { adminIdToken, customerAndAdmin, url } from './fixture';

const suffix = randomUUID().slice(0, 8);
const account = { name: `Reports ${suffix}`, email: `reports-${suffix}@example.com`, password: 'reports-pass-1' };
const TOP_UP = 20_000;
/** Rupees as a screen writes them: the shared format, "Rs" and the amount joined by a space no line breaks at. */
const rs = (rupees: number) => formatRupees(toPaisa(rupees)).replace('Rs ', 'Rs\u00a0');
const today = () => pakistanDayOf(Date.now());

const { customer, adminPage } = await customerAndAdmin();
let adminToken = '';
let customerUid = '';
/** Today's report before this file's activity (every earlier test's activity folded into it). */
let before: Report;
const placed: { number: string; price: number }[] = [];
let refunded = 0;

/** The rollups as the every-minute worker folds them once the 10-minute lag has passed. */
async function foldNow() {
  const { foldReports } = await import('../../functions/src/services/reports/daily-rollups');
  const result = await foldReports({ now: () => Date.now() + 11 * 60_000 });
  expect(result.caughtUp).toBe(true);
}

async function reportToday(): Promise<Report> {
  const res = await call<Report>(url, 'GET', `/api/admin/reports?from=${today()}&to=${today()}&granularity=day`, { token: adminToken });
  expect(res.status).toBe(200);
  return res.body;
}

const fitsThePhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

/** The width of a chart's canvas when something is drawn on it (0 for a blank canvas). */
const drawnWidth = (page: Page, name: string) =>
  page.getByRole('img', { name, exact: true }).evaluate((canvas: HTMLCanvasElement) => {
    const { data } = (canvas.getContext('2d') as CanvasRenderingContext2D).getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return canvas.getBoundingClientRect().width;
    return 0;
  });

const total = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Totals' })
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd');

beforeAll(async () => {
  adminToken = await adminIdToken();
  await foldNow();
  before = await reportToday();
});

describe('reports, the statement and the spending chart', () => {
  it('seeds real activity through the API: a top-up credited, three orders, one cancelled and refunded', async () => {
    await registerThroughUi(customer, account);
    const { idToken, localId } = await signIn(account.email, account.password);
    customerUid = localId;
    const credit = await call(url, 'POST', '/api/admin/add-balance', {
      token: adminToken,
      headers: { 'idempotency-key': randomUUID() },
      body: { email: account.email, amount: TOP_UP },
    });
    expect(credit.status).toBe(200);
    for (const [serviceId, quantity] of [
      ['tt-followers-real', 1000],
      ['tt-followers-real', 2000],
      ['ig-followers-real', 1000],
    ] as const) {
      const res = await call(url, 'POST', '/api/order/place', {
        token: idToken,
        headers: { 'idempotency-key': randomUUID() },
        body: { serviceId, link: `https://www.${serviceId.startsWith('tt') ? 'tiktok' : 'instagram'}.com/@rep${suffix}`, quantity },
      });
      expect(res.status).toBe(201);
      placed.push({ number: String(res.body.order.number), price: res.body.order.price });
    }
    const cancelled = placed[1] as { number: string; price: number };
    const cancel = await call(url, 'PUT', `/api/admin/update-status/${cancelled.number}`, {
      token: adminToken,
      body: { status: 'cancelled' },
    });
    expect(cancel.status).toBe(200);
    refunded = cancelled.price;
    await foldNow();
  });

  it("the admin's reports page shows today's totals grown by exactly that, with its three charts, at 1280 px", async () => {
    const charged = placed.reduce((sum, order) => sum + order.price, 0);
    const after = await reportToday();
    // The figures of the API: the earlier ones and this activity (nothing else happened meanwhile).
    expect(after.totals.topUps).toBeCloseTo(before.totals.topUps + TOP_UP, 2);
    expect(after.totals.revenue).toBeCloseTo(before.totals.revenue + charged - refunded, 2);
    expect(after.totals.refunds).toBeCloseTo(before.totals.refunds + refunded, 2);
    expect(after.totals.orders).toBe(before.totals.orders + 3);
    expect(after.totals.newCustomers).toBe(before.totals.newCustomers + 1);

    await adminPage.setViewportSize(DESKTOP);
    await adminPage.getByRole('navigation', { name: 'Admin sections' }).first().getByRole('link', { name: 'Reports' }).click();
    await adminPage.waitForURL('**/admin/reports');
    await adminPage.getByLabel('Range').selectOption('Today');
    await adminPage.waitForURL(/range=today/);
    await expect.poll(() => total(adminPage, 'Revenue').textContent()).toBe(rs(after.totals.revenue));
    expect(await total(adminPage, 'Top-ups').textContent()).toBe(rs(after.totals.topUps));
    expect(await total(adminPage, 'Refunds').textContent()).toBe(rs(after.totals.refunds));
    expect(await total(adminPage, 'Profit').textContent()).toBe(rs(after.totals.profit));
    expect(await total(adminPage, 'Orders').textContent()).toBe(String(after.totals.orders));
    expect(await total(adminPage, 'New customers').textContent()).toBe(String(after.totals.newCustomers));

    for (const name of ['Revenue and profit over time', 'Orders by status', 'Top services by revenue']) {
      await expect.poll(() => drawnWidth(adminPage, name), { timeout: 30_000 }).toBeGreaterThan(0);
    }
    // The customer is among the top customers with what they spent, linked to their admin page.
    const customerLink = adminPage.getByRole('link', { name: account.name });
    expect(await customerLink.getAttribute('href')).toBe(`/admin/users/${customerUid}`);
    const row = adminPage.locator('tr', { has: customerLink });
    expect(await row.locator('td').last().textContent()).toBe(rs(charged - refunded));
    // The report is a link: a reload shows the same choice.
    await adminPage.reload();
    expect(await adminPage.getByLabel('Range').inputValue()).toBe('today');
    await total(adminPage, 'Revenue').getByText(rs(after.totals.revenue)).waitFor();
  });

  it('fits a 360 px phone: the charts shrink to it, the page never scrolls sideways', async () => {
    await adminPage.setViewportSize(PHONE);
    await adminPage.goto(`/admin/reports?range=today&granularity=day`);
    for (const name of ['Revenue and profit over time', 'Orders by status', 'Top services by revenue']) {
      await expect.poll(() => drawnWidth(adminPage, name), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await drawnWidth(adminPage, name)).toBeLessThanOrEqual(PHONE.width);
    }
    await fitsThePhone(adminPage);
    // Each chart's table opened: wide ones scroll in their box, not the page.
    for (const summary of await adminPage.getByText('Show as table').all()) await summary.click();
    await adminPage.getByRole('table', { name: 'Revenue and profit over time' }).waitFor();
    await fitsThePhone(adminPage);
  });

  it("downloads the range's orders as CSV, its rows those orders", async () => {
    const [download] = await Promise.all([
      adminPage.waitForEvent('download'),
      adminPage.getByRole('button', { name: 'Orders CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`shohrat-orders-${today()}-to-${today()}.csv`);
    // (The browser is the run's, reached over its socket: the file is read through it.)
    const text = (await streamBytes(await download.createReadStream())).toString('utf8');
    const ours = csvRecords(text).filter((record) => record.customer_uid === customerUid);
    expect(ours.map((record) => [record.order, Number(record.price), record.status]).sort()).toEqual(
      placed.map((order, i) => [order.number, order.price, i === 1 ? 'cancelled' : 'pending']).sort(),
    );
  });

  it("the customer's statement lists the entries newest first with their running balances, and filters by type", async () => {
    await customer.goto('/dashboard');
    await customer.getByRole('link', { name: 'Statement' }).click();
    await customer.waitForURL('**/statement');
    // The statement's own table (the dashboard's stays on screen while the statement's code loads).
    const rows = customer.getByRole('table', { name: 'Your statement, newest first' }).locator('tbody tr');
    const read = async () =>
      Promise.all(
        (await rows.all()).map(async (row) => {
          const cells = await row.locator('td').allTextContents();
          return [cells[1], cells[3], cells[4]];
        }),
      );
    const [first, second, third] = placed.map((order) => order.price) as [number, number, number];
    const balances = [TOP_UP, TOP_UP - first, TOP_UP - first - second, TOP_UP - first - second - third];
    const expected = [
      ['Refund', `+ ${rs(second)}`, rs((balances[3] as number) + refunded)],
      ['Order', `− ${rs(third)}`, rs(balances[3] as number)],
      ['Order', `− ${rs(second)}`, rs(balances[2] as number)],
      ['Order', `− ${rs(first)}`, rs(balances[1] as number)],
      ['Top-up', `+ ${rs(TOP_UP)}`, rs(TOP_UP)],
    ];
    await expect.poll(read).toEqual(expected);
    await fitsThePhone(customer);

    await customer.getByLabel('Type').selectOption('Refund');
    await customer.getByRole('button', { name: 'Apply' }).click();
    await customer.waitForURL(/type=refund/);
    await expect.poll(read).toEqual([expected[0]]);
    expect(await customer.getByRole('link', { name: `order #${placed[1]?.number}` }).getAttribute('href')).toBe(
      `/dashboard?order=${placed[1]?.number}`,
    );
  });

  it("the dashboard's spending chart comes after the page, its sum in words", async () => {
    const requests: string[] = [];
    customer.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await customer.goto('/dashboard');
    await customer.getByTestId('balance').waitFor();
    const spent = placed.reduce((sum, order) => sum + order.price, 0) - refunded;
    // At once, though the rollups trail the ledger by 10 minutes: it matches the statement (the orders just placed).
    await customer.getByRole('img', { name: `${rs(spent)} spent in the last 30 days` }).waitFor({ timeout: 30_000 });
    expect(await customer.getByTestId('spending-as-of').textContent()).toMatch(/^Counted up to \d{1,2} \w{3} \d{4}, \d\d:\d\d PKT$/);
    expect(requests).toContain('/api/ledger/spending');
    // Asked for after the page: the chart's chunk and its data start once the dashboard's own code has
    // come and the first paint is done.
    const timing = await customer.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const find = (pattern: RegExp) => resources.find((entry) => pattern.test(new URL(entry.name).pathname));
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        dashboard: find(/^\/assets\/dashboard-[^/]+\.js$/)?.responseEnd ?? Number.NaN,
        chart: find(/^\/assets\/spending-chart-[^/]+\.js$/)?.startTime ?? Number.NaN,
        data: find(/^\/api\/ledger\/spending$/)?.startTime ?? Number.NaN,
      };
    });
    expect(timing.chart).toBeGreaterThan(timing.dashboard);
    expect(timing.chart).toBeGreaterThan(timing.paint);
    expect(timing.data).toBeGreaterThan(timing.chart);
    // The charting library is the admin reports' alone: the customer's pages never asked for it.
    expect(requests.filter((path) => path.includes('report-charts'))).toEqual([]);
    await fitsThePhone(customer);
  });
});
