// Profiles: users/{uid}. Created by register (with the name typed at sign-up) or, for an account that
// has none yet, from the ID token or the Auth record. The balance lives here as a cache of the ledger.
// A profile belongs to a verified Firebase account, one per uid, so its creation is bounded per
// account (Firebase Auth limits account creation), never per address: thousands of customers share
// one carrier address.
import type { DecodedIdToken, UserRecord } from 'firebase-admin/auth';
import type { DocumentSnapshot, Timestamp, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { auth, db } from '../../lib/admin';
import { fail, invalidInput } from '../../lib/errors';
import { pageAlphabetical, pageNewestFirst } from '../../lib/pagination';
import { paisaSchema, timestampSchema, typedCollection } from '../../lib/typed-collection';
import { MESSAGES } from '../../shared/messages';
import { toRupees } from '../../shared/money';
import { profileName } from '../../shared/names';
import type { AdminUserDetail, User } from '../../shared/schemas/accounts';
import { runInTransaction } from '../kernel/transactions';
import type { Account } from '../money/ledger';
import { readReferrer } from '../money/referrals';
import { isTermsVersion } from './terms';

/**
 * The customer a document belongs to (an order, a refill, a ticket, a top-up): their uid, and their name
 * and email as they were then (a copy).
 */
export const customerFields = { userId: z.string(), user: z.object({ _id: z.string(), name: z.string(), email: z.string() }) };

const blockedDocSchema = z.object({ reason: z.string(), at: timestampSchema });
export type BlockedDoc = z.infer<typeof blockedDocSchema>;

export const userDocSchema = z.object({
  name: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'user']),
  balancePaisa: paisaSchema,
  lastRecharge: z.object({ amountPaisa: paisaSchema, date: timestampSchema }).nullable(),
  createdAt: timestampSchema,
  /** When the account's sessions were last ended (sessions.ts), for firestore.rules. */
  sessionsValidAfter: timestampSchema.optional(),
  /**
   * The name lowercased, for the admin's search by name prefix (written with the name; older profiles
   * get it from `npm run migrate:issue-13-users`).
   */
  nameLower: z.string().optional(),
  /** Set while an admin has the account blocked (blocks.ts): no orders, top-up requests or API key use. */
  blocked: blockedDocSchema.nullable().optional(),
  /** The number the customer last paid a top-up from (normalizePayerNumber), remembered for the next form. */
  payerNumber: z.string().optional(),
  /** Every number it filed a top-up from (recharge-requests.ts), for the referral rule "not across the same payer number". */
  payerNumbers: z.array(z.string()).optional(),
  /** The reseller API key the account holds (api-keys.ts: its hash, never the key); null once revoked. */
  apiKey: z.object({ hash: z.string(), createdAt: timestampSchema, last4: z.string() }).nullable().optional(),
  /** Its named keys (at most API_KEY_LIMITS.named), oldest first; absent on accounts that never made one. */
  namedApiKeys: z
    .array(z.object({ id: z.string(), name: z.string(), hash: z.string(), createdAt: timestampSchema, last4: z.string() }))
    .optional(),
  /** The version of the terms accepted at sign-up (terms.ts), and when; absent on accounts from before issue 31. */
  termsAccepted: z.object({ version: z.number().int(), at: timestampSchema }).optional(),
  /** Top-ups credited over the account's life (issue 34); absent until its first credit since (pricing.ts lifetimeCredited). */
  creditedPaisa: paisaSchema.optional(),
  /** The highest price tier its credits reached, by name (shared/pricing.ts earnedTier). */
  tier: z.string().optional(),
  /** What the admin set: a tier by hand, a percent off everything, fixed rates (paisa per 1,000) by service id. */
  pricing: z
    .object({ tier: z.string().optional(), percent: z.number().optional(), rates: z.record(z.string(), paisaSchema).optional() })
    .optional(),
  /** The account's referral code (money/referrals.ts), made on its first look at the Referrals page. */
  referralCode: z.string().optional(),
  /** Who referred it (their uid) and when: set once, at sign-up through a link, never changed by the customer. */
  referredBy: z.string().optional(),
  referredAt: timestampSchema.optional(),
  /** The referral balance (may be below 0 after a reversed top-up), all earned (net of reversals), all moved out. */
  referralBalancePaisa: paisaSchema.optional(),
  referralEarnedPaisa: paisaSchema.optional(),
  referralTransferredPaisa: paisaSchema.optional(),
});
export type UserDoc = z.infer<typeof userDocSchema>;

