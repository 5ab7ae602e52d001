// Chromium for the browser tests: Debian's /usr/bin/chromium driven by playwright-core (no download).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium';

export const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'test-results', 'screenshots');
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

export const LAUNCH_ARGS = CHROMIUM_ARGS;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS });
}

/** A fresh context (its own storage and session) that fails loudly on page errors. */
export async function newContext(browser: Browser, baseURL: string, viewport = PHONE): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
  context.setDefaultTimeout(30_000);
  context.on('page', (page) => watchErrors(page));
  return context;
}

export const pageErrors: string[] = [];

function watchErrors(page: Page) {
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
}

/** Saves a full-page screenshot of the current page at 360 px and 1280 px wide. */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize() ?? PHONE;
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

/** The seeded stack, one browser, and a customer (phone) and an admin (desktop) in their own sessions. */
export async function openCustomerAndAdmin(url: string) {
  const { seed } = await import('../../scripts/lib/seed');
  await seed();
  const browser = await launchBrowser();
  const customerContext = await newContext(browser, url, PHONE);
  const adminContext = await newContext(browser, url, DESKTOP);
  return { browser, customerContext, adminContext, customer: await customerContext.newPage(), adminPage: await adminContext.newPage() };
}
