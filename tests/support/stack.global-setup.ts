// Starts the whole emulator suite (Firestore, Auth, Functions, Hosting, Storage) on free ports from the built
// app (npm test builds first), and beside it what `npm start` runs beside it: the demo provider (on a
// free port) and the local forwarding workers (scripts/lib/local-workers.ts), so an order of a
// provider-linked service is forwarded and synced here as it is there. Hands the stack's URL and the
// demo provider to the `stack` project (HTTP and browser tests); the tests seed what they need.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEMO_PROVIDER } from '../../scripts/lib/demo';
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
  project.provide('stack', { url: stack.hostingUrl, env: stack.env, firebaseLog: emulatorLogPath(LABEL, 'firebase') });
  project.provide('demoProvider', { url: demoProvider.url, key: demoProvider.key });
}

export async function teardown() {
  await workers?.stop();
  await demoProvider?.close();
  await stack?.stop();
}
