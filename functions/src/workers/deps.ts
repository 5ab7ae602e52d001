// The workers' production dependencies: the clock, and each provider's client (provider-clients.ts,
// the one factory) with `add`'s deadline, under the forwarding lease. The triggers, the scheduled run, the
// admin's runs (runs.ts) and `npm start`'s stand-ins all use these.

import { ADD_TIMEOUT_MS, type ForwardDeps } from './forward';
import { providerClientFor } from './provider-clients';

export const workerDeps = (now: () => number = Date.now): ForwardDeps => ({
  now,
  clientFor: (providerId) => providerClientFor(providerId, ADD_TIMEOUT_MS),
});
