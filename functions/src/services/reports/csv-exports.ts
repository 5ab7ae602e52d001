// CSV exports: the admin's orders, ledger entries and top-ups of a range of Pakistan days, and
// a customer's own statement. Each is a header and pages of rows read one query page at a time
// (REPORT_LIMITS.exportPage, cursor on (field, document id)), oldest first for the admin's exports and
// newest first for the statement (as its page shows it); the route streams them (routes/send-csv.ts).
// Before the first row each counts its rows (an aggregation over the same ordered query, so the same
// index serves it: 1 read per 1,000 rows) and refuses more than REPORT_LIMITS.exportRows, the most that
// Hosting's 60 s lets through whole: a file that would be cut mid-way is never started.
import { FieldPath, type Query, Timestamp } from 'firebase-admin/firestore';
import { db } from '../../lib/admin';
import { type CsvCell, rupees } from '../../lib/csv';
import { fail } from '../../lib/errors';
import { pagesOf } from '../../lib/pagination';
import { getAllOf } from '../../lib/typed-collection';
import { type PakistanDay, pakistanDayEnd, pakistanDayOf, pakistanDayStart, pakistanTimeOf } from '../../shared/pakistan-days';
import { type ExportKind, REPORT_LIMITS, type StatementFilters, statementCsvRange } from '../../shared/reports';
import { type Actor, auditedBy, recordAudit } from '../kernel/audit';
import { checkRateLimit } from '../kernel/rate-limit';
import { runInTransaction } from '../kernel/transactions';
import { type RechargeDoc, rechargesCollection } from '../money/credits';
import { type LedgerDoc, ledgerGroup, signedAmount, statementEntries } from '../money/ledger';
import { fulfilmentRef } from '../orders/fulfilment';
import { type OrderDoc, ordersCollection } from '../orders/orders';
import { providersCollection } from '../providers/provider-store';

export interface CsvExport {
  filename: string;
  header: string[];
  /** Pages of rows, each read when the one before was written. */
  pages: AsyncIterable<CsvCell[][]>;
}

export interface DayRange {
  from: PakistanDay;
  to: PakistanDay;
}

const rangeBounds = (range: DayRange) => ({
  start: Timestamp.fromMillis(pakistanDayStart(range.from)),
  end: Timestamp.fromMillis(pakistanDayEnd(range.to)),
});

const iso = (at: Timestamp) => at.toDate().toISOString();
const dayOf = (at: Timestamp) => pakistanDayOf(at.toMillis());
/** "2026-01-31 23:59:59": the time in Pakistan, as a customer reads it. */
const pakistanTime = (at: Timestamp) => pakistanTimeOf(at.toMillis());

/** Ids we make (order numbers, entry ids, uids) are safe as they are; text from anyone else goes through csvCell's guard. */
const orderNumber = (id: string | undefined) => (id !== undefined && /^\d{1,15}$/.test(id) ? Number(id) : id);

/** What an export reads: a query (of documents of type T) walked in the order of one field (then the document id). */
interface Rows<T> {
  query: Query<T>;
  field: string;
  direction: 'asc' | 'desc';
}

/** Refuses a file of more than REPORT_LIMITS.exportRows rows, counting them in the order the pages read them. */
async function assertFits<T>(rows: Rows<T>): Promise<void> {
  const ordered = rows.query.orderBy(rows.field, rows.direction).orderBy(FieldPath.documentId(), rows.direction);
  const { count } = (await ordered.count().get()).data();
  if (count > REPORT_LIMITS.exportRows) {
    const n = (x: number) => x.toLocaleString('en-US');
    throw fail(
      'export_too_large',
      `This file would have ${n(count)} rows, more than the ${n(REPORT_LIMITS.exportRows)} one download can hold. Choose a shorter range.`,
    );
  }
}

const pages = <T>(rows: Rows<T>) => pagesOf(rows.query, rows.field, rows.direction, REPORT_LIMITS.exportPage);

function ordersRows(range: DayRange): Rows<OrderDoc> {
  const { start, end } = rangeBounds(range);
  return { query: ordersCollection().where('createdAt', '>=', start).where('createdAt', '<', end), field: 'createdAt', direction: 'asc' };
}

