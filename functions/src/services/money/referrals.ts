// Referral commissions (issue 34; the rule is shared/referrals.ts). A customer's code (referralCodes/{code} → uid)
// brings sign-ups who are theirs (users/{uid}.referredBy, set once). Each top-up credited to such an account earns
// the referrer the programme's percent, in the credit's own transaction, into a referral balance of their own
// (users/{uid}/referralLedger, entries of their own types: commission, reversal, transfer, with the profile's
// referralBalancePaisa, referralEarnedPaisa and referralTransferredPaisa changed with each). A transfer moves some of
// it to the main balance as one `referral` ledger entry. A reversed top-up takes its commission back.
import { createHash, randomUUID } from 'node:crypto';
import { AggregateField, type DocumentReference, type DocumentSnapshot, type Timestamp, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../lib/admin';
import { fail } from '../../lib/errors';
import { paisaSchema, timestampSchema, typedCollection } from '../../lib/typed-collection';
import { MESSAGES } from '../../shared/messages';
import { type Paisa, toPaisa, toRupees } from '../../shared/money';
import { PKT_OFFSET_MS } from '../../shared/pakistan-clock';
import { commissionOf, DEFAULT_REFERRAL_SETTINGS, REFERRAL_LIMITS, referralPath } from '../../shared/referrals';
import { type AdminReferrals, type MyReferrals, type ReferralSettings, referralSettingsSchema } from '../../shared/schemas/referrals';
import { assertNotBlocked, ensureProfile, type Identity, readAccount, type UserDoc, userRef, usersCollection } from '../accounts/users';
import { adminSettingsDocument } from '../kernel/admin-settings';
import { runInTransaction } from '../kernel/transactions';
import { type Account, postEntry } from './ledger';

const settings = adminSettingsDocument<ReferralSettings>('referrals', referralSettingsSchema, DEFAULT_REFERRAL_SETTINGS);
export const referralSettingsRef = settings.ref;
export const getReferralSettings = settings.get;
export const updateReferralSettings = settings.update;

export const REFERRAL_ENTRY_TYPES = ['commission', 'reversal', 'transfer'] as const;

/** users/{uid}/referralLedger/{id}: signed (a commission +, its reversal and a transfer −), with the balance after. */
export const referralEntrySchema = z.object({
  type: z.enum(REFERRAL_ENTRY_TYPES),
  amountPaisa: paisaSchema,
  balanceAfterPaisa: paisaSchema,
  /** The credited top-up (a commission and its reversal). */
  rechargeId: z.string().optional(),
  /** The referred account whose top-up it was. */
  fromUid: z.string().optional(),
  /** A transfer's entry in the main ledger. */
  ledgerEntryId: z.string().optional(),
  at: timestampSchema,
});
export type ReferralEntry = z.infer<typeof referralEntrySchema>;

export const referralLedger = (uid: string) =>
  typedCollection(db.collection('users').doc(uid).collection('referralLedger'), referralEntrySchema);

/** The entry ids say what they are for: one commission per credited top-up, one reversal of it. */
export const referralEntryId = {
  commission: (rechargeId: string) => `commission-${rechargeId}`,
  reversal: (rechargeId: string) => `reversal-${rechargeId}`,
  transfer: (id: string) => `transfer-${id}`,
};

const codesCollection = () => typedCollection('referralCodes', z.object({ uid: z.string(), createdAt: timestampSchema }));

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The `attempt`-th code of an account: 8 characters of a hash of its uid, 2 more per attempt after a clash. */
function codeFor(uid: string, attempt: number): string {
  const digest = createHash('sha256').update(`referral:${uid}`).digest();
  let code = '';
  for (let i = 0; i < 8 + attempt * 2; i++) code += CROCKFORD[(digest[i] ?? 0) % 32];
  return code;
}

/** The account's code, made once (its first GET /api/referrals). */
async function ensureCode(uid: string, profile: UserDoc): Promise<string> {
  if (profile.referralCode) return profile.referralCode;
  const { value } = await runInTransaction(null, async (tx, now) => {
    const kept = (await tx.get(userRef(uid))).data()?.referralCode;
    if (kept) return kept;
    for (let attempt = 0; attempt < 4; attempt++) {
      const code = codeFor(uid, attempt);
      const ref = codesCollection().doc(code);
      const owner = (await tx.get(ref)).data()?.uid;
      if (owner !== undefined && owner !== uid) continue;
      if (owner === undefined) tx.create(ref, { uid, createdAt: now });
      tx.update(userRef(uid), { referralCode: code });
      return code;
    }
    throw new Error('No referral code free for this account');
  });
  return value;
}

/**
 * The referrer a sign-up names (`code`), to record on a profile being created or still untouched: never the account
 * itself, and an unknown code names no one (a sign-up never fails over a link).
 */
export async function readReferrer(tx: Transaction, code: string | null, uid: string): Promise<string | null> {
  if (!code) return null;
  const owner = (await tx.get(codesCollection().doc(code))).data()?.uid;
  if (!owner || owner === uid) return null;
  // Not a blocked account, and not two accounts bringing each other.
  const referrer = (await tx.get(userRef(owner))).data();
  if (!referrer || referrer.blocked || referrer.referredBy === uid) return null;
  return owner;
}

/** Every wallet number an account is known to have paid from. */
const payerNumbersOf = (profile: Pick<UserDoc, 'payerNumber' | 'payerNumbers'> | undefined, extra?: string) =>
  new Set([...(profile?.payerNumbers ?? []), ...(profile?.payerNumber ? [profile.payerNumber] : []), ...(extra ? [extra] : [])]);

/** What a credit needs to pay a commission: the programme and the referrer's profile (read in the credit's read phase). */
export interface CreditReferral {
  settings: ReferralSettings;
  referrer: DocumentSnapshot<UserDoc> | null;
}

export async function readCreditReferral(tx: Transaction, profile: UserDoc | undefined): Promise<CreditReferral> {
  const referredBy = profile?.referredBy;
  const [programme, referrer] = await Promise.all([
    getReferralSettings(tx),
    referredBy ? tx.get(userRef(referredBy)) : Promise.resolve(null),
  ]);
  return { settings: programme, referrer };
}

/**
 * The write phase of a credit's commission (after every read): the referrer's entry, named after the credit (so one
 * per credit), and their referral figures. Nothing when the programme is off, the referrer gone, or both accounts pay
 * from the same wallet number (one person referring themselves).
 */
export function writeCommission(
  tx: Transaction,
  read: CreditReferral,
  referred: { uid: string; profile: UserDoc | undefined; payerNumber?: string | undefined },
  credit: { rechargeId: string; amountPaisa: Paisa },
  now: Timestamp,
): void {
  const referrer = read.referrer?.data();
  // Nothing while the programme is off, to a blocked referrer, or between accounts that have paid from one number.
  if (!read.referrer || !referrer || !read.settings.enabled || referrer.blocked) return;
  const theirs = payerNumbersOf(referrer);
  if ([...payerNumbersOf(referred.profile, referred.payerNumber)].some((n) => theirs.has(n))) return;
  const amountPaisa = commissionOf(credit.amountPaisa, read.settings.percent);
  if (amountPaisa < 1) return;
  const balanceAfterPaisa = (referrer.referralBalancePaisa ?? 0) + amountPaisa;
  tx.create(referralLedger(read.referrer.id).doc(referralEntryId.commission(credit.rechargeId)), {
    type: 'commission',
    amountPaisa,
    balanceAfterPaisa,
    rechargeId: credit.rechargeId,
    fromUid: referred.uid,
    at: now,
  });
  tx.update(read.referrer.ref, {
    referralBalancePaisa: balanceAfterPaisa,
    referralEarnedPaisa: (referrer.referralEarnedPaisa ?? 0) + amountPaisa,
  });
}

/** A top-up's commission, read to reverse it (the reversal's read phase): the entry and its referrer's profile. */
export async function readCommission(tx: Transaction, referredBy: string | undefined, rechargeId: string) {
  if (!referredBy) return null;
  const [entry, reversal, referrer] = await Promise.all([
    tx.get(referralLedger(referredBy).doc(referralEntryId.commission(rechargeId))),
    tx.get(referralLedger(referredBy).doc(referralEntryId.reversal(rechargeId))),
    tx.get(userRef(referredBy)),
  ]);
  const commission = entry.data();
  const profile = referrer.data();
  if (!commission || reversal.exists || !profile) return null;
  return { referrerRef: referrer.ref as DocumentReference, referrerId: referredBy, profile, amountPaisa: commission.amountPaisa };
}

/** The write phase of a commission's reversal: its entry and the referrer's figures (the balance may go below 0). */
export function writeCommissionReversal(
  tx: Transaction,
  read: NonNullable<Awaited<ReturnType<typeof readCommission>>>,
  rechargeId: string,
  fromUid: string,
  now: Timestamp,
): void {
  const balanceAfterPaisa = (read.profile.referralBalancePaisa ?? 0) - read.amountPaisa;
  tx.create(referralLedger(read.referrerId).doc(referralEntryId.reversal(rechargeId)), {
    type: 'reversal',
    amountPaisa: -read.amountPaisa,
    balanceAfterPaisa,
    rechargeId,
    fromUid,
    at: now,
  });
  tx.update(read.referrerRef, {
    referralBalancePaisa: balanceAfterPaisa,
    referralEarnedPaisa: (read.profile.referralEarnedPaisa ?? 0) - read.amountPaisa,
  });
}

/** The first instant of the Pakistan month `back` months before this one, and its YYYY-MM. */
function pakistanMonth(nowMs: number, back: number): { month: string; start: number } {
  const local = new Date(nowMs + PKT_OFFSET_MS);
  const first = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - back, 1);
  return { month: new Date(first).toISOString().slice(0, 7), start: first - PKT_OFFSET_MS };
}

