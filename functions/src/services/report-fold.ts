// The reports' rollups (decision record 0011): per Pakistan day, folded by the every-minute worker from
// documents that already exist, never inside a money transaction (so no hot document there).
//
// Four streams, each read in (field, document id) order past its watermark and older than LAG_MS:
// ledger entries by `at` (top-ups, charges, refunds, adjustments, orders charged, per customer),
// orders and fulfilments by `updatedAt` (an order's cost, its cost given back, its status), users by
// `createdAt` (new customers). A page is read outside any transaction; one transaction then checks the
// watermark is still the one the page started from (else another run folded it: stop), reads the day
// documents it touches, writes the increments and moves the watermark: each entry is folded once.
// An order is folded differently: reportOrders/{orderId} keeps what was counted for it, and the fold
// writes the difference between that and what the order and its fulfilment say now (read in the same
// transaction), so seeing an order again counts nothing twice and a status change moves one count.
import { createHash } from 'node:crypto';
import {
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  FieldPath,
  type Query,
  type QueryDocumentSnapshot,
  Timestamp,
  type Transaction,
} from 'firebase-admin/firestore';
import { db } from '../lib/admin';
import { type Paisa, partialRefund } from '../shared/money';
import type { OrderStatus } from '../shared/order-status';
import { type PakistanDay, pakistanDayOf } from '../shared/pakistan-days';
import type { Platform } from '../shared/platforms';
import { type FulfilmentDoc, fulfilmentCollection, fulfilmentRef } from './fulfilment';
import type { LedgerDoc } from './ledger';
import { type OrderDoc, ordersCollection } from './orders';
import { runInTransaction } from './transactions';

/**
 * How far the fold trails the clock: longer than any transaction can take between taking its `now`
 * (the `at` or `updatedAt` it writes) and committing (Firestore ends a transaction after 270 s; the api
 * function's timeout is 180 s). So nothing can commit behind a watermark the fold has passed.
 */
export const LAG_MS = 10 * 60_000;
export const FOLD_PAGE = 200;
/** What one scheduled run may spend folding (the run's lease is 5 minutes, and other steps follow). */
export const FOLD_BUDGET_MS = 60_000;
/** Customer shards per day: a day's per-customer figures split so no document nears the 1 MiB limit. */
export const CUSTOMER_SHARDS = 4;

export const reportDaysCollection = () => db.collection('reportDays');
export const reportDayRef = (day: PakistanDay) => reportDaysCollection().doc(day);
export const customerShardOf = (uid: string) =>
  Number.parseInt(createHash('sha256').update(uid).digest('hex').slice(0, 8), 16) % CUSTOMER_SHARDS;
export const customerShardRef = (day: PakistanDay, shard: number) => reportDayRef(day).collection('customers').doc(String(shard));
export const reportOrderRef = (orderId: string) => db.collection('reportOrders').doc(orderId);
export const foldStateRef = () => db.collection('reportFold').doc('state');

/** A breakdown row's paisa figures and orders charged. */
export interface RowFigures {
  charges: Paisa;
  refunds: Paisa;
  cost: Paisa;
  orders: number;
}

/** reportDays/{day}: paisa and counts of one Pakistan day, written only by the fold. */
export interface ReportDayDoc {
  topUps: Paisa;
  charges: Paisa;
  refunds: Paisa;
  /** Signed: the admin's corrections either way. */
  adjustments: Paisa;
  /** What providers charge for orders placed this day, less what was given back on orders that ended this day. */
  cost: Paisa;
  orders: number;
  newCustomers: number;
  /** The orders charged this day, by their status as last folded. */
  byStatus: Partial<Record<OrderStatus, number>>;
  byPlatform: Record<string, RowFigures>;
  byService: Record<string, RowFigures & { name: string; platform: Platform }>;
  byProvider: Record<string, RowFigures>;
}

/** reportDays/{day}/customers/{shard}: uid → that customer's figures of the day. */
export interface CustomerFigures {
  charges: Paisa;
  refunds: Paisa;
  orders: number;
}

/** The breakdown keys of an order. */
export interface OrderKeys {
  platform: Platform;
  serviceId: string;
  service: string;
  providerId: string;
}

