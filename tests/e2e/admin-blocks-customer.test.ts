// Blocking a customer in a real browser, at 360 and at 1280 px: the admin finds a customer in the console's
// users section, opens the account and blocks it with a reason; the customer sees why on the dashboard and
// the order page and cannot order; once unblocked, the customer can order again.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, registerThroughUi, screenshotBothWidths } from './browser';
import { adminPage, openPage } from './fixture';

/** The admin opens the account from /admin/users (searched by name) and blocks or unblocks it. */
async function setBlockedInConsole(admin: Page, who: { name: string; email: string }, block: boolean, reason: string) {
  await admin.goto('/admin/users');
  await admin.getByLabel('Search by').selectOption('name');
  await admin.getByLabel('Search users by name').fill(who.name);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  const row = admin.locator('tr', { hasText: who.email });
  await row.getByRole('link', { name: who.name }).click();
  await admin.waitForURL('**/admin/users/*');
  await admin.getByRole('heading', { name: who.name }).waitFor();
  await admin.getByRole('button', { name: block ? 'Block' : 'Unblock', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: block ? 'Block Account' : 'Unblock Account' });
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: block ? 'Block Account' : 'Unblock Account' }).click();
  await admin.getByText(block ? '✅ Account blocked!' : '✅ Account unblocked!').waitFor();
}

/** On /order, a real TikTok followers order filled in; the Place Order button. */
async function fillOrder(customer: Page) {
  await customer.goto('/order');
  await customer.getByRole('heading', { level: 1, name: 'Order Services' }).waitFor();
  await customer.getByRole('button', { name: /^Followers/ }).click();
  await customer.getByRole('radio', { name: /^Real Followers/ }).check();
  await customer.getByLabel('Link').fill('https://www.tiktok.com/@blocked');
  return customer.getByRole('button', { name: 'Place Order' });
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('the admin blocks a customer who then cannot order (%s)', (label, viewport) => {
  const suffix = randomUUID().slice(0, 8);
  const account = { name: `Blocked ${suffix}`, email: `blocked-${suffix}@example.com`, password: 'blocked-pass-1' };
  const reason = `Chargeback on Easypaisa ${suffix}`;
  let customer: Page;
  let admin: Page;

  it('a funded customer and a signed-in admin', async () => {
    customer = await openPage(viewport);
    admin = await adminPage(viewport);
    await registerThroughUi(customer, account);
    const { addBalance } = await import('../../functions/src/services/money/credits');
    await addBalance({ uid: 'test-setup', email: 'test-setup' }, { email: account.email, amount: 200 });
  });

  it('the admin blocks the account from the users section, with a reason', async () => {
    await setBlockedInConsole(admin, account, true, reason);
    await admin.getByText(`: ${reason}`).waitFor();
    await admin.getByRole('button', { name: 'Unblock', exact: true }).waitFor();
    await screenshotBothWidths(admin, `admin-user-blocked-${label}`);
  });

  it('the customer sees why on the dashboard and the order page, and cannot order', async () => {
    await customer.goto('/dashboard');
    const banner = customer.getByRole('alert').filter({ hasText: 'Your account is suspended' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain(`Reason: ${reason}`);
    const placeOrder = await fillOrder(customer);
    await customer.getByRole('alert').filter({ hasText: reason }).waitFor();
    expect(await placeOrder.isDisabled()).toBe(true);
    await customer.getByText('Your account is suspended, so orders cannot be placed.').waitFor();
    await screenshotBothWidths(customer, `order-suspended-${label}`);
    // Nothing was charged.
    await customer.goto('/dashboard');
    await expect.poll(() => customer.getByTestId('balance').textContent()).toBe('Rs\u00a0200');
  });

  it('once unblocked, the customer can order again', async () => {
    await setBlockedInConsole(admin, account, false, 'Chargeback withdrawn');
    const placeOrder = await fillOrder(customer);
    await expect.poll(() => placeOrder.isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await customer.getByText('Your account is suspended').count()).toBe(0);
    await placeOrder.click();
    await customer.getByRole('dialog', { name: 'Order Placed' }).waitFor();
  });
});
