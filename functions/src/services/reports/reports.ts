// The admin's report and a customer's spending, answered from the rollups (daily-rollups.ts, decision
// record 0011): a bounded number of reads whatever the size of the store. A report over `d` days reads
// d day documents + 4·d customer shards + the fold's state + the top customers' profiles (≤ 20) + the
// providers + ⌈users / 1,000⌉ for the sum of balances (an aggregation).
import { AggregateField, type DocumentSnapshot, FieldPath, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { db } from '../../lib/admin';
import { getAllGrouped, getAllOf } from '../../lib/typed-collection';
import { toRupees } from '../../shared/money';
import { ORDER_STATUSES } from '../../shared/order-status';
import { addDays, daysOf, type PakistanDay, pakistanDayOf } from '../../shared/pakistan-days';
import type { Platform } from '../../shared/platforms';
import {
  REPORT_LIMITS,
  type Report,
  type ReportBucket,
  type ReportGranularity,
  type ReportQuery,
  type Spending,
} from '../../shared/reports';
import { userRef } from '../accounts/users';
import { ledgerDocSchema } from '../money/ledger';
import { providersCollection } from '../providers/provider-store';
import {
  CUSTOMER_SHARD_FIELD,
  CUSTOMER_SHARDS,
  type CustomerFigures,
  type CustomerShardDoc,
  customerShardOf,
  customerShardRef,
  emptyDay,
  entryOf,
  foldedThrough,
  foldStateRef,
  type RowFigures,
  reportDayRef,
} from './daily-rollups';

/** The first day of the bucket `day` falls in: itself, its week's Monday, or its month's first, never before `from`. */
export function bucketStart(day: PakistanDay, granularity: ReportGranularity, from: PakistanDay): PakistanDay {
  let start = day;
  if (granularity === 'week') {
    const sinceMonday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    start = addDays(day, -sinceMonday);
  } else if (granularity === 'month') start = `${day.slice(0, 8)}01`;
  return start < from ? from : start;
}

const addRow = (into: RowFigures, row: Partial<RowFigures>) => {
  into.charges += row.charges ?? 0;
  into.refunds += row.refunds ?? 0;
  into.cost += row.cost ?? 0;
  into.orders += row.orders ?? 0;
};
const emptyRow = (): RowFigures => ({ charges: 0, refunds: 0, cost: 0, orders: 0 });
const rowToWire = (row: RowFigures) => ({
  revenue: toRupees(row.charges - row.refunds),
  refunds: toRupees(row.refunds),
  cost: toRupees(row.cost),
  profit: toRupees(row.charges - row.refunds - row.cost),
  orders: row.orders,
});
/** Highest revenue first; ties by key, so the order is stable. */
const byRevenue = <R extends { key: string; row: RowFigures }>(a: R, b: R) =>
  b.row.charges - b.row.refunds - (a.row.charges - a.row.refunds) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
const hasFigures = (row: RowFigures) => row.charges !== 0 || row.refunds !== 0 || row.cost !== 0 || row.orders !== 0;

const PSEUDO_PROVIDERS: Record<string, string> = { manual: 'Manual', 'drip-feed': 'Drip-feed' };

export async function getReport(query: ReportQuery): Promise<Report> {
  const days = daysOf(query.from, query.to);
  const shardRefs = days.flatMap((day) => Array.from({ length: CUSTOMER_SHARDS }, (_, shard) => customerShardRef(day, shard)));
  const [snaps, providers, owed] = await Promise.all([
    // In slices of 500 (a year's shards are over 1,800 documents), one round trip each, in parallel.
    getAllGrouped(db, { state: [foldStateRef()], days: days.map(reportDayRef), shards: shardRefs }, 500),
    providersCollection().get(),
    // The count makes the aggregation's cost visible (one read per 1,000 users counted).
    db
      .collection('users')
      .aggregate({ balances: AggregateField.sum('balancePaisa'), users: AggregateField.count() })
      .get(),
  ]);
  const state = snaps.state[0]?.data();
  const dayDocs = days.map((_, i) => ({ ...emptyDay(), ...(snaps.days[i]?.data() ?? {}) }));

  const zero = () => ({
    topUps: 0,
    charges: 0,
    refunds: 0,
    cost: 0,
    orders: 0,
    adjustments: 0,
    newCustomers: 0,
    discounts: 0,
    referralPayouts: 0,
  });
  const totals = zero();
  const buckets = new Map<PakistanDay, typeof totals>();
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Report['ordersByStatus'];
  const platforms = new Map<string, RowFigures>();
  const services = new Map<string, RowFigures & { name: string; platform: Platform }>();
  const providerRows = new Map<string, RowFigures>();
  dayDocs.forEach((doc, i) => {
    const start = bucketStart(days[i] as PakistanDay, query.granularity, query.from);
    const bucket = entryOf(buckets, start, zero);
    for (const into of [totals, bucket]) {
      into.topUps += doc.topUps;
      into.charges += doc.charges;
      into.refunds += doc.refunds;
      into.cost += doc.cost;
      into.orders += doc.orders;
      into.adjustments += doc.adjustments;
      into.newCustomers += doc.newCustomers;
      into.discounts += doc.discounts ?? 0;
      into.referralPayouts += doc.referralPayouts ?? 0;
    }
    for (const status of ORDER_STATUSES) byStatus[status] += doc.byStatus[status] ?? 0;
    for (const [k, row] of Object.entries(doc.byPlatform)) addRow(entryOf(platforms, k, emptyRow), row);
    for (const [k, row] of Object.entries(doc.byService))
      addRow(
        entryOf(services, k, () => ({ ...emptyRow(), name: row.name, platform: row.platform })),
        row,
      );
    for (const [k, row] of Object.entries(doc.byProvider)) addRow(entryOf(providerRows, k, emptyRow), row);
  });

  const customers = new Map<string, CustomerFigures>();
  for (const snap of snaps.shards) {
    for (const [uid, figures] of Object.entries(snap.data()?.[CUSTOMER_SHARD_FIELD] ?? {})) {
      const into = customers.get(uid) ?? { charges: 0, refunds: 0, orders: 0 };
      customers.set(uid, {
        charges: into.charges + figures.charges,
        refunds: into.refunds + figures.refunds,
        orders: into.orders + figures.orders,
      });
    }
  }
  const top = [...customers]
    .map(([key, c]) => ({ key, row: { ...c, cost: 0 } }))
    .sort(byRevenue)
    .slice(0, REPORT_LIMITS.topCustomers);
  const profiles = top.length > 0 ? await getAllOf(db, ...top.map((c) => userRef(c.key))) : [];

  const providerNames = new Map(providers.docs.map((d) => [d.id, d.data().name]));
  const rows = <V extends RowFigures>(map: Map<string, V>) =>
    [...map]
      .filter(([, row]) => hasFigures(row))
      .map(([key, row]) => ({ key, row }))
      .sort(byRevenue);
  const figures = (t: typeof totals) => ({
    topUps: toRupees(t.topUps),
    revenue: toRupees(t.charges - t.refunds),
    refunds: toRupees(t.refunds),
    cost: toRupees(t.cost),
    profit: toRupees(t.charges - t.refunds - t.cost),
    orders: t.orders,
  });
  return {
    from: query.from,
    to: query.to,
    granularity: query.granularity,
    asOf: new Date(foldedThrough(state)).toISOString(),
    totals: {
      ...figures(totals),
      adjustments: toRupees(totals.adjustments),
      newCustomers: totals.newCustomers,
      discounts: toRupees(totals.discounts),
      referralPayouts: toRupees(totals.referralPayouts),
    },
    series: [...buckets].map(([start, b]): ReportBucket => ({ start, ...figures(b), newCustomers: b.newCustomers })),
    ordersByStatus: byStatus,
    byPlatform: rows(platforms).map(({ key, row }) => ({ platform: key as Platform, ...rowToWire(row) })),
    byService: rows(services).map(({ key, row }) => ({ serviceId: key, service: row.name, platform: row.platform, ...rowToWire(row) })),
    byProvider: rows(providerRows).map(({ key, row }) => ({
      providerId: key,
      name: providerNames.get(key) ?? PSEUDO_PROVIDERS[key] ?? key,
      ...rowToWire(row),
    })),
    topCustomers: top.map((c, i) => {
      const user = profiles[i]?.data();
      return {
        uid: c.key,
        name: user?.name ?? '',
        email: user?.email ?? '',
        revenue: toRupees(c.row.charges - c.row.refunds),
        orders: c.row.orders,
      };
    }),
    owed: {
      balances: toRupees(Number(owed.data().balances ?? 0)),
      providers: providers.docs.map((d) => {
        const p = d.data();
        return {
          providerId: d.id,
          name: p.name,
          balance: p.balance ?? null,
          currency: p.currency,
          checkedAt: p.balanceCheckedAt ? p.balanceCheckedAt.toDate().toISOString() : null,
        };
      }),
    },
  };
}

/**
 * The last days' shards of one customer, their own figures only: a field mask asks Firestore for the
 * customer's field alone, so other customers' figures in the same shard never leave the database.
 */
export async function readOwnShards(uid: string, days: PakistanDay[], tx?: Transaction) {
  const shard = customerShardOf(uid);
  // Firestore's getAll (read options and all) types its snapshots as DocumentData: they are the typed shards'.
  const refs = days.map((day) => customerShardRef(day, shard));
  const mask = { fieldMask: [new FieldPath(CUSTOMER_SHARD_FIELD, uid)] };
  const snaps = (await (tx ? tx.getAll(...refs, mask) : db.getAll(...refs, mask))) as DocumentSnapshot<CustomerShardDoc>[];
  return snaps.map((snap): Record<string, CustomerFigures> => snap.data()?.[CUSTOMER_SHARD_FIELD] ?? {});
}

/** Entries of the customer read from the ledger itself on top of the rollups (those the fold has not reached yet). */
export const SPENDING_RECENT_ENTRIES = 500;

/** Firestore's order of documents in a collection group: their paths, segment by segment. */
function comparePaths(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const [p, q] = [x[i] ?? '', y[i] ?? ''];
    if (p !== q) return p < q ? -1 : 1;
  }
  return x.length - y.length;
}

