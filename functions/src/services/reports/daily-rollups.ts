// The reports' daily rollups (docs/decisions/0011-reports-from-rollups.md): per Pakistan day, folded by the every-minute
// worker from documents that already exist, never inside a money transaction (so no hot document there). Four streams
// (ledger entries, orders, fulfilments, users), each folded once past its watermark and on its own (a failing stream
// stops alone, a malformed document is skipped and counted); an order is reconciled with reportOrders/{orderId}, which
// keeps what was counted for it, so a second look counts nothing twice and a Resend moves its figures to its new provider.
import { createHash } from 'node:crypto';
import {
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  FieldPath,
  FieldValue,
  type Query,
  type QueryDocumentSnapshot,
  Timestamp,
  type Transaction,
} from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../lib/admin';
import { logger } from '../../lib/logger';
import { getAllOf, paisaSchema, timestampSchema, typedCollection, typedDoc } from '../../lib/typed-collection';
import { partialRefund } from '../../shared/money';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/order-status';
import { type PakistanDay, pakistanDayOf } from '../../shared/pakistan-days';
import { PLATFORMS } from '../../shared/platforms';
import { runInTransaction } from '../kernel/transactions';
import type { LedgerDoc } from '../money/ledger';
import { type FulfilmentDoc, fulfilmentCollection } from '../orders/fulfilment';
import { type OrderDoc, ordersCollection } from '../orders/orders';

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
/**
 * The one field of a customer shard holding its uid → figures map: exempt from indexing
 * (firestore.indexes.json), so a shard costs no index entry per customer and holds ≈ 13,000 of them.
 */
export const CUSTOMER_SHARD_FIELD = 'byUid';

/** A breakdown row's paisa figures and orders charged. */
const rowFiguresSchema = z.object({ charges: paisaSchema, refunds: paisaSchema, cost: paisaSchema, orders: z.number().int() });
export type RowFigures = z.infer<typeof rowFiguresSchema>;

/** reportDays/{day}: paisa and counts of one Pakistan day, written only by the fold. */
const reportDayDocSchema = z.object({
  topUps: paisaSchema,
  charges: paisaSchema,
  refunds: paisaSchema,
  /** Signed: the admin's corrections either way. */
  adjustments: paisaSchema,
  /** What providers charge for orders placed this day, less what was given back on orders that ended this day. */
  cost: paisaSchema,
  /**
   * What list prices would have charged more for the orders placed this day (issue 34: tiers and customers' own rates;
   * signed, as a fixed rate may be above the list one). Absent on days folded before it was kept.
   */
  discounts: paisaSchema.optional(),
  /** Referral earnings customers moved to their balances this day (issue 34); absent on days folded before. */
  referralPayouts: paisaSchema.optional(),
  orders: z.number().int(),
  newCustomers: z.number().int(),
  /** The orders charged this day, by their status as last folded. */
  byStatus: z.partialRecord(z.enum(ORDER_STATUSES), z.number().int()),
  byPlatform: z.record(z.string(), rowFiguresSchema),
  byService: z.record(z.string(), rowFiguresSchema.extend({ name: z.string(), platform: z.enum(PLATFORMS) })),
  byProvider: z.record(z.string(), rowFiguresSchema),
});
export type ReportDayDoc = z.infer<typeof reportDayDocSchema>;

/** A customer's figures of a day, in reportDays/{day}/customers/{shard}, field CUSTOMER_SHARD_FIELD, key uid. */
const customerFiguresSchema = z.object({ charges: paisaSchema, refunds: paisaSchema, orders: z.number().int() });
export type CustomerFigures = z.infer<typeof customerFiguresSchema>;
const customerShardDocSchema = z.object({ [CUSTOMER_SHARD_FIELD]: z.record(z.string(), customerFiguresSchema).optional() });
export type CustomerShardDoc = z.infer<typeof customerShardDocSchema>;

/** The breakdown keys of an order. */
const orderKeysSchema = z.object({ platform: z.enum(PLATFORMS), serviceId: z.string(), service: z.string(), providerId: z.string() });
export type OrderKeys = z.infer<typeof orderKeysSchema>;

