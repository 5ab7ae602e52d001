// Back-dated, money-consistent history written straight to Firestore (top-ups, orders in every ending,
// provider orders, adjustments: each with the ledger and audit records the services write, e.g.
// services/money/credits.ts), from a seed so the same seed gives the same store. For the rollups'
// acceptance test (services/reports/daily-rollups.emulator.test.ts) and `npm start`'s demo data.
// Imports the Admin SDK: import it only once the emulators are ensured (scripts/lib/seed.ts).
import { type DocumentReference, Timestamp, type WriteBatch } from 'firebase-admin/firestore';
import { auth, db } from '../../functions/src/lib/admin';
import type { UserDoc } from '../../functions/src/services/accounts/users';
import type { ServiceDoc } from '../../functions/src/services/catalogue/catalogue';
import type { Actor } from '../../functions/src/services/kernel/audit';
import type { RechargeDoc } from '../../functions/src/services/money/credits';
import { type LedgerDoc, ledgerEntryId } from '../../functions/src/services/money/ledger';
import type { FulfilmentDoc } from '../../functions/src/services/orders/fulfilment';
import { activeLinkKey, type OrderDoc, orderLinkHash } from '../../functions/src/services/orders/orders';
import type { ProviderDoc } from '../../functions/src/services/providers/provider-store';
import { type FoldResult, foldReports } from '../../functions/src/services/reports/daily-rollups';
import { refillDaysOf, serviceLabel } from '../../functions/src/shared/catalogue';
import { orderPrice, partialRefund, toRupees } from '../../functions/src/shared/money';
import { PLATFORM_LABELS, type Platform } from '../../functions/src/shared/platforms';
import { seededRandom } from './seeded-random';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const second = (t: number) => Math.floor(t / 1000) * 1000;

export type HistoryStatus = 'pending' | 'processing' | 'completed' | 'partial' | 'cancelled';
const FINAL: readonly HistoryStatus[] = ['completed', 'partial', 'cancelled'];
/** An old order's outcome: mostly delivered. */
const ENDED: readonly HistoryStatus[] = ['completed', 'completed', 'completed', 'partial', 'cancelled'];

export interface HistoryService {
  serviceId: string;
  platform: Platform;
  service: string;
  /** Priced as placement prices it (orderPrice) when given; otherwise a random price. */
  ratePer1000Paisa?: number;
  min?: number;
  max?: number;
  refillDays?: number;
}

export interface HistoryCustomer {
  uid: string;
  name: string;
  email: string;
  /** When the account was made; otherwise a random day of the span's first half. */
  createdAt?: number;
}

export interface HistorySpec {
  seed: number;
  /** The id prefix of recharges and adjustments (`credit-{prefix}-…`). */
  prefix: string;
  /** Accounts are made from `start`; orders, top-ups and adjustments fall before `start + span`. */
  start: number;
  span: number;
  /** How long after its account is made a customer goes on ordering and topping up. */
  activeFor: number;
  customers: readonly HistoryCustomer[];
  services: readonly HistoryService[];
  /** The providers' ids orders go to (and the rate to PKR frozen on their fulfilments). */
  providers: readonly { id: string; rateToPkr: number }[];
  /** Orders per customer, inclusive. */
  orders: readonly [number, number];
  /** Also orders without a fulfilment (placed before forwarding existed). */
  legacyOrders?: boolean;
  /** Orders placed before this instant have ended (none still pending or processing); default: any may be open. */
  openAfter?: number;
  firstOrderNumber: number;
  /** Most an order costs, in paisa (a customer's first top-up pays for all of theirs). */
  maxPricePaisa?: number;
}

export interface HistoryUser {
  uid: string;
  name: string;
  email: string;
  createdAt: number;
  /** Set by writeHistory: the sum of the customer's entries. */
  balance: number;
}

export interface HistoryEntry {
  uid: string;
  id: string;
  type: 'credit' | 'debit' | 'refund' | 'adjustment';
  amount: number;
  at: number;
  orderId?: string;
  rechargeId?: string;
  reason?: string;
}

