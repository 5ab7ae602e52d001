import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@shared': fileURLToPath(new URL('./functions/src/shared', import.meta.url)),
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
};

// Four projects: `unit` and `web` run in seconds with no emulator; `emulator` starts the Firestore and
// Auth emulators itself (unless FIRESTORE_EMULATOR_HOST points at running ones); `stack` starts the
// whole suite (Hosting → Functions → Firestore) from the built app once, for its HTTP tests and the
// browser tests (tests/e2e, Chromium) alike.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['functions/src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['**/*.emulator.test.ts', '**/node_modules/**'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/fail-on-console-error.ts', 'web/src/testing/setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'emulator',
          environment: 'node',
          include: ['functions/src/**/*.emulator.test.ts', 'scripts/**/*.emulator.test.ts', 'tests/rules/**/*.test.ts'],
          globalSetup: ['tests/support/emulators.global-setup.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          fileParallelism: false,
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
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
