// Server-Timing entries of one answer (browser dev tools and the benchmark read them): where the time
// of a request went, without a tracing system.
import type { Response } from 'express';

export function addTiming(res: Response, name: string, ms: number): void {
  const entries = (res.locals.timings as string[] | undefined) ?? [];
  entries.push(`${name};dur=${ms.toFixed(1)}`);
  res.locals.timings = entries;
}

export async function timed<T>(res: Response, name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    addTiming(res, name, performance.now() - started);
  }
}

export function serverTimingHeader(res: Response, appMs: number): string {
  return [...((res.locals.timings as string[] | undefined) ?? []), `app;dur=${appMs.toFixed(1)}`].join(', ');
}