/**
 * What the customer spent (charges − refunds) each of the last spendingDays Pakistan days, oldest first, as the
 * ledger has it: the rollups (31 reads), which trail the ledger by their lag, and the customer's own entries the
 * fold has not reached yet, read from the ledger (at least one read more; at most SPENDING_RECENT_ENTRIES). So the
 * figure matches the statement the moment an order is placed. One read-only transaction: the fold writes the
 * figures and its watermark together, so both are read as of one instant, and nothing is counted twice or missed.
 * `asOf`: every entry committed before the answer is counted (cut at the limit: up to the last entry read).
 */
export async function getSpending(uid: string, nowMs = Date.now()): Promise<Spending> {
  const today = pakistanDayOf(nowMs);
  const first = addDays(today, -(REPORT_LIMITS.spendingDays - 1));
  const days = daysOf(first, today);
  return db.runTransaction(
    async (tx) => {
      const [shards, state] = await Promise.all([readOwnShards(uid, days, tx), tx.get(foldStateRef())]);
      // The customer's figures come from the ledger stream alone: its watermark says which entries it has folded
      // (in time, then path order: those before `through`, and up to its last one, `t` and `path`).
      const mark = state.data()?.streams.ledger;
      const through = mark?.through?.toMillis() ?? 0;
      const last = mark?.t ? { at: mark.t.toMillis(), path: mark.path ?? '' } : undefined;
      const folded = (at: number, path: string) =>
        at < through || (last !== undefined && (at < last.at || (at === last.at && comparePaths(path, last.path) <= 0)));
      // Read as stored, not through the typed collection: a malformed entry (which the fold skips too) must not
      // break the chart.
      const recent = await tx.get(
        db
          .collection('users')
          .doc(uid)
          .collection('ledger')
          .where('at', '>=', Timestamp.fromMillis(through))
          .orderBy('at')
          .limit(SPENDING_RECENT_ENTRIES),
      );
      const unfolded = new Map<PakistanDay, number>();
      let lastAt = nowMs;
      for (const doc of recent.docs) {
        const entry = ledgerDocSchema.safeParse(doc.data());
        if (!entry.success) continue;
        const at = entry.data.at.toMillis();
        lastAt = at;
        if (folded(at, doc.ref.path) || (entry.data.type !== 'debit' && entry.data.type !== 'refund')) continue;
        const day = pakistanDayOf(at);
        const amount = entry.data.type === 'debit' ? entry.data.amountPaisa : -entry.data.amountPaisa;
        unfolded.set(day, (unfolded.get(day) ?? 0) + amount);
      }
      const asOf = recent.size < SPENDING_RECENT_ENTRIES ? Date.now() : lastAt;
      return {
        asOf: new Date(asOf).toISOString(),
        days: days.map((day, i) => {
          const mine = shards[i]?.[uid];
          return { day, spent: toRupees((mine?.charges ?? 0) - (mine?.refunds ?? 0) + (unfolded.get(day) ?? 0)) };
        }),
      };
    },
    { readOnly: true },
  );
}
