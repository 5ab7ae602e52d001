// The production client factory of the workers: a provider's URL and key, read outside any transaction.

import { type ProviderDoc, type ProviderSecretDoc, providerSecretRef, providersCollection } from '../services/provider-store';
import { createProviderClient, type ProviderClient } from '../upstream/client';
import { ADD_TIMEOUT_MS } from './forward';

export async function providerClientFor(providerId: string): Promise<ProviderClient> {
  const [snap, secret] = await Promise.all([providersCollection().doc(providerId).get(), providerSecretRef(providerId).get()]);
  if (!snap.exists || !secret.exists) throw new Error(`Provider ${providerId} has no document or no key`);
  return createProviderClient({
    url: (snap.data() as ProviderDoc).url,
    key: (secret.data() as ProviderSecretDoc).key,
    timeoutMs: ADD_TIMEOUT_MS,
  });
}