async function* ordersPages(rows: Rows<OrderDoc>): AsyncGenerator<CsvCell[][]> {
  // The providers are a handful of documents: their names once, not per order.
  const providers = new Map((await providersCollection().get()).docs.map((d) => [d.id, d.data().name]));
  for await (const docs of pages(rows)) {
    const fulfilments = await getAllOf(db, ...docs.map((d) => fulfilmentRef(d.id)));
    yield docs.map((d, i) => {
      const order = d.data();
      const fulfilment = fulfilments[i]?.data();
      const kind = order.dripFeed ? 'drip-feed' : order.dripRun ? 'drip-feed run' : 'order';
      return [
        orderNumber(d.id),
        iso(order.createdAt),
        dayOf(order.createdAt),
        kind,
        orderNumber(order.dripRun?.parentId),
        order.userId,
        order.user.name,
        order.user.email,
        order.platform,
        order.serviceId,
        order.service,
        order.link,
        order.quantity,
        rupees(order.pricePaisa),
        order.status,
        order.remains,
        order.refundPaisa !== undefined ? rupees(order.refundPaisa) : undefined,
        fulfilment?.state ?? 'manual',
        fulfilment?.providerId !== undefined ? (providers.get(fulfilment.providerId) ?? fulfilment.providerId) : undefined,
        fulfilment?.providerOrderId,
        fulfilment?.costPaisa !== undefined ? rupees(fulfilment.costPaisa) : undefined,
      ];
    });
  }
}

const ORDERS_HEADER = [
  'order',
  'created_at',
  'created_day_pkt',
  'kind',
  'drip_feed_order',
  'customer_uid',
  'customer_name',
  'customer_email',
  'platform',
  'service_id',
  'service',
  'link',
  'quantity',
  'price',
  'status',
  'remains',
  'refund',
  'fulfilment',
  'provider',
  'provider_order_id',
  'cost',
];

function ledgerRows(range: DayRange): Rows<LedgerDoc> {
  const { start, end } = rangeBounds(range);
  // Every customer's users/{uid}/ledger: the collection-group index on `at` serves the range and order.
  return { query: ledgerGroup().where('at', '>=', start).where('at', '<', end), field: 'at', direction: 'asc' };
}

async function* ledgerPages(rows: Rows<LedgerDoc>): AsyncGenerator<CsvCell[][]> {
  for await (const docs of pages(rows)) {
    yield docs.map((d) => {
      const entry = d.data();
      return [
        d.id,
        iso(entry.at),
        dayOf(entry.at),
        d.ref.parent.parent?.id,
        entry.type,
        rupees(signedAmount(entry)),
        rupees(entry.balanceAfterPaisa),
        orderNumber(entry.orderId),
        entry.rechargeId,
        entry.reason,
      ];
    });
  }
}

const LEDGER_HEADER = ['entry', 'at', 'day_pkt', 'customer_uid', 'type', 'amount', 'balance_after', 'order', 'recharge', 'reason'];

/** Every recharge record is a credited top-up (an approved request or the admin's credit): written with its ledger credit. */
function topUpsRows(range: DayRange): Rows<RechargeDoc> {
  const { start, end } = rangeBounds(range);
  return { query: rechargesCollection().where('date', '>=', start).where('date', '<', end), field: 'date', direction: 'asc' };
}

async function* topUpsPages(rows: Rows<RechargeDoc>): AsyncGenerator<CsvCell[][]> {
  for await (const docs of pages(rows)) {
    const by = await auditedBy(docs.map((d) => d.ref));
    yield docs.map((d) => {
      const recharge = d.data();
      return [
        d.id,
        iso(recharge.date),
        dayOf(recharge.date),
        recharge.userId,
        recharge.user.name,
        recharge.user.email,
        rupees(recharge.amountPaisa),
        recharge.method,
        recharge.reference,
        recharge.requestId,
        by.get(d.id),
        // A top-up taken back since (top-up-reversals.ts): when and why.
        recharge.reversed ? iso(recharge.reversed.at) : undefined,
        recharge.reversed?.reason,
      ];
    });
  }
}

