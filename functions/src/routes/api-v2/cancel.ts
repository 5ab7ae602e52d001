// `cancel`: up to API_V2_MAX_IDS of the caller's orders (`orders=`, or one `order=`), an answer per id.
// Through the same status change as every cancel (the refund in its transaction); an order at a provider
// is cancelled there first (the status change hands it to the provider port), and answers `cancel: 1`
// only when the provider accepts.
import { updateOrderStatus } from '../../services/orders/orders';
import type { ProviderPort } from '../../services/providers/provider-port';
import { API_V2_ERRORS } from '../../shared/api-v2';
import { fail, refusal } from './errors';
import { type ApiV2Handler, idList, toId } from './request';

async function cancelOrders(uid: string, ids: string[], providers: ProviderPort): Promise<unknown[]> {
  const answer: unknown[] = [];
  // One at a time: the refunds all touch the caller's balance, so in parallel they would contend.
  // Each id has its own answer, failures included: the ones before it may have been cancelled.
  for (const raw of ids) {
    const id = toId(raw);
    const order = id ?? raw;
    if (id === null) {
      answer.push({ order, cancel: fail(API_V2_ERRORS.incorrectOrder) });
      continue;
    }
    try {
      const changed = await updateOrderStatus(String(id), 'cancelled', undefined, {
        ownerUid: uid,
        onlyFrom: ['pending'],
        requireCancelable: true,
        // Up to API_V2_MAX_IDS changes in one request: their pushes go with the worker's minute, not one by one here.
        pushLater: true,
      });
      if ('askProviderToCancel' in changed) await providers.cancel(changed.askProviderToCancel, undefined);
      answer.push({ order, cancel: 1 });
    } catch (error) {
      answer.push({ order, cancel: refusal(error, 'cancel') });
    }
  }
  return answer;
}

export const cancel: ApiV2Handler = async ({ identity, params, providers }) => {
  const ids = idList(params.orders ?? params.order ?? '');
  return ids ? cancelOrders(identity.uid, ids, providers) : fail(API_V2_ERRORS.incorrectRequest);
};