export interface HistoryOrder {
  id: string;
  uid: string;
  platform: Platform;
  serviceId: string;
  service: string;
  /** A provider's id, `manual` (a manual fulfilment) or null (no fulfilment). */
  provider: string | null;
  cost: number;
  quantity: number;
  price: number;
  /** What the list rate charged, where the customer's own price differs (a tier's discount, issue 34). */
  listPrice?: number;
  createdAt: number;
  status: HistoryStatus;
  remains?: number;
  endAt?: number;
  refund?: number;
  run?: { parentId: string; run: number; runs: number };
  dripFeed?: true;
  refillDays?: number;
  /**
   * Resent (a Resend to another provider, services/orders/fulfilment-actions.ts) at `at`: before that its
   * fulfilment was at `provider` for `cost`; `provider` and `cost` above are the ones after.
   */
  resentFrom?: { provider: string; cost: number; at: number };
}

export type NewOrder = Omit<HistoryOrder, 'id'> & { id?: string };

export interface History {
  users: HistoryUser[];
  entries: HistoryEntry[];
  orders: HistoryOrder[];
  /** Adds an order with its debit (not a drip-feed's run: its drip-feed paid) and its refund, if any. */
  addOrder: (order: NewOrder) => HistoryOrder;
  /** Adds a credit (and the recharge it comes from) to a customer. */
  addCredit: (uid: string, amount: number, at: number) => void;
}

const ADJUSTMENT_REASONS = [
  'Bonus for a bulk order',
  'Goodwill after a slow delivery',
  'Duplicate top-up taken back',
  'Correction of a top-up',
];

export function generateHistory(spec: HistorySpec): History {
  const random = seededRandom(spec.seed);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const end = spec.start + spec.span;
  const maxPrice = spec.maxPricePaisa ?? 20_000;
  /** A random instant from `from`, within `fraction` of the customer's active time and before the end. */
  const within = (from: number, fraction: number) => second(from + random() * Math.max(0, Math.min(spec.activeFor * fraction, end - from)));
  const users: HistoryUser[] = [];
  const entries: HistoryEntry[] = [];
  const orders: HistoryOrder[] = [];
  let nextOrder = spec.firstOrderNumber;
  let nextCredit = 0;

  const addOrder = (o: NewOrder): HistoryOrder => {
    const order: HistoryOrder = { ...o, id: o.id ?? String(nextOrder++) };
    orders.push(order);
    if (!order.run)
      entries.push({
        uid: order.uid,
        id: ledgerEntryId.orderDebit(order.id),
        type: 'debit',
        amount: order.price,
        at: order.createdAt,
        orderId: order.id,
      });
    if (order.refund)
      entries.push({
        uid: order.uid,
        id: ledgerEntryId.orderRefund(order.id),
        type: 'refund',
        amount: order.refund,
        at: order.endAt as number,
        orderId: order.id,
      });
    return order;
  };
  const addCredit = (uid: string, amount: number, at: number) => {
    const rechargeId = `${spec.prefix}-${nextCredit++}`;
    entries.push({ uid, id: ledgerEntryId.credit(rechargeId), type: 'credit', amount, at, rechargeId });
  };
  const adjust = (uid: string, id: string, amount: number, at: number) =>
    entries.push({ uid, id, type: 'adjustment', amount, at, reason: pick(ADJUSTMENT_REASONS) });

  /** A quantity of the service and its price: the service's own rate and limits when it has them. */
  const sized = (s: HistoryService) => {
    if (s.ratePer1000Paisa === undefined) return { quantity: int(2, 50) * 100, price: int(1_000, maxPrice) };
    const min = s.min ?? 100;
    const most = Math.max(min, Math.min(s.max ?? 10_000, Math.floor((maxPrice * 1000) / s.ratePer1000Paisa)));
    // Round quantities, as customers type them, when the range has room.
    const step = most - min >= 1000 ? 100 : most - min >= 100 ? 10 : 1;
    const quantity = Math.min(most, Math.ceil(min / step) * step + step * int(0, Math.floor((most - min) / step)));
    return { quantity, price: Math.max(1, orderPrice(s.ratePer1000Paisa, quantity)) };
  };
  const providerChoices: (string | null)[] = [...spec.providers.map((p) => p.id), 'manual', ...(spec.legacyOrders ? [null] : [])];

  for (const [i, customer] of spec.customers.entries()) {
    const { uid } = customer;
    const createdAt = customer.createdAt ?? second(spec.start + random() * spec.span * 0.5);
    users.push({ uid, name: customer.name, email: customer.email, createdAt, balance: 0 });
    addCredit(uid, int(2_000, 4_000) * 100, createdAt + 60_000);
    for (let k = 0; k < int(0, 2); k++) addCredit(uid, int(10, 500) * 100, within(createdAt, 0.6));
    if (i % 4 === 0) adjust(uid, `adjust-${spec.prefix}-${i}-up`, int(100, 9_000), within(createdAt, 0.5));
    if (i % 5 === 1) adjust(uid, `adjust-${spec.prefix}-${i}-down`, -int(100, 5_000), within(createdAt + DAY, 0.4));
    for (let k = 0, n = int(spec.orders[0], spec.orders[1]); k < n; k++) {
      const s = pick(spec.services);
      const placedAt = within(createdAt + 2 * 60_000, 0.5);
      const { quantity, price } = sized(s);
      const provider = pick(providerChoices);
      const cost = provider !== null && provider !== 'manual' ? int(Math.ceil(price * 0.4), Math.floor(price * 0.8)) : 0;
      const open = spec.openAfter === undefined || placedAt >= spec.openAfter;
      const picked = pick(open ? (['pending', 'processing', 'completed', 'partial', 'cancelled', 'partial', 'cancelled'] as const) : ENDED);
      // A partial leaves some of the quantity undelivered: one of one is completed or not.
      const status = picked === 'partial' && quantity < 2 ? 'completed' : picked;
      const endAt = FINAL.includes(status) ? second(placedAt + random() * 4 * DAY) : undefined;
      const remains = status === 'partial' ? int(1, quantity - 1) : undefined;
      const refund = status === 'cancelled' ? price : status === 'partial' ? partialRefund(price, remains as number, quantity) : undefined;
      addOrder({
        uid,
        platform: s.platform,
        serviceId: s.serviceId,
        service: s.service,
        ...(s.refillDays !== undefined ? { refillDays: s.refillDays } : {}),
        provider,
        cost,
        quantity,
        price,
        createdAt: placedAt,
        status,
        ...(endAt ? { endAt } : {}),
        ...(remains ? { remains } : {}),
        ...(refund ? { refund } : {}),
      });
    }
  }
  return { users, entries, orders, addOrder, addCredit };
}

