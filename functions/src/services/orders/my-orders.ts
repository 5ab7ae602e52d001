// The customer's own orders (`/orders`, GET /api/order/my-orders): listed with what they may do with each
// now (cancel, refill, and where a refill stands), and those two actions, through the same rules and
// records as API v2's `cancel` and `refill` (one status change, one refill request per order at a time).
import { type Query, Timestamp } from 'firebase-admin/firestore';
import { db } from '../../lib/admin';
import { fail, invalidInput } from '../../lib/errors';
import { pageNewestFirst } from '../../lib/pagination';
import { getAllOf } from '../../lib/typed-collection';
import { refillDaysOf } from '../../shared/catalogue';
import { MESSAGES } from '../../shared/messages';
import { pakistanDayEnd, pakistanDayStart } from '../../shared/pakistan-days';
import { linkSchema } from '../../shared/schemas/fields';
import type { CustomerRefill, MyOrdersQuery, Order } from '../../shared/schemas/orders';
import { type ServiceDoc, servicesCollection } from '../catalogue/catalogue';
import { type FulfilmentDoc, fulfilmentRef } from './fulfilment';
import { isNumberedId } from './order-numbers';
import { type OrderDoc, orderLinkHash, ordersCollection, orderToWire, type StatusChange, updateOrderStatus } from './orders';
import { customerRefillToWire, type RefillDoc, refillsCollection, refillWindowEnd, requestRefill } from './refills';

interface Listed {
  id: string;
  doc: OrderDoc;
}

/** What the customer's answers add to an order: read for a page of them in three round trips at most. */
interface Context {
  now: number;
  services: Map<string, ServiceDoc>;
  fulfilments: Map<string, FulfilmentDoc>;
  refills: Map<string, RefillDoc>;
}

const refillIdOf = (doc: OrderDoc) => doc.lastRefillId ?? doc.refillPendingId ?? undefined;
/** Only a pending order can be cancelled: its fulfilment says whether its provider must be asked, or may have it. */
const mayCancel = (doc: OrderDoc) => doc.status === 'pending' && !doc.dripFeed;

async function contextOf(orders: readonly Listed[]): Promise<Context> {
  const serviceIds = [...new Set(orders.map((o) => o.doc.serviceId))];
  const pendingIds = orders.filter((o) => mayCancel(o.doc)).map((o) => o.id);
  const refillIds = orders.flatMap((o) => refillIdOf(o.doc) ?? []);
  const [services, fulfilments, refills] = await Promise.all([
    serviceIds.length > 0 ? getAllOf(db, ...serviceIds.map((id) => servicesCollection().doc(id))) : [],
    pendingIds.length > 0 ? getAllOf(db, ...pendingIds.map((id) => fulfilmentRef(id))) : [],
    refillIds.length > 0 ? getAllOf(db, ...refillIds.map((id) => refillsCollection().doc(id))) : [],
  ]);
  const byId = <T>(snaps: readonly { id: string; data(): T | undefined }[]) =>
    new Map(snaps.flatMap((snap) => (snap.data() === undefined ? [] : [[snap.id, snap.data() as T] as const])));
  return { now: Date.now(), services: byId(services), fulfilments: byId(fulfilments), refills: byId(refills) };
}

/** An order as its customer sees it: with the actions open to them now. */
function myOrderToWire({ id, doc }: Listed, context: Context): Order {
  const service = context.services.get(doc.serviceId);
  const fulfilment = context.fulfilments.get(id);
  const refillId = refillIdOf(doc);
  const refill = refillId ? context.refills.get(refillId) : undefined;
  const until = refillWindowEnd(doc, service ? refillDaysOf(service) : undefined);
  const cancelRequested = mayCancel(doc) && fulfilment?.state === 'sent' && fulfilment.cancel?.state === 'requested';
  // An order the provider may have (no answer to its `add`) is the admin's to settle: no Cancel for it.
  const cancelable = mayCancel(doc) && service?.cancel === true && fulfilment?.state !== 'unknown' && !cancelRequested;
  return {
    ...orderToWire(id, doc),
    ...(until !== null && until >= context.now ? { refillUntil: new Date(until).toISOString() } : {}),
    ...(cancelable ? { cancelable: true as const } : {}),
    ...(cancelable && fulfilment?.state === 'sent' ? { cancelNeedsConfirmation: true as const } : {}),
    ...(cancelRequested ? { cancelRequested: true as const } : {}),
    ...(refill && refillId ? { refill: customerRefillToWire(refillId, refill) } : {}),
  };
}