/** A ledger entry of the order as counted in its breakdown rows (under the record's keys). */
const ledgerCountedSchema = z.object({ day: z.string(), amount: paisaSchema });
export type LedgerCounted = z.infer<typeof ledgerCountedSchema>;

/** reportOrders/{orderId}: what the fold counted for an order, so a later look counts only the change. */
const reportOrderDocSchema = z.object({
  /** Its placement day (that of its debit). */
  day: z.string(),
  /** The rows everything below is counted under: its charge, refund and cost move together when they change. */
  keys: orderKeysSchema,
  /**
   * Its debit (charges and the order counted) and its refund as the ledger stream counted them in the
   * rows (a drip-feed's run has no record of its ledger: its refund counts under the drip-feed's keys,
   * which never change). Absent or null: not counted there yet.
   */
  charge: ledgerCountedSchema.nullable().optional(),
  refund: ledgerCountedSchema.nullable().optional(),
  /** Counted in byStatus (orders charged only: a drip-feed's run is not). */
  status: z.enum(ORDER_STATUSES).nullable(),
  /** Its frozen cost, counted on `day`. */
  cost: paisaSchema,
  /** Its list price less its price (listPricePaisa), counted on `day`; absent: none. */
  discount: paisaSchema.optional(),
  /** The discount's share of what was given back (cancelled: all, partial: the remains'), counted on `backDay`. */
  discountBack: paisaSchema.optional(),
  /** Cost given back when it ended cancelled or partial, counted on `backDay`. */
  costBack: paisaSchema,
  backDay: z.string().nullable(),
  /**
   * The versions (`updatedAt`) of the order and its fulfilment these counts come from. The fold reads
   * them outside its transaction (no lock on a document a money transaction writes): a read older than
   * these is stale, and that order is read again inside the transaction.
   */
  seen: z.object({ order: timestampSchema, fulfilment: timestampSchema.nullable() }),
});
export type ReportOrderDoc = z.infer<typeof reportOrderDocSchema>;

/**
 * The fold reads its sources as they are stored, unchecked: it passes over a malformed document itself (the
 * shapes below, logged and counted), where a typed read would throw on the emulators.
 */
const rawOrderRef = (id: string) => ordersCollection().withConverter<DocumentData>(null).doc(id);
const rawFulfilmentRef = (id: string) => fulfilmentCollection().withConverter<DocumentData>(null).doc(id);

const STREAMS = {
  ledger: { field: 'at', query: (): Query => db.collectionGroup('ledger') },
  orders: { field: 'updatedAt', query: (): Query => ordersCollection().withConverter<DocumentData>(null) },
  fulfilments: { field: 'updatedAt', query: (): Query => fulfilmentCollection().withConverter<DocumentData>(null) },
  users: { field: 'createdAt', query: (): Query => db.collection('users') },
} as const;
export type StreamName = keyof typeof STREAMS;
export const STREAM_NAMES = Object.keys(STREAMS) as StreamName[];

const watermarkSchema = z.object({
  /** The last document folded: its field's value and its path. */
  t: timestampSchema.optional(),
  path: z.string().optional(),
  /** Everything before this instant is folded. */
  through: timestampSchema.optional(),
  /** Malformed documents passed over (logged as errors), and the last one's path. */
  skipped: z.number().int().optional(),
  lastSkipped: z.string().optional(),
});
type Watermark = z.infer<typeof watermarkSchema>;

const foldStateDocSchema = z.object({ streams: z.partialRecord(z.enum(['ledger', 'orders', 'fulfilments', 'users']), watermarkSchema) });
export type FoldStateDoc = z.infer<typeof foldStateDocSchema>;

export const reportDaysCollection = () => typedCollection('reportDays', reportDayDocSchema);
export const reportDayRef = (day: PakistanDay) => reportDaysCollection().doc(day);
export const customerShardOf = (uid: string) =>
  Number.parseInt(createHash('sha256').update(uid).digest('hex').slice(0, 8), 16) % CUSTOMER_SHARDS;
export const customerShardRef = (day: PakistanDay, shard: number) =>
  typedCollection(reportDayRef(day).collection('customers'), customerShardDocSchema).doc(String(shard));
