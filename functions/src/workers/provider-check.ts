// The admin's Check of a provider (a worker's run, not inside the request: a provider answers in its own time): its balance
// and its list asked now, outside any transaction, with the provider client's deadline; what they said
// recorded by services/providers/providers.ts in one transaction. A refusal or no usable answer is the error the
// request answered before (provider_refused, provider_unavailable, a currency the provider changed).

import { claimedOf, providerClaimsRef } from '../services/providers/provider-store';
import { balanceIn, readProviderWithKey, recordProviderCheck } from '../services/providers/providers';
import type { Provider } from '../shared/providers';
import { providerClient } from './provider-clients';
import { answerOf } from './provider-port';

export async function checkProvider(id: string): Promise<Provider> {
  const { doc, key } = await readProviderWithKey(id);
  const claimedBefore = claimedOf(await providerClaimsRef(id).get());
  const client = providerClient(doc.url, key);
  const askBalance = async () => balanceIn(answerOf(await client.balance()), doc.currency);
  const [balance, services] = await Promise.all([askBalance(), client.services()]);
  const serviceCount = answerOf(services).services.length;
  return recordProviderCheck(id, { balance, serviceCount, claimedBefore });
}
