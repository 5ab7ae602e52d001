// Drip-feed runs when due (services/orders/drip-feed.ts): the every-minute run takes the drip-feeds
// whose next run is due, oldest due first, a bounded batch within a time budget, and starts each one's
// next run in a transaction of its own that reads the parent again: only a parent not final, with a run
// left and due starts one. Two overlapping runs of this worker, or a retried one, find the parent moved on
// and start nothing; a stop (updateOrderStatus) reads and writes the parent too, so it and a run's start
// are ordered one way or the other: the refund counts exactly the runs not started. No network call here:
// a run of a linked service is queued, and the trigger (or the listener, or the sweep) sends it.
import { Timestamp } from 'firebase-admin/firestore';
import { logger } from '../lib/logger';
import { getAllOf } from '../lib/typed-collection';
import { runInTransaction } from '../services/kernel/transactions';
import { type DripFeedParent, startRun } from '../services/orders/drip-feed';
import { freeRefs, numberCandidates } from '../services/orders/order-numbers';
import { activeLinkRef, legacyActiveLinkKey, ordersCollection } from '../services/orders/orders';
import { providersCollection, serviceLinkRef } from '../services/providers/provider-store';
import { notificationId, readNotifier } from '../services/support/notifications';
import { orderStatusNotification } from '../shared/notifications';
import { isFinalStatus } from '../shared/order-status';
import type { ForwardDeps } from './forward';

/** Drip-feeds handled per run (the next run takes the rest, oldest due first). */
const DRIP_BATCH = 100;
/** How long a run starts runs: the rest of the scheduled run (sends, refunds, the sync) must get its turn. */
export const DRIP_BUDGET_MS = 60_000;

export interface DripFeedResult {
  /** Runs started. */
  started: number;
  /** Drip-feeds whose last run was started (completed). */
  completed: number;
}

export type RunOutcome = 'started' | 'completed' | 'skipped';

const ts = (ms: number) => Timestamp.fromMillis(ms);

/** Starts the parent's next run if it is still due; safe to call any number of times, concurrently. */
export async function startDueRun(parentId: string, deps: Pick<ForwardDeps, 'now'>): Promise<RunOutcome> {
  const parentRef = ordersCollection().doc(parentId);
  const { value } = await runInTransaction<RunOutcome>(null, async (tx) => {
    const now = ts(deps.now());
    // The parent first (its service and activeLinks key), then the rest in one round trip.
    const known = (await tx.get(parentRef)).data();
    if (!known?.dripFeed) return 'skipped';
    const key = known.activeLinkKey ?? legacyActiveLinkKey(known.serviceId, known.link);
    const [linkSnap, activeSnap, ...candidates] = await getAllOf(
      tx,
      serviceLinkRef(known.serviceId),
      activeLinkRef(key),
      ...numberCandidates(ordersCollection()),
    );
    const parent = known as DripFeedParent;
    const plan = parent.dripFeed;
    const due = plan.nextRunAt !== undefined && plan.nextRunAt.toMillis() <= now.toMillis();
    if (isFinalStatus(parent.status) || plan.runsDone >= plan.runs || !due) return 'skipped';
    // The service's provider link now (a run is sent where the service is sold from today), its cost frozen
    // at the run's start; a service no longer linked delivers its runs by hand.
    const link = linkSnap?.data();
    const provider = link ? (await tx.get(providersCollection().doc(link.providerId))).data() : undefined;
    const [childRef] = freeRefs(candidates, 1);
    if (!childRef || !activeSnap) throw new Error('getAll returned fewer snapshots than asked');
    // The last run completes the drip-feed: its customer is told (the push goes with the worker's).
    const completion = plan.runsDone + 1 === plan.runs ? notificationId.order(parentId, 'completed') : null;
    const notifier = completion ? await readNotifier(tx, parent.userId, [completion]) : null;
    const { parent: after } = startRun(tx, {
      parentRef,
      parent,
      parentIsNew: false,
      childRef,
      link,
      provider,
      activeLink: { ref: activeSnap.ref, count: (activeSnap.get('count') as number | undefined) ?? 0 },
      now,
    });
    if (notifier && completion && after.status === 'completed') {
      const what = `${parent.quantity} ${parent.service}`;
      notifier.add(tx, completion, orderStatusNotification({ number: parentId, status: 'completed', what }), now);
    }
    return after.status === 'completed' ? 'completed' : 'started';
  });
  return value;
}

/** The drip-feeds due now, oldest due first: each one's next run started. */
export async function startDueRuns(deps: Pick<ForwardDeps, 'now'>, budgetMs = DRIP_BUDGET_MS): Promise<DripFeedResult> {
  const started = deps.now();
  const due = await ordersCollection().where('dripFeed.nextRunAt', '<=', ts(started)).orderBy('dripFeed.nextRunAt').limit(DRIP_BATCH).get();
  const result: DripFeedResult = { started: 0, completed: 0 };
  for (const doc of due.docs) {
    if (deps.now() - started >= budgetMs) break;
    try {
      const outcome = await startDueRun(doc.id, deps);
      if (outcome !== 'skipped') result.started += 1;
      if (outcome === 'completed') result.completed += 1;
    } catch (error) {
      // Busy, say: the run stays due and the next minute starts it (the parent says whether it started).
      logger.error('Could not start a drip-feed run', { orderId: doc.id, error: String(error) });
    }
  }
  return result;
}
