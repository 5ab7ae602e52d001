// Refill requests: a customer (through API v2) asks for dropped followers or likes of a completed
// order to be topped up; the admin completes or rejects the request. No money moves. A refill of an
// order sent to a provider is also asked of that provider (workers/refill.ts): its refill_status
// decides it through the same transaction as the admin's decision, so it is decided once.
import { type DocumentReference, FieldValue, type Query, Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { fail } from '../../lib/errors';
import { pageNewestFirst, pageOldestFirst } from '../../lib/pagination';
import { timestampSchema, typedCollection } from '../../lib/typed-collection';
import { REFILL_STATUSES, type RefillStatus } from '../../shared/api-v2';
import { refillDaysOf } from '../../shared/catalogue';
import { DRIP_FEED_MESSAGES } from '../../shared/drip-feed';
import { REFILL_UPSTREAM_STATES } from '../../shared/fulfilment';
import { MESSAGES } from '../../shared/messages';
import { refillNotification } from '../../shared/notifications';
import { DAY_MS } from '../../shared/pakistan-days';
import type { CustomerRefill, Refill } from '../../shared/schemas/orders';
import { customerFields } from '../accounts/users';
import { servicesCollection } from '../catalogue/catalogue';
import { type Actor, recordAudit } from '../kernel/audit';
import { leaseSchema } from '../kernel/lease';
import { runInTransaction } from '../kernel/transactions';
import { deliverNow, notificationId, readNotifier } from '../support/notifications';
import { fulfilmentRef } from './fulfilment';
import { isNumberedId, pickFreeNumberedDoc } from './order-numbers';
import { type OrderDoc, ordersCollection } from './orders';

const refillUpstreamDocSchema = z.object({
  state: z.enum(REFILL_UPSTREAM_STATES),
  providerId: z.string(),
  providerOrderId: z.string(),
  providerRefillId: z.string().optional(),
  /** The provider's refusal (`failed`), why the answer is unknown, or why its status could not be read. */
  error: z.string().optional(),
  /** The provider's last refill status word ("Pending", "In progress"…). */
  status: z.string().optional(),
  /** Held while `sending`: only the holder of `token` records the answer. */
  lease: leaseSchema.optional(),
  /**
   * When the refill worker next looks at it, oldest first: queued → ask `refill`; sending → its lease
   * ran out (→ unknown); sent → ask `refill_status`. Absent: nothing to do (failed, unknown, decided).
   */
  dueAt: timestampSchema.optional(),
});
export type RefillUpstreamDoc = z.infer<typeof refillUpstreamDocSchema>;

export const refillDocSchema = z.object({
  ...customerFields,
  orderId: z.string(),
  service: z.string(),
  link: z.string(),
  status: z.enum(REFILL_STATUSES),
  createdAt: timestampSchema,
  decidedAt: timestampSchema.optional(),
  /** Why it was rejected (the admin's words, or that the provider refused it): shown to its customer on the order. */
  reason: z.string().optional(),
  /**
   * The refill asked of the provider of a sent order (absent for a manual order's refill). A provider's
   * decision records its word in upstream.status whatever the refill holds: on a refill never asked of a
   * provider (the worker decides only those it asked; tests decide others directly) that word is all there is.
   */
  upstream: z
    .union([refillUpstreamDocSchema, refillUpstreamDocSchema.partial().extend({ state: z.undefined().optional(), status: z.string() })])
    .optional(),
});
export type RefillDoc = z.infer<typeof refillDocSchema>;

/** A queued refill's first turn in the sweep: the trigger normally asks the provider before it. */
export const REFILL_SWEEP_AFTER_MS = 60_000;

export const refillsCollection = () => typedCollection('refills', refillDocSchema);

export function refillToWire(id: string, doc: RefillDoc): Refill {
  return {
    _id: id,
    number: Number(id),
    user: doc.user,
    orderId: doc.orderId,
    service: doc.service,
    link: doc.link,
    status: doc.status,
    createdAt: doc.createdAt.toDate().toISOString(),
    ...(doc.decidedAt ? { decidedAt: doc.decidedAt.toDate().toISOString() } : {}),
    ...(doc.reason ? { reason: doc.reason } : {}),
    // Only a refill asked of a provider has an upstream part to show (see RefillDoc.upstream).
    ...(doc.upstream?.state
      ? {
          upstream: {
            state: doc.upstream.state,
            ...(doc.upstream.providerRefillId ? { providerRefillId: doc.upstream.providerRefillId } : {}),
            ...(doc.upstream.status ? { status: doc.upstream.status } : {}),
            ...(doc.upstream.error ? { error: doc.upstream.error } : {}),
          },
        }
      : {}),
  };
}

/** Where a refill stands for its customer (the web app's order row). */
export function customerRefillToWire(id: string, doc: RefillDoc): CustomerRefill {
  let state: CustomerRefill['state'];
  if (doc.status !== 'pending') state = doc.status;
  // Asked of the provider and accepted by it: under way there.
  else state = doc.upstream?.state === 'sent' ? 'in_progress' : 'requested';
  const reason = doc.status === 'rejected' ? doc.reason : undefined;
  return {
    _id: id,
    number: Number(id),
    orderId: doc.orderId,
    state,
    createdAt: doc.createdAt.toDate().toISOString(),
    ...(doc.decidedAt ? { decidedAt: doc.decidedAt.toDate().toISOString() } : {}),
    ...(reason ? { reason } : {}),
  };
}

/**
 * Until when a refill of this order may be asked (milliseconds), or null when it may not: a completed or
 * partial order (not a drip-feed: its runs are the orders delivered) with a refill window, counted from
 * when it ended. The window is the one the order was sold with; an order placed before windows were frozen
 * on it has its service's (`serviceRefillDays`).
 */
export function refillWindowEnd(order: OrderDoc, serviceRefillDays: number | undefined): number | null {
  if (order.dripFeed || (order.status !== 'completed' && order.status !== 'partial')) return null;
  const days = order.refillDays ?? serviceRefillDays ?? 0;
  // Orders from before issue 31 have no endedAt: nothing changes updatedAt once an order is final.
  return days > 0 ? (order.endedAt ?? order.updatedAt).toMillis() + days * DAY_MS : null;
}

/**
 * Creates a refill request for the caller's completed or partial order of a refillable service, within
 * its refill window (refillWindowEnd). While one is pending, asking again answers that one (`created`
 * false): a second tap, a second device or API v2 `refill` of the same order.
 */
export async function requestRefill(uid: string, orderId: string): Promise<{ refillId: string; created: boolean; refill: RefillDoc }> {
  if (!isNumberedId(orderId)) throw fail('order_not_found', MESSAGES.orderNotFound);
  // The shared runner (no money moves): contention answers the same 503 busy as every other write.
  const { value } = await runInTransaction<{ refillId: string; created: boolean; refill: RefillDoc }>(null, async (tx, now) => {
    const orderRef = ordersCollection().doc(orderId);
    const order = (await tx.get(orderRef)).data();
    if (!order || order.userId !== uid) throw fail('order_not_found', MESSAGES.orderNotFound);
    // Its runs were delivered, each an order of its own: a refill is asked of the run that dropped.
    if (order.dripFeed) throw fail('refill_unavailable', DRIP_FEED_MESSAGES.parentRefill);
    const service = (await tx.get(servicesCollection().doc(order.serviceId))).data();
    const pending = order.refillPendingId ? (await tx.get(refillsCollection().doc(order.refillPendingId))).data() : undefined;
    const refillRef = await pickFreeNumberedDoc(tx, refillsCollection());
    const fulfilment = (await tx.get(fulfilmentRef(orderId))).data();

    if (pending?.status === 'pending' && order.refillPendingId) return { refillId: order.refillPendingId, created: false, refill: pending };
    const until = refillWindowEnd(order, service ? refillDaysOf(service) : undefined);
    if (until === null || now.toMillis() > until) throw fail('refill_unavailable', MESSAGES.notEligibleForRefill);

    const refill: RefillDoc = {
      userId: uid,
      user: order.user,
      orderId,
      service: order.service,
      link: order.link,
      status: 'pending',
      createdAt: now,
    };
    // An order at a provider: its refill is asked of the provider too (the trigger, or the sweep).
    if (fulfilment?.state === 'sent' && fulfilment.providerId && fulfilment.providerOrderId) {
      refill.upstream = {
        state: 'queued',
        providerId: fulfilment.providerId,
        providerOrderId: fulfilment.providerOrderId,
        dueAt: Timestamp.fromMillis(now.toMillis() + REFILL_SWEEP_AFTER_MS),
      };
    }
    tx.create(refillRef, refill);
    tx.update(orderRef, { refillPendingId: refillRef.id, lastRefillId: refillRef.id });
    return { refillId: refillRef.id, created: true, refill };
  });
  return value;
}

/** The caller's refill (another user's is answered like a missing one). */
export async function getOwnRefill(uid: string, refillId: string): Promise<RefillDoc | null> {
  if (!isNumberedId(refillId)) return null;
  const doc = (await refillsCollection().doc(refillId).get()).data();
  return doc && doc.userId === uid ? doc : null;
}

/** Admin: completes or rejects a pending refill request; 409 when it was already decided. */
export function decideRefill(admin: Actor, refillId: string, status: Exclude<RefillStatus, 'pending'>, reason?: string): Promise<Refill> {
  return decide(refillId, status, { admin, ...(reason ? { reason } : {}) });
}

/** The provider's refill_status decided it (workers/refill.ts): the same transaction, not audited (no admin acted). */
export function decideRefillByProvider(refillId: string, status: Exclude<RefillStatus, 'pending'>, providerWord: string): Promise<Refill> {
  return decide(refillId, status, { providerWord, ...(status === 'rejected' ? { reason: MESSAGES.refillRejectedByProvider } : {}) });
}

/** The one decision of a refill, whoever makes it: only a pending one, once. */
async function decide(
  refillId: string,
  status: Exclude<RefillStatus, 'pending'>,
  by: { admin?: Actor; providerWord?: string; reason?: string },
): Promise<Refill> {
  if (!isNumberedId(refillId)) throw fail('not_found', MESSAGES.refillNotFound);
  // Only a rejection says why.
  const reason = status === 'rejected' ? by.reason : undefined;
  let push: DocumentReference | null = null;
  const { value } = await runInTransaction<Refill>(null, async (tx, now) => {
    push = null;
    const ref = refillsCollection().doc(refillId);
    const refill = (await tx.get(ref)).data();
    if (!refill) throw fail('not_found', MESSAGES.refillNotFound);
    if (refill.status !== 'pending') throw fail('already_decided', `This refill request was already ${refill.status}`);
    const orderRef = ordersCollection().doc(refill.orderId);
    const notification = notificationId.refill(refillId);
    const [order, notifier] = await Promise.all([
      tx.get(orderRef).then((snap) => snap.data()),
      readNotifier(tx, refill.userId, [notification]),
    ]);
    // A decided refill leaves the refill worker's query: nothing more is asked of the provider.
    tx.update(ref, {
      status,
      decidedAt: now,
      ...(reason ? { reason } : {}),
      ...(refill.upstream?.dueAt ? { 'upstream.dueAt': FieldValue.delete() } : {}),
      ...(by.providerWord !== undefined ? { 'upstream.status': by.providerWord, 'upstream.error': FieldValue.delete() } : {}),
    });
    if (by.admin) {
      recordAudit(tx, by.admin, now, {
        subject: ref,
        action: status === 'completed' ? 'refill_complete' : 'refill_reject',
        before: { status: 'pending' },
        after: { status, orderId: refill.orderId, userId: refill.userId },
        ...(reason ? { reason } : {}),
      });
    }
    if (order?.refillPendingId === refillId) tx.update(orderRef, { refillPendingId: null });
    push = notifier.add(tx, notification, refillNotification({ orderNumber: refill.orderId, status }), now);
    const decided: RefillDoc = {
      ...refill,
      status,
      decidedAt: now,
      ...(reason ? { reason } : {}),
      ...(refill.upstream && by.providerWord !== undefined ? { upstream: { ...refill.upstream, status: by.providerWord } } : {}),
    };
    return refillToWire(refillId, decided);
  });
  // The admin's decision is pushed now; the provider's (the refill worker) with the push worker's.
  if (push && by.admin) await deliverNow([push]);
  return value;
}

/** Admin list: the pending ones are a queue, oldest first; any other selection a history, newest first. */
export async function listRefills(page: { limit: number; cursor?: string | undefined; status?: RefillStatus | undefined }) {
  let query: Query<RefillDoc> = refillsCollection();
  if (page.status) query = query.where('status', '==', page.status);
  const pager = page.status === 'pending' ? pageOldestFirst : pageNewestFirst;
  return pager(query, 'createdAt', page, (d) => refillToWire(d.id, d.data()));
}
