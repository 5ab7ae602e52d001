// Providers for the workers' emulator tests: a provider document, its key and service links written
// straight to Firestore (the admin API's own tests go through POST /api/admin/providers and the import),
// the workers' deps with a short client deadline, and the documents the tests read back.
import { Timestamp } from 'firebase-admin/firestore';
import { db } from '../../functions/src/lib/admin';
import type { FulfilmentDoc } from '../../functions/src/services/orders/fulfilment';
import type { OrderDoc } from '../../functions/src/services/orders/orders';
import type { ProviderDoc } from '../../functions/src/services/providers/provider-store';
import { EMULATOR_NETWORK } from '../../functions/src/upstream/addresses';
import { createProviderClient } from '../../functions/src/upstream/client';
import type { ForwardDeps } from '../../functions/src/workers/forward';

/** A provider as the admin API writes it, at `url` (USD at Rs 2.8 unless `fields` say otherwise), with no balance read yet. */
export function providerFields(url: string, key: string, fields: Partial<ProviderDoc> = {}): ProviderDoc {
  return {
    name: 'Simulator',
    url,
    keyHint: `…${key.slice(-4)}`,
    currency: 'USD',
    rateToPkr: 2.8,
    active: true,
    balance: null,
    balanceCheckedAt: null,
    serviceCount: null,
    lowBalanceBelow: null,
    createdAt: Timestamp.now(),
    ...fields,
  };
}

/** Writes the provider and its key. */
export async function addProvider(id: string, url: string, key: string, fields: Partial<ProviderDoc> = {}): Promise<void> {
  await db
    .collection('providers')
    .doc(id)
    .set(providerFields(url, key, fields));
  await db.collection('providerSecrets').doc(id).set({ key });
}

/** Links our service to the provider's (cost per 1000 in its currency). */
export async function linkService(serviceId: string, providerId: string, providerServiceId = '101', cost = 0.95): Promise<void> {
  await db.collection('serviceProviders').doc(serviceId).set({ providerId, serviceId: providerServiceId, cost, linkedAt: Timestamp.now() });
}

/** The workers' deps for one provider at `url`: a short deadline (a timeout takes a second and a half), the clock moved by `offsetMs`. */
export function workerDeps(url: () => string, key: string) {
  const clientFor = async () => createProviderClient({ url: url(), key, timeoutMs: 1500, network: EMULATOR_NETWORK });
  return (offsetMs = 0): ForwardDeps => ({ now: () => Date.now() + offsetMs, clientFor });
}

export const fulfilmentOf = async (id: string) => (await db.collection('orderFulfilment').doc(id).get()).data() as FulfilmentDoc;
export const orderOf = async (id: string) => (await db.collection('orders').doc(id).get()).data() as OrderDoc;
