// Each function's runtime settings in production, with the reason for each; index.ts passes them on, and
// scripts/deploy-config.test.ts checks what the deploy will see. One customer's credits, orders and refunds are
// transactions on their profile, which Firestore serialises (a few writes a second), and a burst of one account's
// orders is decided in batches (docs/decisions/0010): the instance caps below (maxInstances × concurrency) bound how
// many requests pile onto one balance, far above a reseller's script (20 in flight) and far below Firestore's quota.
import type { GlobalOptions } from 'firebase-functions/v2';
import type { HttpsOptions } from 'firebase-functions/v2/https';
import type { ScheduleOptions } from 'firebase-functions/v2/scheduler';
import { config } from './config';

/** Every function's defaults: the region beside the database (Mumbai, nearest Pakistan). */
export const GLOBAL_RUNTIME: GlobalOptions = { region: config.region, maxInstances: 20 };

/**
 * The `api` function (every /api path): 80 requests at a time per instance (most of a request's time is
 * waiting on Firestore, not CPU), 512 MiB for the CSV exports' pages and the reports, 20 instances at most
 * (1,600 requests in flight: a spike or an attack is queued by Cloud Run rather than billed without
 * bound), and a timeout that covers an order queued behind a dead batch's locks (config.apiTimeoutSeconds,
 * decision record 0010).
 */
export const API_RUNTIME: HttpsOptions = { concurrency: 80, memory: '512MiB', timeoutSeconds: config.apiTimeoutSeconds, maxInstances: 20 };

/**
 * The Firestore triggers (an order or refill to send to its provider): one provider call each, bounded by
 * its own timeout (PROVIDER_TIMEOUT_MS, 15 s) and the claim's lease; 256 MiB is plenty; 120 s covers a
 * slow provider with room; not retried by the platform (a duplicate delivery would find the claim, and
 * the every-minute sweep sends what a lost trigger left).
 */
export const TRIGGER_RUNTIME = { memory: '256MiB', timeoutSeconds: 120, maxInstances: 20, retry: false } as const;

/**
 * The every-minute run (workers/scheduled.ts): one at a time (its lease makes a second one a no-op, so a
 * second instance would only cost), 512 MiB for the reports' fold, and 5 minutes, the lease's length.
 */
export const SCHEDULED_RUNTIME: Omit<ScheduleOptions, 'schedule'> = { memory: '512MiB', timeoutSeconds: 300, maxInstances: 1 };

/**
 * The admin's requested runs ("Sync now", a provider's services sync or Check, on `workerRuns`):
 * the scheduled run's work without the reports' fold, so its 512 MiB and 5 minutes (the run lease's
 * length); a few at a time (each provider's work has its own lease, the run lease makes a second Sync now
 * busy); not retried by the platform (the run records failed, and the admin asks again).
 */
export const REQUESTED_RUN_RUNTIME = { memory: '512MiB', timeoutSeconds: 300, maxInstances: 2, retry: false } as const;
