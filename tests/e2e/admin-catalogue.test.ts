// The catalogue the admin runs, in a real browser: the admin edits a price in /admin/services and a
// customer's order page shows it on its next load, with the service worker in control (online it must
// never answer the catalogue it saved before). At 360 and 1280 px, for the admin and the customer.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, registerThroughUi, screenshotBothWidths } from './browser';
import { customerAndAdmin } from './fixture';

const suffix = randomUUID().slice(0, 8);
// A service of this test's own, so no other test's prices move.
const category = `E2E ${suffix}`;
const name = `Catalogue views ${suffix}`;
const orderPage = `/order?platform=tiktok&category=${encodeURIComponent(category)}`;
const { customer, adminPage } = await customerAndAdmin();

beforeAll(async () => {
  const { createService } = await import('../../functions/src/services/catalogue/catalogue');
  await createService(
    { uid: 'e2e-setup', email: 'e2e-setup' },
    { platform: 'tiktok', category, name, ratePer1000: 20, min: 100, max: 10_000, defaultQuantity: 1000 },
  );
  await registerThroughUi(customer, { name: 'Bilal', email: `bilal-${suffix}@example.com`, password: 'bilal-pass-123' });
});

/** The customer opens the order page on the test's category and returns the first catalogue answer the page got. */
async function openOrderPage(page: Page): Promise<{ _id: string; name: string; ratePer1000: number }[]> {
  // The body is read as the answer comes: once the page has moved on (the app replacing its URL), it is gone.
  const answer = page
    .waitForResponse((res) => new URL(res.url()).pathname === '/api/services' && res.request().method() === 'GET')
    .then((res) => res.json() as Promise<{ services: { _id: string; name: string; ratePer1000: number }[] }>);
  await page.goto(orderPage);
  return (await answer).services;
}

const rateOf = (services: { name: string; ratePer1000: number }[]) => services.find((s) => s.name === name)?.ratePer1000;

describe('the admin edits a price and a customer’s order page shows it', () => {
  it.each([
    ['360 px', PHONE, 35, 'Rs\u00a035'],
    ['1280 px', DESKTOP, 42.5, 'Rs\u00a042.50'],
  ])('at %s', async (_label, viewport, rate, shown) => {
    await customer.setViewportSize(viewport);
    await adminPage.setViewportSize(viewport);
    // The customer saw the old price (and the service worker saved that answer).
    const before = await openOrderPage(customer);
    expect(rateOf(before)).not.toBe(rate);
    await customer.getByRole('radio', { name: new RegExp(name) }).waitFor();

    await adminPage.goto('/admin/services');
    await adminPage.getByLabel('Platform').selectOption('tiktok');
    await adminPage.getByLabel('Category').selectOption(category);
    await adminPage.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Edit ${name}` });
    await dialog.getByLabel('Rate per 1000 (Rs)').fill(String(rate));
    await dialog.getByRole('button', { name: 'Save service' }).click();
    await adminPage.getByText(`✅ ${name} saved`).waitFor();
    await adminPage.getByRole('table', { name: 'Services' }).getByText(shown).waitFor();

    // The next load of the order page gets today's catalogue straight away, not the saved one.
    const after = await openOrderPage(customer);
    expect(rateOf(after)).toBe(rate);
    const choice = customer.getByRole('radio', { name: new RegExp(name) });
    await choice.waitFor();
    await expect.poll(() => customer.locator('label', { has: choice }).textContent()).toContain(shown);
    await choice.check();
    // The default quantity is 1000: the total is the rate.
    await expect.poll(() => customer.getByTestId('order-total').textContent()).toBe(shown);
  });

  it('shows the section at both widths', async () => {
    await adminPage.goto('/admin/services');
    await adminPage.getByRole('table', { name: 'Services' }).waitFor();
    await screenshotBothWidths(adminPage, 'admin-services');
  });
});