/** How long after a profile is made a sign-up's referral link may still be recorded on it (a first request's race). */
const REFERRAL_ATTRIBUTION_MS = 60 * 60_000;

/** The search form of a name (see UserDoc.nameLower). */
export const nameSearchKey = (name: string) => name.toLowerCase();

/**
 * Refuses what a blocked account may not do (order, request a top-up, use its API key): 403
 * `Account suspended`. Called inside the money transactions, on the profile they read, so a block
 * that commits first is always seen.
 */
export function assertNotBlocked(profile: Pick<UserDoc, 'blocked'> | undefined): void {
  if (profile?.blocked) throw fail('account_suspended', MESSAGES.accountSuspended);
}

export interface Identity {
  uid: string;
  email: string;
  name: string;
  admin: boolean;
  /** The token says the second factor was passed (an admin's, after POST /api/admin/mfa/verify). */
  mfa?: boolean;
  /** When it was passed (Unix seconds, the custom token's claim). */
  mfaAt?: number;
  /** When the session signed in (the token's auth_time, Unix seconds). */
  authTime?: number;
}

export const usersCollection = () => typedCollection('users', userDocSchema);
export const userRef = (uid: string) => usersCollection().doc(uid);

export function identityFromToken(token: DecodedIdToken): Identity {
  const email = (token.email ?? '').toLowerCase();
  const name = profileName(typeof token.name === 'string' ? token.name : null, email.split('@')[0]);
  return {
    uid: token.uid,
    email,
    name,
    admin: token.admin === true,
    mfa: token.mfa === true,
    ...(typeof token.mfaAt === 'number' ? { mfaAt: token.mfaAt } : {}),
    authTime: token.auth_time,
  };
}

function identityFromRecord(record: UserRecord): Identity {
  const email = (record.email ?? '').toLowerCase();
  return {
    uid: record.uid,
    email,
    name: profileName(record.displayName, email.split('@')[0]),
    admin: record.customClaims?.admin === true,
  };
}

/** The identity an Auth lookup finds; 404 `User not found` (on `field`) when there is no such account. */
async function identityFromAuth(lookup: () => Promise<UserRecord>, field: string): Promise<Identity> {
  try {
    return identityFromRecord(await lookup());
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'auth/user-not-found' || code === 'auth/invalid-uid') throw fail('user_not_found', MESSAGES.userNotFound, field);
    throw error;
  }
}

/** The identity of the account that holds this email today, from Firebase Auth; 404 `User not found`. */
export const identityByEmail = (email: string) => identityFromAuth(() => auth.getUserByEmail(email), 'email');

/** The identity of the account with this uid, from Firebase Auth; 404 `User not found`. */
export const identityByUid = (uid: string) => identityFromAuth(() => auth.getUser(uid), 'userId');

export function newUserDoc(identity: Identity, now: Timestamp, name = identity.name): UserDoc {
  // Every path that creates a profile comes here: the same bounds for every name.
  const cleaned = profileName(name, identity.email.split('@')[0]);
  return {
    name: cleaned,
    nameLower: nameSearchKey(cleaned),
    email: identity.email,
    role: identity.admin ? 'admin' : 'user',
    balancePaisa: 0,
    lastRecharge: null,
    createdAt: now,
  };
}

