// Wiring only: the one HTTPS function `api`, serving every /api/... path through the Hosting rewrite, and
// the forwarding and refill workers (decision record 0008), whose logic lives in workers/.
import { setGlobalOptions } from 'firebase-functions/v2';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { createApp } from './app';
import { hideBodiesFromHost } from './lib/host-body';
import { API_RUNTIME, GLOBAL_RUNTIME, SCHEDULED_RUNTIME, TRIGGER_RUNTIME } from './lib/runtime';
import type { FulfilmentDoc } from './services/fulfilment';
import type { RefillDoc } from './services/refills';
import { providerClientFor } from './workers/clients';
import { becameQueued, type ForwardDeps, forwardOrder } from './workers/forward';
import { refillBecameQueued, sendRefill } from './workers/refill';
import { runScheduledWork } from './workers/scheduled';

hideBodiesFromHost();

// Region, memory, timeouts and instance counts, and why each: lib/runtime.ts.
setGlobalOptions(GLOBAL_RUNTIME);

export const api = onRequest(API_RUNTIME, createApp());

const workerDeps: ForwardDeps = { now: Date.now, clientFor: providerClientFor };

// A placement or a Resend: send now. A duplicate delivery finds the order claimed and stops.
export const forwardQueuedOrder = onDocumentWritten({ ...TRIGGER_RUNTIME, document: 'orderFulfilment/{id}' }, async (event) => {
  const before = event.data?.before.data() as FulfilmentDoc | undefined;
  const after = event.data?.after.data() as FulfilmentDoc | undefined;
  if (becameQueued(before, after)) await forwardOrder(event.params.id, workerDeps);
});

// A refill request of an order at a provider: ask the provider now. A duplicate delivery finds it claimed.
export const sendQueuedRefill = onDocumentWritten({ ...TRIGGER_RUNTIME, document: 'refills/{id}' }, async (event) => {
  const before = event.data?.before.data() as RefillDoc | undefined;
  const after = event.data?.after.data() as RefillDoc | undefined;
  if (refillBecameQueued(before, after)) await sendRefill(event.params.id, workerDeps);
});

// The safety net (lost triggers, expired claims), then the status sync of sent orders.
export const sweepForwarding = onSchedule({ ...SCHEDULED_RUNTIME, schedule: 'every 1 minutes' }, async () => {
  await runScheduledWork(workerDeps);
});
