// The test files of a worker share one process (`isolate: false` in vitest.config.ts, docs/decisions/0017):
// the SDKs in node_modules load once per worker instead of once per file. This setup file, the first of its
// project's (run in order: the root's `sequence.setupFiles: 'list'`), gives each file what a process of its
// own gave it: no Firebase app left open by the file before, the project's own modules evaluated afresh (so
// functions/src/lib/admin.ts opens this file's project, and a module's state starts anew), and process.env
// as the run started (Vitest's own VITEST_* variables aside: it sets them for each file).
import { deleteApp, getApps } from 'firebase-admin/app';
import { afterAll, vi } from 'vitest';

const deleteApps = () => Promise.all(getApps().map((app) => deleteApp(app)));
// Also here: a file that failed to import, or whose own afterAll threw, skipped the deletion below, and the
// next file's admin.ts would meet the old apps.
await deleteApps();
vi.resetModules();
const shared = globalThis as { processEnvAtStart?: Record<string, string | undefined> };
shared.processEnvAtStart ??= { ...process.env };
for (const key of Object.keys(process.env)) {
  if (!key.startsWith('VITEST_') && !(key in shared.processEnvAtStart)) delete process.env[key];
}
for (const [key, value] of Object.entries(shared.processEnvAtStart)) {
  if (!key.startsWith('VITEST_') && value !== undefined) process.env[key] = value;
}

// Registered first, so it runs after the file's own afterAll hooks (which may still use Firestore).
afterAll(deleteApps);
