import { logger } from '../lib/logger';
import { REASONS } from '../services/orders/fulfilment';
import type { ProviderClient } from '../upstream/client';
import { thrownResult, type UpstreamResult } from '../upstream/result';
import type { ForwardDeps } from './forward';

/**
 * One call to a provider through its client. No client means no request: a definite refusal (nothing
 * placed, so the admin may resend). The client answers instead of throwing; a throw after the request
 * left is no usable answer (it may have been done). `logFields` name what the call was for.
 */
export async function callProvider<T>(
  deps: ForwardDeps,
  providerId: string,
  call: (client: ProviderClient) => Promise<UpstreamResult<T>>,
  logFields: Record<string, unknown>,
): Promise<UpstreamResult<T>> {
  let client: ProviderClient;
  try {
    client = await deps.clientFor(providerId);
  } catch (error) {
    logger.warn('No client for a provider', { ...logFields, providerId, error: String(error) });
    return { ok: false, kind: 'refused', error: REASONS.noClient, httpStatus: 0 };
  }
  try {
    return await call(client);
  } catch (error) {
    return thrownResult(error);
  }
}
