// Wiring only: the one HTTPS function `api`, serving every /api/... path through the Hosting rewrite, and
// the forwarding and refill workers (decision record 0008), whose logic lives in workers/.
import { setGlobalOptions } from 'firebase-functions/v2';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { createApp } from './app';
import { config } from './lib/config';
import { hideBodiesFromHost } from './lib/host-body';
import type { FulfilmentDoc } from './services/fulfilment';
import type { RefillDoc } from './services/refills';
import { providerClientFor } from './workers/clients';
import { becameQueued, type ForwardDeps, forwardOrder } from './workers/forward';
import { refillBecameQueued, sendRefill } from './workers/refill';
import { runScheduledWork } from './workers/scheduled';

hideBodiesFromHost();

setGlobalOptions({ region: config.region, maxInstances: 20 });

// Its timeout covers a queued order that waits out a dead batch's locks (config.apiTimeoutSeconds).
export const api = onRequest({ concurrency: 80, memory: '512MiB', timeoutSeconds: config.apiTimeoutSeconds }, createApp());

const workerDeps: ForwardDeps = { now: Date.now, clientFor: providerClientFor };

// A placement or a Resend: send now. A duplicate delivery finds the order claimed and stops.
export const forwardQueuedOrder = onDocumentWritten({ document: 'orderFulfilment/{id}', timeoutSeconds: 120 }, async (event) => {
  const before = event.data?.before.data() as FulfilmentDoc | undefined;
  const after = event.data?.after.data() as FulfilmentDoc | undefined;
  if (becameQueued(before, after)) await forwardOrder(event.params.id, workerDeps);
});

// A refill request of an order at a provider: ask the provider now. A duplicate delivery finds it claimed.
export const sendQueuedRefill = onDocumentWritten({ document: 'refills/{id}', timeoutSeconds: 120 }, async (event) => {
  const before = event.data?.before.data() as RefillDoc | undefined;
  const after = event.data?.after.data() as RefillDoc | undefined;
  if (refillBecameQueued(before, after)) await sendRefill(event.params.id, workerDeps);
});

// The safety net (lost triggers, expired claims), then the status sync of sent orders.
export const sweepForwarding = onSchedule({ schedule: 'every 1 minutes', timeoutSeconds: 300 }, async () => {
  await runScheduledWork(workerDeps);
});
