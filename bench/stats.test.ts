import { describe, expect, it } from 'vitest';
import { lanes, median, pool, quantile } from './stats';

describe('bench statistics', () => {
  it('computes medians and quantiles by interpolation', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([1, 2, 3, 4])).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.95)).toBe(10.5);
    expect(Number.isNaN(median([]))).toBe(true);
  });

  it('never runs more than `inFlight` tasks at once and runs each once', async () => {
    let running = 0;
    let peak = 0;
    const { results } = await pool(25, 4, async (i) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((done) => setTimeout(done, 2));
      running--;
      return i * 2;
    });
    expect(peak).toBe(4);
    expect(results).toEqual(Array.from({ length: 25 }, (_, i) => i * 2));
  });

  it('runs each lane one task at a time, the lanes side by side', async () => {
    const busy = new Set<number>();
    let overlaps = 0;
    let running = 0;
    let peak = 0;
    const { results, latencies } = await lanes(5, 6, async (lane, j) => {
      if (busy.has(lane)) overlaps++;
      busy.add(lane);
      running++;
      peak = Math.max(peak, running);
      await new Promise((done) => setTimeout(done, 1 + (j % 3)));
      running--;
      busy.delete(lane);
      return `${lane}:${j}`;
    });
    expect(overlaps).toBe(0);
    expect(peak).toBe(5);
    expect(latencies).toHaveLength(30);
    expect(new Set(results).size).toBe(30);
  });
});
