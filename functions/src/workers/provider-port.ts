// The provider port (services/providers/provider-port.ts) through upstream/: what createApp receives from index.ts
// (and the tests' API server, the seed). Each call is one request with the provider client's deadline,
// outside any transaction; a failure is the error the admin reads (answerOf).
import { fail } from '../lib/errors';
import { logger } from '../lib/logger';
import type { ProviderPort } from '../services/providers/provider-port';
import { MESSAGES } from '../shared/messages';
import { checkProviderUrl } from '../upstream/addresses';
import { failureForLog, type UpstreamResult } from '../upstream/result';
import { askProviderToCancel } from './cancel';
import { type ClientFor, providerClient, providerNetwork } from './provider-clients';

/**
 * The value of a provider's answer, or the error the admin reads: a definite `{error}` is 400
 * `provider_refused` with the provider's words; no usable answer is 502 `provider_unavailable` with one
 * text whatever the cause (result.ts; the logs say which). The client already cut the key out of both.
 */
export function answerOf<T>(result: UpstreamResult<T>): T {
  if (result.ok) return result.value;
  if (result.kind === 'refused') throw fail('provider_refused', `${MESSAGES.providerRefused}${result.error}`);
  logger.warn('No usable answer from a provider to an admin’s request', failureForLog(result));
  throw fail('provider_unavailable', result.reason);
}

/** The port; `clientFor` (a test's client with a short deadline) for the cancels, the provider's own by default. */
export function providerPort(options: { clientFor?: ClientFor } = {}): ProviderPort {
  return {
    urlProblem(url) {
      const verdict = checkProviderUrl(url, providerNetwork());
      return verdict.ok ? null : verdict.problem;
    },
    balance: async ({ url, key }) => answerOf(await providerClient(url, key).balance()),
    async services({ url, key }) {
      const { services, skipped } = answerOf(await providerClient(url, key).services());
      return { services: services.map(({ rateRaw, ...service }) => service), skipped };
    },
    cancel: (request, admin) => askProviderToCancel(request, { admin, clientFor: options.clientFor }),
  };
}
