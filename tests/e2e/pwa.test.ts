/// <reference lib="dom" />
// (DOM types: the page.evaluate callbacks below run in the browser.)
// The installable, offline app in a real Chromium, on the emulators from the built app: the service
// worker controls the first visit; after it, every screen opens offline with the saved balance and
// orders under the offline banner, and money actions are disabled; back online everything refreshes;
// signing out leaves nothing private behind; a new deploy is offered with Reload; Chromium finds the
// app installable.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium';
import { DEMO_USER } from '../../scripts/lib/demo';
import { ROOT } from '../../scripts/lib/emulators';
import { orderRealFollowers } from '../support/customer-page';
import { PHONE, reachFor, screenshotBothWidths, setOffline, signInThroughUi } from './browser';
import { adminIdToken, adminPage, openContext, url } from './fixture';

const BANNER = /^⚠️ You are offline — showing saved data from /;

const context = await openContext(PHONE);
const page = await context.newPage();
let balance = '';
let orderNumber = '';

const banner = () => page.getByRole('status').filter({ hasText: 'You are offline' });
const balanceText = async () => (await page.getByTestId('balance').textContent())?.trim();

/** Puts Rs `amount` on the demo customer's balance through the admin API (the customer's page is not involved). */
async function creditDemoCustomer(amount: number) {
  const idToken = await adminIdToken();
  const res = await fetch(`${url}/api/admin/add-balance`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ email: DEMO_USER.email, amount }),
  });
  expect(res.status).toBe(200);
}

/** What the service worker keeps in its private cache (the signed-in user's answers). */
function privateCacheUrls(): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('api-private'))) return [];
    const cache = await caches.open('api-private');
    return (await cache.keys()).map((request) => request.url);
  });
}

