// A client for one provider by its id (its URL and its key, read outside any transaction), or by its URL
// and key: for the workers and for the provider port (provider-port.ts) that the app's requests use.
import { config } from '../lib/config';
import { providerSecretRef, providersCollection } from '../services/providers/provider-store';
import { networkFor } from '../upstream/addresses';
import { createProviderClient, type ProviderClient } from '../upstream/client';

export type ClientFor = (providerId: string) => Promise<ProviderClient>;

/**
 * Where providers may be: public https hosts in production; on the emulators http and loopback too (the
 * demo provider and the tests' providers on 127.0.0.1). The one place the function decides it.
 */
export const providerNetwork = () => networkFor(config.usingEmulators);

/** The client every worker and the provider port use: the deadline given, the network above. */
export const providerClient = (url: string, key: string, timeoutMs = config.providerTimeoutMs): ProviderClient =>
  createProviderClient({ url, key, timeoutMs, network: providerNetwork() });

export async function providerClientFor(providerId: string, timeoutMs = config.providerTimeoutMs): Promise<ProviderClient> {
  const [snap, secretSnap] = await Promise.all([providersCollection().doc(providerId).get(), providerSecretRef(providerId).get()]);
  const provider = snap.data();
  const secret = secretSnap.data();
  if (!provider || !secret) throw new Error(`Provider ${providerId} has no document or no key`);
  return providerClient(provider.url, secret.key, timeoutMs);
}
