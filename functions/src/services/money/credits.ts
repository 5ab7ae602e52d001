// Credits: every top-up, whether the admin adds balance by email or approves a recharge request,
// writes the recharge record, the ledger entry, lastRecharge and the balance in one transaction.
import type { DocumentReference, Timestamp, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { pageNewestFirst } from '../../lib/pagination';
import { paisaSchema, timestampSchema, typedCollection } from '../../lib/typed-collection';
import { MESSAGES } from '../../shared/messages';
import { type Paisa, toPaisa, toRupees } from '../../shared/money';
import { topUpNotification } from '../../shared/notifications';
import type { Recharge } from '../../shared/schemas/money';
import { customerFields, type Identity, identityByEmail, identityByUid, readAccount, type UserDoc, userToWire } from '../accounts/users';
import { type CreditTiers, readCreditTiers, tierAfterCredit } from '../catalogue/pricing';
import { auditedBy, recordAudit, writeAudit } from '../kernel/audit';
import { runInTransaction } from '../kernel/transactions';
import { deliverNow, notificationId, readNotifier } from '../support/notifications';
import { type Account, ledgerEntryId, postEntry } from './ledger';
import { type CreditReferral, readCreditReferral, writeCommission } from './referrals';

export const rechargeDocSchema = z.object({
  ...customerFields,
  amountPaisa: paisaSchema,
  date: timestampSchema,
  method: z.string().optional(),
  reference: z.string().optional(),
  requestId: z.string().optional(),
  /** The admin's email on records older than issue 12 (`npm run migrate:issue-12` moves it to audit/ and removes it). */
  by: z.string().optional(),
  /** Taken back (top-up-reversals.ts): when and why. */
  reversed: z.object({ at: timestampSchema, reason: z.string() }).optional(),
});
export type RechargeDoc = z.infer<typeof rechargeDocSchema>;

export const rechargesCollection = () => typedCollection('recharges', rechargeDocSchema);

/** The wire shape; `by` (the admin who credited it, from audit/) only in the admin's list. */
export function rechargeToWire(id: string, doc: RechargeDoc, by?: string): Recharge {
  return {
    _id: id,
    user: doc.user,
    amount: toRupees(doc.amountPaisa),
    date: doc.date.toDate().toISOString(),
    ...(doc.method ? { method: doc.method } : {}),
    ...(doc.reference ? { reference: doc.reference } : {}),
    ...(by ? { by } : {}),
    ...(doc.reversed ? { reversed: { at: doc.reversed.at.toDate().toISOString(), reason: doc.reversed.reason } } : {}),
  };
}

export interface CreditInput {
  amountPaisa: Paisa;
  method?: string;
  reference?: string;
  /** The admin who credits (email "seed" for the demo data): recorded in audit/, not on the recharge. */
  by: { uid: string; email: string };
  requestId?: string;
  /** The wallet number it was paid from, when known (a request's): no commission when the referrer pays from it too. */
  payerNumber?: string | undefined;
}

/**
 * The write phase of a credit, inside the caller's transaction (after its reads): the recharge
 * record, its audit record, the ledger entry, lastRecharge and the balance. Returns the recharge id.
 */
export function writeCredit(
  tx: Transaction,
  account: Account,
  user: { _id: string; name: string; email: string },
  input: CreditInput,
  now: Timestamp,
  effects: CreditEffects,
): string {
  const rechargeRef = rechargesCollection().doc();
  const record: RechargeDoc = {
    userId: account.uid,
    user,
    amountPaisa: input.amountPaisa,
    date: now,
    ...(input.method ? { method: input.method } : {}),
    ...(input.reference ? { reference: input.reference } : {}),
    ...(input.requestId ? { requestId: input.requestId } : {}),
  };
  tx.create(rechargeRef, record);
  writeAudit(tx, rechargeRef, 'credit', input.by, now, {
    before: { balance: toRupees(account.balancePaisa) },
    after: {
      userId: account.uid,
      email: user.email,
      amount: toRupees(input.amountPaisa),
      balance: toRupees(account.balancePaisa + input.amountPaisa),
    },
  });
  postEntry(tx, account, {
    id: ledgerEntryId.credit(rechargeRef.id),
    type: 'credit',
    amountPaisa: input.amountPaisa,
    rechargeId: rechargeRef.id,
    at: now,
  });
  // The lifetime total and the tier it earns move with the credit, in its transaction: one move however many credits
  // run at once (each reads the total the last one wrote).
  const { update, moved } = tierAfterCredit(effects.tiers, effects.profile, input.amountPaisa);
  tx.update(account.ref, { lastRecharge: { amountPaisa: input.amountPaisa, date: now }, ...update });
  if (moved) {
    recordAudit(tx, input.by, now, {
      subject: account.ref,
      action: 'tier_change',
      before: { tier: moved.from },
      after: { tier: moved.to, email: user.email, credited: toRupees(update.creditedPaisa), rechargeId: rechargeRef.id },
    });
  }
  // The referrer's commission, named after this credit: one per credit, in its transaction.
  writeCommission(
    tx,
    effects.referral,
    { uid: account.uid, profile: effects.profile, payerNumber: input.payerNumber },
    { rechargeId: rechargeRef.id, amountPaisa: input.amountPaisa },
    now,
  );
  return rechargeRef.id;
}

/** What a credit changes beside the balance, read in its read phase: the tier its total earns, a referrer's commission. */
export interface CreditEffects {
  profile: UserDoc | undefined;
  tiers: CreditTiers;
  referral: CreditReferral;
}

export async function readCreditEffects(tx: Transaction, uid: string, profile: UserDoc | undefined): Promise<CreditEffects> {
  const [tiers, referral] = await Promise.all([readCreditTiers(tx, uid, profile), readCreditReferral(tx, profile)]);
  return { profile, tiers, referral };
}

/**
 * Admin add-balance (and the seed's demo top-up): one credit to the account with `userId`, or to the
 * one that holds `email` today (Firebase Auth, not a profile's copy of an old email), idempotent with
 * a key. The account's profile takes the Auth record's email in the same transaction.
 */
export async function addBalance(
  admin: { uid: string; email: string },
  input: { email?: string | undefined; userId?: string | undefined; amount: number; method?: string },
  idempotencyKey?: string,
) {
  const target: Identity = input.userId !== undefined ? await identityByUid(input.userId) : await identityByEmail(input.email ?? '');
  const amountPaisa = toPaisa(input.amount);
  // The body as sent: a key reused with the other way of naming the account is another request (409).
  const request = input.userId !== undefined ? { userId: target.uid, amount: input.amount } : { email: target.email, amount: input.amount };
  let push: DocumentReference | null = null;
  const decided = await runInTransaction({ scope: 'admin.add-balance', uid: admin.uid, key: idempotencyKey, request }, async (tx, now) => {
    push = null;
    const { account, user, createIfMissing, existing } = await readAccount(tx, target, now);
    // The credit's id is new: nothing to read of its notification but the customer's settings.
    const [notifier, effects] = await Promise.all([readNotifier(tx, target.uid), readCreditEffects(tx, target.uid, existing)]);
    createIfMissing();
    const rechargeId = writeCredit(
      tx,
      account,
      { _id: target.uid, name: user.name, email: user.email },
      {
        amountPaisa,
        method: input.method ?? 'admin',
        by: admin,
      },
      now,
      effects,
    );
    push = notifier.add(tx, notificationId.credit(rechargeId), topUpNotification({ decision: 'approved', amountPaisa }), now);
    const updated = { ...user, balancePaisa: account.balancePaisa, lastRecharge: { amountPaisa, date: now } };
    return { message: MESSAGES.balanceUpdated, user: userToWire(target.uid, updated, target.admin) };
  });
  if (push) await deliverNow([push]);
  return decided;
}

export async function listRecentRecharges(page: { limit: number; cursor?: string | undefined }) {
  const { items, nextCursor } = await pageNewestFirst(rechargesCollection(), 'date', page, (d) => d);
  const by = await auditedBy(items.map((d) => d.ref));
  return { items: items.map((d) => rechargeToWire(d.id, d.data(), by.get(d.id))), nextCursor };
}

/** One account's credits, newest first (the admin's view of a customer). */
export function listUserRecharges(uid: string, page: { limit: number; cursor?: string | undefined }) {
  return pageNewestFirst(rechargesCollection().where('userId', '==', uid), 'date', page, (d) => rechargeToWire(d.id, d.data()));
}