export interface ReadAccount {
  account: Account;
  /** The profile, with the identity's email (see emailUpdate). */
  user: UserDoc;
  /** The profile as stored (undefined: none yet). */
  existing: UserDoc | undefined;
  /**
   * For the write phase: creates the profile when it did not exist (before postEntry updates it), or
   * brings its email up to date.
   */
  createIfMissing: () => void;
}

/**
 * The change that makes a profile's email the sign-in email of the account today, or null. The
 * identity is the verified token's or the Auth record's, so the profile follows an email change the
 * next time the account signs in or is credited; an identity without an email changes nothing.
 */
export function emailUpdate(profile: UserDoc, identity: Identity): { email: string } | null {
  return identity.email && profile.email !== identity.email ? { email: identity.email } : null;
}

/**
 * The profile a snapshot holds as this identity sees it (with its email), or the new one it would
 * create, and the write that makes the stored profile so (nothing when it already is).
 */
export function profileFromSnapshot(
  snap: DocumentSnapshot<UserDoc>,
  identity: Identity,
  now: Timestamp,
): { user: UserDoc; write: (tx: Transaction) => void } {
  const existing = snap.data();
  const update = existing ? emailUpdate(existing, identity) : null;
  const user = existing ? { ...existing, ...update } : newUserDoc(identity, now);
  return {
    user,
    write: (tx) => {
      if (!existing) tx.create(snap.ref, user);
      else if (update) tx.update(snap.ref, update);
    },
  };
}

/** The account from a snapshot read in `tx` (see readAccount), for callers that batch their reads. */
export function accountFromSnapshot(tx: Transaction, snap: DocumentSnapshot<UserDoc>, identity: Identity, now: Timestamp): ReadAccount {
  const { user, write } = profileFromSnapshot(snap, identity, now);
  return {
    account: { uid: identity.uid, ref: snap.ref, balancePaisa: user.balancePaisa ?? 0 },
    user,
    existing: snap.data(),
    createIfMissing: () => write(tx),
  };
}

/** Reads the account inside a transaction; a missing profile is created in the write phase. */
export async function readAccount(tx: Transaction, identity: Identity, now: Timestamp): Promise<ReadAccount> {
  return accountFromSnapshot(tx, await tx.get(userRef(identity.uid)), identity, now);
}

/**
 * Creates the profile if missing; `created` says whether this call made it. An existing profile is
 * answered with its email brought up to date (emailUpdate).
 */
export async function ensureProfile(
  identity: Identity,
  name?: string,
  termsVersion?: number,
  referralCode?: string | null,
): Promise<{ user: User; created: boolean }> {
  const ref = userRef(identity.uid);
  // The shared runner: a first request's parallel calls (register and profile) contend on the profile.
  const { value } = await runInTransaction(null, async (tx, now) => {
    const snap = await tx.get(ref);
    const existing = snap.data();
    // The terms accepted at sign-up: a version customers could have been shown, recorded once.
    const accepts = termsVersion !== undefined && !existing?.termsAccepted;
    if (accepts && !(await isTermsVersion(tx, termsVersion))) throw invalidInput('No such version of the terms', 'termsVersion');
    const termsAccepted = accepts ? { termsAccepted: { version: termsVersion, at: now } } : {};
    // The referral link the sign-up came through: recorded on a new profile, or on one a parallel first request made
    // moments ago (still untouched: nobody's, never credited, under an hour old), and never changed after.
    const untouched =
      !existing ||
      (existing.referredBy === undefined &&
        existing.lastRecharge === null &&
        now.toMillis() - existing.createdAt.toMillis() < REFERRAL_ATTRIBUTION_MS);
    // An admin is nobody's referral (their credits are the panel's own).
    const referrer = untouched && !identity.admin ? await readReferrer(tx, referralCode ?? null, identity.uid) : null;
    const referred = referrer ? { referredBy: referrer, referredAt: now } : {};
    if (existing) {
      const update = { ...emailUpdate(existing, identity), ...termsAccepted, ...referred };
      if (Object.keys(update).length > 0) tx.update(ref, update);
      return { user: userToWire(identity.uid, { ...existing, ...update }, identity.admin), created: false };
    }
    const doc: UserDoc = { ...newUserDoc(identity, now, name ?? identity.name), ...termsAccepted, ...referred };
    tx.create(ref, doc);
    return { user: userToWire(identity.uid, doc, identity.admin), created: true };
  });
  return value;
}

