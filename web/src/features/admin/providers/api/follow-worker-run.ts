import { isRunFinished, type WorkerRun, workerRunAnswerSchema, workerRunStartedSchema } from '@shared/worker-runs';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

/** The first look soon (a check is done in a second or two), then every second. */
const POLL_DELAYS_MS = [300, 700];
const POLL_EVERY_MS = 1000;
/** A run holds its lease for at most 5 minutes: past 6, it is not coming back. */
const GIVE_UP_AFTER_MS = 6 * 60_000;

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** What a run ended with: its result (parsed as the request's answer was), or its error as ApiError. */
function outcomeOf<S extends z.ZodMiniType>(run: WorkerRun, result: S): z.infer<S> {
  if (run.state === 'done') return result.parse(run.result);
  const error = run.error ?? { code: 'internal' as const, message: 'The run failed', field: undefined };
  throw new ApiError(run.state === 'busy' ? 409 : 502, error.message, error.field, error.code);
}

/**
 * POSTs an action the workers run (Sync now, a provider's services sync or Check: docs/decisions/0008-forwarding-orders-upstream.md), which
 * answers 202 with where to follow it, and follows it (GET) until it ends: resolves with its result,
 * rejects with its error (busy: another run held the work; failed: the provider refused, did not answer…).
 */
export async function startAndFollow<S extends z.ZodMiniType>(path: string, result: S): Promise<z.infer<S>> {
  const started = await api.post(path, workerRunStartedSchema, {});
  const follow = started.follow.replace(/^\/api/, '');
  const giveUpAt = Date.now() + GIVE_UP_AFTER_MS;
  let run = started.run;
  for (let i = 0; !isRunFinished(run.state); i++) {
    if (Date.now() > giveUpAt) throw new Error('The run did not end');
    await wait(POLL_DELAYS_MS[i] ?? POLL_EVERY_MS);
    run = (await api.get(follow, workerRunAnswerSchema)).run;
  }
  return outcomeOf(run, result);
}
