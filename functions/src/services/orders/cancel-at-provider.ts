// Cancelling a sent order (decision record 0008): only its provider can, so updateOrderStatus hands the
// request on (a value, ProviderCancelRequest) and its callers pass it to the provider port, whose worker
// (workers/cancel.ts) asks the provider outside any transaction (one may run more than once) and records
// its answer here on the fulfilment in another, audited when the admin asked. No money moves here: the
// refund comes when the status sync sees Canceled/Refunded, through updateOrderStatus (exactly once,
// whoever gets there first).
import { Timestamp } from 'firebase-admin/firestore';
import { fail } from '../../lib/errors';
import type { UpstreamCancelState } from '../../shared/fulfilment';
import { MESSAGES } from '../../shared/messages';
import type { Order } from '../../shared/schemas/orders';
import { type Actor, recordAudit } from '../kernel/audit';
import { runInTransaction } from '../kernel/transactions';
import type { CancelRequestedAnswer, ProviderCancelRequest } from '../providers/provider-port';
import { fulfilmentRef } from './fulfilment';

/** After an accepted cancel, the provider's status is asked this soon: the confirmation refunds. */
export const CANCEL_CHECK_AFTER_MS = 60_000;
/**
 * A cancel repeated this long after the provider accepted one is asked of it again (one it accepted but
 * never followed, or a provider that went quiet); sooner, it answers as accepted without asking (a double click).
 */
export const CANCEL_ASK_AGAIN_AFTER_MS = 60_000;

/** What the provider's answer to a cancel means for the order: asked (`requested`), refused, or unknown. */
export interface CancelOutcome {
  state: UpstreamCancelState;
  error?: string;
}

/** The answer while the provider has the cancellation: the order unchanged, its refund after its confirmation. */
export const cancelRequestedAnswer = (order: Order): CancelRequestedAnswer => ({
  message: MESSAGES.cancelRequested,
  order,
  cancelRequested: true,
});

/**
 * Records what the provider answered to `target`'s cancel (asked outside any transaction), audited as
 * `admin` when one asked; answers the order unchanged, or throws `cancel_refused` / `provider_unavailable`.
 */
export async function recordCancelAnswer(
  target: ProviderCancelRequest,
  outcome: CancelOutcome,
  admin: Actor | undefined,
): Promise<CancelRequestedAnswer> {
  const ref = fulfilmentRef(target.orderId);
  await runInTransaction(null, async (tx, now) => {
    const f = (await tx.get(ref)).data();
    // Recorded on the provider order that was asked (a Resend or Mark sent since would be another one), while
    // the order is open: one closed meanwhile (the sync's Canceled, a refund without the provider) is not
    // put back into the sync's query.
    if (f?.state === 'sent' && f.providerOrderId === target.providerOrderId && f.open !== false) {
      tx.update(ref, {
        cancel: { state: outcome.state, at: now, ...(outcome.error ? { error: outcome.error } : {}) },
        ...(outcome.state === 'requested' ? { syncDueAt: Timestamp.fromMillis(now.toMillis() + CANCEL_CHECK_AFTER_MS) } : {}),
        updatedAt: now,
      });
    }
    if (admin) {
      recordAudit(tx, admin, now, {
        subject: `orders/${target.orderId}`,
        action: 'order_cancel_request',
        after: {
          cancel: outcome.state,
          providerId: target.providerId,
          providerOrderId: target.providerOrderId,
          ...(outcome.error ? { error: outcome.error } : {}),
          userId: target.userId,
        },
      });
    }
  });

  if (outcome.state === 'requested') return cancelRequestedAnswer(target.order);
  if (outcome.state === 'refused') throw fail('cancel_refused', outcome.error ?? MESSAGES.orderFinal, 'status');
  throw fail('provider_unavailable', MESSAGES.cancelNoAnswer);
}
