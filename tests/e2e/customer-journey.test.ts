// The whole product in a real browser, on the emulators from the built app: a new customer
// registers, asks for a top-up, the admin approves it, the customer orders, the admin cancels the
// order, and the customer sees the refund. Screenshots of every page at 360 and 1280 px. All of it
// under firebase.json's Content-Security-Policy (with the Auth emulator's origin added for the run):
// any refusal fails the file (tests/support/clean-pages.ts).
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../scripts/lib/demo';
import { placeOrder } from '../support/customer-page';
import {
  DESKTOP,
  newContext,
  PHONE,
  reachFor,
  registerThroughUi,
  screenshotBothWidths,
  setOrderStatusAsAdmin,
  signInThroughUi,
} from './browser';
import { browser, openPage, url } from './fixture';

const suffix = randomUUID().slice(0, 8);
const account = { name: 'Sara Ahmed', email: `sara-${suffix}@example.com`, password: 'sara-pass-123' };
const transactionId = `TX${suffix.replace(/[^a-z0-9]/gi, '')}2026`;
let orderNumber = '';
const customer = await openPage(PHONE);
// Signed out: the journey signs the admin in through /login, the second factor's code and all.
const adminPage = await openPage(DESKTOP);

async function balanceText(page: Page) {
  return (await page.getByTestId('balance').textContent())?.trim();
}

describe('the security headers, in the browser', () => {
  it('are in force: a load from another origin and inline code are refused, and reported', async () => {
    const violations: string[] = [];
    const context = await newContext(browser, url, PHONE, { violations });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await page.getByRole('link', { name: 'Get Started' }).waitFor();
    // (page.evaluate itself comes in through DevTools, which the policy does not govern.)
    await page.evaluate(() => fetch('https://example.com/').catch(() => undefined));
    const inlineRan = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.body.dataset.inlineRan = "yes"';
      document.head.append(script);
      return document.body.dataset.inlineRan === 'yes';
    });
    expect(inlineRan).toBe(false);
    await expect.poll(() => violations.join('\n')).toMatch(/connect-src refused https:\/\/example\.com/);
    await expect.poll(() => violations.join('\n')).toMatch(/Executing inline script violates the following Content Security Policy/);
    await context.close();
  });
});

