// The bench's budgets that compare figures of one run: each budget states what it protects and why
// it is set where it is (README, Benchmarks). Pure: the figures' numbers in, the figures out.
import { type Figure, withBudget } from './figures';
import { quantile } from './stats';

export interface ContentionRun {
  /** `timing`: the answer's Server-Timing entries (`app`: the time in the app), when it sent them. */
  results: { status: number; retries: number; timing?: Record<string, number> }[];
  latencies: number[];
  elapsedMs: number;
}

/** A reseller's burst on one balance is taken about as fast as twenty customers ordering side by side. */
export const ONE_ACCOUNT_THROUGHPUT_SHARE = 0.8;
/** The slowest of one account's 20 parallel orders answers within this (a person waits; a script's timeout). */
export const ONE_ACCOUNT_P95_MS = 5000;
/**
 * The slowest of twenty customers' orders side by side (one each in flight) answers within this, through
 * the Hosting and Functions emulators, once the function's workers have started (docs/decisions/0017, part 5).
 */
export const TWENTY_ACCOUNTS_P95_MS = 3000;
/** What the app adds to an order (auth, validation, answer), over the bare transaction. */
export const API_OVERHEAD_LIMIT = 1.5;
/** Documents the status sync reads per order due: the due query, the order, and the check's two. */
export const SYNC_READS_PER_DUE = 5;
/** ... plus a few per tick whatever is due: the providers, the lease's claim and release, the last empty query. */
export const SYNC_READS_PER_TICK = 10;

export const throughput = (run: ContentionRun) => (run.results.filter((r) => r.status === 201).length / run.elapsedMs) * 1000;
const retries = (run: ContentionRun) => run.results.reduce((n, r) => n + r.retries, 0);

/** One contention run's figures (200 orders, 20 in flight); budgets only on what must hold for every run. */
export function contentionFigures(who: string, run: ContentionRun, acceptedName: string): Figure[] {
  const accepted = run.results.filter((r) => r.status === 201).length;
  return [
    { name: `${who}: throughput`, value: throughput(run), unit: 'orders/s', note: '200 orders, 20 in flight' },
    { name: `${who}: p95 latency`, value: quantile(run.latencies, 0.95), unit: 'ms', note: 'includes client retries with the same key' },
    { name: `${who}: client retries (5xx or timeout)`, value: retries(run), unit: '' },
    withBudget({ name: `${who}: ${acceptedName}`, value: accepted, unit: '' }, '>=', 200),
  ];
}

/**
 * The twenty-accounts run's latency budget, with what of it is ours beside it without a budget: the p95
 * of the time in the app (Server-Timing `app`: the token check, the order's transaction, the answer); the
 * rest is the emulators' proxying, which production does not run. NaN when an answer had no timing.
 */
export function twentyAccountsBudgets(spread: ContentionRun): Figure[] {
  const inApp = spread.results.map((r) => r.timing?.app ?? Number.NaN);
  const appP95 = inApp.every(Number.isFinite) ? quantile(inApp, 0.95) : Number.NaN;
  const p95 = quantile(spread.latencies, 0.95);
  return [
    withBudget(
      {
        name: '20 accounts: p95 latency (budget)',
        value: p95,
        unit: 'ms',
        note: 'through Hosting → Functions, the 20 function workers started before (their start is not counted)',
      },
      '<=',
      TWENTY_ACCOUNTS_P95_MS,
    ),
    {
      name: '20 accounts: p95 time in the app (Server-Timing)',
      value: appP95,
      unit: 'ms',
      note: "no budget: what is ours of the latency above; the rest is the Hosting and Functions emulators' proxying on this machine's cores",
    },
  ];
}

/** The one-account run against the twenty-accounts run of the same bench: the reseller's budgets. */
export function oneAccountBudgets(spread: ContentionRun, one: ContentionRun): Figure[] {
  const share = throughput(one) / throughput(spread);
  return [
    withBudget(
      {
        name: 'One account: throughput / 20 accounts throughput',
        value: share,
        unit: '×',
        note: `${throughput(one).toFixed(2)} / ${throughput(spread).toFixed(2)} orders/s, side by side in this run`,
      },
      '>=',
      ONE_ACCOUNT_THROUGHPUT_SHARE,
    ),
    withBudget({ name: 'One account: p95 latency (budget)', value: quantile(one.latencies, 0.95), unit: 'ms' }, '<=', ONE_ACCOUNT_P95_MS),
    withBudget({ name: 'One account: client retries (budget)', value: retries(one), unit: '' }, '<=', 0),
  ];
}

/**
 * The API overhead: budgeted on what our code adds, (order − empty request) / bare transaction; the raw
 * ratio is reported beside it without a budget, as the emulators' proxying of an empty request is not ours.
 */
export function overheadFigures(medians: { http: number; empty: number; bare: number }): Figure[] {
  return [
    withBudget(
      {
        name: 'API overhead: (HTTP − empty request) / bare',
        value: (medians.http - medians.empty) / medians.bare,
        unit: '×',
        note: 'what the app adds: auth (revocation check), routing, validation, the answer',
      },
      '<=',
      API_OVERHEAD_LIMIT,
    ),
    {
      name: 'API overhead, raw: HTTP median / bare median',
      value: medians.http / medians.bare,
      unit: '×',
      note: `no budget: it includes the Hosting and Functions emulators' proxying (${(medians.empty / medians.bare).toFixed(2)} × bare for an empty request), which production does not run`,
    },
  ];
}

/** Documents read to answer a first page, at 1,000 and at 50,000 orders: production pays reads, so the same count. */
export function firstPageReadFigures(list: string, reads: { small: number; large: number }): Figure[] {
  return [
    { name: `${list}, first page: documents read at 1,000 orders`, value: reads.small, unit: '' },
    withBudget(
      {
        name: `${list}, first page: documents read at 50,000 − at 1,000`,
        value: reads.large - reads.small,
        unit: '',
        note: `${reads.small} → ${reads.large}: a page costs the same however many orders there are`,
      },
      '<=',
      0,
    ),
  ];
}

/** The status sync's reads in one tick against the orders due in it (not the orders open). */
export function syncReadFigures(measured: { reads: number; due: number; open: number; checked: number }): Figure[] {
  const limit = SYNC_READS_PER_DUE * measured.due + SYNC_READS_PER_TICK;
  return [
    {
      name: 'Status sync: orders checked in one tick',
      value: measured.checked,
      unit: '',
      note: `${measured.open.toLocaleString('en')} sent orders open, ${measured.due} of them due`,
    },
    withBudget(
      {
        name: 'Status sync: documents read in one tick',
        value: measured.reads,
        unit: '',
        note: `budget ${SYNC_READS_PER_DUE} per order due + ${SYNC_READS_PER_TICK}: grows with the due, not the open`,
      },
      '<=',
      limit,
    ),
  ];
}