/** reportOrders/{orderId}: what the fold counted for an order, so a later look counts only the change. */
export interface ReportOrderDoc {
  /** Its placement day (that of its debit). */
  day: PakistanDay;
  keys: OrderKeys;
  /** Counted in byStatus (orders charged only: a drip-feed's run is not). */
  status: OrderStatus | null;
  /** Its frozen cost, counted on `day`. */
  cost: Paisa;
  /** Cost given back when it ended cancelled or partial, counted on `backDay`. */
  costBack: Paisa;
  backDay: PakistanDay | null;
}

const STREAMS = {
  ledger: { field: 'at', query: (): Query => db.collectionGroup('ledger') },
  orders: { field: 'updatedAt', query: (): Query => ordersCollection() },
  fulfilments: { field: 'updatedAt', query: (): Query => fulfilmentCollection() },
  users: { field: 'createdAt', query: (): Query => db.collection('users') },
} as const;
export type StreamName = keyof typeof STREAMS;
export const STREAM_NAMES = Object.keys(STREAMS) as StreamName[];

interface Watermark {
  /** The last document folded: its field's value and its path. */
  t?: Timestamp;
  path?: string;
  /** Everything before this instant is folded. */
  through?: Timestamp;
}

export interface FoldStateDoc {
  streams: Partial<Record<StreamName, Watermark>>;
}

/** Every entry and change before this instant is in the rollups: the oldest of the streams' (epoch before any fold). */
export function foldedThrough(state: FoldStateDoc | undefined): number {
  const times = STREAM_NAMES.map((name) => state?.streams[name]?.through?.toMillis() ?? 0);
  return Math.min(...times);
}

export const emptyDay = (): ReportDayDoc => ({
  topUps: 0,
  charges: 0,
  refunds: 0,
  adjustments: 0,
  cost: 0,
  orders: 0,
  newCustomers: 0,
  byStatus: {},
  byPlatform: {},
  byService: {},
  byProvider: {},
});
const emptyRow = (): RowFigures => ({ charges: 0, refunds: 0, cost: 0, orders: 0 });

/** The value under `key`, made and stored first if there is none. */
export function entryOf<V>(map: Map<string, V> | Record<string, V>, key: string, make: () => V): V {
  if (map instanceof Map) {
    if (!map.has(key)) map.set(key, make());
    return map.get(key) as V;
  }
  if (!(key in map)) map[key] = make();
  return map[key] as V;
}

/** The increments one transaction writes: day documents and customer shards, merged into what they hold. */
class Increments {
  readonly days = new Map<PakistanDay, ReportDayDoc>();
  readonly customers = new Map<string, Record<string, CustomerFigures>>();

  day(day: PakistanDay): ReportDayDoc {
    return entryOf(this.days, day, emptyDay);
  }

  /** Adds to the order's rows of the three breakdowns. */
  rows(day: PakistanDay, keys: OrderKeys, add: Partial<RowFigures>) {
    const doc = this.day(day);
    const rows: RowFigures[] = [
      entryOf(doc.byPlatform, keys.platform, emptyRow),
      entryOf(doc.byService, keys.serviceId, () => ({ ...emptyRow(), name: keys.service, platform: keys.platform })),
      entryOf(doc.byProvider, keys.providerId, emptyRow),
    ];
    for (const row of rows) for (const [k, v] of Object.entries(add) as [keyof RowFigures, number][]) row[k] += v;
  }

  customer(day: PakistanDay, uid: string, add: Partial<CustomerFigures>) {
    const key = `${day}/${customerShardOf(uid)}`;
    const shard = entryOf(this.customers, key, () => ({}));
    const figures = entryOf(shard, uid, () => ({ charges: 0, refunds: 0, orders: 0 }));
    for (const [k, v] of Object.entries(add) as [keyof CustomerFigures, number][]) figures[k] += v;
  }

  refs(): DocumentReference[] {
    return [
      ...[...this.days.keys()].map(reportDayRef),
      ...[...this.customers.keys()].map((key) => {
        const [day, shard] = key.split('/') as [string, string];
        return customerShardRef(day, Number(shard));
      }),
    ];
  }

