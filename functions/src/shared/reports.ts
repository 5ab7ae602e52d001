// The reports' contract, imported by both sides: the admin's figures for a range of Pakistan days (`YYYY-MM-DD`, UTC+5,
// `from`..`to` both included), the exports and a customer's statement; rupees on the wire, paisa inside. What each
// figure means is written beside it; how they are kept: docs/decisions/0011-reports-from-rollups.md.
import { z } from 'zod/mini';
import type { ORDER_STATUSES } from './order-status';
import { addDays, pakistanDayOf, pakistanDaySchema } from './pakistan-days';
import { PLATFORMS } from './platforms';
import { pageQuery } from './schemas/fields';

export const REPORT_LIMITS = {
  /** The longest range one report or export covers. */
  maxDays: 366,
  /** Top customers listed. */
  topCustomers: 20,
  /** Rows per page an export reads (it streams page after page). */
  exportPage: 500,
  /**
   * The most rows one CSV file holds (an export or the statement's). Firebase Hosting cuts a request at
   * 60 s and the exports stream about 1,000 rows/s (measured on the emulator, README): a file of up to
   * this many is sent whole with room to spare, a larger one would always be cut mid-file. It is
   * counted before the first row (an aggregation: 1 read per 1,000 rows) and refused as `export_too_large`.
   */
  exportRows: 40_000,
  /** Days the dashboard's spending chart shows. */
  spendingDays: 30,
} as const;

export const REPORT_GRANULARITIES = ['day', 'week', 'month'] as const;
export type ReportGranularity = (typeof REPORT_GRANULARITIES)[number];

/** Whole days from `from` to `to`, both included (1 for one day). */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

const rangeOrder = (range: { from: string; to: string }) => range.from <= range.to;
// Functions, not shared objects: zod keeps (and changes) the params object a refinement is given.
const rangeOrderIssue = () => ({ message: 'The end date cannot be before the start date', path: ['to'] });
const rangeLength = (range: { from: string; to: string }) => daysInRange(range.from, range.to) <= REPORT_LIMITS.maxDays;
const rangeLengthIssue = () => ({ message: `A range can cover at most ${REPORT_LIMITS.maxDays} days`, path: ['to'] });

// The queries are strict: a parameter the endpoint does not know (a misspelt `form`, `from[]`) is a 400
// naming it, not silently dropped (which would answer a whole ledger for a range the caller meant).

/** GET /api/admin/reports?from=&to=&granularity= */
export const reportQuery = z
  .strictObject({
    from: pakistanDaySchema,
    to: pakistanDaySchema,
    granularity: z._default(z.enum(REPORT_GRANULARITIES, { error: 'Choose day, week or month' }), 'day'),
  })
  .check(z.refine(rangeOrder, rangeOrderIssue()), z.refine(rangeLength, rangeLengthIssue()));
export type ReportQuery = z.infer<typeof reportQuery>;

/** GET /api/admin/exports/{orders|ledger|top-ups}.csv?from=&to= */
export const exportQuery = z
  .strictObject({ from: pakistanDaySchema, to: pakistanDaySchema })
  .check(z.refine(rangeOrder, rangeOrderIssue()), z.refine(rangeLength, rangeLengthIssue()));
