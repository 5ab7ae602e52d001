// Limits of the reseller API, shared by every function instance: per key, and for wrong keys per
// client address. One counter document per subject and fixed window, bumped with an atomic increment
// (no transaction, so a busy key does not make its own requests contend), then compared with the
// limit. Windows are fixed, so a burst across a window boundary can reach twice the per-window limit
// for a moment; that is accepted for abuse limiting.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/admin';
import { API_V2_RATE_LIMITS, API_V2_WRONG_KEY_LIMITS } from '../shared/api-v2';
import { addressKey } from './rate-limit';
import { sha256 } from './transactions';

/** Counts one request of `subject`; the seconds until every window over its limit ends, 0 when none is. */
async function count(subject: string, limits: readonly { windowMs: number; max: number }[], now: number): Promise<number> {
  const waits = await Promise.all(
    limits.map(async ({ windowMs, max }) => {
      const window = Math.floor(now / windowMs);
      const ref = db.collection('apiRateLimits').doc(`${subject}-${windowMs}-${window}`);
      await ref.set({ count: FieldValue.increment(1), expiresAt: Timestamp.fromMillis((window + 2) * windowMs) }, { merge: true });
      const counted = ((await ref.get()).get('count') as number | undefined) ?? 0;
      return counted <= max ? 0 : Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000));
    }),
  );
  return Math.max(...waits);
}

export async function allowApiRequest(keyHash: string, now = Date.now()): Promise<boolean> {
  return (await count(keyHash.slice(0, 32), API_V2_RATE_LIMITS, now)) === 0;
}

/**
 * Counts a request with a missing or wrong key against the client's address (hashed, never stored);
 * the seconds to wait when the address is past its limit, else 0.
 */
export async function wrongKeyWait(address: string, now = Date.now()): Promise<number> {
  return count(`wrong-key-${sha256(addressKey(address)).slice(0, 32)}`, API_V2_WRONG_KEY_LIMITS, now);
}