const TOP_UPS_HEADER = [
  'recharge',
  'at',
  'day_pkt',
  'customer_uid',
  'customer_name',
  'customer_email',
  'amount',
  'method',
  'reference',
  'request',
  'credited_by',
  'reversed_at',
  'reversed_reason',
];

/** An admin export of a kind whose rows are documents of type T: the query of a range, the header, the pages. */
interface AdminExport<T> {
  rows: (range: DayRange) => Rows<T>;
  header: string[];
  pages: (rows: Rows<T>) => AsyncGenerator<CsvCell[][]>;
}

/** The export of `kind` over `range`, once its rows are counted: `export_too_large` when they would not fit in one download. */
const exporting =
  <T>({ rows: rowsOf, header, pages: pagesFrom }: AdminExport<T>) =>
  async (kind: ExportKind, range: DayRange): Promise<CsvExport> => {
    const rows = rowsOf(range);
    await assertFits(rows);
    return { filename: `shohrat-${kind}-${range.from}-to-${range.to}.csv`, header, pages: pagesFrom(rows) };
  };

const ADMIN_EXPORTS = {
  orders: exporting({ rows: ordersRows, header: ORDERS_HEADER, pages: ordersPages }),
  ledger: exporting({ rows: ledgerRows, header: LEDGER_HEADER, pages: ledgerPages }),
  'top-ups': exporting({ rows: topUpsRows, header: TOP_UPS_HEADER, pages: topUpsPages }),
} satisfies Record<ExportKind, (kind: ExportKind, range: DayRange) => Promise<CsvExport>>;

export const adminExport = (kind: ExportKind, range: DayRange): Promise<CsvExport> => ADMIN_EXPORTS[kind](kind, range);

/**
 * An export is an admin reading customers' data: one audit entry, written before the first row is
 * sent (an export the trail does not show never starts).
 */
export async function auditExport(actor: Actor, kind: ExportKind, range: DayRange): Promise<void> {
  await runInTransaction(null, async (tx, now) => {
    recordAudit(tx, actor, now, {
      subject: `exports/${kind}?from=${range.from}&to=${range.to}`,
      action: 'export',
      after: { kind, from: range.from, to: range.to },
    });
  });
}

/** What the statement's line says: the adjustment's reason, the order, or a top-up. */
function description(entry: LedgerDoc): string {
  if (entry.type === 'adjustment') return `Adjustment: ${entry.reason ?? ''}`;
  if (entry.type === 'referral') return 'Referral earnings moved to the balance';
  if (entry.type === 'refund') return `Refund of order #${entry.orderId ?? ''}`;
  if (entry.type === 'debit') return `Order #${entry.orderId ?? ''}`;
  return 'Top-up';
}

async function* statementPages(rows: Rows<LedgerDoc>): AsyncGenerator<CsvCell[][]> {
  for await (const docs of pages(rows)) {
    yield docs.map((d) => {
      const entry = d.data();
      return [pakistanTime(entry.at), entry.type, description(entry), rupees(signedAmount(entry)), rupees(entry.balanceAfterPaisa)];
    });
  }
}

/**
 * The signed-in customer's own entries (of the filters), newest first as the statement page lists them,
 * over at most a year (statementCsvRange: without `from`, the last 366 days) and at most exportRows rows.
 */
export async function statementExport(uid: string, filters: StatementFilters): Promise<CsvExport> {
  const range = statementCsvRange(filters);
  const rows: Rows<LedgerDoc> = { query: statementEntries(uid, { ...filters, ...range }), field: 'at', direction: 'desc' };
  await assertFits(rows);
  return {
    filename: `statement-${range.from}-to-${range.to}${filters.type ? `-${filters.type}` : ''}.csv`,
    header: ['date_pkt', 'type', 'description', 'amount', 'balance_after'],
    pages: statementPages(rows),
  };
}

/** Counts a statement download against the customer's allowance (RATE_LIMITS.statementCsv): 429 `rate_limited` over it. */
export async function countStatementDownload(uid: string): Promise<void> {
  await runInTransaction(null, async (tx, now) => {
    const limit = await checkRateLimit(tx, 'statementCsv', { uid }, now);
    limit.record();
  });
}
