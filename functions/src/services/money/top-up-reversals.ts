// A credited top-up taken back (issue 34: "a reversed or adjusted-away top-up reverses its commission"): a chargeback,
// a payment credited twice by mistake. One transaction, once per top-up: an adjustment of the whole amount off the
// customer's balance (never below 0: the admin adjusts first), the top-up marked reversed, the lifetime credited total
// lowered (the tier earned stays: tiers never move down by themselves), the referrer's commission reversed, and the
// audit entries (`adjust` for the balance, `top_up_reverse` for the top-up).
import { fail } from '../../lib/errors';
import { MESSAGES } from '../../shared/messages';
import { toRupees } from '../../shared/money';
import type { Recharge } from '../../shared/schemas/money';
import { userRef } from '../accounts/users';
import { lifetimeCredited } from '../catalogue/pricing';
import { type Actor, recordAudit } from '../kernel/audit';
import { type Decided, runInTransaction } from '../kernel/transactions';
import { rechargesCollection, rechargeToWire } from './credits';
import { postEntry } from './ledger';
import { readCommission, writeCommissionReversal } from './referrals';

/** The reversal's adjustment: named after the top-up, so a second reversal cannot be written. */
export const reversalEntryId = (rechargeId: string) => `reverse-${rechargeId}`;

export async function reverseTopUp(
  admin: Actor,
  rechargeId: string,
  reason: string,
  idempotencyKey?: string,
): Promise<Decided<{ message: string; recharge: Recharge }>> {
  if (!/^[A-Za-z0-9]{1,64}$/.test(rechargeId)) throw fail('not_found', MESSAGES.rechargeNotFound);
  return runInTransaction(
    { scope: 'admin.reverse-top-up', uid: admin.uid, key: idempotencyKey, request: { rechargeId, reason } },
    async (tx, now) => {
      const rechargeRef = rechargesCollection().doc(rechargeId);
      const recharge = (await tx.get(rechargeRef)).data();
      if (!recharge) throw fail('not_found', MESSAGES.rechargeNotFound);
      if (recharge.reversed) throw fail('already_decided', MESSAGES.topUpAlreadyReversed);
      const ref = userRef(recharge.userId);
      const profile = (await tx.get(ref)).data();
      if (!profile) throw fail('user_not_found', MESSAGES.userNotFound);
      const [commission, credited] = await Promise.all([
        readCommission(tx, profile.referredBy, rechargeId),
        // The lifetime total as it stands (summed from the ledger when not kept yet), kept from now on without this top-up.
        lifetimeCredited(recharge.userId, profile, tx),
      ]);

      const account = { uid: recharge.userId, ref, balancePaisa: profile.balancePaisa ?? 0 };
      const before = account.balancePaisa;
      const entryId = reversalEntryId(rechargeId);
      postEntry(tx, account, { id: entryId, type: 'adjustment', amountPaisa: -recharge.amountPaisa, reason, rechargeId, at: now });
      tx.update(ref, { creditedPaisa: Math.max(0, credited - recharge.amountPaisa) });
      recordAudit(tx, admin, now, {
        subject: ref,
        action: 'adjust',
        before: { balance: toRupees(before) },
        after: { balance: toRupees(account.balancePaisa), amount: -toRupees(recharge.amountPaisa), ledgerEntry: entryId, rechargeId },
        reason,
      });
      if (commission) writeCommissionReversal(tx, commission, rechargeId, recharge.userId, now);
      const reversed = { at: now, reason };
      tx.update(rechargeRef, { reversed });
      // Not once per subject: the top-up's credit already has that entry; the reversed flag read above makes this one once.
      recordAudit(tx, admin, now, {
        subject: rechargeRef,
        action: 'top_up_reverse',
        before: { amount: toRupees(recharge.amountPaisa) },
        after: {
          userId: recharge.userId,
          amount: toRupees(recharge.amountPaisa),
          ...(commission ? { commission: toRupees(commission.amountPaisa), referrerId: commission.referrerId } : {}),
        },
        reason,
      });
      return { message: MESSAGES.topUpReversed, recharge: rechargeToWire(rechargeId, { ...recharge, reversed }) };
    },
  );
}
