// Wiring only: the one HTTPS function `api`, serving every /api/... path through the Hosting rewrite, and
// the forwarding and refill workers (decision record 0008) and the admin's requested runs (services/providers/worker-runs.ts),
// whose logic lives in workers/. The only module that imports workers/.
import { setGlobalOptions } from 'firebase-functions/v2';
import { onDocumentCreated, onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { createApp } from './app';
import { hideBodiesFromHost } from './lib/host-body';
import { API_RUNTIME, GLOBAL_RUNTIME, REQUESTED_RUN_RUNTIME, SCHEDULED_RUNTIME, TRIGGER_RUNTIME } from './lib/runtime';
import { dataOf } from './lib/typed-collection';
import { fulfilmentDocSchema } from './services/orders/fulfilment';
import { refillDocSchema } from './services/orders/refills';
import { workerDeps as productionDeps } from './workers/deps';
import { becameQueued, type ForwardDeps, forwardOrder } from './workers/forward';
import { providerPort } from './workers/provider-port';
import { refillBecameQueued, sendRefill } from './workers/refill';
import { runRequestedWork } from './workers/runs';
import { runScheduledWork } from './workers/scheduled';

hideBodiesFromHost();

// Region, memory, timeouts and instance counts, and why each: lib/runtime.ts.
setGlobalOptions(GLOBAL_RUNTIME);

// A request that needs a provider's answer (the admin's provider form, a cancel of a sent order) asks it
// through the provider port, as the workers ask theirs.
export const api = onRequest(API_RUNTIME, createApp({ providers: providerPort() }));

const workerDeps: ForwardDeps = productionDeps();

// A placement or a Resend: send now. A duplicate delivery finds the order claimed and stops.
export const forwardQueuedOrder = onDocumentWritten({ ...TRIGGER_RUNTIME, document: 'orderFulfilment/{id}' }, async (event) => {
  const before = dataOf(event.data?.before, fulfilmentDocSchema);
  const after = dataOf(event.data?.after, fulfilmentDocSchema);
  if (becameQueued(before, after)) await forwardOrder(event.params.id, workerDeps);
});

// A refill request of an order at a provider: ask the provider now. A duplicate delivery finds it claimed.
export const sendQueuedRefill = onDocumentWritten({ ...TRIGGER_RUNTIME, document: 'refills/{id}' }, async (event) => {
  const before = dataOf(event.data?.before, refillDocSchema);
  const after = dataOf(event.data?.after, refillDocSchema);
  if (refillBecameQueued(before, after)) await sendRefill(event.params.id, workerDeps);
});

// The safety net (lost triggers, expired claims), then the status sync of sent orders.
export const sweepForwarding = onSchedule({ ...SCHEDULED_RUNTIME, schedule: 'every 1 minutes' }, async () => {
  await runScheduledWork(workerDeps);
});

// The admin's "Sync now", services sync or Check of a provider (services/providers/worker-runs.ts): the request
// recorded the run and answered 202; it is done here and recorded (done, busy or failed) for the console.
export const runRequestedWorkerRun = onDocumentCreated({ ...REQUESTED_RUN_RUNTIME, document: 'workerRuns/{id}' }, async (event) => {
  await runRequestedWork(event.params.id, workerDeps);
});