export const reportOrderRef = (orderId: string) => typedCollection('reportOrders', reportOrderDocSchema).doc(orderId);
export const foldStateRef = () => typedDoc('reportFold/state', foldStateDocSchema);

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
  discounts: 0,
  referralPayouts: 0,
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

  /** The day documents to read in the transaction (the shards are only incremented: no read). */
  refs(): DocumentReference<ReportDayDoc>[] {
    return [...this.days.keys()].map(reportDayRef);
  }

  /** Writes each day document as it was (`snaps`, in the order of refs()) plus the increments; increments each shard's customers. */
  write(tx: Transaction, snaps: DocumentSnapshot<ReportDayDoc>[]) {
    let i = 0;
    for (const [day, add] of this.days) {
      const doc = { ...emptyDay(), ...(snaps[i++]?.data() ?? {}) };
      tx.set(reportDayRef(day), mergeDay(doc, add));
    }
    for (const [key, add] of this.customers) {
      const [day, shard] = key.split('/') as [string, string];
      // A merge of increments: only this page's customers are sent, the rest of the shard is untouched.
      const byUid = Object.fromEntries(
        Object.entries(add).map(([uid, f]) => [
          uid,
          { charges: FieldValue.increment(f.charges), refunds: FieldValue.increment(f.refunds), orders: FieldValue.increment(f.orders) },
        ]),
      );
      tx.set(customerShardRef(day, Number(shard)), { [CUSTOMER_SHARD_FIELD]: byUid }, { merge: true });
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
    discounts: (doc.discounts ?? 0) + (add.discounts ?? 0),
    referralPayouts: (doc.referralPayouts ?? 0) + (add.referralPayouts ?? 0),
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

/** The keys a drip-feed's run's ledger entries (its refund) count under: its drip-feed's, as its charge (the run copies the parent's service). */
const dripFeedKeys = (run: OrderDoc): OrderKeys => ({
  platform: run.platform,
  serviceId: run.serviceId,
  service: run.service,
  providerId: 'drip-feed',
});
const isRun = (order: OrderDoc) => order.paidByDripFeed === true || order.dripRun !== undefined;

/**
 * The share of `amount` an order gave back when it ended: all of it cancelled, its remains' share (half up) partial,
 * else none. Signed amounts keep their sign.
 */
function givenBack(amount: number, order: OrderDoc): number {
  if (amount === 0) return 0;
  if (order.status === 'cancelled') return amount;
  const { remains, quantity } = order;
  if (order.status !== 'partial' || remains === undefined || remains <= 0 || remains >= quantity) return 0;
  return Math.sign(amount) * partialRefund(Math.abs(amount), remains, quantity);
}

/** What an order should count now, given what was counted before (the day its cost was given back, and what the ledger counted, stay). */
export function orderCount(order: OrderDoc, fulfilment: FulfilmentDoc | undefined, before: ReportOrderDoc | undefined): ReportOrderDoc {
  const cost = fulfilment?.costPaisa ?? 0;
  const costBack = cost > 0 ? givenBack(cost, order) : 0;
  // The discount of what was refunded was never given: it goes back with the money, as the cost does.
  const discount = order.listPricePaisa !== undefined ? order.listPricePaisa - order.pricePaisa : 0;
  const discountBack = givenBack(discount, order);
  // An order ends once: the day of that change (its updatedAt then) is kept however it is seen later.
  const backDay = costBack > 0 || discountBack !== 0 ? (before?.backDay ?? pakistanDayOf(order.updatedAt.toMillis())) : null;
  return {
    day: pakistanDayOf(order.createdAt.toMillis()),
    keys: orderKeys(order, fulfilment),
    charge: before?.charge ?? null,
    refund: before?.refund ?? null,
    status: order.paidByDripFeed ? null : order.status,
    cost,
    ...(discount !== 0 ? { discount } : {}),
    ...(discountBack !== 0 ? { discountBack } : {}),
    costBack,
    backDay,
    seen: { order: order.updatedAt, fulfilment: fulfilment?.updatedAt ?? null },
  };
}

/** A record made by the ledger stream before the order streams saw the order: its keys and versions, nothing counted. */
function ledgerBornRecord(order: OrderDoc, fulfilment: FulfilmentDoc | undefined): ReportOrderDoc {
  return {
    day: pakistanDayOf(order.createdAt.toMillis()),
    keys: orderKeys(order, fulfilment),
    charge: null,
    refund: null,
    status: null,
    cost: 0,
    costBack: 0,
    backDay: null,
    seen: { order: order.updatedAt, fulfilment: fulfilment?.updatedAt ?? null },
  };
}

/** Adds (sign 1) or takes away (sign −1) what the order streams count for an order. */
function applyOrderCount(inc: Increments, count: ReportOrderDoc, sign: 1 | -1) {
  if (count.status) {
    const doc = inc.day(count.day);
    doc.byStatus[count.status] = (doc.byStatus[count.status] ?? 0) + sign;
  }
  if (count.discount) {
    const doc = inc.day(count.day);
    doc.discounts = (doc.discounts ?? 0) + sign * count.discount;
  }
  if (count.discountBack && count.backDay) {
    const doc = inc.day(count.backDay);
    doc.discounts = (doc.discounts ?? 0) - sign * count.discountBack;
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

/** Adds or takes away, in the rows alone (the day's totals stay), what the ledger stream counted for an order under its keys. */
function applyLedgerCount(inc: Increments, count: ReportOrderDoc, sign: 1 | -1) {
  if (count.charge) inc.rows(count.charge.day, count.keys, { charges: sign * count.charge.amount, orders: sign });
  if (count.refund) inc.rows(count.refund.day, count.keys, { refunds: sign * count.refund.amount });
}

/** Whether `a` is no earlier than `b` (null: no fulfilment, earlier than any). */
const notBefore = (a: Timestamp | null | undefined, b: Timestamp | null | undefined) =>
  !b || (!!a && (a.seconds > b.seconds || (a.seconds === b.seconds && a.nanoseconds >= b.nanoseconds)));

const sameKeys = (a: OrderKeys, b: OrderKeys) =>
  a.platform === b.platform && a.serviceId === b.serviceId && a.service === b.service && a.providerId === b.providerId;

/** The same figures counted by the order streams (whatever the versions they come from). */
const sameCount = (a: ReportOrderDoc | undefined, b: ReportOrderDoc) =>
  a !== undefined &&
  a.day === b.day &&
  a.status === b.status &&
  a.cost === b.cost &&
  a.costBack === b.costBack &&
  a.backDay === b.backDay &&
  sameKeys(a.keys, b.keys);

export interface FoldResult {
  ledger: number;
  orders: number;
  fulfilments: number;
  users: number;
  /** Malformed documents passed over this run (each logged; counted in the state per stream). */
  skipped: number;
  /** Streams stopped for this run by an error (logged); the others went on. */
  failed: StreamName[];
  /** Every stream folded up to now − LAG_MS (false: the budget was spent first, or a stream failed). */
  caughtUp: boolean;
}

export interface FoldDeps {
  now: () => number;
  /** Called between a page's reads and its transaction (tests: what others do meanwhile). */
  afterRead?: (stream: StreamName) => Promise<void>;
}

/**
 * Folds every stream until each is caught up (its documents older than LAG_MS folded) or `budgetMs`
 * is spent; what it folded. Safe to run twice at once: each page commits only on the watermark it read,
 * and a run that lost a page to another goes on after it. A stream whose page fails (its transaction,
 * a read) is logged and stopped for this run; the streams after it still fold.
 */
export async function foldReports(
  deps: FoldDeps,
  budgetMs = FOLD_BUDGET_MS,
  pageSize = FOLD_PAGE,
  streams: readonly StreamName[] = STREAM_NAMES,
): Promise<FoldResult> {
  const until = Date.now() + budgetMs;
  const result: FoldResult = { ledger: 0, orders: 0, fulfilments: 0, users: 0, skipped: 0, failed: [], caughtUp: true };
  for (const name of streams) {
    try {
      for (;;) {
        // Lost: another run folded that page first; this one goes on from where that one left.
        const page = await foldPage(name, deps.now() - LAG_MS, pageSize, deps.afterRead);
        if (page !== 'lost') {
          result[name] += page.folded;
          result.skipped += page.skipped;
        }
        if (page !== 'lost' && page.done) break;
        if (Date.now() >= until) {
          result.caughtUp = false;
          return result;
        }
      }
    } catch (error) {
      const page = error instanceof PageFailed ? { first: error.first, last: error.last } : {};
      logger.error('Report fold: a stream stopped for this run', { stream: name, ...page, error: String(error) });
      result.failed.push(name);
      result.caughtUp = false;
      if (Date.now() >= until) return result;
    }
  }
  return result;
}

/** A page that failed: the documents it spans, for the log. */
class PageFailed extends Error {
  constructor(
    readonly first: string | undefined,
    readonly last: string | undefined,
    cause: unknown,
  ) {
    super(`The page ${first ?? ''}..${last ?? ''} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

const sameWatermark = (a: Watermark | undefined, b: Watermark | undefined) =>
  (a?.path ?? null) === (b?.path ?? null) &&
  (a?.t?.toMillis() ?? null) === (b?.t?.toMillis() ?? null) &&
  (a?.t?.nanoseconds ?? null) === (b?.t?.nanoseconds ?? null);

// What the fold reads of each source document, checked: a document without them is skipped, not folded.
const ledgerShape = z.object({
  type: z.enum(['credit', 'debit', 'refund', 'adjustment', 'referral']),
  amountPaisa: z.number().int(),
  at: timestampSchema,
  orderId: z.string().optional(),
});
const orderShape = z.object({
  platform: z.string(),
  serviceId: z.string(),
  service: z.string(),
  status: z.enum(ORDER_STATUSES),
  quantity: z.number(),
  remains: z.number().optional(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
const fulfilmentShape = z.object({ updatedAt: timestampSchema, providerId: z.string().optional(), costPaisa: z.number().int().optional() });
const userShape = z.object({ createdAt: timestampSchema });

/** A document passed over: its path and what is wrong with it. */
interface Skipped {
  path: string;
  issue: string;
}
const issueOf = (schema: z.ZodType, data: unknown): string | null => {
  const parsed = schema.safeParse(data);
  return parsed.success ? null : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
};

/** The order and fulfilment of an order (either may be absent), or the malformed one of them. */
function checkPair(id: string, order: DocumentData | undefined, fulfilment: DocumentData | undefined): Skipped | null {
  const orderIssue = order ? issueOf(orderShape, order) : null;
  if (orderIssue) return { path: rawOrderRef(id).path, issue: orderIssue };
  const fulfilmentIssue = fulfilment ? issueOf(fulfilmentShape, fulfilment) : null;
  if (fulfilmentIssue) return { path: rawFulfilmentRef(id).path, issue: fulfilmentIssue };
  return null;
}

/**
 * An order's documents as read raw, typed once checkPair passed them: what the fold reads of them is
 * checked (orderShape, fulfilmentShape), the rest is as stored.
 */
const checkedPair = (order: DocumentData | undefined, fulfilment: DocumentData | undefined): OrderRead => ({
  order: order as OrderDoc | undefined,
  fulfilment: fulfilment as FulfilmentDoc | undefined,
});

/** A ledger entry of a page, typed once the page's check passed it (ledgerShape: what the fold reads of it). */
const checkedEntry = (snap: QueryDocumentSnapshot) => snap.data() as LedgerDoc;

/** One page of one stream: read, then folded in one transaction; 'lost' when another run moved the watermark first. */
async function foldPage(
  name: StreamName,
  cutoffMs: number,
  pageSize: number,
  afterRead?: FoldDeps['afterRead'],
): Promise<{ folded: number; skipped: number; done: boolean } | 'lost'> {
  const stream = STREAMS[name];
  const cutoff = Timestamp.fromMillis(cutoffMs);
  const startState = (await foldStateRef().get()).data();
  const start = startState?.streams[name];
  let query = stream.query().where(stream.field, '<', cutoff).orderBy(stream.field).orderBy(FieldPath.documentId());
  if (start?.t && start.path) query = query.startAfter(start.t, db.doc(start.path));
  const docs = (await query.limit(pageSize).get()).docs;
  const done = docs.length < pageSize;
  const last = docs.at(-1);
  const next: Watermark = last ? { t: last.get(stream.field) as Timestamp, path: last.ref.path } : { ...start };
  // Everything before the cutoff is folded once a page comes back short; else everything before the last one's time.
  next.through = done ? cutoff : (next.t as Timestamp);
  if (start?.through && start.through.toMillis() > next.through.toMillis()) next.through = start.through;
  if (docs.length === 0 && start?.through && start.through.toMillis() >= cutoff.toMillis()) return { folded: 0, skipped: 0, done: true };

  try {
    // The page's own malformed documents; the ones the fold reads beside them are checked where read.
    const skipped: Skipped[] = [];
    const shape = { ledger: ledgerShape, orders: orderShape, fulfilments: fulfilmentShape, users: userShape }[name];
    const good = docs.filter((d) => {
      const issue = issueOf(shape, d.data());
      if (issue) skipped.push({ path: d.ref.path, issue });
      return !issue;
    });
    // Outside the transaction: the orders the ledger entries are for (their keys never change but the provider's, on a resend).
    const ledgerReads = name === 'ledger' ? await ledgerOrderReads(good) : new Map<string, LedgerOrderRead>();
    const orders = name === 'orders' || name === 'fulfilments' ? await readOrders(name, good, skipped) : new Map<string, OrderRead>();
    await afterRead?.(name);
    const { value: skippedNow } = await runInTransaction<Skipped[] | null>(null, async (tx) => {
      const stateSnap = await tx.get(foldStateRef());
      const state = stateSnap.data() ?? { streams: {} };
      if (!sameWatermark(state.streams[name], start)) return null;
      const inc = new Increments();
      const attemptSkipped = [...skipped];
      let orderWrites: [string, ReportOrderDoc][] = [];
      if (name === 'orders' || name === 'fulfilments') {
        // Another run folded a page of the other order stream since this page was read: its reads may be newer than ours.
        const other = name === 'orders' ? 'fulfilments' : 'orders';
        const raced = !sameWatermark(state.streams[other], startState?.streams[other]);
        orderWrites = await foldOrders(tx, inc, orders, raced, attemptSkipped);
      } else if (name === 'ledger') orderWrites = await foldLedger(tx, inc, good, ledgerReads);
      else for (const d of good) inc.day(pakistanDayOf((d.get('createdAt') as Timestamp).toMillis())).newCustomers += 1;
      const refs = inc.refs();
      const snaps = refs.length > 0 ? await getAllOf(tx, ...refs) : [];
      inc.write(tx, snaps);
      for (const [id, count] of orderWrites) tx.set(reportOrderRef(id), count);
      const mark: Watermark = { ...next };
      const before = state.streams[name];
      if (attemptSkipped.length > 0) {
        mark.skipped = (before?.skipped ?? 0) + attemptSkipped.length;
        mark.lastSkipped = (attemptSkipped.at(-1) as Skipped).path;
      } else if (before?.skipped) {
        mark.skipped = before.skipped;
        if (before.lastSkipped) mark.lastSkipped = before.lastSkipped;
      }
      tx.set(foldStateRef(), { streams: { ...state.streams, [name]: mark } });
      return attemptSkipped;
    });
    if (skippedNow === null) return 'lost';
    for (const s of skippedNow) logger.error('Report fold: a malformed document skipped', { stream: name, ...s });
    return { folded: docs.length - skippedNow.length, skipped: skippedNow.length, done };
  } catch (error) {
    throw new PageFailed(docs[0]?.ref.path, last?.ref.path, error);
  }
}

/** What the ledger stream knows of an entry's order, read before its transaction. */
type LedgerOrderRead =
  /** A drip-feed's run: its entries count under its drip-feed's keys, no record. */
  | { kind: 'run'; keys: OrderKeys }
  /** The record to start from if the order has none yet (its keys and versions as read now). */
  | { kind: 'order'; born: ReportOrderDoc }
  | { kind: 'malformed'; skipped: Skipped };

async function ledgerOrderReads(docs: QueryDocumentSnapshot[]): Promise<Map<string, LedgerOrderRead>> {
  const ids = [...new Set(docs.flatMap((d) => (checkedEntry(d).orderId ? [checkedEntry(d).orderId as string] : [])))];
  const reads = new Map<string, LedgerOrderRead>();
  if (ids.length === 0) return reads;
  const snaps = await db.getAll(...ids.flatMap((id) => [rawOrderRef(id), rawFulfilmentRef(id)]));
  ids.forEach((id, i) => {
    const { order, fulfilment } = checkedPair(snaps[2 * i]?.data(), snaps[2 * i + 1]?.data());
    if (!order) return;
    const bad = checkPair(id, order, fulfilment);
    if (bad) {
      // Its entries count in the day's totals and the customer's figures, not in the breakdowns.
      logger.error('Report fold: entries counted without their rows (their order is malformed)', { orderId: id, ...bad });
      reads.set(id, { kind: 'malformed', skipped: bad });
    } else if (isRun(order)) reads.set(id, { kind: 'run', keys: dripFeedKeys(order) });
    else reads.set(id, { kind: 'order', born: ledgerBornRecord(order, fulfilment) });
  });
  return reads;
}

/**
 * Folds a page of ledger entries: the day's totals and the customers' figures; an order's debit and
 * refund also in its rows, under the keys its record holds (those the order streams counted its cost
 * under), and noted in the record, so a later change of keys moves them with its cost. An order no
 * stream has seen yet gets its record here, with the keys read before the transaction and their versions
 * (so the stale-read guard of the order streams still applies). What to write to reportOrders.
 */
async function foldLedger(
  tx: Transaction,
  inc: Increments,
  docs: QueryDocumentSnapshot[],
  reads: Map<string, LedgerOrderRead>,
): Promise<[string, ReportOrderDoc][]> {
  const ids = [
    ...new Set(
      docs.flatMap((d) => {
        const entry = checkedEntry(d);
        const read = entry.orderId ? reads.get(entry.orderId) : undefined;
        return (entry.type === 'debit' || entry.type === 'refund') && read?.kind === 'order' ? [entry.orderId as string] : [];
      }),
    ),
  ];
  const snaps = ids.length > 0 ? await getAllOf(tx, ...ids.map(reportOrderRef)) : [];
  const records = new Map(ids.map((id, i) => [id, snaps[i]?.data()]));
  const changed = new Set<string>();
  for (const snap of docs) {
    const entry = checkedEntry(snap);
    const uid = snap.ref.parent.parent?.id;
    const day = pakistanDayOf(entry.at.toMillis());
    const doc = inc.day(day);
    const read = entry.orderId ? reads.get(entry.orderId) : undefined;
    /** The record the entry's rows go under (created if none), or the run's fixed keys. */
    const rowsOf = (): { keys: OrderKeys; record?: ReportOrderDoc } | undefined => {
      if (read?.kind === 'run') return { keys: read.keys };
      if (read?.kind !== 'order') return undefined;
      const id = entry.orderId as string;
      const record = records.get(id) ?? { ...read.born };
      records.set(id, record);
      changed.add(id);
      return { keys: record.keys, record };
    };
    switch (entry.type) {
      case 'credit':
        doc.topUps += entry.amountPaisa;
        break;
      case 'adjustment':
        doc.adjustments += entry.amountPaisa;
        break;
      case 'referral':
        doc.referralPayouts = (doc.referralPayouts ?? 0) + entry.amountPaisa;
        break;
      case 'debit': {
        doc.charges += entry.amountPaisa;
        doc.orders += 1;
        const rows = rowsOf();
        if (rows) inc.rows(day, rows.keys, { charges: entry.amountPaisa, orders: 1 });
        if (rows?.record) rows.record.charge = { day, amount: entry.amountPaisa };
        if (uid) inc.customer(day, uid, { charges: entry.amountPaisa, orders: 1 });
        break;
      }
      case 'refund': {
        doc.refunds += entry.amountPaisa;
        const rows = rowsOf();
        if (rows) inc.rows(day, rows.keys, { refunds: entry.amountPaisa });
        if (rows?.record) rows.record.refund = { day, amount: entry.amountPaisa };
        if (uid) inc.customer(day, uid, { refunds: entry.amountPaisa });
        break;
      }
    }
  }
  return [...changed].flatMap((id): [string, ReportOrderDoc][] => {
    const record = records.get(id);
    return record ? [[id, record]] : [];
  });
}

interface OrderRead {
  order: OrderDoc | undefined;
  fulfilment: FulfilmentDoc | undefined;
}

/** A page's orders with their fulfilments (the page holds one of the two, one getAll the other); a malformed pair is skipped. */
async function readOrders(
  name: 'orders' | 'fulfilments',
  docs: QueryDocumentSnapshot[],
  skipped: Skipped[],
): Promise<Map<string, OrderRead>> {
  if (docs.length === 0) return new Map();
  const others = await db.getAll(...docs.map((d) => (name === 'orders' ? rawFulfilmentRef(d.id) : rawOrderRef(d.id))));
  const reads = new Map<string, OrderRead>();
  docs.forEach((d, i) => {
    const other = others[i]?.data();
    const read = name === 'orders' ? checkedPair(d.data(), other) : checkedPair(other, d.data());
    const bad = checkPair(d.id, read.order, read.fulfilment);
    if (bad) skipped.push(bad);
    else reads.set(d.id, read);
  });
  return reads;
}

/**
 * Brings each order's counts to what it and its fulfilment say now: the increments, and what to write to
 * reportOrders (after the transaction's other reads). Each order's record is read in the transaction; the
 * order and fulfilment were read before it, and are read again in it only when that read may be stale:
 * the record has counted a later version of either (another run read them after this one did), or, when
 * another run folded a page of the other order stream since this page was read (`raced`), the read
 * would change the counts.
 *
 * A record is written only when its counts change, not for a newer version counting the same (each
 * status check bumps the fulfilment's updatedAt). So a record's `seen` can be older than a version some
 * run has read, and a stale read newer than `seen` (read before that run's, committed after it) could
 * pass the version check with counts that run found gone. That needs the two runs' pages to overlap: if
 * both are of one stream, the watermark check makes one of them lose; if not, the later one sees the
 * other stream's watermark moved (`raced`) and reads again, in the transaction, every order its read
 * would change. A read that would change nothing writes nothing, stale or not: the newer version, written
 * after that read, is folded by its own stream later (it is younger than the cutoff of the page).
 */
async function foldOrders(
  tx: Transaction,
  inc: Increments,
  reads: Map<string, OrderRead>,
  raced: boolean,
  skipped: Skipped[],
): Promise<[string, ReportOrderDoc][]> {
  const ids = [...reads.keys()];
  if (ids.length === 0) return [];
  const records = await getAllOf(tx, ...ids.map(reportOrderRef));
  const befores = new Map(ids.map((id, i) => [id, records[i]?.data()]));
  const stale = ids.filter((id) => {
    const before = befores.get(id);
    const read = reads.get(id) as OrderRead;
    if (
      before?.seen &&
      !(notBefore(read.order?.updatedAt, before.seen.order) && notBefore(read.fulfilment?.updatedAt, before.seen.fulfilment))
    )
      return true;
    return raced && !!read.order && !sameCount(before, orderCount(read.order, read.fulfilment, before));
  });
  if (stale.length > 0) {
    const again = await tx.getAll(...stale.flatMap((id) => [rawOrderRef(id), rawFulfilmentRef(id)]));
    stale.forEach((id, i) => {
      const order = again[2 * i]?.data();
      const fulfilment = again[2 * i + 1]?.data();
      const bad = checkPair(id, order, fulfilment);
      if (bad) {
        skipped.push(bad);
        reads.delete(id);
      } else reads.set(id, checkedPair(order, fulfilment));
    });
  }
  const writes: [string, ReportOrderDoc][] = [];
  for (const id of ids) {
    const read = reads.get(id);
    if (!read?.order) continue;
    const before = befores.get(id);
    const now = orderCount(read.order, read.fulfilment, before);
    if (sameCount(before, now)) continue;
    if (before) applyOrderCount(inc, before, -1);
    applyOrderCount(inc, now, 1);
    // New keys (a Resend to another provider): what the ledger counted for the order moves with its cost.
    if (before && !sameKeys(before.keys, now.keys)) {
      applyLedgerCount(inc, before, -1);
      applyLedgerCount(inc, now, 1);
    }
    writes.push([id, now]);
  }
  return writes;
}
