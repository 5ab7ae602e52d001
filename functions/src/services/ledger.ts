// The ledger: the only code that changes a balance. Every credit, debit and refund writes an immutable
// entry under users/{uid}/ledger and the cached balance together, inside the caller's transaction.
import type { DocumentReference, Timestamp, Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin';
import { fail } from '../lib/errors';
import { MESSAGES } from '../shared/messages';
import { isPaisa, type Paisa, toRupees } from '../shared/money';
import type { LedgerEntry } from '../shared/schemas';

export type LedgerType = 'credit' | 'debit' | 'refund';

export interface LedgerDoc {
  type: LedgerType;
  amountPaisa: Paisa;
  balanceAfterPaisa: Paisa;
  orderId?: string;
  rechargeId?: string;
  at: Timestamp;
}

/** An account as read inside a transaction; `balancePaisa` follows the entries posted to it. */
export interface Account {
  uid: string;
  ref: DocumentReference;
  balancePaisa: Paisa;
}

export const ledgerCollection = (uid: string) => db.collection('users').doc(uid).collection('ledger');

/** The entry ids say what they are for, so a second debit or refund of one order cannot be created. */
export const ledgerEntryId = {
  orderDebit: (orderId: string) => `debit-${orderId}`,
  orderRefund: (orderId: string) => `refund-${orderId}`,
  credit: (rechargeId: string) => `credit-${rechargeId}`,
};

export interface PostEntry {
  id: string;
  type: LedgerType;
  amountPaisa: Paisa;
  orderId?: string;
  rechargeId?: string;
  at: Timestamp;
}

/**
 * Writes one entry and the new balance. Call it after every read of the transaction. A debit that
 * would take the balance below zero throws `Insufficient Balance` before anything is written.
 */
export function postEntry(tx: Transaction, account: Account, entry: PostEntry): Paisa {
  if (!isPaisa(entry.amountPaisa) || entry.amountPaisa === 0) {
    throw new RangeError(`Ledger amount must be a positive integer paisa amount, got ${entry.amountPaisa}`);
  }
  const delta = entry.type === 'debit' ? -entry.amountPaisa : entry.amountPaisa;
  const balanceAfterPaisa = account.balancePaisa + delta;
  if (balanceAfterPaisa < 0) throw fail('insufficient_balance', MESSAGES.insufficientBalance);
  if (!isPaisa(balanceAfterPaisa)) throw fail('balance_limit', 'Balance would exceed the maximum', 'amount');

  const doc: LedgerDoc = {
    type: entry.type,
    amountPaisa: entry.amountPaisa,
    balanceAfterPaisa,
    at: entry.at,
    ...(entry.orderId ? { orderId: entry.orderId } : {}),
    ...(entry.rechargeId ? { rechargeId: entry.rechargeId } : {}),
  };
  tx.create(ledgerCollection(account.uid).doc(entry.id), doc);
  tx.update(account.ref, { balancePaisa: balanceAfterPaisa });
  account.balancePaisa = balanceAfterPaisa;
  return balanceAfterPaisa;
}

export function ledgerEntryToWire(id: string, doc: LedgerDoc): LedgerEntry {
  return {
    _id: id,
    type: doc.type,
    amount: toRupees(doc.amountPaisa),
    balanceAfter: toRupees(doc.balanceAfterPaisa),
    ...(doc.orderId ? { orderId: doc.orderId } : {}),
    ...(doc.rechargeId ? { rechargeId: doc.rechargeId } : {}),
    at: doc.at.toDate().toISOString(),
  };
}
