// The deploy's configuration read the way `firebase deploy` reads it: firebase.json against
// firebase-tools' own schema (the validator it ships), the Firestore database's location (a missing
// database is created where firebase.json says, and a location can never change), every function's region
// and runtime settings as the deploy sees them (their endpoints), the /api rewrite, the Node runtime, and
// a TTL policy for every short-lived collection.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHORT_LIVED } from '../functions/src/lib/retention';

const ROOT = join(import.meta.dirname, '..');
const readJson = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
const firebaseJson = readJson('firebase.json');
const require = createRequire(import.meta.url);
const { getValidator } = require('firebase-tools/lib/firebaseConfigValidate') as {
  getValidator: () => ((config: unknown) => boolean) & { errors?: unknown[] | null };
};

/** Where the database and the functions live: Mumbai, nearest Pakistan. */
const REGION = 'asia-south1';

describe('firebase.json', () => {
  it('is valid by firebase-tools’ own schema (and the schema refuses what it must)', () => {
    const validate = getValidator();
    const valid = validate(firebaseJson);
    expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
    expect(valid).toBe(true);
    expect(validate({ ...firebaseJson, firestore: { ...firebaseJson.firestore, locaton: REGION } })).toBe(false);
    expect(validate({ ...firebaseJson, firestore: { ...firebaseJson.firestore, location: 1 } })).toBe(false);
  });

  it('pins the Firestore database to asia-south1 (a missing one would be created in the US, for good)', () => {
    expect(firebaseJson.firestore.location).toBe(REGION);
  });

  it('runs the functions on Node 22, as functions/package.json says', () => {
    expect(firebaseJson.functions.map((f: { runtime: string }) => f.runtime)).toEqual(['nodejs22']);
    expect(readJson('functions/package.json').engines.node).toBe('22');
  });

  it('rewrites /api/** and /services (its list as HTML) to the api function in the database’s region, and every other path to the app', () => {
    expect(firebaseJson.hosting.rewrites).toEqual([
      { source: '/api/**', function: { functionId: 'api', region: REGION } },
      { source: '/services', function: { functionId: 'api', region: REGION } },
      { source: '**', destination: '/app.html' },
    ]);
  });
});

describe('the functions as the deploy sees them', () => {
  it('each in asia-south1, with the runtime settings lib/runtime.ts gives and explains', async () => {
    process.env.GCLOUD_PROJECT ??= 'demo-deploy-config';
    const exported = (await import('../functions/src/index')) as Record<string, { __endpoint?: Record<string, any> }>;
    const endpoints = Object.fromEntries(Object.entries(exported).map(([name, fn]) => [name, fn.__endpoint]));
    expect(Object.keys(endpoints).sort()).toEqual([
      'api',
      'forwardQueuedOrder',
      'runRequestedWorkerRun',
      'sendQueuedRefill',
      'sweepForwarding',
    ]);
    for (const [name, endpoint] of Object.entries(endpoints)) {
      expect(endpoint?.region, name).toEqual([REGION]);
      expect(endpoint?.platform, name).toBe('gcfv2');
      expect(endpoint?.maxInstances, name).toBeGreaterThan(0);
      expect(endpoint?.timeoutSeconds, name).toBeGreaterThan(0);
    }
    const { config } = await import('../functions/src/lib/config');
    expect(endpoints.api).toMatchObject({
      httpsTrigger: {},
      concurrency: 80,
      availableMemoryMb: 512,
      timeoutSeconds: config.apiTimeoutSeconds,
    });
    // The api's timeout covers the longest transaction deadline with an order's settling (decision 0010).
    expect(config.apiTimeoutSeconds * 1000).toBeGreaterThan(config.transactionDeadlineMs + config.settleMs);
    for (const name of ['forwardQueuedOrder', 'sendQueuedRefill']) {
      expect(endpoints[name]?.eventTrigger, name).toMatchObject({ retry: false });
      expect(endpoints[name]?.availableMemoryMb, name).toBe(256);
    }
    // The admin's requested runs (services/providers/worker-runs.ts): on their creation, the scheduled run's
    // memory and time, not retried.
    expect(endpoints.runRequestedWorkerRun).toMatchObject({
      eventTrigger: { eventType: 'google.cloud.firestore.document.v1.created', retry: false },
      availableMemoryMb: 512,
      timeoutSeconds: 300,
    });
    expect(endpoints.runRequestedWorkerRun?.eventTrigger?.eventFilterPathPatterns).toEqual({ document: 'workerRuns/{id}' });
    // One scheduled run at a time: its lease makes a second a no-op.
    expect(endpoints.sweepForwarding).toMatchObject({
      maxInstances: 1,
      timeoutSeconds: 300,
      scheduleTrigger: { schedule: 'every 1 minutes' },
    });
  });
});

describe('retention', () => {
  const indexes = readJson('firestore.indexes.json') as { fieldOverrides: { collectionGroup: string; fieldPath: string; ttl?: boolean }[] };
  const ttl = indexes.fieldOverrides.filter((o) => o.ttl).map((o) => `${o.collectionGroup}.${o.fieldPath}`);

  it('declares a TTL policy for every short-lived collection, and none for anything else', () => {
    expect(ttl.sort()).toEqual(SHORT_LIVED.map((c) => `${c.collection}.${c.field}`).sort());
  });

  it('lists each in README with its field and how long it is kept', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const c of SHORT_LIVED) expect(readme, c.collection).toContain(`| \`${c.collection}\` | \`${c.field}\` | ${c.keptFor} |`);
  });
});
