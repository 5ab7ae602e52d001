// Abuse limits, counted in Firestore so every function instance shares the count: per subject (a
// client address, or a customer) in rateLimits/{hash}, and for the public writes a ceiling over all
// addresses together in rateCeilings/. The counters are read and written inside the caller's
// transaction, together with the write they guard: a refused request writes nothing, and a failed
// write uses up no allowance.
import { randomInt } from 'node:crypto';
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { config } from '../../lib/config';
import { AppError } from '../../lib/errors';
import { keyOf, timestampSchema, typedCollection } from '../../lib/typed-collection';
import { MESSAGES } from '../../shared/messages';
import { sha256 } from './transactions';

export interface Limit {
  windowMs: number;
  max: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PUBLIC_WRITE: readonly Limit[] = [
  { windowMs: MINUTE, max: 5 },
  { windowMs: DAY, max: 50 },
];

interface Scope {
  /** Limits per subject (sliding windows). */
  limits: readonly Limit[];
  /** Requests per hour from every subject together; rotating addresses cannot lift it. */
  ceilingPerHour?: number;
}

/** At most `perHour` in any hour and `perDay` in any day, per subject. */
const perHourAndDay = (perHour: number, perDay: number) =>
  ({
    limits: [
      { windowMs: HOUR, max: perHour },
      { windowMs: DAY, max: perDay },
    ],
  }) as const satisfies Scope;

export const RATE_LIMITS = {
  contact: { limits: PUBLIC_WRITE, ceilingPerHour: config.publicWriteCeilingPerHour },
  review: { limits: PUBLIC_WRITE, ceilingPerHour: config.publicWriteCeilingPerHour },
  /** Per customer: a real customer files a few a day (and at most 5 wait at once, see recharge-requests.ts). */
  rechargeRequest: perHourAndDay(10, 30),
  /**
   * Tickets opened per customer: at most 5 are open at once, but one closed makes room for another, and
   * a loop of open and close would otherwise make documents without end.
   */
  ticket: perHourAndDay(10, 30),
  /** A customer's messages in their tickets: a conversation's pace, not a script's (200 a thread is the other bound). */
  ticketMessage: perHourAndDay(60, 300),
  /**
   * A customer closing and reopening their tickets, counted together: each reopen puts the ticket back at
   * the end of the admin's queue and writes the ticket and the customer's counter, so a loop of the two
   * would churn the queue and contend on the counter without end. A person closes or reopens a few a day.
   */
  ticketState: perHourAndDay(20, 100),
  /**
   * Push devices registered per account: a device registers when pushes are turned on (a few per
   * browser); each registration writes the device and the account's settings, and takes a token from
   * whichever account had it, so a script looping on it would churn both.
   */
  pushDevice: perHourAndDay(20, 50),
  /**
   * API keys made per account (the default key and named ones together). Every key of an account shares
   * its API v2 limits, so a new key opens no fresh window; this bounds the documents a loop could make, while
   * a reseller rotating a leaked key a dozen times in a row is not stopped.
   */
  apiKey: perHourAndDay(20, 50),
  /**
   * A customer's statement CSV downloads: each reads up to a year of entries (up to 40,000 rows, tens of
   * seconds); a customer downloads a few at a time, a script looping on it would read the ledger without end.
   */
  statementCsv: {
    limits: [
      { windowMs: MINUTE, max: 5 },
      { windowMs: HOUR, max: 30 },
    ],
  },
  /**
   * An admin's second-factor codes, counted whether right or wrong (each wrong one audited).
   * With three codes valid at a time, a guesser holding the password gets 50 tries a day: about 1 in 6,700
   * a day, and the audit trail shows every try.
   */
  mfaCode: {
    limits: [
      { windowMs: MINUTE, max: 5 },
      { windowMs: HOUR, max: 20 },
      { windowMs: DAY, max: 50 },
    ],
  },
} as const satisfies Record<string, Scope>;
export type RateLimitScope = keyof typeof RATE_LIMITS;

/** Who a limit counts: anonymous writes by client address, signed-in ones by account. */
export type RateLimitSubject = { address: string } | { uid: string };

const scopeSchema = keyOf(RATE_LIMITS);

const rateLimitDocSchema = z.object({
  scope: scopeSchema,
  /** Times (ms) of the latest allowed requests, oldest first; never more than the largest `max`. */
  hits: z.array(z.number()),
  /** For a TTL policy: the counter is meaningless after the longest window. */
  expiresAt: timestampSchema,
});
type RateLimitDoc = z.infer<typeof rateLimitDocSchema>;

export const rateLimitsCollection = () => typedCollection('rateLimits', rateLimitDocSchema);

/**
 * The part of an address that identifies one client: an IPv4 address as is (also when IPv4-mapped),
 * an IPv6 address by its /64 prefix, since one subscriber is handed a whole /64 and could rotate
 * through it. Parsed by ipaddr.js, the parser Express's `trust proxy` reads X-Forwarded-For with. A
 * zone id (`fe80::1%eth0`) names an interface, not a client, and is dropped. Anything else (garbage, or
 * an IPv6 spelling that parser refuses, such as an IPv4 tail after a prefix other than ::ffff:) is
 * used as given: whoever can write it can write any string, and the per-scope ceilings hold regardless.
 */
export function addressKey(address: string): string {
  const ip = address.trim().toLowerCase().split('%', 1)[0] ?? '';
  if (!ipaddr.IPv6.isValid(ip)) return ip;
  const v6 = ipaddr.IPv6.parse(ip);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/**
 * Decides one request against `limits` given the earlier hits (ms, any order). A sliding window: at
 * most `max` requests in any `windowMs`. Returns the hits to store (this one included, trimmed to
 * what the limits can still need), or how many seconds until a retry can succeed.
 */
export function decide(
  previous: readonly number[],
  limits: readonly Limit[],
  now: number,
): { allowed: true; hits: number[] } | { allowed: false; retryAfterSeconds: number } {
  const longest = Math.max(...limits.map((l) => l.windowMs));
  const keep = Math.max(...limits.map((l) => l.max));
  // A hit "from the future" (another instance's clock runs ahead) still counts: dropping it would let
  // this write erase it.
  const recent = previous.filter((t) => t > now - longest).sort((a, b) => a - b);
  let waitMs = 0;
  for (const limit of limits) {
    const inWindow = recent.filter((t) => t > now - limit.windowMs);
    if (inWindow.length >= limit.max) {
      // Allowed again once enough of the window's hits have aged out of it.
      const freeing = inWindow[inWindow.length - limit.max] ?? now;
      waitMs = Math.max(waitMs, freeing + limit.windowMs - now);
    }
  }
  if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  return { allowed: true, hits: [...recent, now].sort((a, b) => a - b).slice(-keep) };
}

const ceilingWindowMs = HOUR;
/**
 * The hourly ceiling of a scope is split over this many counter documents (rateCeilings/), each
 * allowed its share. One document written by every request would be a hot spot (Firestore sustains
 * about one write a second per document, and every request would contend for its lock); with shards a
 * request reads and increments one shard chosen at random, moving to the next only when that one is
 * full, so concurrent requests rarely meet. It stays exact: each increment follows a read of the
 * same shard in the same transaction, so no shard exceeds its share, the shares add up to the
 * ceiling, and a request is refused only after finding every shard full. Buckets are fixed hours, so a
 * burst across an hour boundary can see up to twice the ceiling for a moment.
 */
export const CEILING_SHARDS = 8;

/** Each shard's share of `max`: as even as integers allow, adding up to `max`. */
export function shardShares(max: number, shards = CEILING_SHARDS): number[] {
  return Array.from({ length: shards }, (_, i) => Math.floor(max / shards) + (i < max % shards ? 1 : 0));
}

/** One shard of a scope's hourly ceiling. */
const ceilingShardSchema = z.object({ scope: scopeSchema, count: z.number().int(), expiresAt: timestampSchema });

export const rateCeilingsCollection = () => typedCollection('rateCeilings', ceilingShardSchema);

async function checkCeiling(tx: Transaction, scope: RateLimitScope, max: number, now: number): Promise<() => void> {
  const bucket = Math.floor(now / ceilingWindowMs);
  const shares = shardShares(max);
  const first = randomInt(CEILING_SHARDS);
  for (let step = 0; step < CEILING_SHARDS; step += 1) {
    const shard = (first + step) % CEILING_SHARDS;
    const share = shares[shard] ?? 0;
    if (share === 0) continue;
    const ref = rateCeilingsCollection().doc(`${scope}-${bucket}-${shard}`);
    const count = ((await tx.get(ref)).get('count') as number | undefined) ?? 0;
    if (count < share) {
      const expiresAt = Timestamp.fromMillis((bucket + 2) * ceilingWindowMs);
      return () => tx.set(ref, { scope, count: count + 1, expiresAt });
    }
  }
  const retryAfter = Math.max(1, Math.ceil(((bucket + 1) * ceilingWindowMs - now) / 1000));
  throw new AppError('rate_limited', MESSAGES.tooManyRequests, undefined, retryAfter);
}

const subjectKey = (subject: RateLimitSubject) => ('address' in subject ? addressKey(subject.address) : `uid:${subject.uid}`);

/**
 * Reads the counters of `scope` for `subject` inside `tx` and throws 429 when the request is over a
 * limit. Call it with the transaction's other reads; the returned `record` (the writes) belongs to
 * the write phase, next to the write it guards.
 */
export async function checkRateLimit(
  tx: Transaction,
  scope: RateLimitScope,
  subject: RateLimitSubject,
  now: Timestamp,
): Promise<{ record: () => void }> {
  // The subject is hashed: the store never holds an address, and anything makes a valid document id.
  const ref = rateLimitsCollection().doc(sha256(`${scope}\u0000${subjectKey(subject)}`));
  const { limits, ceilingPerHour }: Scope = RATE_LIMITS[scope];
  // The ceiling is read alongside, to keep the transaction short (contending transactions overlap
  // less), but its verdict comes second: the subject's own limit answers first.
  const ceiling = ceilingPerHour === undefined ? Promise.resolve(null) : checkCeiling(tx, scope, ceilingPerHour, now.toMillis());
  ceiling.catch(() => undefined);
  const stored = (await tx.get(ref)).data();
  const verdict = decide(stored?.hits ?? [], limits, now.toMillis());
  if (!verdict.allowed) {
    throw new AppError('rate_limited', MESSAGES.tooManyRequests, undefined, verdict.retryAfterSeconds);
  }
  // Only requests within their subject's limit are counted in the ceiling: one address cannot use it up alone.
  const recordCeiling = await ceiling;
  const longest = Math.max(...limits.map((l) => l.windowMs));
  const doc: RateLimitDoc = { scope, hits: verdict.hits, expiresAt: Timestamp.fromMillis(now.toMillis() + longest) };
  return {
    record: () => {
      tx.set(ref, doc);
      recordCeiling?.();
    },
  };
}
