// Price tiers and a customer's own price in a real browser (issue 34): the admin saves a tier table in Settings and
// gives a customer 10 % off on their user page; the customer, on a 360 px phone, sees the list price struck through
// beside their own on the order form and /services, is charged their price, and reads it on the dashboard. The table
// is saved with a top tier no other test's customer can reach (the stack is shared), and emptied at the end.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { placeOrder } from '../support/customer-page';
import { registerThroughUi, screenshotBothWidths } from './browser';
import { customerAndAdmin } from './fixture';

const suffix = randomUUID().slice(0, 8);
const account = { name: 'Tier Tahir', email: `tahir-${suffix}@example.com`, password: 'tahir-pass-123' };
const { customer, adminPage } = await customerAndAdmin();

const balanceText = async (page: Page) => (await page.getByTestId('balance').textContent())?.trim();

async function saveTiers(page: Page, rows: { name: string; threshold: string; percent: string }[]) {
  await page.goto('/admin/settings');
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Save tiers' }) });
  await form.waitFor();
  // Empty the table, then type the rows.
  while ((await form.getByRole('button', { name: /^Remove tier/ }).count()) > 0)
    await form
      .getByRole('button', { name: /^Remove tier/ })
      .first()
      .click();
  for (const [index, row] of rows.entries()) {
    await form.getByRole('button', { name: 'Add a tier' }).click();
    const tier = form.getByRole('group', { name: `Tier ${index + 1}` });
    await tier.getByLabel('Name').fill(row.name);
    await tier.getByLabel('Threshold (Rs)').fill(row.threshold);
    await tier.getByLabel('Percent off (%)').fill(row.percent);
  }
  await form.getByRole('button', { name: 'Save tiers' }).click();
  await page.getByText('✅ Price tiers saved').waitFor();
}

afterAll(async () => {
  await saveTiers(adminPage, []);
});

describe('price tiers and a customer’s own price', () => {
  it('the admin saves a tier table and credits a new customer', async () => {
    await registerThroughUi(customer, account);
    await saveTiers(adminPage, [
      { name: 'Bronze', threshold: '0', percent: '0' },
      { name: 'Diamond', threshold: '90000000', percent: '5' },
    ]);
    await adminPage.goto('/admin');
    await adminPage.getByLabel('User email').fill(account.email);
    await adminPage.getByLabel('Amount (Rs)').fill('1000');
    await adminPage.getByRole('button', { name: 'Add Balance' }).click();
    await adminPage.getByText('✅ Balance updated!').waitFor();
  });

  it('the admin gives the customer 10 % off on their page', async () => {
    await adminPage.goto('/admin/users');
    await adminPage.getByLabel('Search by').selectOption('name');
    await adminPage.getByLabel('Search users by name').fill(account.name);
    await adminPage.getByRole('button', { name: 'Search', exact: true }).click();
    await adminPage.locator('tr', { hasText: account.email }).getByRole('link', { name: account.name }).click();
    await adminPage.waitForURL('**/admin/users/*');
    const pricing = adminPage.getByRole('region', { name: 'Pricing' });
    await pricing.getByText('Bronze').first().waitFor();
    await pricing.getByLabel('Own percent off list prices (%)').fill('10');
    await pricing.getByRole('button', { name: 'Save percent' }).click();
    await adminPage.getByText('✅ Pricing saved').waitFor();
    await pricing.getByText('10% off list prices').waitFor();
    await screenshotBothWidths(adminPage, 'admin-user-pricing');
  });

  it('the customer sees their price beside the struck list price, and is charged it', async () => {
    await customer.goto('/order');
    await customer.getByRole('heading', { level: 1, name: 'Order Services' }).waitFor();
    await customer.getByRole('button', { name: /^Views/ }).click();
    const views = customer.getByRole('radio', { name: /^Video Views/ });
    await views.check();
    // Rs 20 per 1,000 listed, Rs 18 theirs.
    await customer
      .getByText(/list price Rs\s20$/)
      .first()
      .waitFor();
    await customer.getByLabel('Quantity').fill('1000');
    await customer.getByLabel('Link').fill(`https://www.tiktok.com/@tahir/video/${Date.now()}`);
    await expect.poll(() => customer.getByTestId('order-total').textContent()).toBe('Rs\u00a018');
    await screenshotBothWidths(customer, 'order-own-price');
    const { dialog } = await placeOrder(customer);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await customer.goto('/dashboard');
    await expect.poll(() => balanceText(customer), { timeout: 20_000 }).toBe('Rs\u00a0982');
    await customer.getByText('Your own price').waitFor();
    await customer
      .getByText(/10% off list prices/)
      .first()
      .waitFor();
    await screenshotBothWidths(customer, 'dashboard-your-prices');

    await customer.goto('/services');
    await customer
      .getByText(/list price Rs\s20$/)
      .first()
      .waitFor();
    // Nothing wider than the phone.
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
