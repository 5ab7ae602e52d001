// The admin's requests for workers' work: "Sync now", a provider's services sync and a
// provider's check call providers, which a request must not do (a provider answers in its own time, and
// Hosting cuts a request at 60 s). The route records the request here, `workerRuns/{id}` queued, and
// answers 202 with where to follow it; a Firestore trigger (index.ts → workers/runs.ts) runs it and
// records running → done with its result, or busy (another run of the same work held its lease) or failed
// with the error the request would have answered. Admin-only: firestore.rules deny every client. Kept a
// day (lib/retention.ts).
import { Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { type AppError, fail } from '../../lib/errors';
import { timestampSchema, typedCollection } from '../../lib/typed-collection';
import { ERROR_CODES } from '../../shared/errors';
import { MESSAGES } from '../../shared/messages';
import { WORKER_RUN_KINDS, WORKER_RUN_STATES, type WorkerRun, type WorkerRunKind } from '../../shared/worker-runs';
import type { Actor } from '../kernel/audit';
import { runInTransaction } from '../kernel/transactions';
import { providerRef } from './provider-store';

/** How long a run's record is kept after it was asked for (TTL on expiresAt). */
export const WORKER_RUN_TTL_MS = 24 * 60 * 60_000;

export const workerRunDocSchema = z.object({
  kind: z.enum(WORKER_RUN_KINDS),
  state: z.enum(WORKER_RUN_STATES),
  /** The provider of a services sync or a check. */
  providerId: z.string().optional(),
  /** The admin who asked: the services sync's audit entries name them. */
  requestedBy: z.object({ uid: z.string(), email: z.string() }),
  createdAt: timestampSchema,
  startedAt: timestampSchema.optional(),
  finishedAt: timestampSchema.optional(),
  /** What the run answered (done): the body the request would answer had it done the work. */
  result: z.record(z.string(), z.unknown()).optional(),
  /** Why not (busy, failed): the error the request would answer had it done the work. */
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string(), field: z.string().optional() }).optional(),
  expiresAt: timestampSchema,
});
export type WorkerRunDoc = z.infer<typeof workerRunDocSchema>;

export const workerRunsCollection = () => typedCollection('workerRuns', workerRunDocSchema);
const RUN_ID = /^[A-Za-z0-9]{1,64}$/;

/** Where a run is followed (GET), by its kind. */
export function followPath(id: string, doc: Pick<WorkerRunDoc, 'kind' | 'providerId'>): string {
  if (doc.kind === 'scheduled') return `/api/admin/providers/sync/${id}`;
  const provider = encodeURIComponent(doc.providerId ?? '');
  return doc.kind === 'services-sync'
    ? `/api/admin/providers/${provider}/sync-services/${id}`
    : `/api/admin/providers/${provider}/check/${id}`;
}

export function workerRunToWire(id: string, doc: WorkerRunDoc): WorkerRun {
  return {
    id,
    kind: doc.kind,
    state: doc.state,
    ...(doc.providerId !== undefined ? { providerId: doc.providerId } : {}),
    createdAt: doc.createdAt.toDate().toISOString(),
    ...(doc.startedAt ? { startedAt: doc.startedAt.toDate().toISOString() } : {}),
    ...(doc.finishedAt ? { finishedAt: doc.finishedAt.toDate().toISOString() } : {}),
    ...(doc.result ? { result: doc.result } : {}),
    ...(doc.error ? { error: doc.error } : {}),
  };
}

/**
 * Records a queued run for the trigger to start. A run about a provider is refused at once (404) when the
 * provider does not exist, as the request was before.
 */
export async function requestWorkerRun(
  actor: Actor,
  kind: WorkerRunKind,
  providerId?: string,
): Promise<{ run: WorkerRun; follow: string }> {
  const ref = workerRunsCollection().doc();
  const { value: queued } = await runInTransaction<WorkerRunDoc>(null, async (tx, now) => {
    if (providerId !== undefined) {
      const provider = await tx.get(providerRef(providerId));
      if (!provider.exists) throw fail('provider_not_found', MESSAGES.providerNotFound);
    }
    const doc: WorkerRunDoc = {
      kind,
      state: 'queued',
      ...(providerId !== undefined ? { providerId } : {}),
      requestedBy: { uid: actor.uid, email: actor.email },
      createdAt: now,
      expiresAt: Timestamp.fromMillis(now.toMillis() + WORKER_RUN_TTL_MS),
    };
    tx.create(ref, doc);
    return doc;
  });
  return { run: workerRunToWire(ref.id, queued), follow: followPath(ref.id, queued) };
}

/** A run as it stands; 404 when there is none of this kind (and provider) with this id. */
export async function readWorkerRun(id: string, kind: WorkerRunKind, providerId?: string): Promise<WorkerRun> {
  // Ids are Firestore's auto ids: anything else (a slash, `__x__`) names no run, and is no path to read.
  if (!RUN_ID.test(id)) throw fail('not_found', MESSAGES.workerRunNotFound);
  const snap = await workerRunsCollection().doc(id).get();
  const doc = snap.data();
  if (!doc || doc.kind !== kind || (providerId !== undefined && doc.providerId !== providerId))
    throw fail('not_found', MESSAGES.workerRunNotFound);
  return workerRunToWire(id, doc);
}

/** Takes a queued run (queued → running); null when it is not queued (a duplicate delivery of the trigger). */
export async function startWorkerRun(id: string): Promise<WorkerRunDoc | null> {
  const ref = workerRunsCollection().doc(id);
  const { value } = await runInTransaction<WorkerRunDoc | null>(null, async (tx, now) => {
    const doc = (await tx.get(ref)).data();
    if (doc?.state !== 'queued') return null;
    tx.update(ref, { state: 'running', startedAt: now });
    return { ...doc, state: 'running', startedAt: now };
  });
  return value;
}

export type WorkerRunOutcome =
  | { state: 'done'; result: Record<string, unknown> }
  | { state: 'busy' | 'failed'; error: Pick<AppError, 'code' | 'message' | 'field'> };

/** Records how a running run ended. */
export async function finishWorkerRun(id: string, outcome: WorkerRunOutcome): Promise<void> {
  const ref = workerRunsCollection().doc(id);
  await runInTransaction(null, async (tx, now) => {
    const doc = (await tx.get(ref)).data();
    if (doc?.state !== 'running') return;
    tx.update(ref, {
      state: outcome.state,
      finishedAt: now,
      ...(outcome.state === 'done'
        ? { result: outcome.result }
        : {
            error: {
              code: outcome.error.code,
              message: outcome.error.message,
              ...(outcome.error.field ? { field: outcome.error.field } : {}),
            },
          }),
    });
  });
}
