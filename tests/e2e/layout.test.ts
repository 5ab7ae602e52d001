/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Every route, customer's and admin's, at 360 px and 1280 px with hostile data (issue 32): a 60-character name and
// email, links of 60 and more characters, the largest amounts a balance holds (Rs 99,999,999.99), a provider with a 60-character name and a balance of
// 10^30, a ticket of one unbroken 300-character word. No page may be wider than its screen, and every tap target is
// at least 44×44 px on the phone and 24×24 px on the desktop (WCAG 2.5.8), links inside running text excepted.
// Each problem is named (route, width, element, size), all of them in one run.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../web/src/config/paths';
import { customerApi } from '../support/customer-page';
import { DESKTOP, PHONE, registerThroughUi, SCREENSHOTS } from './browser';
import { adminPage, openContext, url } from './fixture';

const suffix = randomUUID().slice(0, 6);
const LONG_NAME = `Muhammad Abdullah Khan Niazi Yousafzai Chaudhry Qureshi ${suffix}`.slice(0, 60);
const account = { name: LONG_NAME, email: `muhammad.abdullah.khan.niazi.yousafzai.${suffix}@example.com`, password: 'layout-pass-123' };
const LONG_LINK = `https://www.tiktok.com/@muhammad.abdullah.khan.niazi.${suffix}/video/7300000000000000001?is_from_webapp=1&q=`;
const UNBROKEN = 'W'.repeat(300);
let ticketId = '';

const api = customerApi(url, account);

const customerContext = await openContext(PHONE);
const customer = await customerContext.newPage();

beforeAll(async () => {
  await registerThroughUi(customer, account).catch(async (error) => {
    throw new Error(`${error}: ${await customer.locator('main').innerText()}`);
  });
  const { addBalance } = await import('../../functions/src/services/money/credits');
  // The most a balance holds, Rs 99,999,999.99, with the referral earnings moved in below.
  await addBalance({ uid: 'e2e-setup', email: 'e2e-setup' }, { email: account.email, amount: 99_012_345.67 });
  // Referral figures in the millions: a customer brought through the hostile one's link and credited the most a top-up
  // takes, and some of the commission moved to the balance.
  const { code } = (await api('GET', '/api/referrals')).body as { code: string };
  const invitedAccount = { email: `invited.${suffix}@example.com`, password: 'invited-pass-123' };
  const { auth, db } = await import('../../functions/src/lib/admin');
  await auth.createUser(invitedAccount);
  const invited = customerApi(url, invitedAccount);
  expect((await invited('POST', '/api/auth/register', { name: LONG_NAME, referralCode: code })).status).toBe(201);
  await addBalance({ uid: 'e2e-setup', email: 'e2e-setup' }, { email: invitedAccount.email, amount: 99_999_999.99 });
  expect((await api('POST', '/api/referrals/transfer', { amount: 987_654.32 })).status).toBe(200);
  for (const [serviceId, quantity] of [
    ['tt-followers-real', 100],
    ['tt-views-fast', 1000],
  ] as const) {
    const placed = await api('POST', '/api/order/place', { serviceId, link: `${LONG_LINK}${serviceId}`, quantity });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  }
  const { LIMITS } = await import('../../functions/src/shared/schemas/fields');
  const topUp = await api('POST', '/api/recharge-requests', {
    amount: LIMITS.maxCredit,
    method: 'Easypaisa',
    reference: `TX${'9'.repeat(38)}`,
    payerNumber: '03001234567',
  });
  expect(topUp.status, JSON.stringify(topUp.body)).toBe(201);
  const ticket = await api('POST', '/api/tickets', { kind: 'Other', message: `${UNBROKEN} ${LONG_LINK}` });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
  ticketId = ticket.body.ticket._id;
  // The API page with a key and three named ones, one an unbroken 40-character word.
  expect((await api('POST', '/api/api-key')).status).toBe(201);
  // The customer's own price (the dashboard's Your prices, the admin's Pricing card): a percent and a fixed rate.
  const uid = (await auth.getUserByEmail(account.email)).uid;
  await db
    .collection('users')
    .doc(uid)
    .update({ pricing: { percent: 12.5, rates: { 'tt-views-fast': 1234, 'tt-followers-real': 99_999_999 } } });
  for (const name of ['W'.repeat(40), LONG_NAME.slice(0, 40), 'ایک بہت لمبے نام والی ویب سائٹ برائے آرڈر'.slice(0, 40)]) {
    const made = await api('POST', '/api/api-keys', { name });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
  const { addProvider } = await import('../support/providers');
  await addProvider(`layout-${suffix}`, `https://${'very-long-provider-host-name'.repeat(2)}.example.com/api/v2`, `key-${suffix}`, {
    name: `Provider with a Very Long Name for Layout Tests ${suffix}`.slice(0, 60),
    balance: 1e30,
  });
});

/** Each route with what its page shows when it is ready (a heading), for whom. */
type Who = 'visitor' | 'customer' | 'admin';
const ROUTES: { path: string; who: Who }[] = [
  { path: paths.home.path, who: 'visitor' },
  { path: paths.welcome.path, who: 'visitor' },
  { path: paths.login.path, who: 'visitor' },
  { path: paths.register.path, who: 'visitor' },
  { path: paths.services.path, who: 'visitor' },
  { path: paths.updates.path, who: 'visitor' },
  { path: paths.terms.path, who: 'visitor' },
  { path: paths.contact.path, who: 'visitor' },
  { path: paths.guide.path, who: 'visitor' },
  { path: paths.about.path, who: 'visitor' },
  { path: paths.apiDocs.path, who: 'visitor' },
  { path: paths.dashboard.path, who: 'customer' },
  { path: paths.order.path, who: 'customer' },
  { path: paths.massOrder.path, who: 'customer' },
  { path: paths.orders.path, who: 'customer' },
  { path: paths.tickets.path, who: 'customer' },
  { path: paths.newTicket.path, who: 'customer' },
  { path: paths.ticket.path, who: 'customer' },
  { path: paths.notifications.path, who: 'customer' },
  { path: paths.notificationSettings.path, who: 'customer' },
  { path: paths.statement.path, who: 'customer' },
  { path: paths.apiAccess.path, who: 'customer' },
  { path: paths.referrals.path, who: 'customer' },
  // A referral link: remembered, then sign-up.
  { path: paths.referralLink.path, who: 'visitor' },
  { path: paths.admin.path, who: 'admin' },
  { path: paths.adminOrders.path, who: 'admin' },
  { path: paths.adminUsers.path, who: 'admin' },
  { path: paths.adminUser.path, who: 'admin' },
  { path: paths.adminTopUps.path, who: 'admin' },
  { path: paths.adminServices.path, who: 'admin' },
  { path: paths.adminProviders.path, who: 'admin' },
  { path: paths.adminTickets.path, who: 'admin' },
  { path: paths.adminTicket.path, who: 'admin' },
  { path: paths.adminReviews.path, who: 'admin' },
  { path: paths.adminAudit.path, who: 'admin' },
  { path: paths.adminReports.path, who: 'admin' },
  { path: paths.adminSettings.path, who: 'admin' },
];

/** The address to open for a route: its parameters filled with the hostile customer's things. */
async function addressOf(path: string): Promise<string> {
  if (path === paths.ticket.path) return paths.ticket.getHref(ticketId);
  if (path === paths.referralLink.path) return paths.referralLink.getHref('ABCD2345');
  if (path === paths.adminTicket.path) return paths.adminTicket.getHref(ticketId);
  if (path === paths.adminUser.path) {
    const { auth } = await import('../../functions/src/lib/admin');
    return paths.adminUser.getHref((await auth.getUserByEmail(account.email)).uid);
  }
  return path;
}

/**
 * What is wrong with the page as it stands: wider than its screen, or a tap target smaller than `minimum` px either
 * way. A checkbox or radio counts as its label; a link inside running text (an inline link among other words) is
 * exempt, as WCAG 2.5.8 exempts it.
 */
function problemsOf(page: Page, minimum: number): Promise<string[]> {
  return page.evaluate((min) => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const pageWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (pageWidth > width) {
      const widest = [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > width + 1)
        .filter((element) => !element.parentElement || element.parentElement.getBoundingClientRect().right <= width + 1)
        .slice(0, 3)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 4).join('.')} "${(element.textContent ?? '').trim().slice(0, 30)}"`,
        );
      problems.push(`the page is ${pageWidth} px wide: ${widest.join('; ')}`);
    }
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? (element as HTMLInputElement).name ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    const inRunningText = (element: Element) => {
      if (getComputedStyle(element).display !== 'inline') return false;
      const block = element.parentElement;
      if (!block) return false;
      const others = [...block.childNodes]
        .filter((node) => node !== element)
        .map((node) => node.textContent ?? '')
        .join('');
      return /\p{L}{2,}/u.test(others);
    };
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"], [role="link"]';
    const seen = new Set<Element>();
    for (const element of document.querySelectorAll(selector)) {
      let target: Element = element;
      if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
        target =
          element.closest('label') ?? (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null) ?? element;
      }
      if (seen.has(target)) continue;
      seen.add(target);
      const box = target.getBoundingClientRect();
      // Not shown (a closed menu, a hidden input); a visually hidden control whose label is its target is counted above.
      if (box.width <= 1 || box.height <= 1) continue;
      if (getComputedStyle(target).visibility === 'hidden') continue;
      if (target.tagName === 'A' && inRunningText(target)) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5)
        problems.push(`${name(target)} is ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return problems;
  }, minimum);
}

