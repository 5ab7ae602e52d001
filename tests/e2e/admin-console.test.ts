// The admin console in Chromium: every section reachable from the menu on a phone (360 px) and from the
// sidebar on a desktop (1280 px), deep links, the menu offline, and no admin code in what a customer's
// landing and order pages load.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USER } from '../../scripts/lib/demo';
import { ROOT } from '../../scripts/lib/emulators';
import { DESKTOP, PHONE, screenshotBothWidths, signInThroughUi } from './browser';
import { openPage, adminPage as signedInAdmin } from './fixture';

/**
 * The console's own chunks (admin-*, which the precache leaves out) that the sections need: each section's
 * module and the chunks it imports, read from the build's Vite manifest. The chunks they load lazily on a
 * click (the reports' charts) are not among them.
 */
function sectionChunks(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'web', 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const seen = new Set<string>();
  const pending = Object.keys(manifest).filter((key) => key.startsWith('src/app/routes/admin/') && !key.endsWith('/layout.tsx'));
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    seen.add(key);
    pending.push(...(manifest[key]?.imports ?? []));
  }
  const files = [...seen].map((key) => `/${manifest[key]?.file}`).filter((path) => /^\/assets\/admin-[^/]+\.js$/.test(path));
  if (files.length < 10) throw new Error(`Only ${files.length} admin chunks found in the build's manifest`);
  return files;
}

/** The menu's sections, the path each opens and its heading. */
const SECTIONS = [
  { label: 'Overview', path: '/admin', heading: 'Admin Dashboard' },
  { label: 'Orders', path: '/admin/orders', heading: 'Orders' },
  { label: 'Users', path: '/admin/users', heading: 'Users' },
  { label: 'Top-ups', path: '/admin/top-ups', heading: 'Top-ups' },
  // No review waits in the seed, so its link carries no count (which would join its name).
  { label: 'Reviews', path: '/admin/reviews', heading: 'Reviews' },
  { label: 'Services', path: '/admin/services', heading: 'Services' },
  { label: 'Providers', path: '/admin/providers', heading: 'Providers' },
  { label: 'Reports', path: '/admin/reports', heading: 'Reports' },
  { label: 'Audit', path: '/admin/audit', heading: 'Audit trail' },
  { label: 'Settings', path: '/admin/settings', heading: 'Settings' },
];

/** Texts only the console's code has. */
const ADMIN_TEXTS = ['Admin menu', 'Update selected', 'Pending Recharge Requests', 'Result of each order'];

const pathOf = (page: Page) => new URL(page.url()).pathname;
const phoneMenu = (page: Page) => page.locator('details', { has: page.getByText('Admin menu') });

async function chooseFromPhoneMenu(page: Page, label: string) {
  await page.getByText('Admin menu').click();
  await phoneMenu(page).getByRole('link', { name: label, exact: true }).click();
}