  /** Writes each document as it was (`snaps`, read in the transaction in the order of refs()) plus the increments. */
  write(tx: Transaction, snaps: DocumentSnapshot[]) {
    let i = 0;
    for (const [day, add] of this.days) {
      const doc = { ...emptyDay(), ...((snaps[i++]?.data() as Partial<ReportDayDoc> | undefined) ?? {}) };
      tx.set(reportDayRef(day), mergeDay(doc, add));
    }
    for (const [key, add] of this.customers) {
      const [day, shard] = key.split('/') as [string, string];
      const doc = (snaps[i++]?.data() as Record<string, CustomerFigures> | undefined) ?? {};
      for (const [uid, figures] of Object.entries(add)) {
        const before = doc[uid] ?? { charges: 0, refunds: 0, orders: 0 };
        doc[uid] = {
          charges: before.charges + figures.charges,
          refunds: before.refunds + figures.refunds,
          orders: before.orders + figures.orders,
        };
      }
      tx.set(customerShardRef(day, Number(shard)), doc);
    }
  }
}

function mergeDay(doc: ReportDayDoc, add: ReportDayDoc): ReportDayDoc {
  const sum = (a: RowFigures, b: RowFigures): RowFigures => ({
    charges: a.charges + b.charges,
    refunds: a.refunds + b.refunds,
    cost: a.cost + b.cost,
    orders: a.orders + b.orders,
  });
  const byStatus = { ...doc.byStatus };
  for (const [status, n] of Object.entries(add.byStatus) as [OrderStatus, number][]) byStatus[status] = (byStatus[status] ?? 0) + n;
  const byPlatform = { ...doc.byPlatform };
  for (const [k, row] of Object.entries(add.byPlatform)) byPlatform[k] = sum(byPlatform[k] ?? emptyRow(), row);
  const byService = { ...doc.byService };
  for (const [k, row] of Object.entries(add.byService))
    byService[k] = { ...sum(byService[k] ?? emptyRow(), row), name: row.name, platform: row.platform };
  const byProvider = { ...doc.byProvider };
  for (const [k, row] of Object.entries(add.byProvider)) byProvider[k] = sum(byProvider[k] ?? emptyRow(), row);
  return {
    topUps: doc.topUps + add.topUps,
    charges: doc.charges + add.charges,
    refunds: doc.refunds + add.refunds,
    adjustments: doc.adjustments + add.adjustments,
    cost: doc.cost + add.cost,
    orders: doc.orders + add.orders,
    newCustomers: doc.newCustomers + add.newCustomers,
    byStatus,
    byPlatform,
    byService,
    byProvider,
  };
}

/** The breakdown keys of an order: its fulfilment's provider, else "drip-feed" for a drip-feed, else "manual". */
export function orderKeys(order: OrderDoc, fulfilment: FulfilmentDoc | undefined): OrderKeys {
  return {
    platform: order.platform,
    serviceId: order.serviceId,
    service: order.service,
    providerId: fulfilment?.providerId ?? (order.dripFeed ? 'drip-feed' : 'manual'),
  };
}

/** What an order should count now, given what was counted before (the day its cost was given back stays). */
export function orderCount(order: OrderDoc, fulfilment: FulfilmentDoc | undefined, before: ReportOrderDoc | undefined): ReportOrderDoc {
  const cost = fulfilment?.costPaisa ?? 0;
  let costBack = 0;
  if (cost > 0 && order.status === 'cancelled') costBack = cost;
  else if (cost > 0 && order.status === 'partial' && order.remains !== undefined && order.remains > 0 && order.remains < order.quantity) {
    costBack = partialRefund(cost, order.remains, order.quantity);
  }
  // An order ends once: the day of that change (its updatedAt then) is kept however it is seen later.
  const backDay = costBack > 0 ? (before?.backDay ?? pakistanDayOf(order.updatedAt.toMillis())) : null;
  return {
    day: pakistanDayOf(order.createdAt.toMillis()),
    keys: orderKeys(order, fulfilment),
    status: order.paidByDripFeed ? null : order.status,
    cost,
    costBack,
    backDay,
  };
}

