// The public service list (/services) in a real browser at 360 px, on the emulators from the built app: a
// visitor finds a service and its ID, taps Order, signs up and lands on /order with it chosen (its ID, min
// and max shown); once funded, they place a Mass Order with that ID.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectMoneyInvariants } from '../support/money-invariants';
import { PHONE, screenshotBothWidths, submitRegistration } from './browser';
import { browser, openPage, url } from './fixture';

const suffix = randomUUID().slice(0, 8);
const account = { name: 'Sana Visitor', email: `sana-${suffix}@example.com`, password: 'sana-pass-123' };
const visitor = await openPage(PHONE);

describe('a visitor finds a service ID at 360 px', () => {
  it('reads the list without JavaScript: the function writes it into the page', async () => {
    const context = await browser.newContext({ baseURL: url, viewport: PHONE, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      // Its measured figures as stored (the seeded history's ended orders, folded by the every-minute worker); the
      // function keeps the list it read for up to a minute, so the page is read again until it shows them.
      const { db } = await import('../../functions/src/lib/admin');
      const { figuresSummary } = await import('../../functions/src/shared/service-figures');
      const stored = async () => figuresSummary((await db.collection('services').doc('tt-followers-real').get()).get('figures'));
      // (By element: on a phone the table's rows are cards, which the accessibility tree does not call rows.)
      const row = page.locator('tr').filter({ has: page.locator('td', { hasText: /^101$/ }) });
      let cells: string[] = [];
      let measured = '';
      await expect
        .poll(
          async () => {
            expect((await page.goto('/services'))?.status()).toBe(200);
            cells = await row.locator('td').allTextContents();
            measured = await stored();
            return cells[5] === measured;
          },
          { timeout: 75_000, interval: 5000 },
        )
        .toBe(true);
      expect(cells).toEqual([
        '101',
        'Real FollowersTikTok · Followers',
        'Rs\u00a0900',
        '10 / 100,000',
        '30 days',
        measured,
        'Yes',
        'No',
        'Order',
      ]);
      expect(await page.title()).toBe('Services · Shohrat');
      // Rendered for a visitor: Order signs them up first, the service kept.
      expect(await row.getByRole('link', { name: 'Order service 101: Real Followers' }).getAttribute('href')).toBe(
        '/register?service=tt-followers-real',
      );
      // The app's own page: its header and footer, its styles, and its script, which would start the app.
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
      expect(await page.locator('link[rel="stylesheet"]').count()).toBeGreaterThan(0);
      expect(await page.locator('script[type="module"][src^="/assets/"][fetchpriority="low"]').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('finds TikTok Real Followers and its ID on /services from the menu, nothing wider than the phone', async () => {
    await visitor.goto('/');
    await visitor.getByRole('button', { name: /Open menu/ }).click();
    await visitor.locator('#mobile-menu').getByRole('link', { name: 'Services' }).click();
    await visitor.waitForURL('**/services');
    await visitor.getByLabel('Search services').fill('tiktok real followers');
    await visitor.getByRole('button', { name: 'Show' }).click();
    await visitor.waitForURL('**/services?q=tiktok+real+followers');
    const link = visitor.getByRole('link', { name: 'Order service 101: Real Followers' });
    await link.waitFor();
    expect(await visitor.getByRole('link', { name: /^Order service/ }).count()).toBe(1);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshotBothWidths(visitor, 'services');
    // Opened anew (the service worker's saved page by now: the function's page is tests/e2e/prerendered.test.ts'),
    // the view comes from the URL.
    await visitor.goto('/services?q=101');
    expect(await visitor.getByLabel('Search services').inputValue()).toBe('101');
    await visitor.getByRole('link', { name: 'Order service 101: Real Followers' }).waitFor();
    // (Other files' services may match 101 too: the store is shared.)
    expect(await visitor.getByRole('link', { name: /^Order service/ }).count()).toBeLessThan(10);
  });

  it('taps Order, signs up, and lands on /order with that service chosen', async () => {
    await visitor.getByRole('link', { name: 'Order service 101: Real Followers' }).click();
    await visitor.waitForURL('**/register?service=tt-followers-real');
    await submitRegistration(visitor, account);
    await visitor.waitForURL('**/order?service=tt-followers-real');
    await visitor.getByText(/^ID 101 · Rs\s900 per 1000 · min 10 · max 100,000$/).waitFor();
    expect(await visitor.getByRole('radio', { name: /^Real Followers/ }).isChecked()).toBe(true);
  });

  it('places a Mass Order with the ID it found', async () => {
    const { addBalance } = await import('../../functions/src/services/money/credits');
    await addBalance({ uid: 'e2e-setup', email: 'e2e-setup' }, { email: account.email, amount: 100 });
    await visitor.goto('/mass-order');
    await visitor.getByRole('link', { name: 'Services' }).first().waitFor();
    await expect
      .poll(
        async () => {
          await visitor.reload();
          await visitor.getByTestId('mass-balance').waitFor();
          return visitor.getByTestId('mass-balance').textContent();
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe('Rs\u00a0100');
    await visitor.getByLabel('Orders, one per line').fill(`101 | https://www.tiktok.com/@sana${suffix} | 100`);
    await visitor.getByRole('button', { name: 'Place 1 Order' }).click();
    await visitor.getByText('Results: 1 placed').waitFor();
    const { auth, db } = await import('../../functions/src/lib/admin');
    const { uid } = await auth.getUserByEmail(account.email);
    const orders = await db.collection('orders').where('userId', '==', uid).get();
    expect(orders.docs.map((d) => [d.get('serviceId'), d.get('quantity'), d.get('pricePaisa')])).toEqual([
      ['tt-followers-real', 100, 9000],
    ]);
    await expectMoneyInvariants();
  });
});