/** GET /api/referrals: the caller's code and link, sign-ups, balances and the last 12 months. */
export async function myReferrals(identity: Identity, origin: string): Promise<MyReferrals> {
  await ensureProfile(identity);
  const profile = (await userRef(identity.uid).get()).data();
  if (!profile) throw fail('user_not_found', MESSAGES.userNotFound);
  const nowMs = Date.now();
  const months = Array.from({ length: REFERRAL_LIMITS.months }, (_, back) => pakistanMonth(nowMs, back));
  const since = months.at(-1)?.start ?? nowMs;
  const [code, programme, referred, signUps, entries] = await Promise.all([
    ensureCode(identity.uid, profile),
    getReferralSettings(),
    usersCollection().where('referredBy', '==', identity.uid).count().get(),
    // The months shown only (a composite index: firestore.indexes.json).
    usersCollection().where('referredBy', '==', identity.uid).where('referredAt', '>=', new Date(since)).select('referredAt').get(),
    referralLedger(identity.uid).where('at', '>=', new Date(since)).get(),
  ]);
  const monthOf = (ms: number) => new Date(ms + PKT_OFFSET_MS).toISOString().slice(0, 7);
  const byMonth = new Map(months.map((m) => [m.month, { month: m.month, signUps: 0, earnedPaisa: 0 }]));
  for (const doc of signUps.docs) {
    const at = doc.get('referredAt') as Timestamp | undefined;
    const row = at ? byMonth.get(monthOf(at.toMillis())) : undefined;
    if (row) row.signUps += 1;
  }
  for (const doc of entries.docs) {
    const entry = doc.data();
    const row = byMonth.get(monthOf(entry.at.toMillis()));
    if (row && entry.type !== 'transfer') row.earnedPaisa += entry.amountPaisa;
  }
  return {
    code,
    link: `${origin}${referralPath(code)}`,
    referred: referred.data().count,
    balance: toRupees(profile.referralBalancePaisa ?? 0),
    earned: toRupees(profile.referralEarnedPaisa ?? 0),
    transferred: toRupees(profile.referralTransferredPaisa ?? 0),
    enabled: programme.enabled,
    percent: programme.percent,
    minTransfer: REFERRAL_LIMITS.minTransfer,
    months: [...byMonth.values()].map((m) => ({ month: m.month, signUps: m.signUps, earned: toRupees(m.earnedPaisa) })),
  };
}

