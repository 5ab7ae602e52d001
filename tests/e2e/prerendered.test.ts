/// <reference lib="dom" />
// A visitor's first load of the pages they land on (`/` and /services, issue 31), in a real browser at 360 px: the
// page comes complete from the server, none of the app's code runs (nothing of Firebase, no API call) until the
// visitor reaches for the page, and then the app hydrates it as it stands: the same elements, no loading state, no
// mismatch (a page error; tests/support/clean-pages.ts fails the file on any).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, PHONE, reachFor } from './browser';
import { browser, openContext, url } from './fixture';

/** The app's own requests (its API and Firebase's configuration), as the page makes them. */
function appRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') || pathname.startsWith('/__/')) seen.push(pathname);
  });
  return seen;
}

/** Marks the page's heading and records whether a loading state ever shows, from the first byte on. */
async function watchFromFirstByte(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __loadingShown: boolean };
    w.__loadingShown = false;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Loading...')) w.__loadingShown = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

async function markHeading(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __heading: Element | null }).__heading = document.querySelector('h1');
  });
}
const sameHeading = (page: Page) =>
  page.evaluate(() => {
    const marked = (window as unknown as { __heading: Element | null }).__heading;
    return marked !== null && marked === document.querySelector('h1') && marked.isConnected;
  });

/**
 * The scripts the page asked for before its first contentful paint, but the app's entry (in the page, at low
 * priority): a phone counts that paint waiting for each (Lighthouse's slow 4G does), so there must be none.
 */
const scriptsBeforeFirstPaint = (page: Page) =>
  page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    if (!paint) return ['no first contentful paint'];
    const entry = document.querySelector<HTMLScriptElement>('script[type="module"][fetchpriority="low"]')?.src;
    return performance
      .getEntriesByType('resource')
      .filter(
        (resource) =>
          resource.name.includes('/assets/') &&
          resource.name.endsWith('.js') &&
          resource.name !== entry &&
          resource.startTime < paint.startTime,
      )
      .map((resource) => new URL(resource.name).pathname);
  });