/**
 * A customer whose entries, in time order, would take the balance below zero tops up first: a credit a
 * minute before, of the shortfall rounded up to Rs 500. Call it once every order is added.
 */
export function keepSolvent(history: History): void {
  const balances = new Map<string, number>();
  for (const entry of [...history.entries].sort((a, b) => a.at - b.at)) {
    const balance = (balances.get(entry.uid) ?? 0) + (entry.type === 'debit' ? -entry.amount : entry.amount);
    if (balance < 0) {
      const topUp = Math.ceil(-balance / 50_000) * 50_000;
      history.addCredit(entry.uid, topUp, entry.at - 60_000);
      balances.set(entry.uid, balance + topUp);
    } else balances.set(entry.uid, balance);
  }
}

const linkOf = (order: HistoryOrder) => {
  const n = order.id.slice(-6);
  if (order.platform === 'tiktok') return `https://www.tiktok.com/@shop${n.slice(0, 3)}/video/7${order.id.padStart(18, '0')}`;
  if (order.platform === 'instagram') return `https://www.instagram.com/p/C${n}x${order.uid.slice(-2)}/`;
  return `https://www.facebook.com/page${n}`;
};

/**
 * Writes the history in batches: profiles (each balance the sum of its entries, written back on
 * `users`), ledger entries with their balance after, recharges with their audit records, adjustments'
 * audit records, orders, fulfilments and the open orders' activeLinks counts. Throws before writing
 * anything if an entry would take a balance below zero.
 */