export function userToWire(uid: string, doc: UserDoc, admin?: boolean): User {
  const isAdmin = admin ?? doc.role === 'admin';
  return {
    _id: uid,
    name: doc.name,
    email: doc.email,
    role: isAdmin ? 'admin' : 'user',
    balance: toRupees(doc.balancePaisa ?? 0),
    lastRecharge: doc.lastRecharge
      ? { amount: toRupees(doc.lastRecharge.amountPaisa), date: doc.lastRecharge.date.toDate().toISOString() }
      : null,
    createdAt: doc.createdAt.toDate().toISOString(),
    blocked: doc.blocked ? { reason: doc.blocked.reason, at: doc.blocked.at.toDate().toISOString() } : null,
    ...(doc.payerNumber ? { payerNumber: doc.payerNumber } : {}),
    ...(doc.termsAccepted
      ? { termsAccepted: { version: doc.termsAccepted.version, at: doc.termsAccepted.at.toDate().toISOString() } }
      : {}),
  };
}

/**
 * Admin list: newest first, or the accounts whose email (`by: 'email'`) or name (`by: 'name'`) starts
 * with `q`, case-insensitively.
 */
export async function listUsers(page: { limit: number; cursor?: string | undefined; q?: string | undefined; by?: 'email' | 'name' }) {
  const q = page.q ? nameSearchKey(page.q) : undefined;
  const toUser = (d: FirebaseFirestore.QueryDocumentSnapshot<UserDoc>) => userToWire(d.id, d.data());
  if (!q) return pageNewestFirst(usersCollection(), 'createdAt', page, toUser);
  // A prefix search goes alphabetically by the field, a page at a time like every list.
  const field = page.by === 'name' ? 'nameLower' : 'email';
  return pageAlphabetical(usersCollection().where(field, '>=', q).where(field, '<', `${q}\uf8ff`), field, page, toUser);
}

/** GET /api/admin/users/{uid}: the profile, its API key's status (never the key) and counts. */
export async function getAdminUser(uid: string): Promise<AdminUserDetail> {
  if (!isUid(uid)) throw fail('user_not_found', MESSAGES.userNotFound);
  const snap = await userRef(uid).get();
  const profile = snap.data();
  if (!profile) throw fail('user_not_found', MESSAGES.userNotFound);
  const [orders, rechargeRequests, referrerSnap] = await Promise.all([
    db.collection('orders').where('userId', '==', uid).count().get(),
    db.collection('rechargeRequests').where('userId', '==', uid).count().get(),
    profile.referredBy ? userRef(profile.referredBy).get() : Promise.resolve(null),
  ]);
  const referrer = referrerSnap?.data();
  const key = profile.apiKey;
  return {
    user: userToWire(uid, profile),
    apiKey: key ? { exists: true, createdAt: key.createdAt.toDate().toISOString(), last4: key.last4 } : { exists: false },
    namedApiKeys: profile.namedApiKeys?.length ?? 0,
    counts: { orders: orders.data().count, rechargeRequests: rechargeRequests.data().count },
    referral: {
      referredBy: profile.referredBy ? { _id: profile.referredBy, name: referrer?.name ?? '', email: referrer?.email ?? '' } : null,
      balance: toRupees(profile.referralBalancePaisa ?? 0),
      earned: toRupees(profile.referralEarnedPaisa ?? 0),
      transferred: toRupees(profile.referralTransferredPaisa ?? 0),
    },
  };
}

/** Firebase Auth uids: letters, digits and a few marks, at most 128; anything else cannot name a profile. */
export const isUid = (uid: string) => /^[A-Za-z0-9_-]{1,128}$/.test(uid) && !/^__.*__$/.test(uid);
