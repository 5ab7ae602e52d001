import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './tests/support/longest-first';

const alias = {
  '@shared': fileURLToPath(new URL('./functions/src/shared', import.meta.url)),
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
};

// Six projects: `unit`, `web` and `web-mocking` need no emulator; `emulator` starts the Firestore, Auth and Storage
// emulators itself (unless FIRESTORE_EMULATOR_HOST points at running ones) and `emulator-serial` uses
// them after it; `stack` starts the whole suite (Hosting → Functions → Firestore) from the built app
// once, for its HTTP tests and the browser tests (tests/e2e, Chromium) alike.
const EMULATOR_FILES = ['functions/src/**/*.emulator.test.ts', 'scripts/**/*.emulator.test.ts', 'tests/rules/**/*.test.ts'];
/** Emulator test files that clear or count every Auth account, or use the demo accounts' fixed emails. */
const AUTH_EXCLUSIVE_FILES = [
  'scripts/lib/seed.emulator.test.ts',
  'scripts/lib/demo-forwarding.emulator.test.ts',
  'scripts/lib/demo-history.emulator.test.ts',
  'scripts/lib/local-workers.emulator.test.ts',
  'scripts/lib/migrate-issue-13-users.emulator.test.ts',
];

const WEB_FILES = 'web/src/**/*.test.{ts,tsx}';
/**
 * Web test files that mock a module (`vi.mock`): they need a module registry of their own. The others
 * share one jsdom and one registry per worker (`isolate: false`), which cut the web project's CPU from
 * about 280 s to 99 s (docs/decisions/0017); what they leave behind is reset by testing/setup.ts.
 */
const mocking = (globs: string[], exclude: string[] = []) =>
  globSync(globs, { cwd: import.meta.dirname, exclude }).filter((file) =>
    /\bvi\.(mock|doMock)\(/.test(readFileSync(new URL(file, import.meta.url), 'utf8')),
  );
const WEB_MOCKING_FILES = mocking([WEB_FILES]);
const UNIT_FILES = ['functions/src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'];
const UNIT_EXCLUDE = ['**/*.emulator.test.ts', '**/node_modules/**'];
// The unit files share a module registry per worker too (CPU 41 s → 18 s); none mocks a module.
const unitMocking = mocking(UNIT_FILES, UNIT_EXCLUDE);
if (unitMocking.length > 0) throw new Error(`Unit files share a module registry and may not vi.mock: ${unitMocking.join(', ')}`);
// The emulator files of a worker share its process too (tests/support/shared-process.ts): the SDKs load once
// per worker, not once per file. (The stack's files gained ~19 s of ~380 s so and stay isolated: decision 0017.)
const emulatorMocking = mocking(EMULATOR_FILES, ['**/node_modules/**']);
if (emulatorMocking.length > 0) throw new Error(`Emulator files share a process and may not vi.mock: ${emulatorMocking.join(', ')}`);
const webProject = (name: string, isolated: boolean) => ({
  extends: './web/vite.config.ts',
  test: {
    name,
    environment: 'jsdom',
    include: isolated ? WEB_MOCKING_FILES : [WEB_FILES],
    exclude: isolated ? [] : [...WEB_MOCKING_FILES, '**/node_modules/**'],
    isolate: isolated,
    setupFiles: ['tests/support/fail-on-console-error.ts', 'web/src/testing/setup.ts'],
    // Beside the emulator files a first render (its lazy imports transformed) may be slow; findBy waits up
    // to 10 s (testing/setup.ts).
    testTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: { alias },
  test: {
    // unit, web and emulator files run side by side, this many at once: more than the two cores, as the
    // emulator files mostly wait on the emulators (docs/decisions/0017). One at a time: TEST_WORKERS=1.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    // Setup files one after another, in the order given (Vitest reads this from the root config only):
    // tests/support/shared-process.ts must reset a shared process before the next one imports anything.
    sequence: { sequencer: LongestFirst, setupFiles: 'list' },
    tags: [
      {
        name: 'slow',
        description: 'waits on something the test cannot speed up (the emulator expiring a dead transaction: about a minute)',
      },
    ],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: UNIT_FILES,
          exclude: UNIT_EXCLUDE,
          isolate: false,
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          // Beside the emulator files, importing the whole function (scripts/deploy-config.test.ts) can
          // take several seconds.
          testTimeout: 30_000,
        },
      },
      webProject('web', false),
      webProject('web-mocking', true),
      {
        resolve: { alias },
        test: {
          name: 'emulator',
          environment: 'node',
          include: EMULATOR_FILES,
          exclude: [...AUTH_EXCLUSIVE_FILES, '**/node_modules/**'],
          isolate: false,
          globalSetup: ['tests/support/emulators.global-setup.ts'],
          setupFiles: ['tests/support/shared-process.ts', 'tests/support/emulator-project.ts', 'tests/support/fail-on-console-error.ts'],
          // Each file has a Firestore project of its own, so files run side by side (with unit and web).
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // The files that need the Auth emulator to themselves (the demo accounts' fixed emails, a count
          // of every account): one at a time, after everything else of the run.
          name: 'emulator-serial',
          environment: 'node',
          include: AUTH_EXCLUSIVE_FILES,
          isolate: false,
          globalSetup: ['tests/support/emulators.global-setup.ts'],
          setupFiles: ['tests/support/shared-process.ts', 'tests/support/emulator-project.ts', 'tests/support/fail-on-console-error.ts'],
          env: { TEST_AUTH_EXCLUSIVE: 'true' },
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'stack',
          environment: 'node',
          include: ['tests/stack/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/stack.global-setup.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts', 'tests/support/clean-pages.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
