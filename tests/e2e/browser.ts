// Chromium for the browser tests: Debian's /usr/bin/chromium driven by playwright-core (no download).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium';

export const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'test-results', 'screenshots');
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export const pageErrors: string[] = [];
/** What the security headers refused in any page (tests end by expecting none). */
export const policyViolations: string[] = [];

const OFFLINE_FLAG = 'e2e-offline';

/**
 * `context.setOffline`, and what Chromium 150 no longer does with it: a document loaded while the
 * context is offline (a reload or a navigation: the app opened from the home screen without a
 * connection) reports `navigator.onLine` true, though its requests fail, and gets no `online` event
 * when the connection returns. newContext's init script makes such a document report offline, as a
 * phone without a connection does; going online tells the open pages, as the browser does.
 */
export async function setOffline(context: BrowserContext, offline: boolean): Promise<void> {
  await context.setOffline(offline);
  for (const page of context.pages()) {
    await page
      .evaluate(
        ([flag, off]) => {
          if (off) {
            sessionStorage.setItem(flag, '1');
            return;
          }
          sessionStorage.removeItem(flag);
          if (Object.hasOwn(navigator, 'onLine')) {
            delete (navigator as { onLine?: boolean }).onLine;
            dispatchEvent(new Event('online'));
          }
        },
        [OFFLINE_FLAG, offline] as const,
      )
      .catch(() => undefined); // a page without storage (about:blank) loads nothing of the app
  }
}

/**
 * A fresh context (its own storage and session) that fails loudly on page errors, and records every
 * Content-Security-Policy or Permissions-Policy complaint of its pages in `violations`. `storageState`:
 * a session saved with `context.storageState({ indexedDB: true })` to start from (Firebase Auth keeps its
 * session in IndexedDB).
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport = PHONE,
  {
    violations = policyViolations,
    storageState,
    hasTouch = false,
  }: { violations?: string[]; storageState?: string; hasTouch?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    reducedMotion: 'reduce',
    hasTouch,
    ...(storageState ? { storageState } : {}),
  });
  context.setDefaultTimeout(30_000);
  context.on('page', (page) => watchErrors(page, violations));
  // The page's own securitypolicyviolation events (the binding and the init script come in through
  // the DevTools protocol, which the page's policy does not govern).
  await context.exposeBinding('__reportPolicyViolation', ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  // A document loaded while setOffline (below) has the context offline reports it, as a phone without a connection does.
  await context.addInitScript((flag) => {
    let offline = false;
    try {
      offline = sessionStorage.getItem(flag) === '1';
    } catch {
      // A document without storage (about:blank, an error page) is none of the app's.
    }
    if (offline) Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  }, OFFLINE_FLAG);
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportPolicyViolation: (text: string) => void }).__reportPolicyViolation;
      report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return context;
}

function watchErrors(page: Page, violations: string[]) {
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  // Chromium also says so on the console, for a refused load and for a malformed policy.
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Permissions.Policy/i.test(message.text())) {
      violations.push(`${page.url()}: ${message.text()}`);
    }
  });
}

/** Saves a full-page screenshot of the current page at 360 px and 1280 px wide. */
/**
 * What a visitor's first touch, scroll or pointer movement does: a prerendered page (`/`, /services) starts the app
 * then (web/src/main.tsx), not before.
 */
export async function reachFor(page: Page): Promise<void> {
  await page.mouse.move(2, 2);
  await page.mouse.move(4, 4);
}

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

/**
 * Signs in through /login and waits for the page the app goes to (`landing`, a URL glob or pattern). An
 * admin (`totpSecret`: their authenticator app's key) then passes the second factor as a person does:
 * the code the app shows, typed into the console's two-step sign-in.
 */
export async function signInThroughUi(
  page: Page,
  who: { email: string; password: string; totpSecret?: string },
  landing: string | RegExp,
): Promise<void> {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  if (who.totpSecret) {
    const field = page.getByLabel('Code', { exact: true });
    await field.waitFor();
    const { codeFor, lastStepOf } = await import('../../scripts/lib/admin-session');
    await field.fill(await codeFor(who.totpSecret, () => lastStepOf(who.email)));
    await page.getByRole('button', { name: 'Verify' }).click();
    await field.waitFor({ state: 'detached' });
  }
  await page.waitForURL(landing);
}

/** Registers through /register and waits for the dashboard. */
export async function registerThroughUi(page: Page, account: { name: string; email: string; password: string }): Promise<void> {
  await page.goto('/register');
  await submitRegistration(page, account);
  await page.waitForURL('**/dashboard');
}

/** On /register (with whatever it carries): the form filled in and sent. */
export async function submitRegistration(page: Page, account: { name: string; email: string; password: string }): Promise<void> {
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByRole('checkbox', { name: /I accept the Terms/ }).check();
  await page.getByRole('button', { name: 'Register' }).click();
}

/** The admin finds an order by its number and moves it to `status`, and the app confirms it. */
export async function setOrderStatusAsAdmin(adminPage: Page, orderNumber: string | number, status: string): Promise<void> {
  // The Overview's All Orders (freshly loaded).
  await adminPage.goto('/admin');
  await adminPage.getByLabel('Search orders').fill(String(orderNumber));
  await adminPage.getByRole('button', { name: 'Search', exact: true }).click();
  const select = adminPage.getByLabel(`Status of order ${orderNumber}`);
  await select.selectOption(status);
  await adminPage.locator('tr', { has: select }).getByRole('button', { name: 'Update' }).click();
  await adminPage.getByText(`✅ Order status updated to ${status}`).waitFor();
}
