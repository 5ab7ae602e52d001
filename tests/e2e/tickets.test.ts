// Support tickets in a real browser at 360 px, on the emulators from the built app: a customer opens
// a ticket about an order from the dashboard's Get help; the admin finds it waiting in the console,
// keeps a saved reply and answers with it; the customer sees the unread badge in the navigation, reads
// the answer, and the badge goes; the bell counts the answer too, and its notification opens the thread.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dashboardBalance } from '../support/customer-page';
import { DESKTOP, PHONE, registerThroughUi, screenshotBothWidths } from './browser';
import { customerAndAdmin } from './fixture';

const suffix = randomUUID().slice(0, 8);
const account = { name: `Ticket ${suffix}`, email: `ticket-${suffix}@example.com`, password: 'ticket-pass-1' };
const question = `My followers have not started yet (${suffix})`;
const savedReply = { title: `Order on its way ${suffix}`, body: 'Your order is with our provider and starts within 24 hours.' };

const { customer, adminPage } = await customerAndAdmin({ admin: PHONE });
let orderNumber = '';

const fitsThePhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

describe('a support ticket about an order at 360 px', () => {
  it('a customer with an order asks for help from the dashboard', async () => {
    await registerThroughUi(customer, account);
    const { addBalance } = await import('../../functions/src/services/money/credits');
    await addBalance({ uid: 'test-setup', email: 'test-setup' }, { email: account.email, amount: 200 });
    await expect.poll(dashboardBalance(customer), { timeout: 60_000, interval: 1000 }).toBe('Rs\u00a0200');
    await customer.goto('/order');
    await customer.getByRole('heading', { level: 1, name: 'Order Services' }).waitFor();
    await customer.getByRole('button', { name: /^Followers/ }).click();
    await customer.getByRole('radio', { name: /^Real Followers/ }).check();
    await customer.getByLabel('Link').fill(`https://www.tiktok.com/@ticket${suffix}`);
    const place = customer.getByRole('button', { name: 'Place Order' });
    await expect.poll(() => place.isEnabled(), { timeout: 30_000 }).toBe(true);
    await place.click();
    await customer.getByRole('dialog', { name: 'Order Placed' }).waitFor();

    await customer.goto('/dashboard');
    const help = customer.getByRole('link', { name: /^Get help with order #/ }).first();
    await help.waitFor();
    orderNumber = ((await help.getAttribute('aria-label')) ?? '').replace(/^.*#/, '');
    expect(orderNumber).toMatch(/^[0-9]{9}$/);
    await help.click();
    await customer.waitForURL(`**/tickets/new?order=${orderNumber}`);
    await expect.poll(() => customer.getByLabel('What is it about?').inputValue()).toBe('Order');
    expect(await customer.getByRole('checkbox', { name: new RegExp(`#${orderNumber}`) }).isChecked()).toBe(true);
    await customer.getByLabel('Message').fill(question);
    await customer.getByText(`${question.length} / 2,000 characters`).waitFor();
    await fitsThePhone(customer);
    await screenshotBothWidths(customer, 'ticket-new');
    await customer.getByRole('button', { name: 'Send ticket' }).click();
    await customer.waitForURL(/\/tickets\/[^/]+$/);
    await customer.getByRole('heading', { name: `Order · #${orderNumber}` }).waitFor();
    await customer.getByRole('list', { name: 'Messages' }).getByText(question).waitFor();
  });

  it('the admin finds it waiting, keeps a saved reply and answers with it', async () => {
    // The tickets waiting now (the console's count is read when it loads).
    await adminPage.reload();
    await adminPage.getByText('Admin menu').click();
    await adminPage
      .getByRole('link', { name: /^Tickets \d+ waiting$/ })
      .last()
      .click();
    await adminPage.waitForURL('**/admin/tickets');
    const row = adminPage.locator('tr', { hasText: account.email });
    await row.getByRole('link', { name: `Order · #${orderNumber}` }).click();
    await adminPage.waitForURL('**/admin/tickets/*');
    await adminPage.getByRole('list', { name: 'Messages' }).getByText(question).waitFor();
    const aside = adminPage.getByRole('complementary', { name: 'Customer' });
    await aside.getByRole('link', { name: `Order #${orderNumber} in Orders` }).waitFor();
    expect(await aside.getByRole('link', { name: account.name }).getAttribute('href')).toMatch(/^\/admin\/users\//);
    await fitsThePhone(adminPage);

    await adminPage.getByRole('button', { name: 'Manage saved replies' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Saved replies' });
    await dialog.getByLabel('Title').fill(savedReply.title);
    await dialog.getByLabel('Reply', { exact: true }).fill(savedReply.body);
    await dialog.getByRole('button', { name: 'Add saved reply' }).click();
    await dialog.getByRole('list', { name: 'Saved replies' }).getByText(savedReply.title).waitFor();
    await dialog.getByRole('button', { name: 'Close dialog' }).click();

    await adminPage.getByLabel('Insert a saved reply').selectOption({ label: savedReply.title });
    expect(await adminPage.getByLabel('Your answer').inputValue()).toBe(savedReply.body);
    await adminPage.getByRole('button', { name: 'Send answer' }).click();
    await adminPage.getByRole('list', { name: 'Messages' }).getByText(savedReply.body).waitFor();
    await adminPage.getByText('Answered', { exact: true }).waitFor();
    await screenshotBothWidths(adminPage, 'admin-ticket');

    // Its jump to the order opens the Orders section searched by its number.
    await adminPage
      .getByRole('complementary', { name: 'Customer' })
      .getByRole('link', { name: `Order #${orderNumber} in Orders` })
      .click();
    await adminPage.waitForURL(`**/admin/orders?q=${orderNumber}`);
  });

  it('the customer sees the unread badge, reads the answer, and the badge goes, the bell’s count with it', async () => {
    await customer.goto('/dashboard');
    // The answer's notification (written in the answer's transaction) is unread: the bell counts it.
    const bellCount = async () =>
      Number(
        /(\d+) unread/.exec((await customer.getByRole('link', { name: /^Notifications/ }).getAttribute('aria-label')) ?? '')?.[1] ?? 0,
      );
    await customer.getByRole('link', { name: /^Notifications, \d+ unread$/ }).waitFor();
    const before = await bellCount();
    // On a phone the links hide behind the menu button, which says so.
    await customer.getByRole('button', { name: 'Open menu (1 unread reply)' }).click();
    await customer.locator('#mobile-menu').getByRole('link', { name: 'Tickets 1 unread' }).click();
    await customer.waitForURL('**/tickets');
    const ticket = customer.getByRole('list', { name: 'Your tickets' }).getByRole('link', { name: new RegExp(`#${orderNumber}`) });
    expect(await ticket.textContent()).toContain('Answered');
    await ticket.click();
    await customer.getByRole('list', { name: 'Messages' }).getByText(savedReply.body).waitFor();
    await expect
      .poll(() => customer.getByRole('button', { name: /^Open menu/ }).getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Open menu');
    // Opening the thread read the notification about it: the bell counts one fewer.
    await expect.poll(bellCount, { timeout: 15_000 }).toBe(before - 1);
    await fitsThePhone(customer);
    await screenshotBothWidths(customer, 'ticket-thread');
  });

  it('the answer’s notification, read since its thread was opened, still opens the thread', async () => {
    await customer.goto('/notifications');
    const reply = customer.getByRole('list', { name: 'Your notifications' }).getByRole('link', { name: /New reply from support/ });
    await reply.waitFor();
    expect(await reply.textContent()).not.toContain('Unread: ');
    expect(await reply.textContent()).toContain(savedReply.body.slice(0, 40));
    await fitsThePhone(customer);
    await screenshotBothWidths(customer, 'notifications-ticket-reply');
    // At 1280 px the signed-in customer's whole navigation (eight links, the bell, the name, Logout) stands
    // on one line: no link wraps onto two.
    await customer.setViewportSize(DESKTOP);
    const heights = await customer
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link')
      .evaluateAll((links) => links.filter((link) => link.getClientRects().length > 0).map((link) => link.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...heights)).toBeLessThanOrEqual(40);
    await customer.setViewportSize(PHONE);
    await reply.click();
    await customer.waitForURL(/\/tickets\/[^/]+$/);
    await customer.getByRole('list', { name: 'Messages' }).getByText(savedReply.body).waitFor();
  });

  it('a message written in Urdu reads right to left, in the box and in the thread, on an English page', async () => {
    const urdu = `میرا آرڈر ابھی شروع نہیں ہوا، order ${suffix}`;
    const box = customer.getByLabel('Your reply');
    await box.fill(urdu);
    expect(await box.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    await customer.getByRole('button', { name: 'Send reply' }).click();
    const sent = customer.getByRole('list', { name: 'Messages' }).getByText(urdu);
    await sent.waitFor();
    expect(await sent.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    // The English around it stays left to right.
    const answer = customer.getByRole('list', { name: 'Messages' }).getByText(savedReply.body);
    expect(await answer.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
  });
});
