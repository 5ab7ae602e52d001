// A client for one provider by its id (its URL and its key, read outside any transaction): for the
// workers and for the admin's and customers' requests that must reach a provider (a cancel of a sent order).
import { config } from '../lib/config';
import { createProviderClient, type ProviderClient } from '../upstream/client';
import { type ProviderDoc, type ProviderSecretDoc, providerSecretRef, providersCollection } from './provider-store';

export type ClientFor = (providerId: string) => Promise<ProviderClient>;

export async function providerClientFor(providerId: string, timeoutMs = config.providerTimeoutMs): Promise<ProviderClient> {
  const [snap, secret] = await Promise.all([providersCollection().doc(providerId).get(), providerSecretRef(providerId).get()]);
  if (!snap.exists || !secret.exists) throw new Error(`Provider ${providerId} has no document or no key`);
  return createProviderClient({ url: (snap.data() as ProviderDoc).url, key: (secret.data() as ProviderSecretDoc).key, timeoutMs });
}