/**
 * POST /api/referrals/transfer: `amount` of the referral balance to the main balance, one transaction (a `transfer`
 * entry in the referral ledger, a `referral` entry in the main one), idempotent with its key. A blocked account
 * moves nothing; the programme being off does not stop it (what was earned is the customer's).
 */
export async function transferReferral(identity: Identity, amount: number, idempotencyKey?: string) {
  const amountPaisa = toPaisa(amount);
  return runInTransaction({ scope: 'referrals.transfer', uid: identity.uid, key: idempotencyKey, request: { amount } }, async (tx, now) => {
    const { account, existing } = await readAccount(tx, identity, now);
    if (!existing) throw fail('insufficient_balance', MESSAGES.referralBalanceShort, 'amount');
    assertNotBlocked(existing);
    const referralBalance = existing.referralBalancePaisa ?? 0;
    if (referralBalance < amountPaisa) throw fail('insufficient_balance', MESSAGES.referralBalanceShort, 'amount');
    const id = randomUUID();
    const ledgerId = `referral-${id}`;
    postEntry(tx, account as Account, { id: ledgerId, type: 'referral', amountPaisa, at: now });
    const balanceAfterPaisa = referralBalance - amountPaisa;
    tx.create(referralLedger(identity.uid).doc(referralEntryId.transfer(id)), {
      type: 'transfer',
      amountPaisa: -amountPaisa,
      balanceAfterPaisa,
      ledgerEntryId: ledgerId,
      at: now,
    });
    tx.update(account.ref, {
      referralBalancePaisa: balanceAfterPaisa,
      referralTransferredPaisa: (existing.referralTransferredPaisa ?? 0) + amountPaisa,
    });
    return { message: MESSAGES.referralTransferred, balance: toRupees(account.balancePaisa), referralBalance: toRupees(balanceAfterPaisa) };
  });
}

/** GET /api/admin/referrals: the programme and its totals, summed over the profiles at the answer. */
export async function adminReferrals(): Promise<AdminReferrals> {
  // Aggregations: one read per 1,000 profiles, however many referrers there are.
  const [programme, referred, sums] = await Promise.all([
    getReferralSettings(),
    usersCollection().where('referredBy', '!=', null).count().get(),
    usersCollection()
      .aggregate({
        earned: AggregateField.sum('referralEarnedPaisa'),
        transferred: AggregateField.sum('referralTransferredPaisa'),
        balance: AggregateField.sum('referralBalancePaisa'),
      })
      .get(),
  ]);
  const { earned, transferred, balance } = sums.data();
  return {
    settings: { enabled: programme.enabled, percent: programme.percent },
    totals: {
      referred: referred.data().count,
      earned: toRupees(Math.round(earned ?? 0)),
      transferred: toRupees(Math.round(transferred ?? 0)),
      balance: toRupees(Math.round(balance ?? 0)),
    },
    asOf: new Date().toISOString(),
  };
}
