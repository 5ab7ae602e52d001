// The admin's headline figures: what waits (pending top-ups, pending orders) and today's orders and
// revenue, "today" being the Pakistan day. Aggregation queries count and sum in Firestore from the
// indexes, so the figures cost a few reads however many orders there are (no scan of the collection).
import { AggregateField, Timestamp } from 'firebase-admin/firestore';
import { toRupees } from '../../shared/money';
import { pakistanDayEnd, pakistanDayOf, pakistanDayStart } from '../../shared/pakistan-days';
import type { Overview } from '../../shared/schemas/reports';
import { ordersCollection } from '../orders/orders';
import { countWaitingReviews } from '../support/reviews';
import { countWaitingTickets } from '../support/tickets';
import { rechargeRequestsCollection } from '../top-ups/recharge-requests';
import { deviceState, walletDevicesCollection } from '../top-ups/wallet-devices';
import { walletEventsCollection } from '../top-ups/wallet-events';

export async function getOverview(nowMs = Date.now()): Promise<Overview> {
  const day = pakistanDayOf(nowMs);
  const today = ordersCollection()
    .where('createdAt', '>=', Timestamp.fromMillis(pakistanDayStart(day)))
    .where('createdAt', '<', Timestamp.fromMillis(pakistanDayEnd(day)));
  // Two sums, two queries: each is served by its own index (createdAt, field), and an index holding
  // both would leave out the orders that have no refund.
  // A drip-feed's runs are orders too (the admin works them), but their price was charged on the
  // drip-feed: they are left out of the count and the sum (their refunds are real and stay in).
  const runsToday = ordersCollection()
    .where('paidByDripFeed', '==', true)
    .where('createdAt', '>=', Timestamp.fromMillis(pakistanDayStart(day)))
    .where('createdAt', '<', Timestamp.fromMillis(pakistanDayEnd(day)));
  const [pendingTopUps, pendingOrders, placed, refunded, runs, ticketsWaiting, reviewsWaiting, phones, unmatched, held] = await Promise.all(
    [
      rechargeRequestsCollection().where('status', '==', 'pending').count().get(),
      ordersCollection().where('status', '==', 'pending').count().get(),
      today.aggregate({ orders: AggregateField.count(), charged: AggregateField.sum('pricePaisa') }).get(),
      today.aggregate({ refunded: AggregateField.sum('refundPaisa') }).get(),
      runsToday.aggregate({ orders: AggregateField.count(), charged: AggregateField.sum('pricePaisa') }).get(),
      countWaitingTickets(),
      countWaitingReviews(),
      walletDevicesCollection().where('revokedAt', '==', null).get(),
      walletEventsCollection().where('status', '==', 'unmatched').count().get(),
      walletEventsCollection().where('status', '==', 'held').count().get(),
    ],
  );
  const silent = phones.docs
    .map((d) => ({ id: d.id, doc: d.data() }))
    .filter(({ doc }) => deviceState(doc, nowMs) === 'silent')
    .map(({ id, doc }) => ({ _id: id, name: doc.name, wallet: doc.wallet, lastSeenAt: doc.lastSeenAt?.toDate().toISOString() ?? null }));
  const orders = placed.data().orders - runs.data().orders;
  const charged = Number(placed.data().charged) - Number(runs.data().charged);
  return {
    pendingTopUps: pendingTopUps.data().count,
    pendingOrders: pendingOrders.data().count,
    today: {
      day,
      orders,
      // What today's orders charged less what was refunded on them (a cancel or a partial).
      revenue: toRupees(charged - Number(refunded.data().refunded)),
    },
    ticketsWaiting,
    reviewsWaiting,
    walletPhones: { silent, unmatchedPayments: unmatched.data().count, heldPayments: held.data().count },
  };
}
