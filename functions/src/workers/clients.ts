// The production client factory of the workers: a provider's client with `add`'s deadline (under the lease).
import { providerClientFor as clientWithDeadline } from '../services/provider-clients';
import type { ProviderClient } from '../upstream/client';
import { ADD_TIMEOUT_MS } from './forward';

export const providerClientFor = (providerId: string): Promise<ProviderClient> => clientWithDeadline(providerId, ADD_TIMEOUT_MS);
