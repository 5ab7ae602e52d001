// Abuse limits per client address, counted in Firestore (rateLimits/{hash}) so every function instance
// shares the count. The counter is read and written inside the caller's transaction, together with the
// write it guards: a refused request writes nothing, and a failed write uses up no allowance.
import { isIP } from 'node:net';
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin';
import { AppError } from '../lib/errors';
import { MESSAGES } from '../shared/messages';
import { sha256 } from './transactions';

export interface Limit {
  windowMs: number;
  max: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PUBLIC_WRITE: readonly Limit[] = [
  { windowMs: MINUTE, max: 5 },
  { windowMs: DAY, max: 50 },
];

export const RATE_LIMITS = {
  contact: PUBLIC_WRITE,
  review: PUBLIC_WRITE,
  register: PUBLIC_WRITE,
} as const satisfies Record<string, readonly Limit[]>;
export type RateLimitScope = keyof typeof RATE_LIMITS;

interface RateLimitDoc {
  scope: RateLimitScope;
  /** Times (ms) of the latest allowed requests, oldest first; never more than the largest `max`. */
  hits: number[];
  /** For a TTL policy: the counter is meaningless after the longest window. */
  expiresAt: Timestamp;
}

export const rateLimitsCollection = () => db.collection('rateLimits');

/**
 * The part of an address that identifies one client: an IPv4 address as is (also when IPv4-mapped),
 * an IPv6 address by its /64 prefix, since one subscriber is handed a whole /64 and could rotate
 * through it. Anything unparsable is used as given.
 */
export function addressKey(address: string): string {
  let ip = address.trim().toLowerCase();
  const zone = ip.indexOf('%');
  if (zone >= 0) ip = ip.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIP(ip) !== 6) return ip;

  const [head = '', tail] = ip.split('::');
  const toGroups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const headGroups = toGroups(head);
  const tailGroups = tail === undefined ? [] : toGroups(tail);
  const zeros = Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0');
  const groups = [...headGroups, ...zeros, ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
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

/**
 * Reads the counter of `scope` for `address` inside `tx` and throws 429 when the request is over a
 * limit. Call it with the transaction's other reads; the returned `record` (the write) belongs to
 * the write phase, next to the write it guards.
 */
export async function checkRateLimit(
  tx: Transaction,
  scope: RateLimitScope,
  address: string,
  now: Timestamp,
): Promise<{ record: () => void }> {
  // The address is hashed: the store never holds it, and any address makes a valid document id.
  const ref = rateLimitsCollection().doc(sha256(`${scope}\u0000${addressKey(address)}`));
  const snap = await tx.get(ref);
  const stored = snap.data() as RateLimitDoc | undefined;
  const limits = RATE_LIMITS[scope];
  const verdict = decide(stored?.hits ?? [], limits, now.toMillis());
  if (!verdict.allowed) {
    throw new AppError('rate_limited', MESSAGES.tooManyRequests, undefined, verdict.retryAfterSeconds);
  }
  const longest = Math.max(...limits.map((l) => l.windowMs));
  const doc: RateLimitDoc = { scope, hits: verdict.hits, expiresAt: Timestamp.fromMillis(now.toMillis() + longest) };
  return { record: () => tx.set(ref, doc) };
}
