/// <reference lib="dom" />
// (DOM types: the init script and page.evaluate callbacks below run in the browser.)
// Nothing moves once painted: the layout shift of a customer's screens while they load, as
// Chromium's PerformanceObserver('layout-shift') counts it (Lighthouse's CLS), below Google's "good"
// of 0.1. Each screen is loaded as a returning customer's first visit of the day: the session kept,
// no service worker and no cache, on a phone.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, reachFor } from './browser';
import { openContext, url } from './fixture';

/** Google's threshold of a "good" cumulative layout shift. */
const GOOD_CLS = 0.1;

interface Shift {
  value: number;
  at: number;
  moved: string[];
}

declare global {
  interface Window {
    __layoutShifts: Shift[];
  }
}

/** Records every layout shift not caused by input, with the elements that moved, from the first paint on. */
async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.__layoutShifts = [];
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? 'a removed node');
      const text = (node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
      return `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}> "${text}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        window.__layoutShifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          moved: (entry.sources ?? []).map((source) => describe(source.node)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** A first visit of the day: no service worker, nothing in Cache Storage or the HTTP cache. */
async function forgetEverythingButTheSession(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/** Loads `path` and waits until `settled` holds and the page has been still for a moment. */
async function layoutShiftOfLoad(
  page: Page,
  path: string,
  settled: (page: Page) => Promise<void>,
): Promise<{ total: number; shifts: Shift[] }> {
  await page.goto(path);
  await settled(page);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
  const shifts = await page.evaluate(() => window.__layoutShifts);
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

const report = (shifts: Shift[]) => shifts.map((s) => `${s.value.toFixed(3)} at ${s.at} ms: ${s.moved.join(', ')}`).join('\n');

describe('the layout of a loading screen, on a phone', () => {
  it('does not shift on the landing page', async () => {
    const context = await openContext(PHONE);
    await recordLayoutShifts(context);
    const page = await context.newPage();
    const { total, shifts } = await layoutShiftOfLoad(page, '/', async (p) => {
      await p.getByRole('heading', { name: 'Popular services' }).waitFor();
      // The visitor's page starts the app (which prices the cards) when they reach for it: a pointer's move, which
      // is not input to the layout-shift count (a tap or a key would exempt the shifts after it).
      await reachFor(p);
      await p.locator('#services').getByText(/Rs\s/).first().waitFor();
    });
    expect(total, report(shifts)).toBeLessThan(GOOD_CLS);
    await context.close();
  });

  describe('signed in', () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      // The demo customer's session, kept from the run's sign-in (tests/e2e/fixture.ts).
      context = await openContext(PHONE, 'customer');
      await recordLayoutShifts(context);
      page = await context.newPage();
      await page.goto('/dashboard');
      await page.getByTestId('balance').getByText(/Rs\s/).waitFor();
    });

    afterAll(async () => {
      await context?.close();
    });

    it('does not shift on the order page while the session, the catalogue and the balance arrive', async () => {
      await forgetEverythingButTheSession(page);
      const { total, shifts } = await layoutShiftOfLoad(page, '/order', async (p) => {
        await p.getByRole('heading', { name: 'Order Services' }).waitFor();
        await p
          .getByRole('button', { name: /Followers/ })
          .first()
          .waitFor();
        await p.getByText('Your balance').locator('xpath=..').getByText(/Rs\s/).waitFor();
      });
      expect(total, report(shifts)).toBeLessThan(GOOD_CLS);
    });

    it("does not move the page when the browser offers the install afterwards (Chromium's beforeinstallprompt)", async () => {
      // Chromium fires it when it judges the app installable, at a time of its own: here, on the settled page, which
      // the customer has used (the offer waits for a first tap or key).
      await page.keyboard.press('Shift');
      const before = await page.evaluate(() => window.__layoutShifts.length);
      await page.evaluate(() => {
        const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => {},
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        window.dispatchEvent(offer);
      });
      await page.getByRole('region', { name: 'Install the app' }).waitFor();
      await page.waitForTimeout(500);
      const shifts = (await page.evaluate(() => window.__layoutShifts)).slice(before);
      expect(shifts, report(shifts)).toEqual([]);
    });

    it('does not shift on the dashboard while the session, the balance and the orders arrive', async () => {
      await forgetEverythingButTheSession(page);
      const { total, shifts } = await layoutShiftOfLoad(page, '/dashboard', async (p) => {
        await p.getByTestId('balance').getByText(/Rs\s/).waitFor();
      });
      expect(total, report(shifts)).toBeLessThan(GOOD_CLS);
    });
  });
});
