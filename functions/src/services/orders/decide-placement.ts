// One order's placement decided: the checks, the price and the documents an accepted order writes,
// against what its transaction read and what the orders decided before it in the same transaction
// changed (the balance, the active links, the order numbers taken). The group commit
// (place-order.ts, docs/decisions/0010) applies it to each order of a batch in turn, and a lone order is a batch of one. A
// drip-feed is its parent order and its run 1, written together (drip-feed.ts startRun).
import type { DocumentReference, DocumentSnapshot, Timestamp, Transaction } from 'firebase-admin/firestore';
import { fail } from '../../lib/errors';
import { refillDaysOf, serviceLabel } from '../../shared/catalogue';
import { dripFeedPrice } from '../../shared/drip-feed';
import { MESSAGES } from '../../shared/messages';
import { orderPrice, type Paisa, toPaisa } from '../../shared/money';
import { PLATFORM_LABELS } from '../../shared/platforms';
import type { PricePlan } from '../../shared/pricing';
import type { Order } from '../../shared/schemas/orders';
import { assertNotBlocked, type Identity, profileFromSnapshot, type UserDoc } from '../accounts/users';
import type { ServiceDoc } from '../catalogue/catalogue';
import { rateFor } from '../catalogue/pricing';
import { ledgerEntryId, type PostEntry } from '../money/ledger';
import type { ProviderDoc, ServiceLinkDoc } from '../providers/provider-store';
import { type DripFeedParent, startRun } from './drip-feed';
import { fulfilmentAtPlacement, fulfilmentRef } from './fulfilment';
import { freeRefs } from './order-numbers';
import {
  type ActiveLinkDoc,
  activeLinkKey,
  activeLinkRef,
  checkOrderAgainstService,
  dripFeedOf,
  type OrderDoc,
  orderComments,
  orderLinkHash,
} from './orders';

/** An order as asked: the link already in its canonical form. */
export interface PlacementBody {
  serviceId: string;
  link: string;
  quantity: number;
  price?: number | undefined;
  comments?: string | undefined;
  /** Drip-feed: `quantity` is each run's. */
  runs?: number | undefined;
  interval?: number | undefined;
}

export interface PlacementRequest {
  identity: Identity;
  body: PlacementBody;
  /** API v2: refuse while the customer has an order for the same service and link pending or processing. */
  refuseActiveLink: boolean;
}

export interface PlaceOrderAnswer {
  message: string;
  order: Order;
  balance: number;
}

/** The catalogue documents a batch read, by service and provider id. */
export interface PlacementReads {
  services: ReadonlyMap<string, ServiceDoc | undefined>;
  providerLinks: ReadonlyMap<string, ServiceLinkDoc | undefined>;
  providers: ReadonlyMap<string, ProviderDoc | undefined>;
  /** The customer's prices (shared/pricing.ts), and the margin floor a discount stops at. */
  plan: PricePlan;
  marginThresholdPercent: number;
}

/** An accepted order: what it writes (its debit apart: the batch posts every debit with one balance write). */
export interface Placement {
  orderRef: DocumentReference;
  /** Writes the order's documents (after every read of the transaction); returns the order as written. */
  write: (tx: Transaction) => OrderDoc;
  debit: PostEntry;
  balanceAfterPaisa: Paisa;
}

/**
 * What one transaction's orders share, as it stands after the orders decided so far: the account's
 * balance and profile, the active-link counts, and the order numbers still free among those read.
 */
export class PlacementState {
  balancePaisa: Paisa;
  private readonly taken = new Set<string>();
  /** The active-link documents changed, with their counts now (one write each at the end). */
  readonly changedLinks = new Map<string, ActiveLinkDoc>();
  /** The identity of the last accepted order: the profile is created or its email brought up to date with it. */
  profileFrom: Identity | undefined;

  constructor(
    readonly userSnap: DocumentSnapshot<UserDoc>,
    private readonly activeLinks: ReadonlyMap<string, ActiveLinkDoc | undefined>,
    private readonly candidates: readonly DocumentSnapshot[],
    now: Timestamp,
    identity: Identity,
  ) {
    this.balancePaisa = profileFromSnapshot(userSnap, identity, now).user.balancePaisa ?? 0;
  }

  activeLink(key: string): ActiveLinkDoc | undefined {
    return this.changedLinks.has(key) ? this.changedLinks.get(key) : this.activeLinks.get(key);
  }

  /** Free order numbers not taken by an earlier order of this transaction; busy when too few are left (nothing written). */
  takeNumbers(count: number): DocumentReference[] {
    const refs = freeRefs(
      this.candidates.filter((snap) => !this.taken.has(snap.id)),
      count,
    );
    for (const ref of refs) this.taken.add(ref.id);
    return refs;
  }
}

/** How many order numbers to read per order of a batch (see order-numbers.ts). */
export const NUMBER_CANDIDATES_PER_ORDER = 4;

/**
 * Decides one order against the state: throws the refusal the customer sees (nothing changes), or
 * returns the accepted order and updates the state as its writes will. The checks and their order are
 * the placement rules: a blocked account, the service, comments, quantity and link, the price the
 * client showed, API v2's active link, the balance.
 */
