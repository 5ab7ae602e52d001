// My Orders (/orders) in a real browser at 360 px, on the emulators from the built app: a customer with a
// completed order of a service with a refill window and a pending one of a service that allows cancel
// finds the page from the dashboard, asks for a refill with one tap (a second phone, still showing the
// button, gets the same refill: one request), and cancels the pending order, seeing its refund.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerApi } from '../support/customer-page';
import { expectMoneyInvariants } from '../support/money-invariants';
import { DESKTOP, PHONE, registerThroughUi, screenshotBothWidths, signInThroughUi } from './browser';
import { openPage, url } from './fixture';

const suffix = randomUUID().slice(0, 8);
const account = { name: 'Hina Muhammad Abdullah Khan Niazi Qureshi', email: `hina-${suffix}@example.com`, password: 'hina-pass-123' };
const phone = await openPage(PHONE);
const secondPhone = await openPage(PHONE);
let refillable = '';
let cancellable = '';

const api = customerApi(url, account);

beforeAll(async () => {
  await registerThroughUi(phone, account);
  const { addBalance } = await import('../../functions/src/services/money/credits');
  await addBalance({ uid: 'e2e-setup', email: 'e2e-setup' }, { email: account.email, amount: 500 });
  // Rs 90 of Real Followers (a 30-day refill), delivered; Rs 20 of views (cancel allowed), pending.
  const followers = await api('POST', '/api/order/place', {
    serviceId: 'tt-followers-real',
    link: `https://www.tiktok.com/@hina${suffix}`,
    quantity: 100,
  });
  expect(followers.status, JSON.stringify(followers.body)).toBe(201);
  refillable = followers.body.order._id;
  const views = await api('POST', '/api/order/place', {
    serviceId: 'tt-views-fast',
    link: `https://www.tiktok.com/@hina${suffix}/video/7300000000000000001`,
    quantity: 1000,
  });
  expect(views.status, JSON.stringify(views.body)).toBe(201);
  cancellable = views.body.order._id;
  const { updateOrderStatus } = await import('../../functions/src/services/orders/orders');
  await updateOrderStatus(refillable, 'processing');
  await updateOrderStatus(refillable, 'completed');
});

const rowOf = (page: Page, number: string) => page.getByRole('row').filter({ has: page.getByText(`#${number}`, { exact: true }) });

describe('My Orders at 360 px', () => {
  it('opens from the dashboard: every order with its service ID and link, nothing wider than the phone', async () => {
    await phone.goto('/dashboard');
    await phone.getByRole('link', { name: 'All orders' }).click();
    await phone.waitForURL('**/orders');
    await phone.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
    const row = rowOf(phone, refillable);
    await row.getByText('TikTok Followers Real Followers').waitFor();
    await row.getByText('ID 101').waitFor();
    expect(await row.getByRole('link', { name: `tiktok.com/@hina${suffix}` }).getAttribute('target')).toBe('_blank');
    await rowOf(phone, cancellable)
      .getByRole('button', { name: `Cancel order #${cancellable}` })
      .waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshotBothWidths(phone, 'my-orders');
  });

  it('on a desktop, the signed-in menu (My Orders added) fits beside the bell and a long name', async () => {
    const desktop = await openPage(DESKTOP);
    await desktop.goto('/login');
    await signInThroughUi(desktop, account, '**/dashboard');
    const nav = desktop.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'My Orders' }).waitFor();
    const right = async (name: string) => {
      const box = await nav.getByRole('link', { name, exact: true }).boundingBox();
      return (box?.x ?? Number.POSITIVE_INFINITY) + (box?.width ?? 0);
    };
    const bell = await nav.getByRole('link', { name: /^Notifications/ }).boundingBox();
    expect(await right('About Us')).toBeLessThanOrEqual(bell?.x ?? 0);
    expect(await desktop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
    await desktop.context().close();
  });

  it('asks for a refill once: the second phone, still showing the button, gets the same refill', async () => {
    await secondPhone.goto('/login');
    await signInThroughUi(secondPhone, account, '**/dashboard');
    await secondPhone.goto('/orders');
    const staleButton = rowOf(secondPhone, refillable).getByRole('button', { name: /^Refill order/ });
    await staleButton.waitFor();

    const button = rowOf(phone, refillable).getByRole('button', { name: /^Refill order/ });
    expect(await button.textContent()).toMatch(/^Refill \(until \d{1,2} [A-Z][a-z]{2}\)$/);
    await button.click();
    const toast = phone.getByText(/^Order #\d+: Refill requested \(#(\d{9})\)$/);
    await toast.waitFor();
    const number = /#(\d{9})\)$/.exec((await toast.textContent()) ?? '')?.[1];
    expect(number).toBeDefined();
    await rowOf(phone, refillable).getByTestId('refill-state').getByText(`Refill requested · #${number}`).waitFor();
    expect(
      await rowOf(phone, refillable)
        .getByRole('button', { name: /^Refill order/ })
        .count(),
    ).toBe(0);

    await staleButton.click();
    await secondPhone.getByText(`Order #${refillable}: A refill of this order is already requested (#${number})`).waitFor();
    await rowOf(secondPhone, refillable).getByTestId('refill-state').getByText(`Refill requested · #${number}`).waitFor();
    const { db } = await import('../../functions/src/lib/admin');
    expect((await db.collection('refills').where('orderId', '==', refillable).get()).size).toBe(1);
  });

  it('cancels the pending order after a confirmation naming the refund, and shows it refunded', async () => {
    await rowOf(phone, cancellable)
      .getByRole('button', { name: `Cancel order #${cancellable}` })
      .click();
    const dialog = phone.getByRole('dialog', { name: `Cancel order #${cancellable}?` });
    await dialog.getByText('goes back to your balance at once').waitFor();
    expect(await dialog.textContent()).toContain('Rs\u00a020 goes back to your balance at once');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await phone.getByText(`✅ Order #${cancellable} cancelled: Rs 20 back to your balance`).waitFor();
    await rowOf(phone, cancellable).getByText('Refunded Rs 20').waitFor();
    expect(
      await rowOf(phone, cancellable)
        .getByRole('button', { name: /^Cancel order/ })
        .count(),
    ).toBe(0);
    // Rs 500 − Rs 90 of followers; the views' Rs 20 came back.
    expect((await api('GET', '/api/user/profile')).body.user.balance).toBe(410);
    await screenshotBothWidths(phone, 'my-orders-after');
    await expectMoneyInvariants();
  });
});
