// Cancelling a sent order (decision record 0008): only its provider can, so the cancel is asked of it,
// outside any transaction (one may run more than once), and its answer recorded on the fulfilment in
// another, audited when the admin asked. No money moves here: the refund comes when the status sync
// sees Canceled/Refunded, through updateOrderStatus (exactly once, whoever gets there first).
import { Timestamp } from 'firebase-admin/firestore';
import { fail } from '../lib/errors';
import { logger } from '../lib/logger';
import type { UpstreamCancelState } from '../shared/fulfilment';
import { MESSAGES } from '../shared/messages';
import type { Order } from '../shared/schemas';
import type { CancelEntry } from '../upstream/answers';
import { failureForLog, type UpstreamResult, unknownResult } from '../upstream/result';
import { type Actor, recordAudit } from './audit';
import { type FulfilmentDoc, fulfilmentRef } from './fulfilment';
import { type ClientFor, providerClientFor } from './provider-clients';
import { runInTransaction } from './transactions';

/** After an accepted cancel, the provider's status is asked this soon: the confirmation refunds. */
export const CANCEL_CHECK_AFTER_MS = 60_000;
/**
 * A cancel repeated this long after the provider accepted one is asked of it again (one it accepted but
 * never followed, or a provider that went quiet); sooner, it answers as accepted without asking (a double click).
 */
export const CANCEL_ASK_AGAIN_AFTER_MS = 60_000;

export interface UpstreamCancelTarget {
  orderId: string;
  userId: string;
  providerId: string;
  providerOrderId: string;
  /** The order as it stands (unchanged by a cancel asked upstream). */
  order: Order;
  /** Accepted by the provider under CANCEL_ASK_AGAIN_AFTER_MS ago: answered as accepted, not asked again. */
  askedRecently: boolean;
}

interface CancelOutcome {
  state: UpstreamCancelState;
  error?: string;
}

function outcomeOf(result: UpstreamResult<Map<string, CancelEntry>>, providerOrderId: string): CancelOutcome {
  if (!result.ok) return result.kind === 'refused' ? { state: 'refused', error: result.error } : { state: 'unknown', error: result.reason };
  const entry = result.value.get(providerOrderId) ?? { kind: 'missing' };
  if (entry.kind === 'accepted') return { state: 'requested' };
  if (entry.kind === 'error') return { state: 'refused', error: entry.error };
  return { state: 'unknown', error: 'The provider’s answer said nothing about this order' };
}

/** Asks the provider to cancel; answers the order unchanged, or throws `cancel_refused` / `provider_unavailable`. */
export async function cancelAtProvider(
  target: UpstreamCancelTarget,
  options: { admin?: Actor | undefined; clientFor?: ClientFor | undefined },
): Promise<{ message: string; order: Order; cancelRequested: true }> {
  const accepted = { message: MESSAGES.cancelRequested, order: target.order, cancelRequested: true as const };
  if (target.askedRecently) return accepted;

  let result: UpstreamResult<Map<string, CancelEntry>>;
  try {
    const client = await (options.clientFor ?? providerClientFor)(target.providerId);
    result = await client.cancel([target.providerOrderId]);
  } catch (error) {
    logger.warn('A cancel could not be asked of the provider', { orderId: target.orderId, error: String(error) });
    result = unknownResult(`the call failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!result.ok && result.kind === 'unknown')
    logger.warn('No usable answer to a cancel', { orderId: target.orderId, ...failureForLog(result) });
  const outcome = outcomeOf(result, target.providerOrderId);

  const ref = fulfilmentRef(target.orderId);
  await runInTransaction(null, async (tx, now) => {
    const f = (await tx.get(ref)).data() as FulfilmentDoc | undefined;
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
    if (options.admin) {
      recordAudit(tx, options.admin, now, {
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
    return { status: 200, body: null };
  });

  if (outcome.state === 'requested') return accepted;
  if (outcome.state === 'refused') throw fail('cancel_refused', outcome.error ?? MESSAGES.orderFinal, 'status');
  throw fail('provider_unavailable', MESSAGES.cancelNoAnswer);
}
