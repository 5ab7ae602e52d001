// Reseller API keys. A key is shown once, when it is made; the store keeps only its SHA-256
// (apiKeys/{hash} → owner, name, last use) and, on the profile, which hashes are current, so replacing or
// revoking a key takes effect on the next request. An account holds its default key (POST /api/api-key
// makes or replaces it) and up to API_KEY_LIMITS.named named ones (one per site or script); every key of
// an account counts against the account's one set of API v2 limits (api-rate-limit.ts), and making keys is
// rate limited per account. Whether a found key's account still lets it in (not disabled, sessions not
// ended since) is sessions.ts's resolveApiKey.
import { randomBytes } from 'node:crypto';
import { type DocumentReference, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../lib/admin';
import { fail, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { timestampSchema, typedCollection } from '../../lib/typed-collection';
import { MESSAGES } from '../../shared/messages';
import { API_KEY_LIMITS, type ApiKeySummary, DEFAULT_API_KEY_ID } from '../../shared/schemas/accounts';
import { checkRateLimit } from '../kernel/rate-limit';
import { runInTransaction, sha256 } from '../kernel/transactions';
import { assertNotBlocked, type Identity, readAccount, type UserDoc, userRef } from './users';

const apiKeyDocSchema = z.object({
  uid: z.string(),
  createdAt: timestampSchema,
  last4: z.string(),
  /** A named key's name (absent on the default key). */
  name: z.string().optional(),
  /** The key's latest request, written at most once per LAST_USE_INTERVAL_MS and function instance. */
  lastUsedAt: timestampSchema.optional(),
});
type ApiKeyDoc = z.infer<typeof apiKeyDocSchema>;

/** The default key a profile holds (UserDoc.apiKey). */
type ProfileApiKey = NonNullable<UserDoc['apiKey']>;
/** A named key a profile holds (UserDoc.namedApiKeys). */
type NamedApiKey = NonNullable<UserDoc['namedApiKeys']>[number];

const apiKeysCollection = () => typedCollection('apiKeys', apiKeyDocSchema);

/** How far a key's shown last use may trail its real one (README: API keys). */
export const LAST_USE_INTERVAL_MS = 60_000;

/** The name GET /api/api-keys gives the default key. */
const DEFAULT_KEY_NAME = 'Default';

/** 40 hex characters, like the keys resellers' scripts already hold for other panels. */
function newKey(): string {
  return randomBytes(20).toString('hex');
}

/** A named key's id in the URL: random, so it says nothing of the key. */
function newKeyId(): string {
  return randomBytes(6).toString('hex');
}

export async function getApiKeyInfo(uid: string): Promise<{ exists: boolean; createdAt?: string; last4?: string }> {
  const profile = (await userRef(uid).get()).data();
  const key = profile?.apiKey;
  return key ? { exists: true, createdAt: key.createdAt.toDate().toISOString(), last4: key.last4 } : { exists: false };
}

/** Reads what making a key needs in `tx`: the account (not blocked) and the account's key-making limit. */
async function readForNewKey(tx: Transaction, identity: Identity, now: Timestamp) {
  const [account, limit] = await Promise.all([readAccount(tx, identity, now), checkRateLimit(tx, 'apiKey', { uid: identity.uid }, now)]);
  // A blocked account cannot use a key, so it gets no new one either.
  assertNotBlocked(account.user);
  return { ...account, limit };
}

/** Makes a new default key for the caller, replacing (and disabling) the old one. Returns the key itself. */
export async function createApiKey(identity: Identity): Promise<string> {
  const key = newKey();
  const hash = sha256(key);
  await runInTransaction(null, async (tx, now) => {
    const { user, createIfMissing, limit } = await readForNewKey(tx, identity, now);
    const old = user.apiKey;
    createIfMissing();
    if (old) tx.delete(apiKeysCollection().doc(old.hash));
    tx.create(apiKeysCollection().doc(hash), { uid: identity.uid, createdAt: now, last4: key.slice(-4) } satisfies ApiKeyDoc);
    tx.update(userRef(identity.uid), { apiKey: { hash, createdAt: now, last4: key.slice(-4) } satisfies ProfileApiKey });
    limit.record();
  });
  return key;
}

const summaryOf = (
  id: string,
  name: string,
  isDefault: boolean,
  key: { createdAt: Timestamp; last4: string },
  doc?: ApiKeyDoc,
): ApiKeySummary => ({
  id,
  name,
  default: isDefault,
  last4: key.last4,
  createdAt: key.createdAt.toDate().toISOString(),
  lastUsedAt: doc?.lastUsedAt?.toDate().toISOString() ?? null,
});

/**
 * Makes a named key (at most API_KEY_LIMITS.named per account, names unique regardless of case): 409
 * `api_key_limit` past the limit, 409 `conflict` for a name in use. Returns the key itself, once.
 */
export async function createNamedApiKey(identity: Identity, name: string): Promise<{ key: string; apiKey: ApiKeySummary }> {
  const key = newKey();
  const hash = sha256(key);
  const { value } = await runInTransaction(null, async (tx, now) => {
    const { user, createIfMissing, limit } = await readForNewKey(tx, identity, now);
    const named = user.namedApiKeys ?? [];
    if (named.length >= API_KEY_LIMITS.named) throw fail('api_key_limit', MESSAGES.apiKeyLimit);
    if (named.some((k) => k.name.toLowerCase() === name.toLowerCase())) throw fail('conflict', MESSAGES.apiKeyNameTaken, 'name');
    const entry: NamedApiKey = { id: newKeyId(), name, hash, createdAt: now, last4: key.slice(-4) };
    createIfMissing();
    tx.create(apiKeysCollection().doc(hash), { uid: identity.uid, createdAt: now, last4: entry.last4, name } satisfies ApiKeyDoc);
    tx.update(userRef(identity.uid), { namedApiKeys: [...named, entry] });
    limit.record();
    return summaryOf(entry.id, name, false, entry);
  });
  return { key, apiKey: value };
}

/** Every key of the account, the default one first, then the named ones oldest first; never a key or its hash. */
export async function listApiKeys(uid: string): Promise<{ keys: ApiKeySummary[]; limit: number }> {
  const profile = (await userRef(uid).get()).data();
  const held: { id: string; name: string; isDefault: boolean; key: ProfileApiKey }[] = [
    ...(profile?.apiKey ? [{ id: DEFAULT_API_KEY_ID, name: DEFAULT_KEY_NAME, isDefault: true, key: profile.apiKey }] : []),
    ...(profile?.namedApiKeys ?? []).map((key) => ({ id: key.id, name: key.name, isDefault: false, key })),
  ];
  const docs = held.length > 0 ? await db.getAll(...held.map((k) => apiKeysCollection().doc(k.key.hash))) : [];
  return {
    keys: held.map((k, i) => summaryOf(k.id, k.name, k.isDefault, k.key, docs[i]?.data() as ApiKeyDoc | undefined)),
    limit: API_KEY_LIMITS.named,
  };
}

/** A key the profile holds, default or named, as the revocations pick them. */
type HeldKey = { isDefault: true; key: ProfileApiKey } | { isDefault: false; key: NamedApiKey };

/**
 * The write phase of ending the keys `ends` picks (default and named alike), in the caller's transaction,
 * from the profile it read: their documents go and the profile forgets them. Returns how many ended.
 */
function endKeysIn(tx: Transaction, profileRef: DocumentReference, profile: UserDoc, ends: (held: HeldKey) => boolean): number {
  const update: Partial<Pick<UserDoc, 'apiKey' | 'namedApiKeys'>> = {};
  let ended = 0;
  if (profile.apiKey && ends({ isDefault: true, key: profile.apiKey })) {
    tx.delete(apiKeysCollection().doc(profile.apiKey.hash));
    update.apiKey = null;
    ended += 1;
  }
  const named = profile.namedApiKeys ?? [];
  const ending = named.filter((key) => ends({ isDefault: false, key }));
  if (ending.length > 0) {
    for (const key of ending) tx.delete(apiKeysCollection().doc(key.hash));
    update.namedApiKeys = named.filter((key) => !ending.includes(key));
    ended += ending.length;
  }
  if (ended > 0) tx.update(profileRef, update);
  return ended;
}

/** The write phase of revoking the account's keys made before `before`, in the caller's transaction, from the profile it read. */
export function revokeApiKeysIn(tx: Transaction, profileRef: DocumentReference, profile: UserDoc, before: Timestamp): void {
  endKeysIn(tx, profileRef, profile, ({ key }) => key.createdAt.toMillis() < before.toMillis());
}

/** DELETE /api/api-key: the default key stops working at once (the named ones go on). */
export async function revokeApiKey(uid: string): Promise<void> {
  await runInTransaction(null, async (tx) => {
    const snap = await tx.get(userRef(uid));
    const profile = snap.data();
    if (profile) endKeysIn(tx, snap.ref, profile, (held) => held.isDefault);
  });
}

/** DELETE /api/api-keys/{id}: that key (`default`: the default one) stops working at once; 404 `not_found` for no such key. */
export async function revokeApiKeyById(uid: string, id: string): Promise<void> {
  await runInTransaction(null, async (tx) => {
    const snap = await tx.get(userRef(uid));
    const profile = snap.data();
    const picks = (held: HeldKey) => (held.isDefault ? id === DEFAULT_API_KEY_ID : held.key.id === id);
    if (!profile || endKeysIn(tx, snap.ref, profile, picks) === 0) throw notFound(MESSAGES.apiKeyNotFound);
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
  if (!profile) return null;
  const held = profile.apiKey?.hash === keyHash ? profile.apiKey : profile.namedApiKeys?.find((k) => k.hash === keyHash);
  if (!held) return null;
  return { uid: doc.uid, keyHash, createdAt: held.createdAt, user: profile };
}

/** When this instance last wrote each key's last use (hash → ms). */
const lastUseWritten = new Map<string, number>();

/**
 * Writes down that a key was just used, at most once per LAST_USE_INTERVAL_MS per key on this instance
 * (a status loop sends a thousand requests a minute; the key's document takes one write). Never fails
 * the request: a key revoked meanwhile has no document to write to.
 */
export async function noteApiKeyUse(keyHash: string, now = Date.now()): Promise<void> {
  const last = lastUseWritten.get(keyHash);
  if (last !== undefined && now - last < LAST_USE_INTERVAL_MS) return;
  if (lastUseWritten.size > 10_000) lastUseWritten.clear();
  lastUseWritten.set(keyHash, now);
  try {
    await apiKeysCollection()
      .doc(keyHash)
      .update({ lastUsedAt: Timestamp.fromMillis(now) });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 5) logger.warn('api key: last use not written', { error: String(error) });
  }
}
