// Reseller API keys. A key is shown once, when it is made; the store keeps only its SHA-256
// (apiKeys/{hash} → owner) and, on the profile, which hash is current, so replacing or revoking a
// key takes effect on the next request. Whether a found key's account still lets it in (not disabled,
// sessions not ended since) is sessions.ts's resolveApiKey.
import { randomBytes } from 'node:crypto';
import type { DocumentReference, Timestamp, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { timestampSchema, typedCollection } from '../../lib/typed-collection';
import { runInTransaction, sha256 } from '../kernel/transactions';
import { assertNotBlocked, type Identity, readAccount, type UserDoc, userRef } from './users';

const apiKeyDocSchema = z.object({ uid: z.string(), createdAt: timestampSchema, last4: z.string() });
type ApiKeyDoc = z.infer<typeof apiKeyDocSchema>;

/** The key a profile holds (UserDoc.apiKey). */
type ProfileApiKey = NonNullable<UserDoc['apiKey']>;

const apiKeysCollection = () => typedCollection('apiKeys', apiKeyDocSchema);

/** 40 hex characters, like the keys resellers' scripts already hold for other panels. */
function newKey(): string {
  return randomBytes(20).toString('hex');
}

export async function getApiKeyInfo(uid: string): Promise<{ exists: boolean; createdAt?: string; last4?: string }> {
  const profile = (await userRef(uid).get()).data();
  const key = profile?.apiKey;
  return key ? { exists: true, createdAt: key.createdAt.toDate().toISOString(), last4: key.last4 } : { exists: false };
}

/** Makes a new key for the caller, replacing (and disabling) any old one. Returns the key itself. */
export async function createApiKey(identity: Identity): Promise<string> {
  const key = newKey();
  const hash = sha256(key);
  await runInTransaction(null, async (tx, now) => {
    const { user, createIfMissing } = await readAccount(tx, identity, now);
    // A blocked account cannot use a key, so it gets no new one either.
    assertNotBlocked(user);
    const old = user.apiKey;
    createIfMissing();
    if (old) tx.delete(apiKeysCollection().doc(old.hash));
    tx.create(apiKeysCollection().doc(hash), { uid: identity.uid, createdAt: now, last4: key.slice(-4) } satisfies ApiKeyDoc);
    tx.update(userRef(identity.uid), { apiKey: { hash, createdAt: now, last4: key.slice(-4) } satisfies ProfileApiKey });
  });
  return key;
}

/** The write phase of a revocation, in the caller's transaction, from the profile it read. */
export function revokeApiKeyIn(tx: Transaction, profileRef: DocumentReference, profile: UserDoc): void {
  if (!profile.apiKey) return;
  tx.delete(apiKeysCollection().doc(profile.apiKey.hash));
  tx.update(profileRef, { apiKey: null });
}

export async function revokeApiKey(uid: string): Promise<void> {
  await runInTransaction(null, async (tx) => {
    const snap = await tx.get(userRef(uid));
    const profile = snap.data();
    if (profile) revokeApiKeyIn(tx, snap.ref, profile);
  });
}

export interface FoundApiKey {
  uid: string;
  keyHash: string;
  /** When the key was made: sessions ended after it end the key. */
  createdAt: Timestamp;
  user: UserDoc;
}

/** The owner of a key per the store, or null for an unknown, replaced or revoked one. */
export async function findApiKey(key: string): Promise<FoundApiKey | null> {
  if (!/^[0-9a-f]{40}$/i.test(key)) return null;
  const keyHash = sha256(key.toLowerCase());
  const snap = await apiKeysCollection().doc(keyHash).get();
  const doc = snap.data();
  if (!doc) return null;
  const profile = (await userRef(doc.uid).get()).data();
  if (!profile?.apiKey || profile.apiKey.hash !== keyHash) return null;
  return { uid: doc.uid, keyHash, createdAt: profile.apiKey.createdAt, user: profile };
}
