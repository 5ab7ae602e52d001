// Per-key limits of the reseller API, shared by every function instance: one counter document per key
// and fixed window, bumped with an atomic increment (no transaction, so a busy key does not make its
// own requests contend), then compared with the limit. Windows are fixed, so a burst across a window
// boundary can reach twice the per-window limit for a moment; that is accepted for abuse limiting.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/admin';
import { API_V2_RATE_LIMITS } from '../shared/api-v2';

export async function allowApiRequest(keyHash: string, now = Date.now()): Promise<boolean> {
  const results = await Promise.all(
    API_V2_RATE_LIMITS.map(async ({ windowMs, max }) => {
      const window = Math.floor(now / windowMs);
      const ref = db.collection('apiRateLimits').doc(`${keyHash.slice(0, 32)}-${windowMs}-${window}`);
      await ref.set({ count: FieldValue.increment(1), expiresAt: Timestamp.fromMillis((window + 2) * windowMs) }, { merge: true });
      const count = ((await ref.get()).get('count') as number | undefined) ?? 0;
      return count <= max;
    }),
  );
  return results.every(Boolean);
}