/** The caller's order as stored; another's, or none, is 404 `order_not_found`. */
async function readOwnOrder(uid: string, id: string): Promise<OrderDoc> {
  const doc = isNumberedId(id) ? (await ordersCollection().doc(id).get()).data() : undefined;
  if (!doc || doc.userId !== uid) throw fail('order_not_found', MESSAGES.orderNotFound);
  return doc;
}

/** One order of the caller's, as they see it (404 for another's or a missing one). */
export async function getMyOrder(uid: string, id: string): Promise<Order> {
  const listed = { id, doc: await readOwnOrder(uid, id) };
  return myOrderToWire(listed, await contextOf([listed]));
}

/**
 * The caller's orders, newest first: one tab (a status, or the drip-feeds), a search by order number or
 * link, a range of Pakistan days. Every equality set has its composite index ending in createdAt DESC
 * (firestore.indexes.json): userId × {none, status, isDripFeed} × {none, linkHash}; the range is on createdAt.
 */
export async function listMyOrders(uid: string, filter: MyOrdersQuery) {
  // An order number (digits), or a link, with or without its https:// (as it was pasted when ordering).
  const typed = filter.q || undefined;
  const isLink = typed !== undefined && !/^\d+$/.test(typed);
  // Without a scheme, only what starts with a host (`tiktok.com/…`): a word is no link.
  const q = isLink && !/^https?:\/\//i.test(typed) && /^[^/\s.]+(\.[^/\s.]+)+(\/|$)/.test(typed) ? `https://${typed}` : typed;
  if (isLink && !linkSchema.safeParse(q).success) throw invalidInput(MESSAGES.myOrdersUnsearchable, 'q');
  const from = filter.from ? pakistanDayStart(filter.from) : undefined;
  const to = filter.to ? pakistanDayEnd(filter.to) : undefined;

  let found: { items: Listed[]; nextCursor: string | null };
  if (q !== undefined && !isLink) {
    // An order number: at most one, the filters checked on it.
    const doc = isNumberedId(q) ? (await ordersCollection().doc(q).get()).data() : undefined;
    const at = doc?.createdAt.toMillis() ?? 0;
    const match =
      doc &&
      doc.userId === uid &&
      (!filter.status || doc.status === filter.status) &&
      (!filter.dripFeed || doc.isDripFeed === true) &&
      (from === undefined || at >= from) &&
      (to === undefined || at < to);
    found = { items: match ? [{ id: q, doc }] : [], nextCursor: null };
  } else {
    let query: Query<OrderDoc> = ordersCollection().where('userId', '==', uid);
    if (isLink && q) query = query.where('linkHash', '==', orderLinkHash(q));
    if (filter.status) query = query.where('status', '==', filter.status);
    if (filter.dripFeed) query = query.where('isDripFeed', '==', true);
    if (from !== undefined) query = query.where('createdAt', '>=', Timestamp.fromMillis(from));
    if (to !== undefined) query = query.where('createdAt', '<', Timestamp.fromMillis(to));
    found = await pageNewestFirst(query, 'createdAt', filter, (d) => ({ id: d.id, doc: d.data() }));
  }
  const context = await contextOf(found.items);
  return { items: found.items.map((listed) => myOrderToWire(listed, context)), nextCursor: found.nextCursor };
}

/**
 * The customer cancels their order: a drip-feed stops (its runs not started refunded, whatever the
 * service's cancel flag); any other only while pending, of a service that allows cancel (409
 * `not_cancelable` otherwise), as API v2 `cancel`. A sent order's cancel is handed back to be asked of
 * its provider (StatusChange): the route gives it to the provider port, never this module.
 */
export async function cancelMyOrder(uid: string, id: string): Promise<StatusChange> {
  // Whose order and whether it is a drip-feed never change: read once, outside the transaction (the status
  // change reads it again in its own, and that read decides).
  const order = await readOwnOrder(uid, id);
  return order.dripFeed
    ? updateOrderStatus(id, 'cancelled', undefined, { ownerUid: uid })
    : updateOrderStatus(id, 'cancelled', undefined, { ownerUid: uid, onlyFrom: ['pending'], requireCancelable: true });
}

/** The customer asks for a refill: a new request (`created`), or the one still pending for this order. */
export async function requestMyRefill(uid: string, id: string): Promise<{ created: boolean; refill: CustomerRefill }> {
  const { refillId, created, refill } = await requestRefill(uid, id);
  return { created, refill: customerRefillToWire(refillId, refill) };
}
