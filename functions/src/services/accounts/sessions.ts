// An account's sessions: its Firebase sign-ins and its reseller API keys, and ending them.
// Firebase revokes refresh tokens and the API's revocation check refuses ID tokens signed in before,
// but firestore.rules cannot ask Auth, so the profile keeps the same time as `sessionsValidAfter` for
// the rules to compare with a token's auth_time. An API key is a session too: whatever ends the
// sessions revokes them, in the same transaction as the marker.
import type { UserRecord } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { auth } from '../../lib/admin';
import { config } from '../../lib/config';
import { runInTransaction } from '../kernel/transactions';
import { type FoundApiKey, findApiKey, revokeApiKeysIn } from './api-keys';
import { userRef } from './users';

/** When the account's sessions were last ended, per its Auth record; a disabled account's end now. */
function sessionsEndedAt(record: UserRecord): Timestamp | null {
  if (record.disabled) return Timestamp.now();
  const validSince = record.tokensValidAfterTime ? Date.parse(record.tokensValidAfterTime) : Number.NaN;
  return Number.isNaN(validSince) ? null : Timestamp.fromMillis(validSince);
}

/**
 * Writes down that the account's sessions ended at `endedAt`: the profile's marker moves forward
 * (never back) and its API keys are revoked if they were made before `keysMadeBefore` (default `endedAt`),
 * in one transaction: keys the customer made after signing in again are theirs to keep, even when a
 * request with the old key notices the end only now. An account without a profile has neither.
 */
export async function recordEndedSessions(uid: string, endedAt: Timestamp, keysMadeBefore: Timestamp = endedAt): Promise<void> {
  await runInTransaction(null, async (tx) => {
    const snap = await tx.get(userRef(uid));
    const profile = snap.data();
    if (profile) {
      if (!profile.sessionsValidAfter || profile.sessionsValidAfter.toMillis() < endedAt.toMillis()) {
        tx.update(snap.ref, { sessionsValidAfter: endedAt });
      }
      revokeApiKeysIn(tx, snap.ref, profile, keysMadeBefore);
    }
  });
}

/**
 * Ends every session of the account (a password set by an admin, admin:revoke): its refresh tokens,
 * the rules' marker and its API keys. Each step may be repeated: if one fails the caller retries all.
 */
export async function endSessions(uid: string): Promise<void> {
  await auth.revokeRefreshTokens(uid);
  // Every key that exists now ends (Auth's time has whole seconds: a key made earlier in the same
  // second would count as made after it).
  const now = Timestamp.now();
  const endedAt = sessionsEndedAt(await auth.getUser(uid));
  await recordEndedSessions(uid, endedAt ?? now, Timestamp.fromMillis(now.toMillis() + 1));
}

/**
 * What Auth said of an account, per instance. Our own paths (endSessions) revoke a key in the store
 * at once; this lookup catches what happens outside the app (an account disabled in the Firebase
 * console, the customer's own password reset by email) for the price of one Auth call per account
 * per `config.accountCheckTtlMs` and instance, instead of one per API request: a reseller's script
 * may send ten a second.
 */
const authChecks = new Map<string, { endedAt: Timestamp | null; until: number }>();

async function accountSessionsEndedAt(uid: string): Promise<Timestamp | null> {
  const cached = authChecks.get(uid);
  if (cached && cached.until > Date.now()) return cached.endedAt;
  let endedAt: Timestamp | null;
  try {
    endedAt = sessionsEndedAt(await auth.getUser(uid));
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    // A deleted account's key is refused like a disabled one's.
    endedAt = Timestamp.now();
  }
  if (authChecks.size > 10_000) authChecks.clear();
  authChecks.set(uid, { endedAt, until: Date.now() + config.accountCheckTtlMs });
  return endedAt;
}

/**
 * The owner of a reseller API key, or null for an unknown, replaced or revoked key, or one whose
 * account was disabled or had its sessions ended after the key was made (that key is then revoked
 * for good, and the rules' marker written).
 */
export async function resolveApiKey(key: string): Promise<FoundApiKey | null> {
  const found = await findApiKey(key);
  if (!found) return null;
  const endedAt = await accountSessionsEndedAt(found.uid);
  if (endedAt && endedAt.toMillis() > found.createdAt.toMillis()) {
    await recordEndedSessions(found.uid, endedAt);
    return null;
  }
  return found;
}