export async function writeHistory(
  history: History,
  options: {
    actor: Actor;
    providers: readonly { id: string; rateToPkr: number }[];
    /** Resent orders' fulfilments as they were before their Resend (writeResends writes them after). */
    asBeforeResends?: boolean;
  },
) {
  const ts = Timestamp.fromMillis;
  const writes: ((batch: WriteBatch) => void)[] = [];
  const byUser = new Map(history.users.map((u) => [u.uid, u]));
  const userRef = (uid: string) => db.collection('users').doc(uid);
  const lastRecharge = new Map<string, { amountPaisa: number; date: Timestamp }>();
  // Each customer's balance after each entry, in time order.
  for (const entry of [...history.entries].sort((a, b) => a.at - b.at)) {
    const user = byUser.get(entry.uid) as HistoryUser;
    const before = user.balance;
    user.balance += entry.type === 'debit' ? -entry.amount : entry.amount;
    if (user.balance < 0) throw new Error(`The history overdraws ${user.uid}`);
    const ledger: LedgerDoc = {
      type: entry.type,
      amountPaisa: entry.amount,
      balanceAfterPaisa: user.balance,
      at: ts(entry.at),
      ...(entry.orderId ? { orderId: entry.orderId } : {}),
      ...(entry.rechargeId ? { rechargeId: entry.rechargeId } : {}),
      ...(entry.type === 'adjustment' ? { reason: entry.reason ?? 'Correction' } : {}),
    };
    writes.push((b) => b.set(userRef(entry.uid).collection('ledger').doc(entry.id), ledger));
    const audit = (subject: DocumentReference, id: string | null, record: Record<string, unknown>) =>
      writes.push((b) =>
        b.set(id ? db.collection('audit').doc(id) : db.collection('audit').doc(), {
          subject: subject.path,
          by: options.actor.email,
          byUid: options.actor.uid,
          at: ts(entry.at),
          ...record,
        }),
      );
    if (entry.type === 'credit' && entry.rechargeId) {
      const ref = db.collection('recharges').doc(entry.rechargeId);
      const recharge: RechargeDoc = {
        userId: user.uid,
        user: { _id: user.uid, name: user.name, email: user.email },
        amountPaisa: entry.amount,
        date: ts(entry.at),
        method: 'admin',
      };
      writes.push((b) => b.set(ref, recharge));
      lastRecharge.set(user.uid, { amountPaisa: entry.amount, date: ts(entry.at) });
      // As writeCredit's: the once-per-recharge record.
      audit(ref, `recharges-${ref.id}`, {
        action: 'credit',
        before: { balance: toRupees(before) },
        after: { userId: user.uid, email: user.email, amount: toRupees(entry.amount), balance: toRupees(user.balance) },
      });
    }
    if (entry.type === 'adjustment')
      audit(userRef(user.uid), null, {
        action: 'adjust',
        before: { balance: toRupees(before) },
        after: { balance: toRupees(user.balance), amount: toRupees(entry.amount), ledgerEntry: entry.id },
        reason: ledger.reason,
      });
  }
  for (const u of history.users) {
    const profile: UserDoc = {
      name: u.name,
      nameLower: u.name.toLowerCase(),
      email: u.email,
      role: 'user',
      balancePaisa: u.balance,
      lastRecharge: lastRecharge.get(u.uid) ?? null,
      createdAt: ts(u.createdAt),
    };
    writes.push((b) => b.set(userRef(u.uid), profile));
  }
  const rateOf = new Map(options.providers.map((p) => [p.id, p.rateToPkr]));
  const activeLinks = new Map<string, { uid: string; serviceId: string; link: string; count: number }>();
  for (const o of history.orders) {
    const user = byUser.get(o.uid) as HistoryUser;
    const link = linkOf(o);
    const final = FINAL.includes(o.status);
    const key = activeLinkKey(o.uid, o.serviceId, link);
    const order: OrderDoc = {
      userId: o.uid,
      user: { _id: o.uid, name: user.name, email: user.email },
      platform: o.platform,
      serviceId: o.serviceId,
      service: o.service,
      link,
      linkHash: orderLinkHash(link),
      quantity: o.quantity,
      pricePaisa: o.price,
      ...(o.listPrice !== undefined ? { listPricePaisa: o.listPrice } : {}),
      status: o.status,
      activeLinkKey: key,
      ...(o.refillDays !== undefined ? { refillDays: o.refillDays } : {}),
      ...(o.remains !== undefined ? { remains: o.remains } : {}),
      ...(o.refund !== undefined ? { refundPaisa: o.refund } : {}),
      ...(o.dripFeed ? { dripFeed: { runs: 3, interval: 60, quantity: 1000, runsDone: 2, orders: [] } } : {}),
      ...(o.run ? { dripRun: o.run, paidByDripFeed: true as const } : {}),
      // When it started and ended, as orders record them (the services' measured figures read both).
      ...(o.status !== 'pending' && o.status !== 'cancelled'
        ? { startedAt: ts(o.createdAt + Math.round(((o.endAt ?? o.createdAt + 6 * 60_000) - o.createdAt) / 20)) }
        : {}),
      ...(o.endAt !== undefined ? { endedAt: ts(o.endAt) } : {}),
      createdAt: ts(o.createdAt),
      updatedAt: ts(o.endAt ?? o.createdAt),
    };
    writes.push((b) => b.set(db.collection('orders').doc(o.id), order));
    if (!final) {
      const active = activeLinks.get(key) ?? { uid: o.uid, serviceId: o.serviceId, link, count: 0 };
      active.count += 1;
      activeLinks.set(key, active);
    }
    if (o.provider === null) continue;
    const fulfilment = fulfilmentOf(o, rateOf, options.asBeforeResends === true);
    writes.push((b) => b.set(db.collection('orderFulfilment').doc(o.id), fulfilment));
  }
  for (const [key, active] of activeLinks) writes.push((b) => b.set(db.collection('activeLinks').doc(key), active));
  await commitInBatches(writes);
}

