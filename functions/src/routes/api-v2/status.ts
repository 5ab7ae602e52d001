// `status`: one order (`order=`) or up to API_V2_MAX_IDS (`orders=`, an answer per id as sent), the
// caller's own only: anyone else's order is as unknown as a missing one.
import { getOwnOrders, type OrderDoc } from '../../services/orders/orders';
import { API_V2_CURRENCY, API_V2_ERRORS, API_V2_STATUS, paisaString } from '../../shared/api-v2';
import { fail } from './errors';
import { type ApiV2Answer, type ApiV2Handler, oneOrMany, toId } from './request';

/**
 * `remains`: a final order's from its outcome; an open one's as its provider last reported (0 for a
 * manual order); an open drip-feed's, the quantity of its runs not started.
 */
function remainsOf(order: OrderDoc): number {
  if (order.status === 'partial') return order.remains ?? 0;
  if (order.status === 'cancelled') return order.quantity;
  if (order.status === 'completed') return 0;
  if (order.dripFeed) return (order.dripFeed.runs - order.dripFeed.runsDone) * order.dripFeed.quantity;
  return order.progress?.remains ?? 0;
}

function orderStatus(order: OrderDoc): ApiV2Answer {
  const remains = remainsOf(order);
  return {
    charge: paisaString(order.pricePaisa),
    start_count: String(order.progress?.startCount ?? 0),
    status: API_V2_STATUS[order.status],
    remains: String(remains),
    currency: API_V2_CURRENCY,
    // A drip-feed's standard fields: its runs, how many started, and the runs' order numbers.
    ...(order.dripFeed
      ? { runs: String(order.dripFeed.runs), runs_done: String(order.dripFeed.runsDone), orders: order.dripFeed.orders }
      : {}),
  };
}

async function singleStatus(uid: string, raw: string): Promise<ApiV2Answer> {
  const id = toId(raw);
  const order = id === null ? undefined : (await getOwnOrders(uid, [id])).get(id);
  return order ? orderStatus(order) : fail(API_V2_ERRORS.incorrectOrder);
}

async function multiStatus(uid: string, ids: string[]): Promise<ApiV2Answer> {
  const numbers = ids.map(toId);
  const found = await getOwnOrders(uid, [...new Set(numbers.filter((n): n is number => n !== null))]);
  const answer: Record<string, unknown> = {};
  for (const [i, raw] of ids.entries()) {
    const n = numbers[i];
    const order = n === null || n === undefined ? undefined : found.get(n);
    answer[raw] = order ? orderStatus(order) : fail(API_V2_ERRORS.incorrectOrder);
  }
  return answer;
}

export const status: ApiV2Handler = async ({ identity, params }) =>
  oneOrMany(
    params,
    (ids) => multiStatus(identity.uid, ids),
    (raw) => singleStatus(identity.uid, raw),
  );
