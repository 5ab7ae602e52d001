// Drip-feed orders (the rules shared with the web are in shared/drip-feed.ts). The parent order
// is paid whole at placement and is no work for a provider or the admin (no fulfilment): each run is a
// child order of its own (its number, fulfilment, provider order, status and refunds), paid by the parent
// (no ledger entry of its own until a refund). `startRun` is the one way a run starts: placement starts
// run 1 in its transaction, workers/drip-feed.ts the others when due. Both read and write the parent in
// their transaction, as a cancel of it does, so a run is never started twice nor after a stop.
import { type DocumentReference, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { timestampSchema } from '../../lib/typed-collection';
import type { DripFeed, DripRun } from '../../shared/drip-feed';
import type { Paisa } from '../../shared/money';
import type { ProviderDoc, ServiceLinkDoc } from '../providers/provider-store';
import { fulfilmentAtPlacement, fulfilmentRef } from './fulfilment';
import type { OrderDoc } from './orders';

/** OrderDoc.dripFeed: the runs' plan and how far it got. */
export const dripFeedDocSchema = z.object({
  runs: z.number().int(),
  /** Minutes between two runs. */
  interval: z.number().int(),
  /** Each run's quantity (the parent's `quantity` is the total). */
  quantity: z.number().int(),
  /** Runs started so far, each a child order in `orders`. */
  runsDone: z.number().int(),
  /** When the next run starts; absent once every run started or the drip-feed stopped (the worker's query). */
  nextRunAt: timestampSchema.optional(),
  /** The runs' order numbers, in run order. */
  orders: z.array(z.number().int()),
});
export type DripFeedDoc = z.infer<typeof dripFeedDocSchema>;

/** OrderDoc.dripRun: the run of its parent's drip-feed this order is. */
export const dripRunDocSchema = z.object({ parentId: z.string(), run: z.number().int(), runs: z.number().int() });
export type DripRunDoc = z.infer<typeof dripRunDocSchema>;

export type DripFeedParent = OrderDoc & { dripFeed: DripFeedDoc };

/** One run's price: the parent's total is exactly run price × runs (dripFeedPrice). */
export function runPricePaisa(parent: DripFeedParent): Paisa {
  const price = parent.pricePaisa / parent.dripFeed.runs;
  if (!Number.isSafeInteger(price)) throw new Error(`Drip-feed price ${parent.pricePaisa} is not ${parent.dripFeed.runs} equal runs`);
  return price;
}

/** What the runs not started are worth, and their quantity: a stop refunds exactly these. */
export function notStarted(parent: DripFeedParent): { runs: number; quantity: number; refundPaisa: Paisa } {
  const runs = parent.dripFeed.runs - parent.dripFeed.runsDone;
  return { runs, quantity: runs * parent.dripFeed.quantity, refundPaisa: runs * runPricePaisa(parent) };
}

export interface RunStart {
  parentRef: DocumentReference;
  /** The parent as it is before this run. */
  parent: DripFeedParent;
  /** Placement: the parent is created in the same transaction (with this run); otherwise it is updated. */
  parentIsNew: boolean;
  /** A free order number read in the transaction. */
  childRef: DocumentReference;
  /** The service's provider link and its provider now (absent: the run is manual). */
  link: ServiceLinkDoc | undefined;
  provider: ProviderDoc | undefined;
  /** The parent's activeLinks document and its count now (the parent counted in it while active). */
  activeLink: { ref: DocumentReference; count: number };
  now: Timestamp;
}

/**
 * Starts the parent's next run: creates the child order (pending, the run's quantity and price) with
 * its fulfilment (queued at the service's current provider link, its cost frozen now; manual without
 * one), counts it in activeLinks, and writes the parent: one more run done, the next one due after the
 * interval, or, after the last, completed (all runs placed; each run has its own status) and out of
 * activeLinks. Call after every read of the transaction; the caller has checked the run is due.
 */
export function startRun(tx: Transaction, start: RunStart): { parent: DripFeedParent; child: OrderDoc } {
  const { parent, now } = start;
  const plan = parent.dripFeed;
  if (plan.runsDone >= plan.runs) throw new Error(`Drip-feed ${start.parentRef.id} has no run left to start`);
  const run = plan.runsDone + 1;
  const last = run === plan.runs;
  const dripRun: DripRunDoc = { parentId: start.parentRef.id, run, runs: plan.runs };
  const child: OrderDoc = {
    userId: parent.userId,
    user: parent.user,
    platform: parent.platform,
    serviceId: parent.serviceId,
    service: parent.service,
    link: parent.link,
    ...(parent.linkHash !== undefined ? { linkHash: parent.linkHash } : {}),
    quantity: plan.quantity,
    pricePaisa: runPricePaisa(parent),
    ...(parent.refillDays !== undefined ? { refillDays: parent.refillDays } : {}),
    status: 'pending',
    ...(parent.activeLinkKey !== undefined ? { activeLinkKey: parent.activeLinkKey } : {}),
    dripRun,
    paidByDripFeed: true,
    createdAt: now,
    updatedAt: now,
  };
  const dripFeed: DripFeedDoc = {
    runs: plan.runs,
    interval: plan.interval,
    quantity: plan.quantity,
    runsDone: run,
    orders: [...plan.orders, Number(start.childRef.id)],
    ...(last ? {} : { nextRunAt: Timestamp.fromMillis(now.toMillis() + plan.interval * 60_000) }),
  };
  const status = last ? 'completed' : 'processing';
  const statusChanged = status !== parent.status;
  // Under way from its first run; ended with its last.
  const times = {
    ...(statusChanged ? { updatedAt: now } : {}),
    ...(parent.startedAt === undefined ? { startedAt: now } : {}),
    ...(last ? { endedAt: now } : {}),
  };
  const after: DripFeedParent = { ...parent, dripFeed, status, ...times };

  tx.create(start.childRef, child);
  tx.create(fulfilmentRef(start.childRef.id), fulfilmentAtPlacement(start.link, start.provider, plan.quantity, now));
  // The run is active from now; a parent whose last run this is leaves (a final status).
  const count = start.activeLink.count + 1 - (last ? 1 : 0);
  tx.set(start.activeLink.ref, { uid: parent.userId, serviceId: parent.serviceId, link: parent.link, count });
  if (start.parentIsNew) tx.create(start.parentRef, after);
  else tx.update(start.parentRef, { dripFeed, status, ...times });
  return { parent: after, child };
}

/** The customer's and the admin's view of a drip-feed. */
export function dripFeedToWire(doc: DripFeedDoc): DripFeed {
  return {
    runs: doc.runs,
    interval: doc.interval,
    quantity: doc.quantity,
    runsDone: doc.runsDone,
    nextRunAt: doc.nextRunAt ? doc.nextRunAt.toDate().toISOString() : null,
    orders: doc.orders,
  };
}

export const dripRunToWire = (doc: DripRunDoc): DripRun => ({ parent: Number(doc.parentId), run: doc.run, runs: doc.runs });
