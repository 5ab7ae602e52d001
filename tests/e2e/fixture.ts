/// <reference lib="dom" />
// (DOM types: a page.evaluate callback below runs in the browser.)
// What every browser test file starts from, in one import: the stack's URL (and its emulators in
// process.env, for the Admin SDK calls a test makes), the store seeded, the run's one Chromium, and pages
// in fresh contexts of this file's own, signed in as the seeded admin or the demo customer where the file
// needs them without testing the sign-in (stack.global-setup.ts signs each in once through the UI and
// saves the session). That no page threw or had a policy refuse something is checked after every file
// by tests/support/clean-pages.ts, from what newContext records.
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';
import { refreshIdToken } from '../../scripts/lib/auth-emulator';
import { DESKTOP, newContext, PHONE } from './browser';

export const { url, env } = inject('stack');
Object.assign(process.env, env);
const { wsEndpoint, sessions, adminRefreshToken } = inject('browser');

/** The run's Chromium. Closing it at the file's end closes the file's contexts; the browser stays for the next file. */
export const browser: Browser = await chromium.connect(wsEndpoint);
afterAll(() => browser.close());

type Viewport = typeof PHONE;
type Account = keyof typeof sessions;

/** A fresh context (its own storage, session and service worker), with `as`'s saved session or nobody's. */
export function openContext(viewport: Viewport = PHONE, as?: Account): Promise<BrowserContext> {
  return newContext(browser, url, viewport, as ? { storageState: sessions[as] } : {});
}

/** A blank page of a fresh context, with `as`'s saved session or nobody's. */
export async function openPage(viewport: Viewport = PHONE, as?: Account): Promise<Page> {
  return (await openContext(viewport, as)).newPage();
}

/**
 * The seeded admin, second factor passed, on the console's overview, as after signing in: the app's
 * service worker installed on /login first, so the console's code comes through it (and is kept for
 * offline use).
 */
export async function adminPage(viewport: Viewport = DESKTOP): Promise<Page> {
  const page = await openPage(viewport, 'admin');
  await page.goto('/login');
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
  await page.goto('/admin');
  await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
  return page;
}

/** A visitor's page (a phone by default) and the seeded admin's console (a desktop by default), each in a context of its own. */
export async function customerAndAdmin(
  viewports: { customer?: Viewport; admin?: Viewport } = {},
): Promise<{ customer: Page; adminPage: Page }> {
  return { customer: await openPage(viewports.customer ?? PHONE), adminPage: await adminPage(viewports.admin ?? DESKTOP) };
}

/**
 * An ID token of the seeded admin that opens the console's API: the saved session's refresh token
 * exchanged for a fresh one, which keeps the second factor's claims, so no code of the factor is spent.
 */
export function adminIdToken(): Promise<string> {
  return refreshIdToken(adminRefreshToken);
}