export function decidePlacement(request: PlacementRequest, reads: PlacementReads, state: PlacementState, now: Timestamp): Placement {
  const { identity, body } = request;
  const { user } = profileFromSnapshot(state.userSnap, identity, now);
  assertNotBlocked(user);
  const service = reads.services.get(body.serviceId);
  if (!service?.active) throw fail('service_not_found', MESSAGES.serviceNotFound, 'serviceId');
  const drip = dripFeedOf(service, body);
  const comments = orderComments(service, body);
  // A drip-feed's quantity is each run's: the service's limits are a run's.
  checkOrderAgainstService(service, { link: body.link, quantity: body.quantity });
  // The customer's rate (their tier's or their own), the one every list shows them: the price frozen on the order.
  const floors = { links: reads.providerLinks, providers: reads.providers, marginThresholdPercent: reads.marginThresholdPercent };
  const ratePaisa = rateFor(body.serviceId, service, reads.plan, floors).ratePaisa;
  const pricePaisa = drip ? dripFeedPrice(ratePaisa, body.quantity, drip.runs) : orderPrice(ratePaisa, body.quantity);
  const listPricePaisa = drip
    ? dripFeedPrice(service.ratePer1000Paisa, body.quantity, drip.runs)
    : orderPrice(service.ratePer1000Paisa, body.quantity);
  // A price that rounds to 0 has nothing to debit (the ledger refuses a 0 entry): a refusal, not a 500.
  // The catalogue and the services sync keep a service's smallest order at a paisa; this holds whatever slips by.
  if (pricePaisa < 1) throw fail('invalid_quantity', MESSAGES.orderFree, 'quantity');
  if (body.price !== undefined && toPaisa(body.price) !== pricePaisa) throw fail('price_changed', MESSAGES.priceChanged, 'price');
  const linkKey = activeLinkKey(identity.uid, body.serviceId, body.link);
  const active = state.activeLink(linkKey);
  if (request.refuseActiveLink && (active?.count ?? 0) > 0) throw fail('active_order_on_link', MESSAGES.activeOrderOnLink, 'link');
  if (state.balancePaisa < pricePaisa) throw fail('insufficient_balance', MESSAGES.insufficientBalance);
  // A drip-feed and its first run, started with it: two numbers.
  const [orderRef, runRef] = state.takeNumbers(drip ? 2 : 1);
  if (!orderRef) throw new Error('No order number picked');

  const order: OrderDoc = {
    userId: identity.uid,
    user: { _id: identity.uid, name: user.name, email: user.email },
    platform: service.platform,
    serviceId: body.serviceId,
    service: serviceLabel(PLATFORM_LABELS[service.platform], service.category, service.name),
    link: body.link,
    linkHash: orderLinkHash(body.link),
    quantity: drip ? body.quantity * drip.runs : body.quantity,
    ...(comments !== null ? { comments } : {}),
    pricePaisa,
    // What the list rate would have charged, where the customer's price differs (the reports' discounts given).
    ...(listPricePaisa !== pricePaisa ? { listPricePaisa } : {}),
    refillDays: refillDaysOf(service),
    // A drip-feed is under way from its placement: its first run starts now.
    status: drip ? 'processing' : 'pending',
    activeLinkKey: linkKey,
    ...(drip
      ? {
          dripFeed: { runs: drip.runs, interval: drip.interval, quantity: body.quantity, runsDone: 0, orders: [] },
          isDripFeed: true as const,
        }
      : {}),
    createdAt: now,
    updatedAt: now,
  };
  const providerLink = reads.providerLinks.get(body.serviceId);
  const provider = providerLink ? reads.providers.get(providerLink.providerId) : undefined;
  const countBefore = active?.count ?? 0;
  state.balancePaisa -= pricePaisa;
  // The order counts in its active link; a drip-feed's run 1 too.
  state.changedLinks.set(linkKey, { uid: identity.uid, serviceId: body.serviceId, link: body.link, count: countBefore + (drip ? 2 : 1) });
  state.profileFrom = identity;
  return {
    orderRef,
    write: (tx) => {
      if (drip && runRef) {
        // The parent (counted in activeLinks like any order) is no work for a provider: no fulfilment.
        // startRun creates it with its run 1 (which has one, and counts too).
        return startRun(tx, {
          parentRef: orderRef,
          parent: order as DripFeedParent,
          parentIsNew: true,
          childRef: runRef,
          link: providerLink,
          provider,
          activeLink: { ref: activeLinkRef(linkKey), count: countBefore + 1 },
          now,
        }).parent;
      }
      tx.create(orderRef, order);
      tx.create(fulfilmentRef(orderRef.id), fulfilmentAtPlacement(providerLink, provider, body.quantity, now));
      return order;
    },
    // The whole drip-feed is paid here, once, by the parent: its runs have no debit of their own.
    debit: { id: ledgerEntryId.orderDebit(orderRef.id), type: 'debit', amountPaisa: pricePaisa, orderId: orderRef.id, at: now },
    balanceAfterPaisa: state.balancePaisa,
  };
}
