import { describe, expect, it } from 'vitest';
import {
  type ContentionRun,
  firstPageReadFigures,
  oneAccountBudgets,
  overheadFigures,
  syncReadFigures,
  throughput,
  twentyAccountsBudgets,
} from './budgets';
import type { Figure } from './figures';

/** 200 answered orders in `seconds`, each taking `ms` (the last `slow` of them `slowMs`), `retries` in all. */
function run(
  seconds: number,
  ms: number,
  options: { retries?: number; slow?: number; slowMs?: number; refused?: number; appMs?: number } = {},
): ContentionRun {
  const results = Array.from({ length: 200 }, (_, i) => ({
    status: i < (options.refused ?? 0) ? 409 : 201,
    retries: i === 0 ? (options.retries ?? 0) : 0,
    ...(options.appMs !== undefined ? { timing: { auth: 1, order: options.appMs - 2, app: options.appMs } } : {}),
  }));
  const latencies = Array.from({ length: 200 }, (_, i) => (i >= 200 - (options.slow ?? 0) ? (options.slowMs ?? ms) : ms));
  return { results, latencies, elapsedMs: seconds * 1000 };
}

const byName = (figures: Figure[], start: string) => {
  const found = figures.find((f) => f.name.startsWith(start));
  if (!found) throw new Error(`no figure ${start}`);
  return found;
};

describe('the one-account budgets, against the twenty-accounts run of the same bench', () => {
  it('counts only accepted orders in the throughput', () => {
    expect(throughput(run(20, 100))).toBe(10);
    expect(throughput(run(20, 100, { refused: 20 }))).toBe(9);
  });

  it('passes a burst taken at 0.8 × the side-by-side throughput, p95 within 5 s and no retry', () => {
    const figures = oneAccountBudgets(run(20, 1000), run(25, 4900));
    expect(byName(figures, 'One account: throughput /').value).toBe(0.8);
    expect(figures.every((f) => f.pass)).toBe(true);
  });

  it("fails the issue's figures: 1.09 against 10.7 orders/s, p95 157 s, 39 retries", () => {
    const figures = oneAccountBudgets(run(200 / 10.7, 1900), run(200 / 1.09, 20_000, { retries: 39, slow: 20, slowMs: 157_000 }));
    expect(byName(figures, 'One account: throughput /')).toMatchObject({ pass: false });
    expect(byName(figures, 'One account: throughput /').value).toBeCloseTo(1.09 / 10.7, 5);
    expect(byName(figures, 'One account: p95')).toMatchObject({ value: 157_000, pass: false });
    expect(byName(figures, 'One account: client retries')).toMatchObject({ value: 39, pass: false });
  });

  it('fails each budget alone: slower than 0.8 ×, a p95 over 5 s, a single retry', () => {
    expect(byName(oneAccountBudgets(run(20, 100), run(25.1, 100)), 'One account: throughput /').pass).toBe(false);
    expect(byName(oneAccountBudgets(run(20, 100), run(20, 100, { slow: 11, slowMs: 5001 })), 'One account: p95').pass).toBe(false);
    expect(byName(oneAccountBudgets(run(20, 100), run(20, 100, { retries: 1 })), 'One account: client retries').pass).toBe(false);
  });
});

describe('the twenty-accounts latency budget', () => {
  it('passes a p95 of 3 s and fails one over it, whatever the throughput', () => {
    expect(twentyAccountsBudgets(run(20, 1000, { slow: 11, slowMs: 3000, appMs: 200 }))[0]).toMatchObject({
      name: '20 accounts: p95 latency (budget)',
      value: 3000,
      budget: '≤ 3000',
      pass: true,
    });
    expect(twentyAccountsBudgets(run(20, 1000, { slow: 11, slowMs: 3001, appMs: 200 }))[0]?.pass).toBe(false);
  });

  it("fails part 5's figure: the first wave waiting 14.5 s for the function workers to start", () => {
    expect(twentyAccountsBudgets(run(200 / 10, 1100, { slow: 20, slowMs: 14_500, appMs: 250 }))[0]).toMatchObject({
      value: 14_500,
      pass: false,
    });
  });

  it('reports the p95 of the time in the app beside it, without a budget; NaN when an answer had no timing', () => {
    const [, inApp] = twentyAccountsBudgets(run(20, 1000, { appMs: 300 }));
    expect(inApp).toMatchObject({ name: '20 accounts: p95 time in the app (Server-Timing)', value: 300 });
    expect(inApp?.budget).toBeUndefined();
    expect(inApp?.pass).toBeUndefined();
    expect(twentyAccountsBudgets(run(20, 1000))[1]?.value).toBeNaN();
  });
});

describe('the API overhead budget', () => {
  it('is on what the app adds over the empty request, the raw ratio beside it without a budget', () => {
    // The issue's case: the emulators' proxying alone eats most of what the raw budget leaves.
    const [added, raw] = overheadFigures({ http: 30, empty: 8, bare: 16 });
    expect(added).toMatchObject({ value: 22 / 16, budget: '≤ 1.5', pass: true });
    expect(raw).toMatchObject({ value: 30 / 16 });
    expect(raw?.budget).toBeUndefined();
    expect(raw?.pass).toBeUndefined();
    expect(overheadFigures({ http: 33, empty: 8, bare: 16 })[0]?.pass).toBe(false);
  });
});

describe('the first-page reads at scale', () => {
  it('passes the same count at 1,000 and 50,000 orders and fails one more read', () => {
    expect(firstPageReadFigures('Admin orders', { small: 101, large: 101 })[1]?.pass).toBe(true);
    expect(firstPageReadFigures('Admin orders', { small: 101, large: 102 })[1]?.pass).toBe(false);
    expect(firstPageReadFigures('Admin orders', { small: Number.NaN, large: 101 })[1]?.pass).toBe(false);
  });
});

describe('the status sync reads per tick', () => {
  it('allows five reads per order due and ten per tick, whatever is open', () => {
    expect(syncReadFigures({ reads: 510, due: 100, open: 10_000, checked: 100 })[1]).toMatchObject({ budget: '≤ 510', pass: true });
    expect(syncReadFigures({ reads: 511, due: 100, open: 10_000, checked: 100 })[1]?.pass).toBe(false);
    // Reading every open order is far over.
    expect(syncReadFigures({ reads: 10_000, due: 100, open: 10_000, checked: 100 })[1]?.pass).toBe(false);
  });
});
