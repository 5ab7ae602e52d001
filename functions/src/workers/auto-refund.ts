// The automatic refund of failed orders (decision record 0008): when the admin set `failedRefundHours`, an order
// whose provider refused it that long ago and that nobody resent, marked sent or cancelled meanwhile is
// cancelled with its full refund through updateOrderStatus (the one place an order's money moves: its
// refund's ledger id makes it happen once), audited as the system's. Oldest first, a bounded batch.
//
// Three steps, as with a provider: a claim on the fulfilment in a transaction (`refundLease`, which
// Resend and Mark sent respect, so an order cannot be resent between the check and the cancel), the
// cancel (its own transaction), then the claim released and the order out of the query (`failedAt`).
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { isAppError } from '../lib/errors';
import { logger } from '../lib/logger';
import { getAllOf } from '../lib/typed-collection';
import type { Actor } from '../services/kernel/audit';
import { leaseHeld, leaseIsOurs, newLease } from '../services/kernel/lease';
import { runInTransaction } from '../services/kernel/transactions';
import { dueFulfilments, fulfilmentRef } from '../services/orders/fulfilment';
import { ordersCollection, updateOrderStatus } from '../services/orders/orders';
import { getForwardingSettings } from '../services/providers/forwarding-settings';
import type { ForwardDeps } from './forward';

/** The audit trail's actor of the automatic refund: no admin, the forwarding settings' rule. */
export const SYSTEM_ACTOR: Actor = { uid: 'system', email: 'forwarding' };
/** Orders refunded per run (the next run takes the rest, oldest first). */
const REFUND_BATCH = 20;
/** How long the claim holds between the check and the cancel (a run that dies frees the order after it). */
export const REFUND_LEASE_MS = 60_000;

const HOUR_MS = 3_600_000;
const ts = (ms: number) => Timestamp.fromMillis(ms);

type Claimed = { token: string } | { skip: true };

/** Refunds one failed order if it still qualifies; true when this call refunded it. */
async function refundOne(orderId: string, cutoffMs: number, deps: ForwardDeps): Promise<boolean> {
  const ref = fulfilmentRef(orderId);
  const { value: claimed } = await runInTransaction<Claimed>(null, async (tx) => {
    const now = deps.now();
    const [orderSnap, fulfilmentSnap] = await getAllOf(tx, ordersCollection().doc(orderId), ref);
    const order = orderSnap?.data();
    const f = fulfilmentSnap?.data();
    if (f?.state !== 'failed' || !f.failedAt || f.failedAt.toMillis() > cutoffMs) return { skip: true };
    if (leaseHeld(f.refundLease, now)) return { skip: true };
    // The admin already moved the order (cancelled it, or set a status by hand): not ours to refund.
    if (order?.status !== 'pending') {
      tx.update(ref, { failedAt: FieldValue.delete(), refundLease: FieldValue.delete() });
      return { skip: true };
    }
    const refundLease = newLease(now, REFUND_LEASE_MS);
    tx.update(ref, { refundLease });
    return { token: refundLease.token };
  });
  if ('skip' in claimed) return false;

  let refunded = false;
  try {
    await updateOrderStatus(orderId, 'cancelled', undefined, { admin: SYSTEM_ACTOR, onlyFrom: ['pending'], pushLater: true });
    refunded = true;
  } catch (error) {
    // Another actor got there first (an API v2 cancel, say): its change stands, refunded once.
    if (!isAppError(error, 'order_final') && !isAppError(error, 'not_cancelable')) throw error;
  }
  const { token } = claimed;
  await runInTransaction(null, async (tx) => {
    const f = (await tx.get(ref)).data();
    if (leaseIsOurs(f?.refundLease, token)) {
      tx.update(ref, {
        failedAt: FieldValue.delete(),
        refundLease: FieldValue.delete(),
        ...(refunded ? { refundedAt: ts(deps.now()) } : {}),
        updatedAt: ts(deps.now()),
      });
    }
  });
  return refunded;
}

/** The failed orders due for their automatic refund, oldest failure first; none when the admin set none. */
export async function refundFailedOrders(deps: ForwardDeps): Promise<number> {
  const { failedRefundHours } = await getForwardingSettings();
  if (failedRefundHours === null) return 0;
  const cutoffMs = deps.now() - failedRefundHours * HOUR_MS;
  const due = await dueFulfilments('state', 'failed', 'failedAt', cutoffMs, REFUND_BATCH);
  let refunded = 0;
  for (const d of due.docs) {
    try {
      if (await refundOne(d.id, cutoffMs, deps)) refunded += 1;
    } catch (error) {
      // Busy, say: the claim runs out and the next run tries again (the refund's ledger id keeps it once).
      logger.error('Automatic refund of a failed order failed', { orderId: d.id, error: String(error) });
    }
  }
  return refunded;
}