/** Makes the stored Firebase session's ID token expired, as after an hour away from the app. */
function expireStoredIdToken(): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('firebaseLocalStorage', 'readwrite');
          const store = tx.objectStore('firebaseLocalStorage');
          let changed = 0;
          const all = store.getAll();
          all.onsuccess = () => {
            for (const row of all.result as { fbase_key: string; value: { stsTokenManager: { expirationTime: number } } }[]) {
              if (!row.fbase_key.startsWith('firebase:authUser:')) continue;
              row.value.stsTokenManager.expirationTime = Date.now() - 60_000;
              store.put(row);
              changed++;
            }
          };
          tx.oncomplete = () => {
            db.close();
            // And the copy the app remembers so as to call the API without Firebase's SDK (lib/session-cache.ts).
            const remembered = JSON.parse(localStorage.getItem('token') ?? 'null') as { expiresAt: number } | null;
            if (remembered) localStorage.setItem('token', JSON.stringify({ ...remembered, expiresAt: Date.now() - 60_000 }));
            resolve(changed);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

describe('the app on the home screen: offline, updates, install', () => {
  it('registers the service worker, which controls the first visit', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).waitFor();
    // The visitor's landing page starts the app (which registers the worker) when they reach for it.
    await reachFor(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${url}/`);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${url}/sw.js`);
    // Once it controls the page, `/` is the app's page from the worker, never the visitor's prerendered landing page
    // (a signed-in customer goes straight on to /order).
    const viaWorker = await page.goto('/');
    expect(viaWorker?.fromServiceWorker()).toBe(true);
    expect(await viaWorker?.text()).toContain('<div id="root"></div>');
    await page.getByRole('link', { name: 'Get Started' }).waitFor();
    const cacheNames = await page.evaluate(() => caches.keys());
    expect(cacheNames.some((name) => name.startsWith('workbox-precache'))).toBe(true);
    // The screenshots for the install sheet are not part of the app shell.
    const precached = await page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache')) ?? '';
      return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    });
    // The app's page, which answers every navigation, and the landing page prerendered in it.
    expect(precached).toContain('/app.html');
    expect(precached).toContain('/index.html');
    expect(precached.some((path) => path.startsWith('/screenshots/'))).toBe(false);
    expect(precached.some((path) => path.endsWith('.map'))).toBe(false);
    // What the first page load fetched before the worker took control is fetched again through it,
    // so the Firebase config is there for an offline start after this single visit.
    await expect
      .poll(() =>
        page.evaluate(async () => (await (await caches.open('firebase-config')).keys()).map((request) => new URL(request.url).pathname)),
      )
      .toEqual(expect.arrayContaining(['/__/firebase/init.json', '/__/firebase/init.js']));
  });

  it('signs the customer in and places an order, online', async () => {
    await page.goto('/login');
    await signInThroughUi(page, DEMO_USER, '**/dashboard');
    await page.getByRole('link', { name: 'Place Order' }).click();
    await page.waitForURL('**/order');
    orderNumber = await orderRealFollowers(page, 'https://www.tiktok.com/@offline.test');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByText(`#${orderNumber}`).waitFor();
    balance = (await balanceText()) ?? '';
    expect(balance).toMatch(/^Rs\u00a0[\d,.]+$/);
    expect(await privateCacheUrls()).toEqual(
      expect.arrayContaining([expect.stringContaining('/api/user/profile?__uid='), expect.stringContaining('/api/order/my-orders?')]),
    );
  });

  it('opens /, /order and /dashboard offline, with the banner, the saved balance and orders, and Place Order disabled', async () => {
    await setOffline(context, true);

    const home = await page.goto('/');
    expect(home?.fromServiceWorker()).toBe(true);
    // Still signed in (the session survived the offline reload), so / sends the customer on to ordering.
    await page.waitForURL('**/order');
    await page.getByRole('heading', { level: 1, name: 'Order Services' }).waitFor();
    await banner().waitFor();
    expect(await banner().textContent()).toMatch(BANNER);

    await page.goto('/order');
    await page.getByRole('button', { name: /^Followers/ }).click();
    await page.getByRole('radio', { name: /^Real Followers/ }).check();
    await page.getByLabel('Link').fill('https://www.tiktok.com/@offline.test');
    const place = page.getByRole('button', { name: 'Place Order' });
    expect(await place.isDisabled()).toBe(true);
    await page.getByText('You are offline. Orders can be placed again once you are back online.').waitFor();
    await screenshotBothWidths(page, 'offline-order');

    const dashboard = await page.goto('/dashboard');
    expect(dashboard?.fromServiceWorker()).toBe(true);
    await expect.poll(balanceText).toBe(balance);
    await page.getByText(`#${orderNumber}`).waitFor();
    await banner().waitFor();
    await page.getByRole('button', { name: 'Recharge' }).click();
    const recharge = page.getByRole('dialog', { name: 'Recharge Balance' });
    expect(await recharge.getByRole('button', { name: 'Submit recharge request' }).isDisabled()).toBe(true);
    await recharge.getByText('You are offline. Recharge requests can be sent again once you are back online.').waitFor();
    await page.keyboard.press('Escape');
    await screenshotBothWidths(page, 'offline-dashboard');

    for (const [path, heading] of [
      ['/contact', 'Contact Us'],
      ['/about', 'About Us'],
      ['/blog', 'Step-by-step guide'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
  });

  it('never answers /api/ or /__/ with the app offline', async () => {
    // In a page of its own, left open: Chromium's error page would interrupt the next navigation,
    // and closing a page that shows it offline never completes (Chromium 156).
    const probe = await context.newPage();
    for (const path of ['/api/health', '/__/auth/handler']) {
      const failed = await probe.goto(path).then(
        () => false,
        () => true,
      );
      expect(failed, path).toBe(true);
      await probe.waitForURL(/^chrome-error:/);
    }
    // The Firebase config is kept (so the app starts offline), as itself, not as index.html.
    await page.goto('/contact');
    const config = await page.evaluate(async () => (await fetch('/__/firebase/init.json')).json());
    expect(config).toHaveProperty('projectId');
  });

  it('says within 3 seconds, offline, that a screen never opened online has nothing saved, instead of loading for ever', async () => {
    // The statement was never opened in this session: its answer is in no cache.
    await page.goto('/statement');
    const started = Date.now();
    await page.getByText('No connection, and nothing of this is saved on this device yet.').waitFor({ timeout: 10_000 });
    // (The 3 seconds are the app's; the page's own load and the worker's answer come on top.)
    expect(Date.now() - started).toBeLessThan(8_000);
    await banner().waitFor();
  });

  it("shows the saved data offline even once the session's token has expired", async () => {
    await page.goto('/dashboard');
    await page.getByTestId('balance').waitFor();
    expect(await expireStoredIdToken()).toBe(1);
    // The open page's Firebase sees the stored session change (it polls IndexedDB every 800 ms, for other
    // tabs) and asks for a token it cannot refresh offline: that must not be an uncaught error.
    await page.waitForTimeout(1_500);
    const asked: (string | undefined)[] = [];
    const record = (request: import('playwright-core').Request) => {
      if (new URL(request.url()).pathname === '/api/user/profile') asked.push(request.headers()['x-offline-uid']);
    };
    page.on('request', record);
    await page.reload();
    await expect.poll(balanceText).toBe(balance);
    page.off('request', record);
    // No fresh token could be had offline: the app asked for this user's saved answer by uid.
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((uid) => typeof uid === 'string' && uid.length > 0)).toBe(true);
    await page.getByText(`#${orderNumber}`).waitFor();
    await banner().waitFor();
  });

  it('drops the banner and refreshes the data when the connection returns', async () => {
    await creditDemoCustomer(100);
    await setOffline(context, false);
    await banner().waitFor({ state: 'detached' });
    await expect.poll(balanceText, { timeout: 20_000 }).not.toBe(balance);
    const before = Number(balance.replace(/[^\d.]/g, ''));
    expect(Number((await balanceText())?.replace(/[^\d.]/g, ''))).toBe(before + 100);
    expect(await page.getByRole('button', { name: 'Recharge' }).isEnabled()).toBe(true);
  });

  it('shows a changed wallet account at once, though the settings are served stale-while-revalidate', async () => {
    const idToken = await adminIdToken();
    const put = (body: unknown) =>
      fetch(`${url}/api/admin/settings`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const before = (await (await fetch(`${url}/api/settings`)).json()) as { wallets: { accountNumber: string }[]; supportChat: string };
    const changed = `0300-${Date.now().toString().slice(-7)}`;
    const wallets = before.wallets.map((wallet, index) => (index === 0 ? { ...wallet, accountNumber: changed } : wallet));
    try {
      expect((await put({ wallets, supportChat: before.supportChat })).status).toBe(200);
      await page.reload();
      await page.getByRole('button', { name: 'Recharge' }).click();
      const recharge = page.getByRole('dialog', { name: 'Recharge Balance' });
      await recharge.getByText(changed).waitFor({ timeout: 15_000 });
      await page.keyboard.press('Escape');
    } finally {
      await put({ wallets: before.wallets, supportChat: before.supportChat });
    }
  });

  it('leaves no private answer behind after sign-out, even offline', async () => {
    const uid = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').uid as string);
    expect(uid).toBeTruthy();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await expect.poll(privateCacheUrls).toEqual([]);

    await setOffline(context, true);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByTestId('balance').count()).toBe(0);
    expect(await page.getByText(`#${orderNumber}`).count()).toBe(0);
    // Even a request naming the previous user finds nothing saved.
    const found = await page.evaluate(async (previous) => {
      try {
        const res = await fetch('/api/user/profile', { headers: { 'x-offline-uid': previous } });
        return res.status;
      } catch {
        return 'nothing';
      }
    }, uid);
    expect(found).toBe('nothing');
    await setOffline(context, false);
  });

  it("disables the admin's actions offline, with the reason", async () => {
    // Its service worker installed on /login before the console loaded, as after a sign-in.
    const admin = await adminPage();
    const adminContext = admin.context();
    const addBalance = admin.getByRole('button', { name: 'Add Balance' });
    expect(await addBalance.isEnabled()).toBe(true);

    await setOffline(adminContext, true);
    await admin.reload();
    await admin.getByText('You are offline. Admin actions are disabled until the connection is back.').waitFor();
    expect(await addBalance.isDisabled()).toBe(true);
    expect(await admin.getByLabel('User email').isDisabled()).toBe(true);

    await setOffline(adminContext, false);
    await admin.getByText('You are offline. Admin actions are disabled until the connection is back.').waitFor({ state: 'detached' });
    expect(await addBalance.isEnabled()).toBe(true);
    await adminContext.close();
  });

  it('offers a new version with Reload, and reloads into it', async () => {
    const swFile = join(ROOT, 'web', 'dist', 'sw.js');
    const original = readFileSync(swFile, 'utf8');
    try {
      // A new deploy: a different sw.js (the browser compares it byte for byte on each load).
      writeFileSync(swFile, `${original}\n// deploy ${randomUUID()}\n`);
      await page.goto('/login');
      const prompt = page.getByRole('alert', { name: 'A new version is available' });
      await prompt.waitFor({ timeout: 30_000 });
      await page.evaluate(() => {
        (window as { beforeReload?: boolean }).beforeReload = true;
      });
      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.evaluate(() => (window as { beforeReload?: boolean }).beforeReload ?? false)).toBe(false);
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: registration?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null };
      });
      expect(state).toEqual({ waiting: null, controlled: true });
      expect(await prompt.count()).toBe(0);
    } finally {
      writeFileSync(swFile, original);
    }
  });

  it('is installable: Chromium reports no installability errors', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'shohrat-install-'));
    const persistent = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL: url,
      viewport: PHONE,
    });
    try {
      const installPage = persistent.pages()[0] ?? (await persistent.newPage());
      await installPage.goto('/');
      await reachFor(installPage);
      await installPage.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
      const cdp = await persistent.newCDPSession(installPage);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(manifest.url).toBe(`${url}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      await expect
        .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors)
        .toEqual([]);
    } finally {
      await persistent.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