describe('the admin console', () => {
  it('reaches every section from the menu on a phone (360 px), which closes after each choice', async () => {
    const page = await signedInAdmin(PHONE);
    // The sidebar is a desktop's: on a phone only the menu's links are there.
    expect(await page.getByRole('navigation', { name: 'Admin sections' }).count()).toBe(0);
    for (const section of [...SECTIONS.slice(1), SECTIONS[0]]) {
      if (!section) continue;
      await chooseFromPhoneMenu(page, section.label);
      await page.getByRole('heading', { level: 1, name: section.heading, exact: true }).waitFor();
      expect(pathOf(page)).toBe(section.path);
      expect(await phoneMenu(page).evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    }
    await page.context().close();
  });

  it('reaches every section from the sidebar on a desktop (1280 px), and each is a deep link', async () => {
    const page = await signedInAdmin(DESKTOP);
    expect(await page.getByText('Admin menu').isVisible()).toBe(false);
    const sidebar = page.getByRole('navigation', { name: 'Admin sections' });
    for (const section of SECTIONS) {
      await sidebar.getByRole('link', { name: section.label, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: section.heading, exact: true }).waitFor();
      expect(pathOf(page)).toBe(section.path);
      expect(await sidebar.getByRole('link', { name: section.label, exact: true }).getAttribute('aria-current')).toBe('page');
    }
    for (const section of SECTIONS) {
      await page.goto(section.path);
      await page.getByRole('heading', { level: 1, name: section.heading, exact: true }).waitFor();
    }
    await page.goto('/admin/orders?status=pending');
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('pending');
    await screenshotBothWidths(page, 'admin-orders');
    await page.goto('/admin');
    await screenshotBothWidths(page, 'admin-overview');
    await page.context().close();
  });

  it('keeps the menu working offline on a phone, the sections read-only', async () => {
    const page = await signedInAdmin(PHONE);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    // Every section visited once online, as an admin would have.
    // (Each one's heading awaited: its code now comes from the network, not the precache.)
    for (const section of [...SECTIONS.slice(1), SECTIONS[0]]) {
      if (!section) continue;
      await chooseFromPhoneMenu(page, section.label);
      await page.getByRole('heading', { level: 1, name: section.heading, exact: true }).waitFor();
    }
    await page.context().setOffline(true);
    await page.getByText('You are offline. Admin actions are disabled until the connection is back.').waitFor();
    await chooseFromPhoneMenu(page, 'Top-ups');
    await page.getByRole('heading', { level: 1, name: 'Top-ups', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Add Balance' }).isDisabled()).toBe(true);
    // Opened afresh offline: the section's code comes from what the service worker kept of the visit.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Top-ups', exact: true }).waitFor();
    await page.context().setOffline(false);
    await page.context().close();
  });

  it('opens offline a section the admin never opened online (its code fetched while the console was idle)', async () => {
    const page = await signedInAdmin(PHONE);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    // Only the Overview was opened: the console fetches the other sections' chunks once idle, and the
    // service worker keeps them. Wait until the cache holds every admin chunk a section needs (from the build's
    // manifest). Polled from here: page.waitForFunction takes a promise for a truthy answer, so an async
    // check passes at once (the cause of this test's failures on a loaded machine).
    const needed = sectionChunks();
    await expect
      .poll(
        () =>
          page.evaluate(async (paths) => {
            const cached = new Set((await (await caches.open('admin-code')).keys()).map((request) => new URL(request.url).pathname));
            return paths.filter((path) => !cached.has(path));
          }, needed),
        { timeout: 60_000, interval: 250 },
      )
      .toEqual([]);
    await page.context().setOffline(true);
    await page.getByText('You are offline. Admin actions are disabled until the connection is back.').waitFor();
    for (const section of SECTIONS.slice(1)) {
      await chooseFromPhoneMenu(page, section.label);
      await page.getByRole('heading', { level: 1, name: section.heading, exact: true }).waitFor();
    }
    await page.context().setOffline(false);
    await page.context().close();
  });

  it('loads no admin code on the landing and order pages', async () => {
    const page = await openPage(PHONE);
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).waitFor();
    await page.goto('/login');
    await signInThroughUi(page, DEMO_USER, '**/dashboard');
    await page.goto('/order');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    // Texts only the console has, looked for in every script these pages loaded.
    for (const script of new Set(scripts)) {
      const source = await (await fetch(script)).text();
      for (const adminText of ADMIN_TEXTS) {
        expect(source.includes(adminText), `${script} holds "${adminText}"`).toBe(false);
      }
    }
    // Nor in what the service worker downloaded for the customer (its precache runs outside the page, so
    // the page's responses above do not show it).
    const cached = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      const found: { url: string; source: string }[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (!new URL(request.url).pathname.endsWith('.js')) continue;
          found.push({ url: request.url, source: (await (await cache.match(request))?.text()) ?? '' });
        }
      }
      return found;
    });
    expect(cached.length).toBeGreaterThan(0);
    for (const { url: script, source } of cached) {
      for (const adminText of ADMIN_TEXTS) {
        expect(source.includes(adminText), `the service worker's cache holds ${script} with "${adminText}"`).toBe(false);
      }
    }
    await page.context().close();
  });
});