/** A fulfilment as the history ends (or, `beforeResend`, as a resent order's was before its Resend, sent then). */
function fulfilmentOf(o: HistoryOrder, rateOf: Map<string, number>, beforeResend: boolean): FulfilmentDoc {
  const ts = Timestamp.fromMillis;
  const final = FINAL.includes(o.status);
  if (o.provider === 'manual') return { state: 'manual', open: !final, createdAt: ts(o.createdAt), updatedAt: ts(o.endAt ?? o.createdAt) };
  const before = beforeResend ? o.resentFrom : undefined;
  const provider = before?.provider ?? (o.provider as string);
  return {
    state: 'sent',
    open: before ? true : !final,
    createdAt: ts(o.createdAt),
    updatedAt: ts(before ? o.createdAt : (o.endAt ?? o.resentFrom?.at ?? o.createdAt)),
    providerId: provider,
    providerServiceId: '1',
    costPaisa: before?.cost ?? o.cost,
    rateToPkr: rateOf.get(provider) ?? 1,
    attempt: before ? 1 : o.resentFrom ? 2 : 1,
    providerOrderId: String(5_000_000 + Number(o.id.slice(-6))),
  };
}

/** The Resends of a history written `asBeforeResends`: each resent order's fulfilment as it ends. */
export async function writeResends(history: History, providers: readonly { id: string; rateToPkr: number }[]) {
  const rateOf = new Map(providers.map((p) => [p.id, p.rateToPkr]));
  await commitInBatches(
    history.orders
      .filter((o) => o.resentFrom && o.provider !== null)
      .map((o) => (b: WriteBatch) => b.set(db.collection('orderFulfilment').doc(o.id), fulfilmentOf(o, rateOf, false))),
  );
}

export async function commitInBatches(writes: ((batch: WriteBatch) => void)[], size = 400): Promise<void> {
  for (let i = 0; i < writes.length; i += size) {
    const batch = db.batch();
    for (const write of writes.slice(i, i + size)) write(batch);
    await batch.commit();
  }
}

/** The demo's customers: their own accounts (the demo customer's login is not among them). */
export const DEMO_HISTORY_CUSTOMERS = [
  'Ayesha Khan',
  'Bilal Ahmed',
  'Fatima Malik',
  'Hamza Qureshi',
  'Zainab Hussain',
  'Usman Tariq',
  'Sana Javed',
  'Ali Raza',
  'Mehwish Iqbal',
  'Imran Sheikh',
  'Hira Siddiqui',
  'Danish Farooq',
].map((name, i) => ({
  uid: `demo-history-${String(i + 1).padStart(2, '0')}`,
  name,
  email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
}));

/** Providers the history's orders went to when the panel has none of its own: retired, so no worker calls them. */
const RETIRED_PROVIDERS = [
  { id: 'demo-history-provider-1', name: 'Karachi Wholesale SMM', currency: 'PKR', rateToPkr: 1 },
  { id: 'demo-history-provider-2', name: 'Global Panel (old)', currency: 'USD', rateToPkr: 280 },
];
export const DEMO_HISTORY_DAYS = 60;

/** Whether the store has never moved money nor been folded: the only store the demo history is written to. */
export async function storeIsEmpty(): Promise<boolean> {
  const [entries, fold] = await Promise.all([db.collectionGroup('ledger').limit(1).get(), db.collection('reportFold').doc('state').get()]);
  return entries.empty && !fold.exists;
}

/**
 * `npm start`'s demo history on an empty store: about 60 days of customers, top-ups and orders on the
 * catalogue's services, going to the panel's providers (two retired ones are added when it has fewer),
 * then folded once, so the reports have figures at once (all of it is older than the fold's lag).
 * The caller checks the store was empty (storeIsEmpty) before it seeded anything.
 */
