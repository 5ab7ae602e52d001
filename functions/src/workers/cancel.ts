// The provider's cancel of a sent order (decision record 0008), handed on by updateOrderStatus's callers
// through the provider port: asked outside any transaction with the provider client's deadline, its
// answer recorded by services/orders/cancel-at-provider.ts (the fulfilment, the admin's audit entry).
import { logger } from '../lib/logger';
import type { Actor } from '../services/kernel/audit';
import { type CancelOutcome, recordCancelAnswer } from '../services/orders/cancel-at-provider';
import type { CancelRequestedAnswer, ProviderCancelRequest } from '../services/providers/provider-port';
import type { CancelEntry } from '../upstream/answers';
import { failureForLog, thrownResult, type UpstreamResult } from '../upstream/result';
import { type ClientFor, providerClientFor } from './provider-clients';

function outcomeOf(result: UpstreamResult<Map<string, CancelEntry>>, providerOrderId: string): CancelOutcome {
  if (!result.ok) return result.kind === 'refused' ? { state: 'refused', error: result.error } : { state: 'unknown', error: result.reason };
  const entry = result.value.get(providerOrderId) ?? { kind: 'missing' };
  if (entry.kind === 'accepted') return { state: 'requested' };
  if (entry.kind === 'error') return { state: 'refused', error: entry.error };
  return { state: 'unknown', error: 'The provider’s answer said nothing about this order' };
}

/** Asks the provider to cancel; answers the order unchanged, or throws `cancel_refused` / `provider_unavailable`. */
export async function askProviderToCancel(
  target: ProviderCancelRequest,
  options: { admin?: Actor | undefined; clientFor?: ClientFor | undefined } = {},
): Promise<CancelRequestedAnswer> {
  let result: UpstreamResult<Map<string, CancelEntry>>;
  try {
    const client = await (options.clientFor ?? providerClientFor)(target.providerId);
    result = await client.cancel([target.providerOrderId]);
  } catch (error) {
    logger.warn('A cancel could not be asked of the provider', { orderId: target.orderId, error: String(error) });
    result = thrownResult(error);
  }
  if (!result.ok && result.kind === 'unknown')
    logger.warn('No usable answer to a cancel', { orderId: target.orderId, ...failureForLog(result) });
  return recordCancelAnswer(target, outcomeOf(result, target.providerOrderId), options.admin);
}