/** Adds (sign 1) or takes away (sign −1) what an order counts. */
function applyOrderCount(inc: Increments, count: ReportOrderDoc, sign: 1 | -1) {
  if (count.status) {
    const doc = inc.day(count.day);
    doc.byStatus[count.status] = (doc.byStatus[count.status] ?? 0) + sign;
  }
  if (count.cost !== 0) {
    inc.day(count.day).cost += sign * count.cost;
    inc.rows(count.day, count.keys, { cost: sign * count.cost });
  }
  if (count.costBack !== 0 && count.backDay) {
    inc.day(count.backDay).cost -= sign * count.costBack;
    inc.rows(count.backDay, count.keys, { cost: -sign * count.costBack });
  }
}

const sameCount = (a: ReportOrderDoc | undefined, b: ReportOrderDoc) =>
  a !== undefined &&
  a.day === b.day &&
  a.status === b.status &&
  a.cost === b.cost &&
  a.costBack === b.costBack &&
  a.backDay === b.backDay &&
  a.keys.platform === b.keys.platform &&
  a.keys.serviceId === b.keys.serviceId &&
  a.keys.service === b.keys.service &&
  a.keys.providerId === b.keys.providerId;

export interface FoldResult {
  ledger: number;
  orders: number;
  fulfilments: number;
  users: number;
  /** Every stream folded up to now − LAG_MS (false: budget spent, or another run was folding). */
  caughtUp: boolean;
}

export interface FoldDeps {
  now: () => number;
}

/**
 * Folds every stream until each is caught up (its documents older than LAG_MS folded) or `budgetMs`
 * is spent; what it folded. Safe to run twice at once: each page commits only on the watermark it read.
 */
export async function foldReports(deps: FoldDeps, budgetMs = FOLD_BUDGET_MS, pageSize = FOLD_PAGE): Promise<FoldResult> {
  const until = Date.now() + budgetMs;
  const result: FoldResult = { ledger: 0, orders: 0, fulfilments: 0, users: 0, caughtUp: true };
  for (const name of STREAM_NAMES) {
    for (;;) {
      const page = await foldPage(name, deps.now() - LAG_MS, pageSize);
      if (page === 'lost') {
        result.caughtUp = false;
        break;
      }
      result[name] += page.folded;
      if (page.done) break;
      if (Date.now() >= until) {
        result.caughtUp = false;
        return result;
      }
    }
  }
  return result;
}

const sameWatermark = (a: Watermark | undefined, b: Watermark | undefined) =>
  (a?.path ?? null) === (b?.path ?? null) &&
  (a?.t?.toMillis() ?? null) === (b?.t?.toMillis() ?? null) &&
  (a?.t?.nanoseconds ?? null) === (b?.t?.nanoseconds ?? null);

/** One page of one stream: read, then folded in one transaction; 'lost' when another run moved the watermark first. */
async function foldPage(name: StreamName, cutoffMs: number, pageSize: number): Promise<{ folded: number; done: boolean } | 'lost'> {
  const stream = STREAMS[name];
  const cutoff = Timestamp.fromMillis(cutoffMs);
  const start = ((await foldStateRef().get()).data() as FoldStateDoc | undefined)?.streams[name];
  let query = stream.query().where(stream.field, '<', cutoff).orderBy(stream.field).orderBy(FieldPath.documentId());
  if (start?.t && start.path) query = query.startAfter(start.t, db.doc(start.path));
  const docs = (await query.limit(pageSize).get()).docs;
  const done = docs.length < pageSize;
  const last = docs.at(-1);
  const next: Watermark = last ? { t: last.get(stream.field) as Timestamp, path: last.ref.path } : { ...start };
  // Everything before the cutoff is folded once a page comes back short; else everything before the last one's time.
  next.through = done ? cutoff : (next.t as Timestamp);
  if (start?.through && start.through.toMillis() > next.through.toMillis()) next.through = start.through;
  if (docs.length === 0 && start?.through && start.through.toMillis() >= cutoff.toMillis()) return { folded: 0, done: true };

  // Outside the transaction: the orders the ledger entries are for (their keys never change but the provider's, on a resend).
  const keysOf = name === 'ledger' ? await ledgerOrderKeys(docs) : new Map<string, OrderKeys>();
  const answer = await runInTransaction<boolean>(null, async (tx) => {
    const stateSnap = await tx.get(foldStateRef());
    const state = (stateSnap.data() as FoldStateDoc | undefined) ?? { streams: {} };
    if (!sameWatermark(state.streams[name], start)) return { status: 200, body: false };
    const inc = new Increments();
    let orderWrites: [string, ReportOrderDoc][] = [];
    if (name === 'orders' || name === 'fulfilments')
      orderWrites = await foldOrders(
        tx,
        inc,
        docs.map((d) => d.id),
      );
    else if (name === 'ledger') for (const d of docs) foldLedgerEntry(inc, d, keysOf);
    else for (const d of docs) inc.day(pakistanDayOf((d.get('createdAt') as Timestamp).toMillis())).newCustomers += 1;
    const refs = inc.refs();
    const snaps = refs.length > 0 ? await tx.getAll(...refs) : [];
    inc.write(tx, snaps);
    for (const [id, count] of orderWrites) tx.set(reportOrderRef(id), count as unknown as DocumentData);
    tx.set(foldStateRef(), { streams: { ...state.streams, [name]: next } });
    return { status: 200, body: true };
  });
  return answer.body ? { folded: docs.length, done } : 'lost';
}

