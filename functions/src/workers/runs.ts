// The admin's requested runs (services/providers/worker-runs.ts): the trigger on `workerRuns/{id}`
// (index.ts) calls runRequestedWork, which takes the queued run, does its work as the request did before
// ("Sync now": the scheduled run without the reports' fold, under the run lease; a provider's services
// sync, audited as the admin who asked; a provider's check) and records how it ended: done with what the
// request answered, busy when another run held the work's lease, failed with the error it answered.
// Safe to call twice for one run: only the call that takes it from queued runs it.
import { AppError, conflict } from '../lib/errors';
import { logger } from '../lib/logger';
import { finishWorkerRun, startWorkerRun, type WorkerRunDoc, type WorkerRunOutcome } from '../services/providers/worker-runs';
import { MESSAGES } from '../shared/messages';
import type { ForwardDeps } from './forward';
import { checkProvider } from './provider-check';
import { runScheduledWork } from './scheduled';
import { syncProviderServices } from './service-sync';

/** Codes that mean "another run is doing this now". */
const BUSY_CODES = new Set(['conflict', 'services_sync_running']);

async function work(run: WorkerRunDoc, deps: ForwardDeps): Promise<WorkerRunOutcome> {
  if (run.kind === 'scheduled') {
    // Without the reports' fold, as "Sync now" always ran: the next scheduled run folds.
    const result = await runScheduledWork(deps, { foldReports: false });
    if (!result) return { state: 'busy', error: conflict(MESSAGES.syncRunning) };
    return { state: 'done', result: { sent: result.sweep.sent, checked: result.sync.checked, changed: result.sync.changed } };
  }
  const providerId = run.providerId as string;
  if (run.kind === 'services-sync') {
    const result = await syncProviderServices(providerId, deps, run.requestedBy);
    return { state: 'done', result: { ...result } };
  }
  return { state: 'done', result: { provider: await checkProvider(providerId) } };
}

/** Runs the requested run `runId` if it is still queued, and records how it ended. */
export async function runRequestedWork(runId: string, deps: ForwardDeps): Promise<void> {
  const run = await startWorkerRun(runId);
  if (!run) return;
  let outcome: WorkerRunOutcome;
  try {
    outcome = await work(run, deps);
  } catch (error) {
    if (error instanceof AppError) {
      outcome = { state: BUSY_CODES.has(error.code) ? 'busy' : 'failed', error };
    } else {
      logger.error('A requested run failed', { runId, kind: run.kind, error: String(error) });
      outcome = { state: 'failed', error: { code: 'internal', message: MESSAGES.internal, field: undefined } };
    }
  }
  await finishWorkerRun(runId, outcome);
}
