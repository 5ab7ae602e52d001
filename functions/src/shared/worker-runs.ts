// A run of workers' work the admin asked for: "Sync now", a provider's services sync, a
// provider's check. Answered 202 with where to follow it; followed until it is done (its result), busy
// (another run held the work's lease) or failed (the error the request would have answered).
import { z } from 'zod/mini';
import { ERROR_CODES } from './errors';

export const WORKER_RUN_KINDS = ['scheduled', 'services-sync', 'provider-check'] as const;
export type WorkerRunKind = (typeof WORKER_RUN_KINDS)[number];

export const WORKER_RUN_STATES = ['queued', 'running', 'done', 'busy', 'failed'] as const;
export type WorkerRunState = (typeof WORKER_RUN_STATES)[number];

/** The states a run ends in: following it stops there. */
export const isRunFinished = (state: WorkerRunState) => state === 'done' || state === 'busy' || state === 'failed';

export const workerRunSchema = z.object({
  id: z.string(),
  kind: z.enum(WORKER_RUN_KINDS),
  state: z.enum(WORKER_RUN_STATES),
  providerId: z.optional(z.string()),
  createdAt: z.string(),
  startedAt: z.optional(z.string()),
  finishedAt: z.optional(z.string()),
  /** done: what the request would answer had it done the work (its fields by kind). */
  result: z.optional(z.record(z.string(), z.unknown())),
  /** busy, failed: the error the request would answer had it done the work. */
  error: z.optional(z.object({ code: z.enum(ERROR_CODES), message: z.string(), field: z.optional(z.string()) })),
});
export type WorkerRun = z.infer<typeof workerRunSchema>;

/** POST's 202: the run as recorded, and the path to GET it by (also in the Location header). */
export const workerRunStartedSchema = z.object({ run: workerRunSchema, follow: z.string() });
export type WorkerRunStarted = z.infer<typeof workerRunStartedSchema>;

/** GET's answer. */
export const workerRunAnswerSchema = z.object({ run: workerRunSchema });
