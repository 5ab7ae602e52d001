// The ledger: the only code that changes a balance. Every credit, debit, refund and adjustment writes an
// immutable entry under users/{uid}/ledger and the cached balance together, inside the caller's
// transaction. Credits, debits and refunds store a positive amount (the type says which way it went);
// an adjustment (an admin's correction, either way) stores its signed amount and its reason.
import { type DocumentReference, type Query, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../lib/admin';
import { fail } from '../../lib/errors';
import { pageNewestFirst } from '../../lib/pagination';
import { paisaSchema, timestampSchema, typedCollection, typedGroup } from '../../lib/typed-collection';
import { MESSAGES } from '../../shared/messages';
import { isPaisa, type Paisa, toRupees } from '../../shared/money';
import { pakistanDayEnd, pakistanDayStart } from '../../shared/pakistan-days';
import type { StatementFilters } from '../../shared/reports';
import { LEDGER_TYPES, type LedgerEntry, type LedgerType } from '../../shared/schemas/money';

export type { LedgerType };

export const ledgerDocSchema = z.object({
  type: z.enum(LEDGER_TYPES),
  /** Positive; an adjustment's is signed (negative takes money away). */
  amountPaisa: paisaSchema,
  balanceAfterPaisa: paisaSchema,
  orderId: z.string().optional(),
  rechargeId: z.string().optional(),
  /** An adjustment's reason. */
  reason: z.string().optional(),
  at: timestampSchema,
});
export type LedgerDoc = z.infer<typeof ledgerDocSchema>;

/** What an entry does to the balance: + for credits, refunds and positive adjustments, − otherwise. */
export const signedAmount = (entry: Pick<LedgerDoc, 'type' | 'amountPaisa'>): Paisa =>
  entry.type === 'debit' ? -entry.amountPaisa : entry.amountPaisa;

/** An account as read inside a transaction; `balancePaisa` follows the entries posted to it. */
export interface Account {
  uid: string;
  ref: DocumentReference;
  balancePaisa: Paisa;
}

export const ledgerCollection = (uid: string) => typedCollection(db.collection('users').doc(uid).collection('ledger'), ledgerDocSchema);
/** Every account's entries (users/{uid}/ledger), as one collection group. */
export const ledgerGroup = () => typedGroup('ledger', ledgerDocSchema);

/** The entry ids say what they are for, so a second debit or refund of one order cannot be created. */
export const ledgerEntryId = {
  orderDebit: (orderId: string) => `debit-${orderId}`,
  orderRefund: (orderId: string) => `refund-${orderId}`,
  credit: (rechargeId: string) => `credit-${rechargeId}`,
  /** An adjustment has no other document to be named after: a fresh auto id (its key makes a retry safe). */
  adjustment: (uid: string) => `adjust-${ledgerCollection(uid).doc().id}`,
};

export interface PostEntry {
  id: string;
  type: LedgerType;
  amountPaisa: Paisa;
  orderId?: string;
  rechargeId?: string;
  reason?: string;
  at: Timestamp;
}

const isAmount = (entry: PostEntry) =>
  entry.type === 'adjustment'
    ? entry.amountPaisa !== 0 && isPaisa(Math.abs(entry.amountPaisa))
    : entry.amountPaisa !== 0 && isPaisa(entry.amountPaisa);

/**
 * Writes one entry and the new balance. Call it after every read of the transaction. A debit (or a
 * negative adjustment) that would take the balance below zero throws `insufficient_balance` before
 * anything is written.
 */
export function postEntry(tx: Transaction, account: Account, entry: PostEntry): Paisa {
  return postEntries(tx, account, [entry])[0] as Paisa;
}

/**
 * Writes entries in turn (each with the balance after it) and the final balance once: a group commit
 * places many orders of one account in one transaction, with one write of its balance. Every entry is
 * checked before anything is written, so a refusal (as postEntry's) leaves the transaction untouched.
 * Returns the balance after each entry.
 */
export function postEntries(tx: Transaction, account: Account, entries: readonly PostEntry[]): Paisa[] {
  let balance = account.balancePaisa;
  const docs = entries.map((entry) => {
    const doc = entryDoc(balance, entry);
    balance = doc.balanceAfterPaisa;
    return { id: entry.id, doc };
  });
  if (docs.length === 0) return [];
  for (const { id, doc } of docs) tx.create(ledgerCollection(account.uid).doc(id), doc);
  tx.update(account.ref, { balancePaisa: balance });
  account.balancePaisa = balance;
  return docs.map(({ doc }) => doc.balanceAfterPaisa);
}

/** The entry as stored after `balancePaisa`; throws when it is not a valid amount or would overdraw. */
function entryDoc(balancePaisa: Paisa, entry: PostEntry): LedgerDoc {
  if (!isAmount(entry)) {
    throw new RangeError(`Ledger amount must be a non-zero integer paisa amount (positive unless an adjustment), got ${entry.amountPaisa}`);
  }
  if (entry.type === 'adjustment' && !entry.reason) throw new RangeError('An adjustment needs a reason');
  const balanceAfterPaisa = balancePaisa + signedAmount(entry);
  if (balanceAfterPaisa < 0) {
    throw entry.type === 'adjustment'
      ? fail('insufficient_balance', MESSAGES.balanceBelowZero, 'amount')
      : fail('insufficient_balance', MESSAGES.insufficientBalance);
  }
  if (!isPaisa(balanceAfterPaisa)) throw fail('balance_limit', 'Balance would exceed the maximum', 'amount');
  return {
    type: entry.type,
    amountPaisa: entry.amountPaisa,
    balanceAfterPaisa,
    at: entry.at,
    ...(entry.orderId ? { orderId: entry.orderId } : {}),
    ...(entry.rechargeId ? { rechargeId: entry.rechargeId } : {}),
    ...(entry.type === 'adjustment' ? { reason: entry.reason } : {}),
  };
}

export function ledgerEntryToWire(id: string, doc: LedgerDoc): LedgerEntry {
  return {
    _id: id,
    type: doc.type,
    amount: toRupees(doc.amountPaisa),
    balanceAfter: toRupees(doc.balanceAfterPaisa),
    ...(doc.orderId ? { orderId: doc.orderId } : {}),
    ...(doc.rechargeId ? { rechargeId: doc.rechargeId } : {}),
    ...(doc.reason ? { reason: doc.reason } : {}),
    at: doc.at.toDate().toISOString(),
  };
}

/** An account's entries of the statement's filters (none: all of them). */
export function statementEntries(uid: string, filters: StatementFilters = {}): Query<LedgerDoc> {
  let query: Query<LedgerDoc> = ledgerCollection(uid);
  // type == and a range on `at`, ordered by `at`: the index (type, at desc, id desc) serves it.
  if (filters.type) query = query.where('type', '==', filters.type);
  if (filters.from) query = query.where('at', '>=', Timestamp.fromMillis(pakistanDayStart(filters.from)));
  if (filters.to) query = query.where('at', '<', Timestamp.fromMillis(pakistanDayEnd(filters.to)));
  return query;
}

/** An account's entries, newest first (the customer's own statement, and the admin's view of it). */
export function listLedger(uid: string, page: { limit: number; cursor?: string | undefined } & StatementFilters) {
  return pageNewestFirst(statementEntries(uid, page), 'at', page, (d) => ledgerEntryToWire(d.id, d.data()));
}
