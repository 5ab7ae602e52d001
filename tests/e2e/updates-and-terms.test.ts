// What a visitor reads of the catalogue's changes, its measured figures and the terms, in a real browser at 360 px
// on the built app: a service the admin adds (a long, hostile name) and then makes cheaper shows on /updates as
// "New service" and "Price down" (from the footer), its figures as the fold stores them show on /services, and
// /terms shows the terms in force as text; nothing is wider than the phone.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PHONE, reachFor, screenshotBothWidths } from './browser';
import { openPage } from './fixture';

const admin = { uid: 'e2e-admin', email: 'e2e-admin@example.com' };
const name = `Reel Views ${'<b>&'.repeat(3)} ${randomUUID().slice(0, 8)} ${'x'.repeat(30)}`.slice(0, 100);
const visitor = await openPage(PHONE);
const fits = async () => expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

const { createService, updateService } = await import('../../functions/src/services/catalogue/catalogue');
const created = await createService(admin, {
  platform: 'facebook',
  category: 'Views',
  name,
  ratePer1000: 30,
  min: 100,
  max: 100_000,
  defaultQuantity: 1000,
  refillDays: 0,
  cancelAllowed: true,
});
const service = created.value.service;
// A second new service: no order of it has ended, so it is New.
const fresh = (
  await createService(admin, {
    platform: 'facebook',
    category: 'Views',
    name: `Fresh views ${randomUUID().slice(0, 8)}`,
    ratePer1000: 40,
    min: 100,
    max: 100_000,
    defaultQuantity: 1000,
  })
).value.service;
await updateService(admin, service._id, { ratePer1000: 24.5 });

describe('a visitor reads updates, figures and terms at 360 px', () => {
  it('finds the new service and its price cut on /updates from the footer, as sentences', async () => {
    await visitor.goto('/');
    await visitor.getByRole('contentinfo').getByRole('link', { name: 'Updates' }).click();
    await visitor.waitForURL('**/updates');
    const mine = visitor.getByRole('listitem').filter({ hasText: `(ID ${service.number})` });
    await mine.first().waitFor();
    expect(await mine.allTextContents()).toEqual([
      expect.stringContaining('Price down: Rs\u00a030 → Rs\u00a024.50 per 1,000'),
      expect.stringContaining('New service, Rs\u00a030 per 1,000'),
    ]);
    expect(await mine.first().textContent()).toContain(name);
    await fits();
    await screenshotBothWidths(visitor, 'updates');
  });

  it('shows a service’s measured figures on /services, and New for one without', async () => {
    const { db } = await import('../../functions/src/lib/admin');
    // As the fold writes them (services/catalogue/service-figures.ts; its own tests derive them from orders).
    const figures = {
      new: false,
      timePer1000: 7800,
      medianStart: 240,
      completedPercent: 96,
      orders30Days: 48,
      asOf: new Date().toISOString(),
    };
    await db
      .collection('services')
      .doc(service._id)
      .update({ figures, badges: ['HQ', 'Instant'] });
    // The function keeps the page's list for a minute; the app, once the visitor reaches for the page, asks the API,
    // which answers at once.
    await visitor.goto(`/services?q=${service.number}`);
    await reachFor(visitor);
    const row = visitor.getByRole('row').filter({ has: visitor.getByRole('link', { name: `Order service ${service.number}: ${name}` }) });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('2 h 10 min per 1,000 · starts in 4 min · 96% in full');
    expect(await row.textContent()).toContain('HQ · Instant');
    await visitor.goto(`/services?q=${fresh.number}`);
    await reachFor(visitor);
    const freshRow = visitor
      .getByRole('row')
      .filter({ has: visitor.getByRole('link', { name: `Order service ${fresh.number}: ${fresh.name}` }) });
    await expect.poll(() => freshRow.textContent(), { timeout: 20_000 }).toContain('New');
    await fits();
  });

  it('reads the terms in force from the footer: headings and lists, as text', async () => {
    await visitor.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
    await visitor.waitForURL('**/terms');
    await visitor.getByRole('heading', { name: 'What is never refunded' }).waitFor();
    expect(await visitor.getByText(/^Version \d+/).textContent()).toMatch(/^Version \d+/);
    expect(
      await visitor.getByRole('listitem').filter({ hasText: 'An order cancelled before it starts is refunded in full.' }).count(),
    ).toBe(1);
    await fits();
    await screenshotBothWidths(visitor, 'terms');
  });
});
