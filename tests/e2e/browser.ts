// Chromium for the browser tests: Debian's /usr/bin/chromium driven by playwright-core (no download).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'test-results', 'screenshots');
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: LAUNCH_ARGS });
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
