/// <reference lib="dom" />
// (DOM types: a page.evaluate callback below runs in the browser.)
// The `stack` project's setup: the whole emulator suite on free ports from the built app, with what
// `npm start` runs beside it (the demo provider, the local forwarding workers), so provider-linked orders
// are forwarded and synced here as there; the store seeded; the run's one Chromium, and the seeded admin
// and demo customer signed in once through the UI, their sessions saved for tests/e2e/fixture.ts.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserServer, chromium, type Page } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium';
import { DEMO_ADMIN, DEMO_PROVIDER, DEMO_USER } from '../../scripts/lib/demo';
import { type DemoProvider, startDemoProvider } from '../../scripts/lib/demo-provider';
import { emulatorLogPath, freePort, ROOT, type Stack, startStackOnFreePorts } from '../../scripts/lib/emulators';
import type { LocalWorkers } from '../../scripts/lib/local-workers';

const LABEL = 'stack-tests';
/**
 * The workers' clock runs this many times faster than the wall clock, from the start of the run: the
 * first status check, two minutes after sending, comes 15 s after. Only the fulfilment's bookkeeping
 * (leases, due times) reads it; orders, money and the provider keep the wall clock.
 */
const WORKERS_SPEED = 8;
/** The demo provider's order: pending 4 s, in progress 8 s, then completed (never partial or cancelled). */
const DEMO_TIMING = { pendingMs: 4_000, progressMs: 8_000 };
const TICK_MS = 2_000;

let stack: Stack | undefined;
let demoProvider: DemoProvider | undefined;
let workers: LocalWorkers | undefined;
let browserServer: BrowserServer | undefined;

export async function setup(project: TestProject) {
  for (const built of ['web/dist/index.html', 'functions/lib/index.js']) {
    if (!existsSync(join(ROOT, built))) throw new Error(`Missing ${built}: run \`npm run build\` before the stack tests.`);
  }
  stack = await startStackOnFreePorts({
    emulators: ['firestore', 'auth', 'functions', 'hosting', 'storage'],
    output: 'file',
    label: LABEL,
  });
  Object.assign(process.env, stack.env);
  demoProvider = await startDemoProvider({
    port: await freePort(),
    key: DEMO_PROVIDER.key,
    balance: DEMO_PROVIDER.balanceUsd,
    timing: DEMO_TIMING,
    chances: { partial: 0, cancelled: 0 },
  });
  const started = Date.now();
  const { startLocalWorkers } = await import('../../scripts/lib/local-workers');
  workers = await startLocalWorkers({
    now: () => started + (Date.now() - started) * WORKERS_SPEED,
    intervalMs: TICK_MS,
    onError: (error) => console.warn('Stack forwarding workers:', error),
  });
  // Once for the run: the seed adds only what is missing, so each file finds what its own seed would leave.
  const { seed } = await import('../../scripts/lib/seed');
  await seed();
  browserServer = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const { sessions, adminRefreshToken } = await signInOnce(browserServer.wsEndpoint(), stack.hostingUrl);
  project.provide('stack', { url: stack.hostingUrl, env: stack.env, firebaseLog: emulatorLogPath(LABEL, 'firebase') });
  project.provide('demoProvider', { url: demoProvider.url, key: demoProvider.key });
  project.provide('browser', { wsEndpoint: browserServer.wsEndpoint(), sessions, adminRefreshToken });
}

/**
 * Signs the seeded admin (with a code of the second factor: each is accepted once, and only about three
 * are valid in any 30 s, so signing in per file made files wait) and the demo customer in through /login,
 * and saves each session: Firebase Auth's IndexedDB and the app's localStorage, nothing the service
 * worker wrote (its caches are not saved). Their pages must throw nothing and break no policy, as every
 * test's pages. Also hands out the admin session's refresh token, for the API calls of the tests.
 */
async function signInOnce(wsEndpoint: string, url: string) {
  const { DESKTOP, newContext, pageErrors, policyViolations, signInThroughUi } = await import('../e2e/browser');
  const folder = join(ROOT, 'test-results', 'sessions');
  mkdirSync(folder, { recursive: true });
  const browser = await chromium.connect(wsEndpoint);
  try {
    const accounts = [
      {
        who: 'admin',
        login: DEMO_ADMIN,
        landing: '**/admin',
        shown: (page: Page) => page.getByRole('heading', { name: 'Admin Dashboard' }),
      },
      { who: 'customer', login: DEMO_USER, landing: '**/dashboard', shown: (page: Page) => page.getByTestId('balance').getByText(/Rs\s/) },
    ] as const;
    const sessions = { admin: '', customer: '' };
    let adminRefreshToken = '';
    for (const { who, login, landing, shown } of accounts) {
      const context = await newContext(browser, url, DESKTOP);
      const page = await context.newPage();
      await page.goto('/login');
      await signInThroughUi(page, login, landing);
      await shown(page).waitFor();
      const state = await context.storageState({ indexedDB: true });
      // (playwright-core's types leave out the databases that `indexedDB: true` adds.)
      const origins = (state.origins as ((typeof state.origins)[number] & { indexedDB?: { name: string }[] })[]).map((origin) => ({
        ...origin,
        localStorage: origin.localStorage.filter(({ name }) => name !== 'lastDataAt'),
        indexedDB: origin.indexedDB?.filter(({ name }) => name === 'firebaseLocalStorageDb'),
      }));
      sessions[who] = join(folder, `${who}.json`);
      writeFileSync(sessions[who], JSON.stringify({ ...state, origins }));
      if (who === 'admin') adminRefreshToken = await refreshTokenOf(page);
      await context.close();
    }
    if (pageErrors.length > 0 || policyViolations.length > 0) {
      throw new Error(`Signing the seeded accounts in: ${[...pageErrors, ...policyViolations].join('; ')}`);
    }
    return { sessions, adminRefreshToken };
  } finally {
    await browser.close();
  }
}

/** The refresh token of the Firebase session a page of the app holds (in IndexedDB). */
function refreshTokenOf(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            const rows = all.result as { fbase_key: string; value: { stsTokenManager: { refreshToken: string } } }[];
            const user = rows.find((row) => row.fbase_key.startsWith('firebase:authUser:'));
            open.result.close();
            if (user) resolve(user.value.stsTokenManager.refreshToken);
            else reject(new Error('No Firebase session in IndexedDB'));
          };
        };
      }),
  );
}

export async function teardown() {
  await browserServer?.close();
  await workers?.stop();
  await demoProvider?.close();
  await stack?.stop();
}
