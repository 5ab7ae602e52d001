// The admin's requested runs in the in-process API tests: the API answers 202 with where to
// follow a run, and a Firestore trigger (index.ts) runs it, which no emulator runs here. `completeRun`
// does what the trigger does (the same exported handler, the production clients and clock unless given)
// and answers the followed run as the console reads it.
import { expect } from 'vitest';
import type { ForwardDeps } from '../../functions/src/workers/forward';
import { type ApiAnswer, call } from './api';

/** Runs the run a 202 answer started, then GETs where it said to follow it: `{status, body: {run}}`. */
export async function completeRun(base: string, token: string, started: ApiAnswer, deps?: ForwardDeps): Promise<ApiAnswer> {
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.headers.get('location')).toBe(started.body.follow);
  const { runRequestedWork } = await import('../../functions/src/workers/runs');
  const { workerDeps } = await import('../../functions/src/workers/deps');
  await runRequestedWork(started.body.run.id as string, deps ?? workerDeps());
  return call(base, 'GET', started.body.follow as string, { token });
}

/** POST, run and follow: the run as it ended (its state, and its result or error). */
export async function requestAndRun(
  base: string,
  token: string,
  path: string,
  deps?: ForwardDeps,
): Promise<{ state: string; result?: any; error?: { code: string; message: string; field?: string } }> {
  const started = await call(base, 'POST', path, { token, body: {} });
  const followed = await completeRun(base, token, started, deps);
  expect(followed.status, JSON.stringify(followed.body)).toBe(200);
  return followed.body.run;
}
