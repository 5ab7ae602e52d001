// Balance adjustments: an admin's correction of a balance, either way, with a reason. One transaction
// writes the ledger entry (type `adjustment`, the signed amount and the reason), the balance and the
// audit entry (balance before and after, the reason); a debit never takes the balance below 0. With an
// Idempotency-Key, as add-balance: a lost answer may be retried and moves the money once.
import { fail } from '../../lib/errors';
import { MESSAGES } from '../../shared/messages';
import { toPaisa, toRupees } from '../../shared/money';
import type { User } from '../../shared/schemas/accounts';
import type { AdjustBalanceBody, LedgerEntry } from '../../shared/schemas/money';
import { isUid, userRef, userToWire } from '../accounts/users';
import { type Actor, recordAudit } from '../kernel/audit';
import { runInTransaction } from '../kernel/transactions';
import { type LedgerDoc, ledgerEntryId, ledgerEntryToWire, postEntry } from './ledger';

export interface AdjustAnswer {
  message: string;
  user: User;
  entry: LedgerEntry;
}

export async function adjustBalance(admin: Actor, uid: string, body: AdjustBalanceBody, idempotencyKey?: string) {
  if (!isUid(uid)) throw fail('user_not_found', MESSAGES.userNotFound);
  const amountPaisa = toPaisa(body.amount);
  return runInTransaction<AdjustAnswer>(
    { scope: 'admin.adjust', uid: admin.uid, key: idempotencyKey, request: { userId: uid, amount: body.amount, reason: body.reason } },
    async (tx, now) => {
      const ref = userRef(uid);
      const snap = await tx.get(ref);
      const profile = snap.data();
      // Only an account with a profile has a balance to correct (add-balance credits any account).
      if (!profile) throw fail('user_not_found', MESSAGES.userNotFound);
      const account = { uid, ref, balancePaisa: profile.balancePaisa ?? 0 };
      const before = account.balancePaisa;
      const id = ledgerEntryId.adjustment(uid);
      postEntry(tx, account, { id, type: 'adjustment', amountPaisa, reason: body.reason, at: now });
      recordAudit(tx, admin, now, {
        subject: ref,
        action: 'adjust',
        before: { balance: toRupees(before) },
        after: { balance: toRupees(account.balancePaisa), amount: body.amount, ledgerEntry: id },
        reason: body.reason,
      });
      const entry: LedgerDoc = { type: 'adjustment', amountPaisa, balanceAfterPaisa: account.balancePaisa, reason: body.reason, at: now };
      return {
        message: MESSAGES.balanceAdjusted,
        user: userToWire(uid, { ...profile, balancePaisa: account.balancePaisa }),
        entry: ledgerEntryToWire(id, entry),
      };
    },
  );
}