async function ledgerOrderKeys(docs: QueryDocumentSnapshot[]): Promise<Map<string, OrderKeys>> {
  const ids = [...new Set(docs.flatMap((d) => ((d.data() as LedgerDoc).orderId ? [(d.data() as LedgerDoc).orderId as string] : [])))];
  const keys = new Map<string, OrderKeys>();
  if (ids.length === 0) return keys;
  const snaps = await db.getAll(...ids.flatMap((id) => [ordersCollection().doc(id), fulfilmentRef(id)]));
  ids.forEach((id, i) => {
    const order = snaps[2 * i]?.data() as OrderDoc | undefined;
    if (order) keys.set(id, orderKeys(order, snaps[2 * i + 1]?.data() as FulfilmentDoc | undefined));
  });
  return keys;
}

function foldLedgerEntry(inc: Increments, snap: QueryDocumentSnapshot, keysOf: Map<string, OrderKeys>) {
  const entry = snap.data() as LedgerDoc;
  const uid = snap.ref.parent.parent?.id;
  const day = pakistanDayOf(entry.at.toMillis());
  const doc = inc.day(day);
  const keys = entry.orderId ? keysOf.get(entry.orderId) : undefined;
  switch (entry.type) {
    case 'credit':
      doc.topUps += entry.amountPaisa;
      break;
    case 'adjustment':
      doc.adjustments += entry.amountPaisa;
      break;
    case 'debit':
      doc.charges += entry.amountPaisa;
      doc.orders += 1;
      if (keys) inc.rows(day, keys, { charges: entry.amountPaisa, orders: 1 });
      if (uid) inc.customer(day, uid, { charges: entry.amountPaisa, orders: 1 });
      break;
    case 'refund':
      doc.refunds += entry.amountPaisa;
      if (keys) inc.rows(day, keys, { refunds: entry.amountPaisa });
      if (uid) inc.customer(day, uid, { refunds: entry.amountPaisa });
      break;
  }
}

/**
 * Brings each order's counts to what it and its fulfilment say now, all read in the transaction: the
 * increments, and what to write to reportOrders (after the transaction's other reads).
 */
async function foldOrders(tx: Transaction, inc: Increments, orderIds: string[]): Promise<[string, ReportOrderDoc][]> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return [];
  const snaps = await tx.getAll(...ids.flatMap((id) => [ordersCollection().doc(id), fulfilmentRef(id), reportOrderRef(id)]));
  const writes: [string, ReportOrderDoc][] = [];
  ids.forEach((id, i) => {
    const order = snaps[3 * i]?.data() as OrderDoc | undefined;
    if (!order) return;
    const before = snaps[3 * i + 2]?.data() as ReportOrderDoc | undefined;
    const now = orderCount(order, snaps[3 * i + 1]?.data() as FulfilmentDoc | undefined, before);
    if (sameCount(before, now)) return;
    if (before) applyOrderCount(inc, before, -1);
    applyOrderCount(inc, now, 1);
    writes.push([id, now]);
  });
  return writes;
}