export const EXPORT_KINDS = ['orders', 'ledger', 'top-ups'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

const figures = {
  /** Credits (approved top-ups and the admin's credits) on the day of their ledger entry. */
  topUps: z.number(),
  /** Charges − refunds on the days of their ledger entries (cash basis: a past day never changes, a refund today lowers today). */
  revenue: z.number(),
  /** The refund entries alone. */
  refunds: z.number(),
  /**
   * What providers charge us: an order's frozen cost (its fulfilment's costPaisa, drip-feed runs included) on its
   * placement day; given back, when the order ends cancelled (all of it) or partial (its remains' share, rounded half
   * up), on the day it ended. Manual orders cost nothing.
   */
  cost: z.number(),
  /** revenue − cost. */
  profit: z.number(),
  /** Orders charged (ledger debits): a drip-feed counts once, its runs never. */
  orders: z.number().check(z.int()),
};

/** adjustments: the admin's signed corrections (neither revenue nor top-ups); newCustomers: accounts created on the day. */
export const reportTotalsSchema = z.object({
  ...figures,
  adjustments: z.number(),
  newCustomers: z.number().check(z.int()),
  /**
   * Discounts given (issue 34): what list prices would have charged more for the orders placed in the range, by
   * customers' tiers and own rates; signed (a fixed rate above the list one counts against it). Absent from older answers.
   */
  discounts: z.optional(z.number()),
  /** Referral earnings customers moved to their balances (issue 34): money the panel gave, not a top-up. */
  referralPayouts: z.optional(z.number()),
});
export type ReportTotals = z.infer<typeof reportTotalsSchema>;

/** One bucket of the series: a day, a week (from Monday) or a calendar month, cut to the range. */
export const reportBucketSchema = z.object({ start: pakistanDaySchema, ...figures, newCustomers: z.number().check(z.int()) });
export type ReportBucket = z.infer<typeof reportBucketSchema>;

/**
 * A breakdown's row (byPlatform, byService, byProvider): what its orders brought and cost over the range. Each order's
 * charges, refunds and cost are under one row, its provider's now (after a Resend, the new one's); a drip-feed's charge
 * and refunds (its runs' own refunds too) are under "drip-feed", its runs' cost under their providers.
 */
const breakdownFigures = {
  revenue: z.number(),
  refunds: z.number(),
  cost: z.number(),
  profit: z.number(),
  orders: z.number().check(z.int()),
};

const count = z.number().check(z.int());
/** The orders charged in the range, by their status now. */
export const ordersByStatusSchema = z.object({ pending: count, processing: count, completed: count, partial: count, cancelled: count });
export type OrdersByStatus = Record<(typeof ORDER_STATUSES)[number], number>;

export const reportSchema = z.object({
  from: pakistanDaySchema,
  to: pakistanDaySchema,
  granularity: z.enum(REPORT_GRANULARITIES),
  /** Every entry and change before this instant is in the figures (the rollups trail the ledger by minutes). */
  asOf: z.string(),
  totals: reportTotalsSchema,
  series: z.array(reportBucketSchema),
  ordersByStatus: ordersByStatusSchema,
  /** Sorted by revenue, highest first. */
  byPlatform: z.array(z.object({ platform: z.enum(PLATFORMS), ...breakdownFigures })),
  byService: z.array(z.object({ serviceId: z.string(), service: z.string(), platform: z.enum(PLATFORMS), ...breakdownFigures })),
  /** `providerId` "manual" for orders no provider took, "drip-feed" for drip-feed orders (their runs' cost is their providers'). */
  byProvider: z.array(z.object({ providerId: z.string(), name: z.string(), ...breakdownFigures })),
  /** The top customers by revenue over the range. */
  topCustomers: z.array(
    z.object({ uid: z.string(), name: z.string(), email: z.string(), revenue: z.number(), orders: z.number().check(z.int()) }),
  ),
  /** What the panel owes now (every customer's balance) beside what it holds at its providers (last known). */
  owed: z.object({
    balances: z.number(),
    providers: z.array(
      z.object({
        providerId: z.string(),
        name: z.string(),
        balance: z.nullable(z.number()),
        currency: z.string(),
        checkedAt: z.nullable(z.string()),
      }),
    ),
  }),
});
export type Report = z.infer<typeof reportSchema>;

/** GET /api/ledger?from=&to=&type=&limit=&cursor= (the customer's statement) and GET /api/ledger.csv?from=&to=&type= */
export const STATEMENT_TYPES = ['credit', 'debit', 'refund', 'adjustment', 'referral'] as const;

/** The statement's filters, each optional: Pakistan days (both included) and one type of entry. */
const statementFilters = {
  from: z.optional(pakistanDaySchema),
  to: z.optional(pakistanDaySchema),
  type: z.optional(z.enum(STATEMENT_TYPES, { error: 'Choose credit, debit, refund, adjustment or referral' })),
};
const statementOrder = (range: { from?: string | undefined; to?: string | undefined }) =>
  !range.from || !range.to || range.from <= range.to;
export const statementQuery = z
  .strictObject({ ...pageQuery.shape, ...statementFilters })
  .check(z.refine(statementOrder, rangeOrderIssue()));
export type StatementQuery = z.infer<typeof statementQuery>;

/**
 * The days a statement CSV covers: at most maxDays, as an export. Without `to` it ends today (Pakistan);
 * without `from` it starts maxDays − 1 days before its end (a year), so an unfiltered download is the
 * last year's entries, not the whole ledger in one request.
 */
export function statementCsvRange(filters: { from?: string | undefined; to?: string | undefined }, now = Date.now()) {
  const to = filters.to ?? pakistanDayOf(now);
  const from = filters.from ?? addDays(to, -(REPORT_LIMITS.maxDays - 1));
  return { from, to };
}
export const statementCsvQuery = z.strictObject(statementFilters).check(
  z.refine(statementOrder, rangeOrderIssue()),
  z.refine((filters) => !filters.from || rangeLength(statementCsvRange(filters)), {
    message: `A statement file covers at most ${REPORT_LIMITS.maxDays} days: choose a later start date or an earlier end date`,
    path: ['from'],
  }),
);
export type StatementFilters = z.infer<typeof statementCsvQuery>;

/** GET /api/ledger/spending: what the customer spent (charges − refunds) per day, the last spendingDays days. */
export const spendingSchema = z.object({
  /** Every ledger entry before this instant is counted (the answer's time, unless cut at 500 unfolded entries). */
  asOf: z.string(),
  days: z.array(z.object({ day: pakistanDaySchema, spent: z.number() })),
});
export type Spending = z.infer<typeof spendingSchema>;
