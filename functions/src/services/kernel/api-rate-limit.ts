// Limits of the reseller API (decision record 0009): per account (all its keys together), and for wrong
// keys per client address.
// Each function instance decides alone, at once and exactly for the requests it serves, from a count
// it keeps in memory; instances tell each other their counts through Firestore, each writing its own
// documents at most once a second per counter, and reading the others' at most once a second. So the
// limit is shared by every instance with a lag of about two seconds, and no document is written more
// than once a second however busy a key is.
import { randomUUID } from 'node:crypto';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../lib/admin';
import { logger } from '../../lib/logger';
import { timestampSchema, typedCollection } from '../../lib/typed-collection';
import { API_V2_RATE_LIMITS, API_V2_WRONG_KEY_LIMITS, type ApiV2LimitClass } from '../../shared/api-v2';
import { addressKey } from './rate-limit';
import { sha256 } from './transactions';

export interface Limit {
  windowMs: number;
  max: number;
}

/** A window is counted in this many slots: the oldest slot, partly out of the window, counts pro rata. */
const SLOTS_PER_WINDOW = 6;
/** The least time between two writes of one instance's counts of one counter, and between two reads of the others'. */
export const SHARE_INTERVAL_MS = 1000;
/** `in` takes at most 30 values; a window spans SLOTS_PER_WINDOW + 1 slots. */
const SLOTS_READ = SLOTS_PER_WINDOW + 1;

/** One instance's share of a counter in one slot; the document is written by that instance only. */
export const slotDocSchema = z.object({
  /** `${counter}-${slot}`: what the other instances query. */
  bucket: z.string(),
  instance: z.string(),
  /** Requests this instance allowed in the slot (the whole count, not a delta: a repeated write counts nothing twice). */
  count: z.number(),
  /** When (ms) the latest of them came. */
  lastAt: z.number(),
  /** How many times the document was written: evidence that it is no hot spot. */
  writes: z.number(),
  expiresAt: timestampSchema,
});
export type SlotDoc = z.infer<typeof slotDocSchema>;

export const apiRateLimitsCollection = () => typedCollection('apiRateLimits', slotDocSchema);

interface Counter {
  id: string;
  limit: Limit;
  slotMs: number;
  /** Slot → requests this instance allowed; exact. */
  mine: Map<number, Hits>;
  /** Slot → the other instances' requests, as last read. */
  others: Map<number, Hits>;
  readAt: number;
  reading: Promise<void> | null;
  flushedAt: number;
  /** Slots counted since the last write. */
  dirty: Set<number>;
  flushing: Promise<void> | null;
  timer: NodeJS.Timeout | null;
  usedAt: number;
}

