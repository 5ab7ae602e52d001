// Forwarding to a provider (decision record 0008) in a real browser, nothing pressed between the order and
// its completion: the admin (1280 px) adds the demo provider and imports one of its services with a markup;
// a funded customer (360 px) orders it; the local workers beside the stack (as under `npm start`) carry it
// to the provider and back, and the dashboard shows it completed. The customer never sees the provider:
// not its name, its address or its cost, on the page or in any answer.
import { randomUUID } from 'node:crypto';
import type { Response } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { placeOrder } from '../support/customer-page';
import { registerThroughUi, screenshotBothWidths } from './browser';
import { customerAndAdmin } from './fixture';

const demo = inject('demoProvider');
const { customer, adminPage } = await customerAndAdmin();

const suffix = randomUUID().slice(0, 8);
const providerName = `Upstream ${suffix}`;
const category = `Resold ${suffix}`;
// The demo provider's service 101 at 0.95 USD per 1000: Rs 280 per USD and a 30 % markup make Rs 345.80.
const providerServiceName = 'Instagram Followers [Real, 30 days refill]';
const ourRate = 'Rs\u00a0345.80';
const account = { name: 'Hina Tariq', email: `hina-${suffix}@example.com`, password: 'hina-pass-123' };
let orderNumber = '';
/** Every /api/ answer the customer's pages received, as text. */
const customerAnswers: string[] = [];

beforeAll(async () => {
  customer.on('response', (response: Response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    void response
      .text()
      .then((text) => customerAnswers.push(text))
      .catch(() => undefined);
  });
  await registerThroughUi(customer, account);
  const { addBalance } = await import('../../functions/src/services/money/credits');
  await addBalance({ uid: 'e2e-setup', email: 'e2e-setup' }, { email: account.email, amount: 200 });
});

describe('an order of a provider’s service goes out and comes back completed by itself', () => {
  it('lets the admin add the provider and import a service with a markup, seeing our rate', async () => {
    await adminPage.goto('/admin/providers');
    await adminPage.getByRole('heading', { level: 1, name: 'Providers' }).waitFor();
    await adminPage.getByRole('button', { name: 'Add provider' }).click();
    const add = adminPage.getByRole('dialog', { name: 'Add provider' });
    await add.getByLabel('Name').fill(providerName);
    await add.getByLabel('API URL').fill(demo.url);
    await add.getByLabel('API key').fill(demo.key);
    await add.getByLabel('Currency').fill('USD');
    await add.getByLabel('Rate to PKR').fill('280');
    await add.getByRole('button', { name: 'Add provider' }).click();
    await adminPage.getByText(`✅ ${providerName} added`).waitFor();

    await adminPage.getByRole('button', { name: `Services of ${providerName}`, exact: true }).click();
    const services = adminPage.getByRole('dialog', { name: `Services of ${providerName}` });
    const row = services.locator('tr', { hasText: providerServiceName });
    await row.waitFor();
    await services.getByLabel('Platform').selectOption('instagram');
    await services.getByLabel('Category').fill(category);
    await services.getByLabel('Markup (%)').fill('30');
    await row.getByRole('checkbox').check();
    await expect.poll(() => row.textContent()).toContain(ourRate);
    await screenshotBothWidths(adminPage, 'admin-provider-services');
    await services.getByRole('button', { name: 'Import 1 selected' }).click();
    await adminPage.getByText('✅ 1 service imported').waitFor();
  });

  it('lets the funded customer order it on /order', async () => {
    await customer.goto(`/order?platform=instagram&category=${encodeURIComponent(category)}`);
    const choice = customer.getByRole('radio', { name: new RegExp(providerServiceName.replace(/[[\]]/g, '\\$&')) });
    await choice.check();
    await customer.getByLabel('Quantity').fill('100');
    await customer.getByLabel('Link').fill(`https://instagram.com/hina.${suffix}`);
    // 100 of Rs 345.80 per 1000.
    await expect.poll(() => customer.getByTestId('order-total').textContent()).toBe('Rs\u00a034.58');
    const { dialog, number } = await placeOrder(customer);
    orderNumber = number;
    await dialog.getByRole('button', { name: 'Done' }).click();
  });

  it('shows the admin the order sent to the provider, with its order id there', async () => {
    // The listener sends it within seconds; each look is a fresh load of the section.
    await expect
      .poll(
        async () => {
          await adminPage.goto(`/admin/orders?q=${orderNumber}`);
          const row = adminPage.locator('tr', { hasText: orderNumber });
          await row.waitFor();
          return row.textContent();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toMatch(new RegExp(`Sent.*${providerName}.*Provider order \\d+`));
    await screenshotBothWidths(adminPage, 'admin-orders-sent');
  });

  it('reaches completed on the customer’s dashboard with nobody touching it', async () => {
    const row = customer.getByRole('table', { name: 'Recent Orders' }).locator('tr', { hasText: `#${orderNumber}` });
    await expect
      .poll(
        async () => {
          await customer.goto('/dashboard');
          await row.waitFor();
          return (await row.textContent()) ?? '';
        },
        { timeout: 90_000, interval: 3_000 },
      )
      .toContain('completed');
    await screenshotBothWidths(customer, 'dashboard-provider-order-completed');
  });

  it('never showed the customer the provider', async () => {
    const seen = `${await customer.locator('body').innerText()}\n${customerAnswers.join('\n')}`;
    expect(orderNumber).toMatch(/^\d{9}$/);
    expect(customerAnswers.length).toBeGreaterThan(0);
    expect(seen).toContain(orderNumber);
    for (const secret of [providerName, demo.url, new URL(demo.url).host, demo.key, 'USD', 'providerOrderId', 'fulfilment']) {
      expect(seen, secret).not.toContain(secret);
    }
    // The provider's rate as a number of its own: a time such as 06:12:50.950Z holds the same characters.
    expect(seen, 'the rate 0.95').not.toMatch(/(?<![\d.])0\.95(?!\d)/);
  });
});
