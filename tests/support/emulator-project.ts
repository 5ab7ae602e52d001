// Each emulator test file gets a Firestore project of its own (the emulator keeps projects apart), named
// from the file's path: files run side by side, each clearing only its own data. Auth stays one project
// (the Auth emulator signs every password sign-in into its default project), where each file makes its
// own accounts and clears none.
//
// The files of a worker share one process (`isolate: false`, docs/decisions/0017): the SDKs in node_modules
// are loaded once per worker instead of once per file. This setup file runs before each file imports
// anything and gives it what a process of its own gave it: the project's own modules evaluated afresh
// (so functions/src/lib/admin.ts opens this file's project), process.env as the run started, and no
// Firebase app left open by the file before.
import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import { deleteApp, getApps } from 'firebase-admin/app';
import { afterAll, expect, vi } from 'vitest';

const testPath = expect.getState().testPath;
if (!testPath) throw new Error('emulator-project.ts runs as a Vitest setup file, where the test file is known');

vi.resetModules();
const shared = globalThis as { emulatorFilesEnv?: Record<string, string | undefined> };
shared.emulatorFilesEnv ??= { ...process.env };
for (const key of Object.keys(process.env)) if (!(key in shared.emulatorFilesEnv)) delete process.env[key];
Object.assign(process.env, shared.emulatorFilesEnv);
process.env.TEST_FIRESTORE_PROJECT = `demo-t-${createHash('sha256').update(relative(process.cwd(), testPath)).digest('hex').slice(0, 12)}`;

// Registered first, so it runs after the file's own afterAll hooks (which may still use Firestore).
afterAll(async () => {
  await Promise.all(getApps().map((app) => deleteApp(app)));
});
