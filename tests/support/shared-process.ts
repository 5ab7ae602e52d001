// The test files of a worker share one process (`isolate: false` in vitest.config.ts, docs/decisions/0017):
// the SDKs in node_modules load once per worker instead of once per file. This setup file, the first of its
// project's (`sequence.setupFiles: 'list'`), gives each file what a process of its own gave it: the
// project's own modules evaluated afresh (so functions/src/lib/admin.ts opens this file's project, and a
// module's state starts anew), process.env as the run started, and no Firebase app left open by the file before.
import { deleteApp, getApps } from 'firebase-admin/app';
import { afterAll, vi } from 'vitest';

vi.resetModules();
const shared = globalThis as { processEnvAtStart?: Record<string, string | undefined> };
shared.processEnvAtStart ??= { ...process.env };
for (const key of Object.keys(process.env)) if (!(key in shared.processEnvAtStart)) delete process.env[key];
Object.assign(process.env, shared.processEnvAtStart);

// Registered first, so it runs after the file's own afterAll hooks (which may still use Firestore).
afterAll(async () => {
  await Promise.all(getApps().map((app) => deleteApp(app)));
});