/** Requests in one slot, and when the latest came. */
interface Hits {
  count: number;
  lastAt: number;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class ApiRateLimiter {
  readonly instance = randomUUID();
  private readonly counters = new Map<string, Counter>();
  private sweptAt: number;

  constructor(private readonly clock: () => number = Date.now) {
    this.sweptAt = clock();
  }

  /**
   * Counts one request of `counterId` against `limit` if it is within it. The verdict is taken at
   * once from what this instance knows; only the first request of a counter on this instance (a cold
   * start) waits to read the others' counts first. Sharing (a write of this instance's counts, a read
   * of the others') happens at most once a second and is awaited, so it also runs where CPU is only
   * given during requests.
   */
  async take(counterId: string, limit: Limit): Promise<Verdict> {
    let now = this.clock();
    const counter = this.counter(counterId, limit, now);
    if (counter.readAt === Number.NEGATIVE_INFINITY) {
      await this.read(counter);
      now = this.clock();
    }
    const verdict = this.decide(counter, now);
    await Promise.all([this.flushIfDue(counter), this.readIfDue(counter)]);
    this.sweep();
    return verdict;
  }

  /** Writes every counter's pending counts now (tests, and a graceful end). */
  async flushAll(): Promise<void> {
    await Promise.all([...this.counters.values()].map((c) => this.flush(c)));
  }

  /** Stops the pending write timers (tests). */
  stop(): void {
    for (const c of this.counters.values()) if (c.timer) clearTimeout(c.timer);
  }

  private counter(id: string, limit: Limit, now: number): Counter {
    let counter = this.counters.get(id);
    if (!counter) {
      counter = {
        id,
        limit,
        slotMs: limit.windowMs / SLOTS_PER_WINDOW,
        mine: new Map(),
        others: new Map(),
        readAt: Number.NEGATIVE_INFINITY,
        reading: null,
        flushedAt: Number.NEGATIVE_INFINITY,
        dirty: new Set(),
        flushing: null,
        timer: null,
        usedAt: now,
      };
      this.counters.set(id, counter);
    }
    counter.usedAt = now;
    return counter;
  }

  /** Synchronous: concurrent requests on this instance are counted one after the other, exactly. */
  private decide(counter: Counter, now: number): Verdict {
    if (estimate(counter, now) + 1 <= counter.limit.max) {
      const slot = Math.floor(now / counter.slotMs);
      counter.mine.set(slot, { count: (counter.mine.get(slot)?.count ?? 0) + 1, lastAt: now });
      counter.dirty.add(slot);
      for (const old of counter.mine.keys())
        if ((old + 1) * counter.slotMs <= now - counter.limit.windowMs && !counter.dirty.has(old)) counter.mine.delete(old);
      this.scheduleFlush(counter, now);
      return { allowed: true };
    }
    // Refused requests are not counted: a client that keeps trying gets through as soon as the window allows.
    // A window after now every request counted so far is out of it.
    const steps = Math.ceil(counter.limit.windowMs / 1000);
    for (let seconds = 1; seconds < steps; seconds += 1) {
      if (estimate(counter, now + seconds * 1000) + 1 <= counter.limit.max) return { allowed: false, retryAfterSeconds: seconds };
    }
    return { allowed: false, retryAfterSeconds: steps };
  }

  private async flushIfDue(counter: Counter): Promise<void> {
    if (counter.dirty.size > 0 && this.clock() - counter.flushedAt >= SHARE_INTERVAL_MS) await this.flush(counter);
  }

  /**
   * The counts of the last request before a quiet spell are written by a timer once the interval
   * has passed (best effort: where the CPU sleeps between requests it runs late, and the other
   * instances see these counts late).
   */
  private scheduleFlush(counter: Counter, now: number): void {
    if (counter.timer) return;
    const wait = Math.max(0, counter.flushedAt + SHARE_INTERVAL_MS - now);
    counter.timer = setTimeout(() => {
      counter.timer = null;
      if (counter.dirty.size === 0) return;
      if (this.clock() - counter.flushedAt >= SHARE_INTERVAL_MS) void this.flush(counter);
      else this.scheduleFlush(counter, this.clock());
    }, wait);
    counter.timer.unref();
  }

  private async flush(counter: Counter): Promise<void> {
    if (counter.flushing) return counter.flushing;
    if (counter.dirty.size === 0) return;
    counter.flushedAt = this.clock();
    const slots = [...counter.dirty];
    counter.dirty.clear();
    const batch = db.batch();
    for (const slot of slots) {
      const ref = apiRateLimitsCollection().doc(`${counter.id}-${slot}-${this.instance}`);
      batch.set(
        ref,
        {
          bucket: `${counter.id}-${slot}`,
          instance: this.instance,
          count: counter.mine.get(slot)?.count ?? 0,
          lastAt: counter.mine.get(slot)?.lastAt ?? 0,
          writes: FieldValue.increment(1),
          expiresAt: Timestamp.fromMillis((slot + 1) * counter.slotMs + counter.limit.windowMs + 60_000),
        },
        { merge: true },
      );
    }
    counter.flushing = batch
      .commit()
      .then(() => undefined)
      .catch((error: unknown) => {
        // Written again with the next flush; until then the others see less than was allowed here.
        for (const slot of slots) counter.dirty.add(slot);
        logger.warn('api rate limit: counts not shared', { counter: counter.id, error: String(error) });
      })
      .finally(() => {
        counter.flushing = null;
      });
    return counter.flushing;
  }

  private async readIfDue(counter: Counter): Promise<void> {
    if (this.clock() - counter.readAt >= SHARE_INTERVAL_MS) await this.read(counter);
  }

  /** Reads the other instances' counts of the slots the window spans now (one query, no index needed). */
  private async read(counter: Counter): Promise<void> {
    if (counter.reading) return counter.reading;
    const startedAt = this.clock();
    const last = Math.floor(startedAt / counter.slotMs);
    const buckets = Array.from({ length: SLOTS_READ }, (_, i) => `${counter.id}-${last - i}`);
    counter.reading = apiRateLimitsCollection()
      .where('bucket', 'in', buckets)
      .get()
      .then((snapshot) => {
        const others = new Map<number, Hits>();
        for (const doc of snapshot.docs) {
          const data = doc.data();
          if (data.instance === this.instance) continue;
          const slot = Number(data.bucket.slice(counter.id.length + 1));
          const known = others.get(slot);
          others.set(slot, { count: (known?.count ?? 0) + data.count, lastAt: Math.max(known?.lastAt ?? 0, data.lastAt) });
        }
        counter.others = others;
        counter.readAt = startedAt;
      })
      .catch((error: unknown) => {
        // Decided on what this instance alone counted until a read succeeds.
        counter.readAt = startedAt;
        logger.warn('api rate limit: counts of other instances not read', { counter: counter.id, error: String(error) });
      })
      .finally(() => {
        counter.reading = null;
      });
    return counter.reading;
  }

  /** Forgets counters idle for longer than their window once their counts are written. */
  private sweep(): void {
    const now = this.clock();
    if (now - this.sweptAt < 60_000) return;
    this.sweptAt = now;
    for (const [id, c] of this.counters) {
      if (now - c.usedAt > c.limit.windowMs + c.slotMs && c.dirty.size === 0 && !c.flushing && !c.reading) {
        if (c.timer) clearTimeout(c.timer);
        this.counters.delete(id);
      }
    }
  }
}

/**
 * Requests in the window that ends at `at`. Within a slot only the count and the latest time are
 * known: its requests are taken as spread evenly from the slot's start to the latest, and counted in
 * the part of that span inside the window. Exact for whole slots inside or outside the window.
 */
function estimate(counter: Counter, at: number): number {
  const start = at - counter.limit.windowMs;
  let total = 0;
  for (const slots of [counter.mine, counter.others]) {
    for (const [slot, { count, lastAt }] of slots) {
      const slotStart = slot * counter.slotMs;
      if (slotStart > at || lastAt <= start) continue;
      total += slotStart > start ? count : (count * (lastAt - start)) / (lastAt - slotStart);
    }
  }
  return total;
}

/** Each function instance's own limiter. */
export const apiRateLimiter = new ApiRateLimiter();

/** An account's counter (hashed: a uid may hold any of its characters, and the documents need not name it). */
export const accountCounter = (uid: string, kind: ApiV2LimitClass) => `account-${sha256(`uid:${uid}`).slice(0, 32)}-${kind}`;

/**
 * Counts one request of the account whose key it came with: every key of an account shares one
 * window per kind, so a new or another key starts no fresh one.
 */
export async function takeApiRequest(uid: string, kind: ApiV2LimitClass, limiter = apiRateLimiter): Promise<Verdict> {
  return limiter.take(accountCounter(uid, kind), API_V2_RATE_LIMITS[kind]);
}

/**
 * Counts a request with a missing or wrong key against the client's address (hashed, never stored);
 * the seconds to wait when the address is past its limit, else 0. A request refused by one limit
 * still counts in the other: a guesser that keeps on stays refused.
 */
export async function wrongKeyWait(address: string, limiter = apiRateLimiter): Promise<number> {
  const subject = `wrong-key-${sha256(addressKey(address)).slice(0, 32)}`;
  const verdicts = await Promise.all(API_V2_WRONG_KEY_LIMITS.map((limit) => limiter.take(`${subject}-${limit.windowMs}`, limit)));
  return Math.max(0, ...verdicts.map((v) => (v.allowed ? 0 : v.retryAfterSeconds)));
}