/** Waits for the page's heading and for its data: nothing loading, no busy region. */
async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]') && !/Loading\.\.\./.test(document.body.innerText), undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await page.waitForTimeout(200);
}

describe('every route at 360 and 1280 px with hostile data', () => {
  it('covers every route of the app', () => {
    const all = Object.values(paths).map((route) => route.path);
    expect(ROUTES.map((route) => route.path).sort()).toEqual([...new Set(all)].sort());
  });

  it('is never wider than the screen, and every tap target is big enough', async () => {
    const visitor = await (await openContext(PHONE)).newPage();
    const admin = await adminPage(PHONE);
    const pages: Record<Who, Page> = { visitor, customer, admin };
    const problems: string[] = [];
    for (const viewport of [PHONE, DESKTOP]) {
      const minimum = viewport === PHONE ? 44 : 24;
      for (const page of Object.values(pages)) await page.setViewportSize(viewport);
      for (const route of ROUTES) {
        const page = pages[route.who];
        await page.goto(await addressOf(route.path));
        await settle(page);
        for (const problem of await problemsOf(page, minimum)) problems.push(`${route.path} at ${viewport.width} px: ${problem}`);
        // LAYOUT_SCREENSHOTS=1: every page at both widths, whole, for a person to look at (test-results/screenshots/layout).
        if (process.env.LAYOUT_SCREENSHOTS) {
          const name = `${route.who}${route.path.replace(/[/:]+/g, '-').replace(/-$/, '') || '-home'}-${viewport.width}.png`;
          await page.screenshot({ path: join(SCREENSHOTS, 'layout', name), fullPage: true });
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
