// The API v2 limiter against the Firestore emulator, on an injected clock: a minute of traffic in a
// few seconds. Each ApiRateLimiter stands for one function instance.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { apiServerForFile } from '../../../../tests/support/api';
import { API_V2_RATE_LIMITS } from '../../shared/api-v2';
import { ApiRateLimiter, accountCounter, apiRateLimitsCollection, takeApiRequest } from './api-rate-limit';

apiServerForFile();

const MINUTE = 60_000;
const READ = API_V2_RATE_LIMITS.read;
const WRITE = API_V2_RATE_LIMITS.write;

/** A clock the test moves; starts in the middle of a slot, as real traffic does. */
function fakeClock() {
  let now = Date.now();
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const limiters: ApiRateLimiter[] = [];
function instance(clock: () => number) {
  const limiter = new ApiRateLimiter(clock);
  limiters.push(limiter);
  return limiter;
}
afterEach(async () => {
  for (const limiter of limiters.splice(0)) {
    await limiter.flushAll();
    limiter.stop();
  }
});

/** The documents of one account's counter of a kind: every write its requests caused. */
async function slotDocs(uid: string, kind: 'read' | 'write' = 'read') {
  const snapshot = await apiRateLimitsCollection().get();
  return snapshot.docs.map((d) => d.data()).filter((d) => d.bucket.startsWith(`${accountCounter(uid, kind)}-`));
}

describe('the API v2 limit per account', () => {
  it('answers 1,000 status calls spread over a minute, writing each account’s counts at most once a second', async () => {
    const clock = fakeClock();
    const limiter = instance(clock.now);
    const uid = randomUUID();
    const verdicts = [];
    for (let n = 0; n < 1000; n += 1) {
      verdicts.push(await takeApiRequest(uid, 'read', limiter));
      clock.advance(MINUTE / 1000);
    }
    expect(verdicts.filter((v) => !v.allowed)).toEqual([]);
    await limiter.flushAll();

    const docs = await slotDocs(uid);
    // Every allowed request is in the shared counts: one document per 10-second slot.
    expect(docs.reduce((sum, d) => sum + d.count, 0)).toBe(1000);
    expect(docs.length).toBeLessThanOrEqual(MINUTE / 10_000 + 1);
    // At most one write a second (a commit at a slot change also closes the slot before: one more each).
    const writes = docs.reduce((sum, d) => sum + d.writes, 0);
    expect(writes).toBeGreaterThan(0);
    expect(writes).toBeLessThanOrEqual(MINUTE / 1000 + 1 + docs.length);
    // No document takes more than one write a second of its slot, plus that closing write.
    for (const doc of docs) expect(doc.writes).toBeLessThanOrEqual(10 + 1);
  });

  it('allows a burst of the whole minute’s reads at once, then 429 with the seconds until the window lets one through', async () => {
    const clock = fakeClock();
    const limiter = instance(clock.now);
    const uid = randomUUID();
    const burst = await Promise.all(Array.from({ length: READ.max }, () => takeApiRequest(uid, 'read', limiter)));
    expect(burst.every((v) => v.allowed)).toBe(true);
    const refused = await takeApiRequest(uid, 'read', limiter);
    const wait = refused.allowed ? 0 : refused.retryAfterSeconds;
    // The burst came at one instant, at most one slot (10 s) into its slot: it leaves the window 50 to 60 s later.
    expect(refused.allowed).toBe(false);
    expect(wait).toBeGreaterThanOrEqual(50);
    expect(wait).toBeLessThanOrEqual(60);
    // Writes are counted apart: a status loop at its limit does not stop orders.
    expect(await takeApiRequest(uid, 'write', limiter)).toEqual({ allowed: true });
    clock.advance((wait - 1) * 1000);
    expect((await takeApiRequest(uid, 'read', limiter)).allowed).toBe(false);
    clock.advance(1000);
    expect(await takeApiRequest(uid, 'read', limiter)).toEqual({ allowed: true });
  });

  it('allows the write limit a minute and refuses beyond it, with Retry-After within the minute', async () => {
    const clock = fakeClock();
    const limiter = instance(clock.now);
    const uid = randomUUID();
    const verdicts = [];
    // Spread over 40 seconds: the first requests leave the window 40 seconds before the last.
    for (let n = 0; n < WRITE.max + 10; n += 1) {
      verdicts.push(await takeApiRequest(uid, 'write', limiter));
      clock.advance(40_000 / (WRITE.max + 10));
    }
    expect(verdicts.slice(0, WRITE.max).every((v) => v.allowed)).toBe(true);
    for (const verdict of verdicts.slice(WRITE.max)) {
      expect(verdict.allowed).toBe(false);
      const wait = verdict.allowed ? 0 : verdict.retryAfterSeconds;
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
    }
    // Told to wait, the client is let through when the wait is over.
    const last = verdicts.at(-1);
    clock.advance((last && !last.allowed ? last.retryAfterSeconds : 0) * 1000);
    expect(await takeApiRequest(uid, 'write', limiter)).toEqual({ allowed: true });
  });

  it('is shared by two instances: together they allow the limit once (give or take their sharing lag), not twice', async () => {
    const clock = fakeClock();
    const a = instance(clock.now);
    const b = instance(clock.now);
    const uid = randomUUID();
    const allowed = { a: 0, b: 0 };
    // 100 requests a second over 30 seconds, alternately on each instance: 3,000, of which the minute allows 1,200.
    for (let n = 0; n < 3000; n += 1) {
      const on = n % 2 === 0 ? 'a' : 'b';
      if ((await takeApiRequest(uid, 'read', on === 'a' ? a : b)).allowed) allowed[on] += 1;
      clock.advance(10);
    }
    const total = allowed.a + allowed.b;
    expect(total).toBeGreaterThanOrEqual(READ.max);
    // Each sees the other's counts at most about two seconds late: at 50 a second each, ~100 over.
    expect(total).toBeLessThanOrEqual(READ.max + 2 * 100);
    expect(allowed.a).toBeLessThan(READ.max);
    expect(allowed.b).toBeLessThan(READ.max);
  });

  it('on a cold start, reads what the other instances counted before deciding its first request', async () => {
    const clock = fakeClock();
    const uid = randomUUID();
    const old = instance(clock.now);
    for (let n = 0; n < WRITE.max; n += 1) expect((await takeApiRequest(uid, 'write', old)).allowed).toBe(true);
    await old.flushAll();
    clock.advance(5000);
    const fresh = instance(clock.now);
    const verdict = await takeApiRequest(uid, 'write', fresh);
    expect(verdict.allowed).toBe(false);
    expect(await takeApiRequest(randomUUID(), 'write', fresh)).toEqual({ allowed: true });
  });
});