export async function writeDemoHistory(actor: Actor, now = Date.now()) {
  const services = (await db.collection('services').where('active', '==', true).get()).docs
    .map((d) => ({ id: d.id, doc: d.data() as ServiceDoc }))
    // Neither a drip-feed nor a custom-comments service: the history's orders are plain ones.
    .filter(({ doc }) => !doc.dripfeed && (doc.type ?? 'Default') === 'Default')
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map(
      ({ id, doc }): HistoryService => ({
        serviceId: id,
        platform: doc.platform,
        service: serviceLabel(PLATFORM_LABELS[doc.platform], doc.category, doc.name),
        ratePer1000Paisa: doc.ratePer1000Paisa,
        min: doc.min,
        max: doc.max,
        refillDays: refillDaysOf(doc),
      }),
    );
  if (services.length === 0) throw new Error('The demo history needs the catalogue seeded first');
  const existing = (await db.collection('providers').orderBy('createdAt').limit(2).get()).docs.map((d) => ({
    id: d.id,
    rateToPkr: (d.data() as ProviderDoc).rateToPkr,
  }));
  const added = RETIRED_PROVIDERS.slice(0, 2 - existing.length);
  const providers = [...existing, ...added];

  const start = now - DEMO_HISTORY_DAYS * DAY;
  const customers = DEMO_HISTORY_CUSTOMERS.map((c, i) => ({
    ...c,
    // Accounts made on various days of the first 50; the first two on the first day.
    createdAt: second(start + Math.max(0, i - 1) * 4.5 * DAY + (i * 7 + 9) * HOUR),
  }));
  const history = generateHistory({
    seed: 20_261_124,
    prefix: 'demo',
    start,
    // Ended orders end within 4 days: everything is past by a day at least.
    span: (DEMO_HISTORY_DAYS - 5) * DAY,
    activeFor: DEMO_HISTORY_DAYS * DAY,
    customers,
    services,
    providers,
    orders: [8, 18],
    openAfter: now,
    firstOrderNumber: 100_000_101,
    maxPricePaisa: 150_000,
  });
  // A few still open, placed in the last two days (manual: no provider is asked about them).
  for (let k = 0; k < 6; k++) {
    const customer = history.users[(k * 5) % history.users.length] as HistoryUser;
    const service = services[(k * 7) % services.length] as HistoryService;
    const quantity = Math.max(service.min ?? 100, Math.min(service.max ?? 1000, 1000));
    history.addOrder({
      uid: customer.uid,
      platform: service.platform,
      serviceId: service.serviceId,
      service: service.service,
      ...(service.refillDays !== undefined ? { refillDays: service.refillDays } : {}),
      provider: 'manual',
      cost: 0,
      quantity,
      price: Math.max(1, orderPrice(service.ratePer1000Paisa ?? 0, quantity)),
      createdAt: second(now - (2 + k * 7) * HOUR),
      status: k % 2 === 0 ? 'pending' : 'processing',
    });
  }
  keepSolvent(history);

  const ts = Timestamp.fromMillis;
  await commitInBatches(
    added.map(({ id, ...p }) => (b: WriteBatch) => {
      const doc: ProviderDoc = {
        name: p.name,
        url: `https://${id}.example.com/api/v2`,
        keyHint: '…demo',
        currency: p.currency,
        rateToPkr: p.rateToPkr,
        active: false,
        balance: null,
        balanceCheckedAt: null,
        serviceCount: null,
        lowBalanceBelow: null,
        createdAt: ts(start - DAY),
      };
      b.set(db.collection('providers').doc(id), doc);
    }),
  );
  await writeHistory(history, { actor, providers });
  // Sign-in accounts of their own (no password: nobody signs in as them), so the admin's actions on them work.
  for (const u of history.users) {
    await auth.createUser({ uid: u.uid, email: u.email, displayName: u.name, emailVerified: true }).catch((error: { code?: string }) => {
      if (error.code !== 'auth/uid-already-exists' && error.code !== 'auth/email-already-exists') throw error;
    });
  }
  const fold: FoldResult = { ledger: 0, orders: 0, fulfilments: 0, users: 0, skipped: 0, failed: [], caughtUp: false };
  for (let runs = 0; !fold.caughtUp && runs < 20; runs++) {
    const run = await foldReports({ now: Date.now });
    for (const name of ['ledger', 'orders', 'fulfilments', 'users', 'skipped'] as const) fold[name] += run[name];
    fold.failed = run.failed;
    fold.caughtUp = run.caughtUp;
  }
  return { customers: history.users.length, orders: history.orders.length, entries: history.entries.length, fold };
}