describe('a visitor’s prerendered pages', () => {
  it('shows the landing page with none of the app running, which hydrates it when the visitor reaches for it', async () => {
    const context = await openContext(PHONE);
    const page = await context.newPage();
    const requests = appRequests(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The page has loaded and painted; the app's script is fetched but has not started.
    await page.waitForLoadState('load');
    await page.waitForTimeout(1000);
    expect(requests).toEqual([]);
    expect(await page.locator('script[type="module"][fetchpriority="low"]').count()).toBe(1);
    expect(await scriptsBeforeFirstPaint(page)).toEqual([]);
    await markHeading(page);

    await reachFor(page);
    // The cards' prices come from the live catalogue once the app runs.
    await page.getByText('from Rs 900 per 1K').waitFor();
    expect(requests).toContain('/api/services');
    expect(await sameHeading(page)).toBe(true);
    // The app works: the menu opens (a button only the app answers).
    await page.getByRole('button', { name: /Open menu/ }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Services' }).waitFor();
    await context.close();
  });

  it('shows /services with the list of its URL and never a loading state; the app takes it over as it stands', async () => {
    const context = await openContext(PHONE);
    const page = await context.newPage();
    const requests = appRequests(page);
    await watchFromFirstByte(page);
    await page.goto('/services?q=likes');
    await page.waitForLoadState('load');
    await page.waitForTimeout(1000);
    expect(requests).toEqual([]);
    const shown = await page.getByRole('link', { name: /^Order service/ }).count();
    expect(shown).toBeGreaterThan(1);
    expect(await page.getByLabel('Search services').inputValue()).toBe('likes');
    expect(await scriptsBeforeFirstPaint(page)).toEqual([]);
    await markHeading(page);

    await reachFor(page);
    // The app runs (it asks for the catalogue again, which the page came with) and its search answers.
    await expect.poll(() => requests.includes('/api/services')).toBe(true);
    expect(await sameHeading(page)).toBe(true);
    expect(await page.getByRole('link', { name: /^Order service/ }).count()).toBe(shown);
    await page.getByLabel('Search services').fill('101');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL('**/services?q=101');
    // The search answered: service 101 shown, the list narrowed (other files' services may match 101 too).
    await page.getByRole('link', { name: 'Order service 101: Real Followers' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: /^Order service/ }).count()).toBeLessThan(10);
    expect(await page.evaluate(() => (window as unknown as { __loadingShown: boolean }).__loadingShown)).toBe(false);
    await context.close();
  });

  it('asks for none of its screen’s code before a first paint that comes late (a slow phone)', async () => {
    const context = await openContext(PHONE);
    const page = await context.newPage();
    // A render-blocking script that answers after 1.5 s holds the first paint back while the page and the app's
    // entry are long loaded, as a phone's slow first layout does.
    await page.route('**/hold-first-paint.js', async (route) => {
      await new Promise((done) => setTimeout(done, 1500));
      await route.fulfill({ contentType: 'text/javascript', body: '' });
    });
    await page.route('**/services?q=likes', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('<head>', '<head><script src="/hold-first-paint.js" async blocking="render"></script>');
      const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
      await route.fulfill({ status: response.status(), headers, body });
    });
    await page.goto('/services?q=likes');
    await page.waitForLoadState('load');
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
    const paintedAt = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
    expect(paintedAt).toBeGreaterThan(1400);
    // The screen's code still comes before the visitor reaches for the page: after the paint.
    await expect
      .poll(() =>
        page.evaluate(() => performance.getEntriesByType('resource').filter((r) => /\/assets\/services-[\w-]+\.js$/.test(r.name)).length),
      )
      .toBeGreaterThan(0);
    expect(await scriptsBeforeFirstPaint(page)).toEqual([]);
    await context.close();
  });

  it('answers a first tap that starts the app inside the page’s screen: Clear on /services clears the search', async () => {
    const context = await newContext(browser, url, PHONE, { hasTouch: true });
    const page = await context.newPage();
    await page.goto('/services?q=likes');
    await page.waitForLoadState('load');
    await page.waitForTimeout(1000);
    const shown = await page.getByRole('link', { name: /^Order service/ }).count();
    // The visitor's very first touch is the tap on Clear, a button only the app answers.
    await page.getByRole('button', { name: 'Clear' }).tap();
    await page.waitForURL((address) => address.pathname === '/services' && address.search === '');
    await expect.poll(() => page.getByRole('link', { name: /^Order service/ }).count()).toBeGreaterThan(shown);
    expect(await page.getByLabel('Search services').inputValue()).toBe('');
    await context.close();
  });

  it('answers a first tap that comes while the app’s code is still on its way, once the app has started', async () => {
    const context = await newContext(browser, url, PHONE, { hasTouch: true });
    const page = await context.newPage();
    // The app's code answers 1.5 s late (a slow network): the tap lands before the app runs.
    await page.route('**/assets/start-*.js', async (route) => {
      await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });
    await page.goto('/services?q=likes');
    await page.waitForLoadState('load');
    const shown = await page.getByRole('link', { name: /^Order service/ }).count();
    await page.getByRole('button', { name: 'Clear' }).tap();
    // Nothing happens at the tap (the search form does not leave the page), and the app does it once it runs.
    expect(new URL(page.url()).search).toBe('?q=likes');
    await page.waitForURL((address) => address.pathname === '/services' && address.search === '');
    await expect.poll(() => page.getByRole('link', { name: /^Order service/ }).count()).toBeGreaterThan(shown);
    expect(await page.getByLabel('Search services').inputValue()).toBe('');
    await context.close();
  });

  it('starts the app at once for someone signed in on this device, whose page is their own', async () => {
    const context = await openContext(PHONE, 'customer');
    const page = await context.newPage();
    await page.goto('/');
    // No reach: a signed-in customer on `/` goes on to ordering.
    await page.waitForURL('**/order');
    await context.close();
  });
});
