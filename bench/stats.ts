export function median(values: number[]): number {
  return quantile(values, 0.5);
}

/** The q-quantile by linear interpolation between closest ranks. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] ?? Number.NaN;
  const high = sorted[upper] ?? Number.NaN;
  return low + (high - low) * (position - lower);
}

/** Runs `task(i)` for i in 0..count-1 with at most `inFlight` at a time; returns each latency (ms). */
export async function pool<T>(
  count: number,
  inFlight: number,
  task: (i: number) => Promise<T>,
): Promise<{ results: T[]; latencies: number[]; elapsedMs: number }> {
  const results: T[] = new Array(count);
  const latencies: number[] = new Array(count);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(inFlight, count) }, async () => {
      for (;;) {
        const i = next++;
        if (i >= count) return;
        const t0 = performance.now();
        results[i] = await task(i);
        latencies[i] = performance.now() - t0;
      }
    }),
  );
  return { results, latencies, elapsedMs: performance.now() - started };
}

/** Runs `perLane` tasks one after another in each of `laneCount` lanes side by side; returns each latency (ms). */
export async function lanes<T>(
  laneCount: number,
  perLane: number,
  task: (lane: number, j: number) => Promise<T>,
): Promise<{ results: T[]; latencies: number[]; elapsedMs: number }> {
  const results: T[] = [];
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: laneCount }, async (_, lane) => {
      for (let j = 0; j < perLane; j++) {
        const t0 = performance.now();
        results.push(await task(lane, j));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { results, latencies, elapsedMs: performance.now() - started };
}