describe('a new customer, from sign-up to a refunded order', () => {
  it('shows the public pages to a visitor', async () => {
    await customer.goto('/');
    await expect.poll(() => customer.getByRole('link', { name: 'Get Started' }).isVisible()).toBe(true);
    // The hero and the cards paint with the first render (decision record 0014); their prices come with the
    // catalogue.
    await expect.poll(() => customer.getByRole('link', { name: /^Order Now/ }).count()).toBe(7);
    expect(await customer.getByRole('button', { name: 'Coming Soon' }).isDisabled()).toBe(true);
    // The prices come once the app starts, when the visitor reaches for the page.
    await reachFor(customer);
    await customer.getByText('from Rs 900 per 1K').waitFor();
    expect(await customer.getByText('Boost your social media presence with reliable & fast services.').isVisible()).toBe(true);
    await screenshotBothWidths(customer, 'home');

    // Each page is photographed once the visitor sees what it loads: the header's Login link (the
    // session resolved; at phone width it is hidden, shown at 1280 px), the support chat links (from
    // the settings) and the reviews.
    const signedOutHeader = customer
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Login', exact: true, includeHidden: true });
    const pages: { path: string; name: string; heading: string; loaded?: Locator }[] = [
      { path: '/login', name: 'login', heading: 'Login', loaded: customer.getByRole('button', { name: 'Forgot password?' }) },
      { path: '/register', name: 'register', heading: 'Create your account' },
      { path: '/contact', name: 'contact', heading: 'Contact Us', loaded: customer.getByRole('link', { name: 'Open a chat with us' }) },
      { path: '/blog', name: 'blog', heading: 'Step-by-step guide' },
      {
        path: '/about',
        name: 'about',
        heading: 'About Us',
        loaded: customer
          .getByText('No reviews yet. Be the first one!')
          .or(customer.getByRole('img', { name: / out of 5 stars$/ }))
          .first(),
      },
      { path: '/no-such-page', name: 'not-found', heading: 'Page not found' },
    ];
    for (const { path, name, heading, loaded } of pages) {
      await customer.goto(path);
      await customer.getByRole('heading', { level: 1, name: heading }).waitFor();
      await signedOutHeader.waitFor({ state: 'attached' });
      await loaded?.waitFor();
      await screenshotBothWidths(customer, name);
    }
  });

  it('sends a visitor from /dashboard to /login', async () => {
    await customer.goto('/dashboard');
    await customer.waitForURL('**/login');
  });

  it('registers and lands on the dashboard with Rs 0 and no orders', async () => {
    await registerThroughUi(customer, account);
    await customer.getByText('Registration successful! Login NOW').waitFor();
    await expect.poll(() => balanceText(customer)).toBe('Rs\u00a00');
    await customer.getByText('No recent orders found.').waitFor();
    expect(await customer.getByText(`Welcome, ${account.name}`).count()).toBeGreaterThan(0);
    await customer.getByText('N/A').waitFor();
  });

  it('submits a recharge request with the wallet transaction id', async () => {
    await customer.getByRole('button', { name: 'Recharge' }).click();
    const dialog = customer.getByRole('dialog', { name: 'Recharge Balance' });
    await dialog.getByText('Easypaisa').first().waitFor();
    expect(await dialog.getByRole('button', { name: /^Copy .* number$/ }).count()).toBe(4);
    await dialog.getByLabel('Amount (Rs)').fill('500');
    await dialog.getByLabel('Wallet').selectOption('Easypaisa');
    await dialog.getByRole('textbox', { name: 'Transaction ID' }).fill(transactionId);
    await dialog.getByLabel('Paid from (mobile number or account)').fill('0345 1234567');
    await screenshotBothWidths(customer, 'dashboard-recharge-modal');
    await dialog.getByRole('button', { name: 'Submit recharge request' }).click();
    await customer.getByText(/Recharge request submitted/).waitFor();
    await dialog.getByText('pending', { exact: true }).waitFor();
    await customer.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('lets the admin sign in and approve the request', async () => {
    await adminPage.goto('/login');
    await signInThroughUi(adminPage, DEMO_ADMIN, '**/admin');
    await adminPage.goto('/admin/top-ups');
    const approve = adminPage.getByRole('button', { name: `Approve Rs 500 for ${account.email}` });
    await approve.click();
    // Approve asks what arrived, as the autopilot credits it (decision record 0015): the request's amount, as
    // no SMS came.
    const confirm = adminPage.getByRole('dialog', { name: 'Approve recharge request' });
    expect(await confirm.getByLabel('Amount received (Rs)').inputValue()).toBe('500');
    await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
    await adminPage.getByText('✅ Recharge request approved').waitFor();
    await approve.waitFor({ state: 'detached' });
  });

  it('shows the customer the credited balance and the last recharge', async () => {
    await customer.reload();
    await expect.poll(() => balanceText(customer), { timeout: 20_000 }).toBe('Rs\u00a0500');
    await customer.getByText('N/A').waitFor({ state: 'detached' });
    await screenshotBothWidths(customer, 'dashboard');
  });

  it('orders TikTok followers, and the balance drops by the price', async () => {
    await customer.getByRole('link', { name: 'Place Order' }).first().click();
    await customer.waitForURL('**/order');
    await customer.getByRole('heading', { level: 1, name: 'Order Services' }).waitFor();
    await customer.getByRole('button', { name: /^Followers/ }).click();
    await customer.getByRole('radio', { name: /^Real Followers/ }).check();
    expect(await customer.getByLabel('Quantity').inputValue()).toBe('50');
    await customer.getByLabel('Link').fill('https://www.tiktok.com/@sara');
    await expect.poll(() => customer.getByTestId('order-total').textContent()).toBe('Rs\u00a045');
    await screenshotBothWidths(customer, 'order');
    const { dialog, number } = await placeOrder(customer);
    orderNumber = number;
    expect(await dialog.getByText('Rs 455').isVisible()).toBe(true);
    await screenshotBothWidths(customer, 'order-placed-modal');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await customer.goto('/dashboard');
    await expect.poll(() => balanceText(customer)).toBe('Rs\u00a0455');
    await customer.getByText(`#${orderNumber}`).waitFor();
    await customer.getByText('pending', { exact: true }).waitFor();
  });

  it('lets the admin find and cancel the order', async () => {
    await setOrderStatusAsAdmin(adminPage, orderNumber, 'cancelled');
    await screenshotBothWidths(adminPage, 'admin');
  });

  it('shows the customer the refund', async () => {
    await customer.reload();
    await expect.poll(() => balanceText(customer), { timeout: 20_000 }).toBe('Rs\u00a0500');
    await customer.getByText('cancelled', { exact: true }).waitFor();
    await screenshotBothWidths(customer, 'dashboard-refunded');
  });

  it('sends a signed-in customer from / to /order, and keeps customers out of /admin', async () => {
    await customer.goto('/');
    await customer.waitForURL('**/order');
    await customer.goto('/admin');
    await customer.getByRole('heading', { level: 1, name: 'This page is for admins' }).waitFor();
    expect(new URL(customer.url()).pathname).toBe('/admin');
  });

  it('keeps links, numbers and ids left to right on a right-to-left page, and lets a written message follow its text', async () => {
    const direction = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).direction);
    await customer.goto('/order');
    await customer.getByLabel('Link').waitFor();
    // As an Urdu page will be (issue 33): the page's direction right to left.
    await customer.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
    expect(await direction(customer.getByLabel('Link'))).toBe('ltr');
    expect(await direction(customer.getByLabel(/^Quantity/))).toBe('ltr');
    await customer.goto('/dashboard');
    await customer.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
    await customer.getByRole('button', { name: 'Recharge' }).click();
    const dialog = customer.getByRole('dialog', { name: 'Recharge Balance' });
    for (const field of [
      dialog.getByLabel('Amount (Rs)'),
      dialog.getByRole('textbox', { name: 'Transaction ID' }),
      dialog.getByLabel('Paid from (mobile number or account)'),
    ])
      expect(await direction(field)).toBe('ltr');
    await customer.keyboard.press('Escape');
    await customer.goto('/tickets/new');
    const message = customer.getByLabel('Message');
    await message.fill('Where is my order?');
    await customer.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
    expect(await direction(message)).toBe('ltr');
    await message.fill('میرا آرڈر کہاں ہے؟');
    expect(await direction(message)).toBe('rtl');
  });
});
