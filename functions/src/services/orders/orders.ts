// Orders: the documents, the placement rules (placing itself: place-order.ts and decide-placement.ts), the
// lists, and the admin's status changes with exactly-once refunds.
import { type DocumentReference, FieldValue, type Query, Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../lib/admin';
import { fail, invalidInput, isAppError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { pageNewestFirst } from '../../lib/pagination';
import { getAllOf, paisaSchema, timestampSchema, typedCollection } from '../../lib/typed-collection';
import { commentLines, commentsIssue, takesComments } from '../../shared/comments';
import { DRIP_FEED_MESSAGES } from '../../shared/drip-feed';
import type { ErrorCode } from '../../shared/errors';
import type { FulfilmentState } from '../../shared/fulfilment';
import { MESSAGES } from '../../shared/messages';
import { partialRefund, toRupees } from '../../shared/money';
import { orderStatusNotification } from '../../shared/notifications';
import { canTransition, isFinalStatus, ORDER_STATUSES, type OrderStatus } from '../../shared/order-status';
import { type PakistanDay, pakistanDayEnd, pakistanDayStart } from '../../shared/pakistan-days';
import { isPlatformLink, normalizeLink, PLATFORM_LABELS, PLATFORMS, type Platform } from '../../shared/platforms';
import type { AdminOrder } from '../../shared/providers';
import { emailSchema, linkSchema } from '../../shared/schemas/fields';
import type { Order } from '../../shared/schemas/orders';
import { customerFields, userRef } from '../accounts/users';
import { type ServiceDoc, servicesCollection } from '../catalogue/catalogue';
import { type Actor, recordAudit } from '../kernel/audit';
import { runInTransaction, sha256 } from '../kernel/transactions';
import { ledgerEntryId, postEntry } from '../money/ledger';
import type { ProviderCancelRequest, ProviderPort } from '../providers/provider-port';
import { deliverNow, notificationId, readNotifier } from '../support/notifications';
import { CANCEL_ASK_AGAIN_AFTER_MS, cancelRequestedAnswer } from './cancel-at-provider';
import { type DripFeedParent, dripFeedDocSchema, dripFeedToWire, dripRunDocSchema, dripRunToWire, notStarted } from './drip-feed';
import {
  type ClosedWithoutProvider,
  type FulfilmentDoc,
  fulfilmentCollection,
  fulfilmentRef,
  fulfilmentToWire,
  progressFields,
} from './fulfilment';
import { isNumberedId } from './order-numbers';

/** What the provider last reported while delivering (status sync), as its customer may see it (workers/sync.ts). */
const orderProgressSchema = z.object(progressFields);
export type OrderProgress = z.infer<typeof orderProgressSchema>;

export const orderDocSchema = z.object({
  ...customerFields,
  platform: z.enum(PLATFORMS),
  serviceId: z.string(),
  service: z.string(),
  link: z.string(),
  /** sha256 of the canonical link: what the admin's search matches (a link may exceed what Firestore indexes); absent before issue 12. */
  linkHash: z.string().optional(),
  quantity: z.number().int(),
  /** A Custom Comments order's comments, one per line (`quantity` of them); sent to its provider as they are. */
  comments: z.string().optional(),
  pricePaisa: paisaSchema,
  /** What the list rate charged where the customer's own price differs (issue 34: tiers, their percent or fixed rate). */
  listPricePaisa: paisaSchema.optional(),
  status: z.enum(ORDER_STATUSES),
  remains: z.number().int().optional(),
  refundPaisa: paisaSchema.optional(),
  progress: orderProgressSchema.optional(),
  /** The activeLinks document this order counts in while active (absent on older orders: see legacyActiveLinkKey). */
  activeLinkKey: z.string().optional(),
  /** When it first went in progress, and when it became final (absent on orders from before issue 31). */
  startedAt: timestampSchema.optional(),
  endedAt: timestampSchema.optional(),
  /** The service's refill window when the order was placed (absent on older orders: the service's window then). */
  refillDays: z.number().int().optional(),
  /** The refill request still pending for this order (see refills.ts). */
  refillPendingId: z.string().nullable().optional(),
  /** The order's latest refill request, whatever its state (absent before issue 31: then only a pending one is known). */
  lastRefillId: z.string().optional(),
  /** On a drip-feed only: what the customer's Drip-feed tab filters on (an equality an index serves; `npm run migrate:issue-31`). */
  isDripFeed: z.literal(true).optional(),
  /** A drip-feed order (services/orders/drip-feed.ts): `quantity` and `pricePaisa` are its runs' totals; no fulfilment. */
  dripFeed: dripFeedDocSchema.optional(),
  /** A run of a drip-feed order, which paid for it (no debit of its own). */
  dripRun: dripRunDocSchema.optional(),
  /**
   * On a run only: its price was charged on its drip-feed, not on it (no ledger debit of its own). The
   * admin's figures of what orders charged leave runs out by this field (an equality an index serves).
   */
  paidByDripFeed: z.literal(true).optional(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type OrderDoc = z.infer<typeof orderDocSchema>;

export const ordersCollection = () => typedCollection('orders', orderDocSchema);

/** OrderDoc.linkHash of a link as typed or stored: placing, the admin's search and the issue-12 backfill use this one. */
export const orderLinkHash = (link: string) => sha256(normalizeLink(link));

export function orderToWire(id: string, doc: OrderDoc): Order {
  return {
    _id: id,
    number: Number(id),
    user: doc.user,
    platform: doc.platform,
    serviceId: doc.serviceId,
    service: doc.service,
    link: doc.link,
    quantity: doc.quantity,
    price: toRupees(doc.pricePaisa),
    status: doc.status,
    ...(doc.remains !== undefined ? { remains: doc.remains } : {}),
    ...(doc.refundPaisa !== undefined ? { refund: toRupees(doc.refundPaisa) } : {}),
    ...(doc.progress && Object.keys(doc.progress).length > 0 ? { progress: doc.progress } : {}),
    ...(doc.comments !== undefined ? { comments: doc.comments } : {}),
    ...(doc.dripFeed ? { dripFeed: dripFeedToWire(doc.dripFeed) } : {}),
    ...(doc.dripRun ? { dripRun: dripRunToWire(doc.dripRun) } : {}),
    createdAt: doc.createdAt.toDate().toISOString(),
    updatedAt: doc.updatedAt.toDate().toISOString(),
  };
}

/** An order as the admin sees it: with where it stands at its provider (never in a customer's answers). */
export function adminOrderToWire(id: string, doc: OrderDoc, fulfilment: FulfilmentDoc | undefined): AdminOrder {
  return { ...orderToWire(id, doc), fulfilment: fulfilmentToWire(fulfilment) };
}

/** Admin answers for orders read: each with its fulfilment, read in one round trip. */
async function withFulfilment(orders: { id: string; doc: OrderDoc }[]): Promise<AdminOrder[]> {
  if (orders.length === 0) return [];
  const snaps = await getAllOf(db, ...orders.map((o) => fulfilmentRef(o.id)));
  return orders.map((o, i) => adminOrderToWire(o.id, o.doc, snaps[i]?.data()));
}

/**
 * A Custom Comments service's comments as stored (one per line, blank lines dropped), checked, and their
 * count, which must be the quantity asked; null for any other service, which takes none.
 */
export function orderComments(service: ServiceDoc, body: { quantity: number; comments?: string | undefined }): string | null {
  if (!takesComments(service)) {
    if (body.comments !== undefined) throw invalidInput(MESSAGES.commentsNotTaken, 'comments');
    return null;
  }
  const raw = body.comments ?? '';
  const lines = commentLines(raw);
  const issue = commentsIssue(raw, lines);
  if (issue) throw invalidInput(issue, 'comments');
  // The count the customer saw priced: a different one would charge what they did not see.
  if (lines.length !== body.quantity) throw fail('invalid_quantity', MESSAGES.commentsCount, 'quantity');
  return lines.join('\n');
}

/**
 * A drip-feed asked of a service (both runs and interval, or neither: a normal order): refused unless
 * the service offers drip-feed; a Custom Comments order cannot be split into runs.
 */
export function dripFeedOf(service: ServiceDoc, body: { runs?: number | undefined; interval?: number | undefined }) {
  if (body.runs === undefined && body.interval === undefined) return null;
  if (body.runs === undefined || body.interval === undefined) throw invalidInput(DRIP_FEED_MESSAGES.both, 'runs');
  if (service.dripfeed !== true) throw fail('dripfeed_unavailable', DRIP_FEED_MESSAGES.unavailable, 'runs');
  if (takesComments(service)) throw fail('dripfeed_unavailable', DRIP_FEED_MESSAGES.noComments, 'runs');
  return { runs: body.runs, interval: body.interval };
}

/** Checks a request against a service; throws the error the user sees. */
export function checkOrderAgainstService(service: ServiceDoc, body: { link: string; quantity: number }) {
  if (body.quantity < service.min || body.quantity > service.max) {
    throw fail('invalid_quantity', `Quantity must be between ${service.min} and ${service.max}`, 'quantity');
  }
  if (!isPlatformLink(service.platform, body.link)) {
    throw fail('invalid_link', `Enter a valid ${PLATFORM_LABELS[service.platform]} link`, 'link');
  }
}

/**
 * Active orders of one customer per service and canonical link (activeLinks/{key}): a count kept in
 * the same transactions that create an order and move it to a final status. API v2 refuses a
 * customer's new order while their count is not 0; other customers' orders on the link do not count
 * (nor are they revealed). The key is stored on the order, so a status change decrements the count
 * its placement incremented: orders placed before the key included the customer count under the
 * older key, per service and link, until they end.
 */
export const activeLinkDocSchema = z.object({
  /** Absent on the documents of the older key (legacyActiveLinkKey), shared by every customer. */
  uid: z.string().optional(),
  serviceId: z.string(),
  link: z.string(),
  count: z.number().int(),
});
export type ActiveLinkDoc = z.infer<typeof activeLinkDocSchema>;
export const activeLinkKey = (uid: string, serviceId: string, link: string) => sha256(`${uid}\u0000${serviceId}\u0000${link}`);
/** The key of orders placed before the key included the customer, shared by every customer. */
export const legacyActiveLinkKey = (serviceId: string, link: string) => sha256(`${serviceId}\u0000${link}`);
export const activeLinksCollection = () => typedCollection('activeLinks', activeLinkDocSchema);
export const activeLinkRef = (key: string) => activeLinksCollection().doc(key);

export interface StatusChangeOptions {
  /** Only the owner may make this change (a customer's own cancel): others get 404 like a missing order. */
  ownerUid?: string;
  /** The change is refused (409 `not_cancelable`) unless the order is in one of these statuses. */
  onlyFrom?: readonly OrderStatus[];
  /** The change is refused (409 `not_cancelable`) unless the order's service allows customer cancels. */
  requireCancelable?: boolean;
  /** The admin making the change: recorded in the audit trail in the same transaction. */
  admin?: Actor | undefined;
  /**
   * `provider`: the provider's own status (the sync). Only that confirms the cancellation of a sent
   * order (its refund); anyone else's cancel of one is handed on to be asked of the provider (StatusChange).
   */
  source?: 'provider';
  /**
   * The admin closes a sent (or unknown) order without its provider's confirmation (refund-without-provider,
   * for a provider disabled, gone or silent): nothing is asked of the provider, the refund is made here as
   * for any cancel or partial (once, whoever gets there first), audited with the reason and the risk, and the
   * fulfilment records it, so nothing the provider answers later moves the order. Needs `admin`.
   */
  withoutProvider?: { reason: string };
  /**
   * The customer's push is left to the every-minute worker instead of being sent before this returns (the
   * workers' changes, and a bulk change, whose admin would wait on every push).
   */
  pushLater?: true;
}

export interface StatusChangeAnswer {
  message: string;
  order: Order;
  /** A sent order: the cancellation was asked of its provider and nothing changed yet (the refund follows its confirmation). */
  cancelRequested?: true;
}

/**
 * What a status change comes to: its answer, or a sent order's cancel that only its provider can make,
 * which the caller hands to the provider port (`providers.cancel`, with the admin who asked; the port asks
 * and records the answer, cancel-at-provider.ts). services/ never calls a provider itself.
 */
export type StatusChange = StatusChangeAnswer | { askProviderToCancel: ProviderCancelRequest };

/** Moves an order along the status machine; `cancelled` and `partial` refund exactly once. */
export async function updateOrderStatus(
  orderId: string,
  next: OrderStatus,
  remains?: number,
  options: StatusChangeOptions = {},
): Promise<StatusChange> {
  if (!isNumberedId(orderId)) throw fail('order_not_found', MESSAGES.orderNotFound);
  if (next !== 'partial' && remains !== undefined) throw invalidInput('Remains is only for partial orders', 'remains');
  // The push of the attempt that committed (each attempt of the transaction sets it anew).
  let push: DocumentReference | null = null;
  const { value } = await runInTransaction<StatusChange>(null, async (tx, now) => {
    push = null;
    const orderRef = ordersCollection().doc(orderId);
    // The fulfilment is read with the order: a change must not race the worker's send (see below).
    const [snap, fulfilmentSnap] = await getAllOf(tx, orderRef, fulfilmentRef(orderId));
    const order = snap?.data();
    const fulfilment = fulfilmentSnap?.data();
    if (!order || (options.ownerUid !== undefined && order.userId !== options.ownerUid))
      throw fail('order_not_found', MESSAGES.orderNotFound);
    if (options.withoutProvider) assertClosableWithoutProvider(order, fulfilment);
    const refusal = MESSAGES.orderFinal;
    const parent = order.dripFeed ? (order as DripFeedParent) : null;
    if (parent) {
      // A drip-feed only stops (its runs are orders of their own, changed one by one). Its customer may
      // stop it whatever the service's cancel flag: the runs not started are safe to refund.
      if (next !== 'cancelled') throw fail('not_cancelable', DRIP_FEED_MESSAGES.parentStatus, 'status');
    } else {
      if (options.onlyFrom && !options.onlyFrom.includes(order.status)) throw fail('not_cancelable', refusal, 'status');
      if (options.requireCancelable) {
        const service = (await tx.get(servicesCollection().doc(order.serviceId))).data();
        if (!service?.cancel) throw fail('not_cancelable', refusal, 'status');
      }
    }
    if (isFinalStatus(order.status)) throw fail('order_final', MESSAGES.orderFinal, 'status');
    if (!canTransition(order.status, next)) throw fail('order_final', `Cannot change an order from ${order.status} to ${next}`, 'status');
    if (options.source !== 'provider' && fulfilment) {
      // Claimed and `add` under way: a refund now could pay back an order the provider then places.
      if (fulfilment.state === 'sending') throw fail('order_sending', MESSAGES.orderSending, 'status');
      // No answer to its `add`: the provider may have placed it. Only the admin, who checks there, may refund it.
      if (options.ownerUid !== undefined && fulfilment.state === 'unknown') throw fail('not_cancelable', refusal, 'status');
      // At the provider: only it can cancel, and its status confirms it (the sync refunds then, once).
      if (fulfilment.state === 'sent' && next === 'cancelled' && !options.withoutProvider) {
        if (!fulfilment.providerId || !fulfilment.providerOrderId) throw new Error(`Order ${orderId} is sent without a provider order`);
        const wire = orderToWire(orderId, order);
        // Accepted a moment ago: a second click gets the same answer, without asking. Later the provider is
        // asked again (an acceptance it never followed, a provider that stopped answering).
        if (fulfilment.cancel?.state === 'requested' && now.toMillis() - fulfilment.cancel.at.toMillis() < CANCEL_ASK_AGAIN_AFTER_MS)
          return cancelRequestedAnswer(wire);
        const request = {
          orderId,
          userId: order.userId,
          providerId: fulfilment.providerId,
          providerOrderId: fulfilment.providerOrderId,
          order: wire,
        };
        return { askProviderToCancel: request };
      }
    }

    let refundPaisa = 0;
    // What the order becomes: as asked, except a stopped drip-feed (below).
    let status = next;
    let finalRemains = remains;
    if (parent) {
      // Stopped: the runs not started are refunded (the ones started are orders of their own); with a run
      // started it ends partial, the runs not started its remains, whose partial refund is exactly theirs.
      const left = notStarted(parent);
      if (left.runs <= 0) throw new Error(`Drip-feed ${orderId} has every run started and is not final`);
      refundPaisa = left.refundPaisa;
      if (left.runs < parent.dripFeed.runs) {
        status = 'partial';
        finalRemains = left.quantity;
        if (partialRefund(order.pricePaisa, left.quantity, order.quantity) !== refundPaisa)
          throw new Error(`Drip-feed ${orderId}: the runs not started are not its partial refund`);
      } else if (refundPaisa !== order.pricePaisa) throw new Error(`Drip-feed ${orderId}: its runs do not add up to its price`);
    } else if (next === 'cancelled') refundPaisa = order.pricePaisa;
    else if (next === 'partial') {
      if (remains === undefined || remains >= order.quantity) {
        throw invalidInput(`Remains must be between 1 and ${order.quantity - 1}`, 'remains');
      }
      refundPaisa = partialRefund(order.pricePaisa, remains, order.quantity);
    }
    const userSnap = refundPaisa > 0 ? await tx.get(userRef(order.userId)) : null;
    const linkRef = activeLinksCollection().doc(order.activeLinkKey ?? legacyActiveLinkKey(order.serviceId, order.link));
    const active = isFinalStatus(status) ? (await tx.get(linkRef)).data() : undefined;
    // A drip-feed's run is not notified: its drip-feed's stop and completion are.
    const notification = order.dripRun ? null : notificationId.order(orderId, status);
    const notifier = notification ? await readNotifier(tx, order.userId, [notification]) : null;

    const changes = {
      status,
      updatedAt: now,
      // When it started and ended (the refill window counts from the end; a service's measured figures from both).
      ...(status === 'processing' && order.startedAt === undefined ? { startedAt: now } : {}),
      ...(isFinalStatus(status) ? { endedAt: now } : {}),
      ...(status === 'partial' ? { remains: finalRemains } : {}),
      ...(refundPaisa > 0 ? { refundPaisa } : {}),
    };
    const updated: OrderDoc = { ...order, ...changes };
    if (parent) {
      // No run is due any more: out of the drip-feed worker's query.
      const { nextRunAt: _, ...plan } = parent.dripFeed;
      updated.dripFeed = plan;
      tx.update(orderRef, { ...changes, 'dripFeed.nextRunAt': FieldValue.delete() });
    } else tx.update(orderRef, changes);
    // A final order leaves the sweeper's, the sync's and the automatic refund's queries, and the admin's
    // lists by state and the providers' counts (open): nothing is sent, asked or to be done for it any more.
    const closedWithoutProvider = options.withoutProvider ? closedBy(options.admin, options.withoutProvider.reason, now) : undefined;
    if (fulfilment && isFinalStatus(status)) {
      tx.update(fulfilmentRef(orderId), {
        open: false,
        syncDueAt: FieldValue.delete(),
        sweepAt: FieldValue.delete(),
        failedAt: FieldValue.delete(),
        ...(closedWithoutProvider ? { closedWithoutProvider } : {}),
        updatedAt: now,
      });
    }
    if (options.admin && closedWithoutProvider && fulfilment) {
      recordAudit(tx, options.admin, now, {
        subject: orderRef,
        action: 'order_refund_without_provider',
        before: { status: order.status, fulfilment: fulfilment.state, ...(fulfilment.cancel ? { cancel: fulfilment.cancel.state } : {}) },
        after: {
          status,
          ...(status === 'partial' ? { remains: finalRemains } : {}),
          refund: toRupees(refundPaisa),
          ...(fulfilment.providerId !== undefined ? { providerId: fulfilment.providerId } : {}),
          ...(fulfilment.providerOrderId !== undefined ? { providerOrderId: fulfilment.providerOrderId } : {}),
          risk: MESSAGES.refundWithoutProviderRisk,
          userId: order.userId,
        },
        reason: closedWithoutProvider.reason,
      });
    } else if (options.admin) {
      recordAudit(tx, options.admin, now, {
        subject: orderRef,
        action: 'status',
        before: { status: order.status, ...(order.remains !== undefined ? { remains: order.remains } : {}) },
        after: {
          status,
          ...(status === 'partial' ? { remains: finalRemains } : {}),
          ...(refundPaisa > 0 ? { refund: toRupees(refundPaisa) } : {}),
          userId: order.userId,
        },
      });
    }
    if (active) {
      if (active.count > 1) tx.update(linkRef, { count: active.count - 1 });
      else tx.delete(linkRef);
    }
    if (notifier && notification) {
      const what = `${order.quantity} ${order.service}`;
      push = notifier.add(tx, notification, orderStatusNotification({ number: orderId, status, what, refundPaisa }), now);
    }
    if (userSnap) {
      if (!userSnap.exists) throw new Error(`Order ${orderId} has no owner profile`);
      const balancePaisa = userSnap.data()?.balancePaisa ?? 0;
      postEntry(
        tx,
        { uid: order.userId, ref: userSnap.ref, balancePaisa },
        {
          id: ledgerEntryId.orderRefund(orderId),
          type: 'refund',
          amountPaisa: refundPaisa,
          orderId,
          at: now,
        },
      );
    }
    const message = closedWithoutProvider
      ? `Order ${status} and refunded without the provider’s confirmation`
      : `Order status updated to ${status}`;
    return { message, order: orderToWire(orderId, updated) };
  });
  if (push && !options.pushLater) await deliverNow([push]);
  return value;
}

/** A change that cannot need the provider (its own status, a refund without it): its answer. */
function settledHere(change: StatusChange): StatusChangeAnswer {
  if ('askProviderToCancel' in change) throw new Error(`Order ${change.askProviderToCancel.orderId}: a cancel to ask of its provider`);
  return change;
}

/**
 * Which orders the admin may close without their provider: one at a provider (sent, or unknown: `add` got
 * no answer), not final. A sending order waits for its answer; any other is changed as usual (a manual
 * order by hand; a queued or failed one, never placed, is cancelled with its refund at once).
 */
function assertClosableWithoutProvider(order: OrderDoc, fulfilment: FulfilmentDoc | undefined): void {
  if (isFinalStatus(order.status)) throw fail('order_final', MESSAGES.orderFinal, 'status');
  if (fulfilment?.state === 'sending') throw fail('order_sending', MESSAGES.orderSending, 'status');
  if (order.dripFeed || (fulfilment?.state !== 'sent' && fulfilment?.state !== 'unknown'))
    throw fail('not_at_provider', MESSAGES.refundWithoutProviderOnly, 'status');
}

function closedBy(admin: Actor | undefined, reason: string, now: Timestamp): ClosedWithoutProvider {
  if (!admin) throw new Error('A refund without the provider is an admin’s decision');
  return { at: now, by: admin.email, byUid: admin.uid, reason };
}

/**
 * The admin closes a sent (or unknown) order without its provider's confirmation: cancelled with a full
 * refund, or partial with the remains' share when `remains` is given. The status change's own transaction
 * and refund (once, whoever gets there first: the sync's Canceled, a cancel, a second click).
 */
export async function refundWithoutProvider(
  admin: Actor,
  orderId: string,
  body: { reason: string; remains?: number | undefined },
): Promise<{ message: string; order: Order }> {
  const next = body.remains === undefined ? 'cancelled' : 'partial';
  const { message, order } = settledHere(
    await updateOrderStatus(orderId, next, body.remains, { admin, withoutProvider: { reason: body.reason } }),
  );
  return { message, order };
}

/** One account's orders, newest first, as they are (the admin's account page, a ticket's recent orders). */
export async function listUserOrders(uid: string, page: { limit: number; cursor?: string | undefined }) {
  return pageNewestFirst(ordersCollection().where('userId', '==', uid), 'createdAt', page, (d) => orderToWire(d.id, d.data()));
}

/** The orders with these numbers that belong to `uid`, by number (others' and missing ones are absent). */
export async function getOwnOrders(uid: string, ids: readonly number[]): Promise<Map<number, OrderDoc>> {
  const refs = ids.map((id) => ordersCollection().doc(String(id)));
  const snaps = refs.length > 0 ? await getAllOf(db, ...refs) : [];
  const found = new Map<number, OrderDoc>();
  for (const snap of snaps) {
    const order = snap.data();
    if (order && order.userId === uid) found.set(Number(snap.id), order);
  }
  return found;
}

/** A search the admin list can answer: an order number (digits), an email or an http(s) link we accept. */
function searchable(q: string, kind: { isLink: boolean; isEmail: boolean }): boolean {
  if (kind.isLink) return linkSchema.safeParse(q).success;
  if (kind.isEmail) return emailSchema.safeParse(q).success;
  return /^\d+$/.test(q);
}

export interface AdminOrdersFilter {
  limit: number;
  cursor?: string | undefined;
  status?: OrderStatus | undefined;
  q?: string | undefined;
  platform?: Platform | undefined;
  serviceId?: string | undefined;
  /** Pakistan days, both included. */
  from?: PakistanDay | undefined;
  to?: PakistanDay | undefined;
  /** Orders placed before forwarding have no fulfilment and are not listed under `manual`. */
  fulfilment?: FulfilmentState | undefined;
}

/**
 * Admin list, newest first. `q` is an order id, an email (contains "@") or a link (starts with
 * http); combined with optional status, platform or service, and date-range filters.
 *
 * Indexes (firestore.indexes.json): the date range is a range on `createdAt`, the field the list is
 * ordered by, so it needs no index of its own. Each set of equality filters needs its own composite
 * index ending in createdAt DESC: {status} × {none, platform, serviceId} × {none, email}, and a link
 * with or without status. A service belongs to one platform, so `serviceId` replaces `platform` in the
 * query (a service of another platform answers no orders). A link names a handful of orders, so a
 * search by link refuses a platform or service filter rather than costing four more indexes that
 * every order write would update.
 */
export async function listAllOrders(page: AdminOrdersFilter) {
  const q = page.q?.trim() || undefined;
  const isLink = q !== undefined && /^https?:\/\//i.test(q);
  const isEmail = q !== undefined && !isLink && q.includes('@');
  if (q !== undefined && !searchable(q, { isLink, isEmail })) throw invalidInput(MESSAGES.unsearchable, 'q');
  if (isLink && (page.platform || page.serviceId)) throw invalidInput(MESSAGES.linkSearchAlone, 'q');
  // The fulfilment lists (Failed, Unknown…) take a date range or an order number, nothing else: one index.
  if (page.fulfilment && ((q && (isLink || isEmail)) || page.status || page.platform || page.serviceId)) {
    throw invalidInput(MESSAGES.fulfilmentFilterAlone, 'fulfilment');
  }

  const from = page.from ? Timestamp.fromMillis(pakistanDayStart(page.from)) : undefined;
  const to = page.to ? Timestamp.fromMillis(pakistanDayEnd(page.to)) : undefined;
  const inRange = (doc: OrderDoc) =>
    (!from || doc.createdAt.toMillis() >= from.toMillis()) && (!to || doc.createdAt.toMillis() < to.toMillis());

  let platform = page.platform;
  if (page.serviceId) {
    if (platform) {
      const service = (await servicesCollection().doc(page.serviceId).get()).data();
      if (service && service.platform !== platform) return { items: [], nextCursor: null };
    }
    platform = undefined;
  }
  if (q && !isLink && !isEmail) {
    // An order number: at most one result.
    if (!isNumberedId(q)) return { items: [], nextCursor: null };
    const [snap, fulfilmentSnap] = await getAllOf(db, ordersCollection().doc(q), fulfilmentRef(q));
    const doc = snap?.data();
    const fulfilment = fulfilmentSnap?.data();
    const match =
      doc &&
      (!page.status || doc.status === page.status) &&
      (!platform || doc.platform === platform) &&
      (!page.serviceId || doc.serviceId === page.serviceId) &&
      (!page.fulfilment || (fulfilment?.state ?? 'manual') === page.fulfilment) &&
      inRange(doc);
    return { items: match ? [adminOrderToWire(q, doc, fulfilment)] : [], nextCursor: null };
  }
  if (page.fulfilment) {
    // The fulfilment documents carry the order's createdAt: the same newest-first list, then the orders.
    // Open orders only: a list by state is the admin's work (a failed order already cancelled is done).
    let byState: Query<FulfilmentDoc> = fulfilmentCollection().where('state', '==', page.fulfilment).where('open', '==', true);
    if (from) byState = byState.where('createdAt', '>=', from);
    if (to) byState = byState.where('createdAt', '<', to);
    const found = await pageNewestFirst(byState, 'createdAt', page, (d) => ({ id: d.id, fulfilment: d.data() }));
    const orderSnaps = found.items.length > 0 ? await getAllOf(db, ...found.items.map((f) => ordersCollection().doc(f.id))) : [];
    const items = found.items.flatMap((f, i) => {
      const doc = orderSnaps[i]?.data();
      return doc ? [adminOrderToWire(f.id, doc, f.fulfilment)] : [];
    });
    return { items, nextCursor: found.nextCursor };
  }
  let query: Query<OrderDoc> = ordersCollection();
  if (isEmail) query = query.where('user.email', '==', q.toLowerCase());
  if (isLink) query = query.where('linkHash', '==', orderLinkHash(q));
  if (page.serviceId) query = query.where('serviceId', '==', page.serviceId);
  if (platform) query = query.where('platform', '==', platform);
  if (page.status) query = query.where('status', '==', page.status);
  if (from) query = query.where('createdAt', '>=', from);
  if (to) query = query.where('createdAt', '<', to);
  const found = await pageNewestFirst(query, 'createdAt', page, (d) => ({ id: d.id, doc: d.data() }));
  return { items: await withFulfilment(found.items), nextCursor: found.nextCursor };
}

export type BulkStatusResult =
  | { id: string; ok: true; order: Order; cancelRequested?: true }
  | { id: string; ok: false; code: ErrorCode; message: string; field?: string };

/**
 * How many customers' changes of a bulk change run at once. One customer's run one after another: each
 * refund writes their balance, so together they would only contend (and retry, or answer busy).
 */
const BULK_CONCURRENCY = 4;

/**
 * The admin's bulk status change: each distinct order through the same transaction as a single change
 * (so a refund happens exactly once per order, whatever the list repeats), one result per order in the
 * order given. A refusal of one order (final, unknown, busy) does not stop the others. `partial` is for
 * one order: a `remains` is a count of that order's quantity, meaningless for another. A sent order's cancel
 * is handed to the provider port in its turn (its customer's changes stay one after another).
 */
export async function updateOrderStatuses(
  ids: readonly string[],
  next: OrderStatus,
  remains: number | undefined,
  options: StatusChangeOptions,
  providers: Pick<ProviderPort, 'cancel'>,
): Promise<BulkStatusResult[]> {
  if (next !== 'partial' && remains !== undefined) throw invalidInput('Remains is only for partial orders', 'remains');
  const distinct = [...new Set(ids)];
  if (next === 'partial' && distinct.length > 1) throw invalidInput(MESSAGES.partialOneOrder, 'status');
  const results = new Array<BulkStatusResult>(distinct.length);
  const change = async (i: number) => {
    const id = distinct[i] as string;
    try {
      const changed = await updateOrderStatus(id, next, remains, { ...options, pushLater: true });
      const { order, cancelRequested } =
        'askProviderToCancel' in changed ? await providers.cancel(changed.askProviderToCancel, options.admin) : changed;
      results[i] = { id, ok: true, order, ...(cancelRequested ? { cancelRequested } : {}) };
    } catch (error) {
      if (!isAppError(error)) {
        logger.error('Bulk status change failed', { orderId: id, error: String(error) });
        results[i] = { id, ok: false, code: 'internal', message: MESSAGES.internal };
      } else {
        results[i] = { id, ok: false, code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) };
      }
    }
  };
  const queues = await queuesByOwner(distinct);
  let nextQueue = 0;
  const worker = async () => {
    for (let q = nextQueue++; q < queues.length; q = nextQueue++) {
      for (const i of queues[q] as number[]) await change(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, queues.length) }, worker));
  return results;
}

/**
 * The positions of `ids` grouped by each order's customer (read in one round trip, outside any
 * transaction: an order never changes hands), in the order given; an id naming no order is a group of
 * its own (its change only answers not found).
 */
async function queuesByOwner(ids: readonly string[]): Promise<number[][]> {
  const numbered = ids.flatMap((id, i) => (isNumberedId(id) ? [i] : []));
  const snaps = numbered.length > 0 ? await getAllOf(db, ...numbered.map((i) => ordersCollection().doc(ids[i] as string))) : [];
  const owners = new Map(numbered.map((i, k) => [i, snaps[k]?.data()?.userId]));
  const byOwner = new Map<string, number[]>();
  const queues: number[][] = [];
  for (let i = 0; i < ids.length; i++) {
    const owner = owners.get(i);
    const queue = owner === undefined ? undefined : byOwner.get(owner);
    if (queue) {
      queue.push(i);
      continue;
    }
    const fresh = [i];
    queues.push(fresh);
    if (owner !== undefined) byOwner.set(owner, fresh);
  }
  return queues;
}
