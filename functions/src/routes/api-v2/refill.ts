// `refill` (one `order=`, or up to API_V2_MAX_IDS `orders=`, an answer per id) and `refill_status`
// (one `refill=`, or `refills=`): the caller's own orders and refills, through the refill requests.
import { getOwnRefill, requestRefill } from '../../services/orders/refills';
import { API_V2_ERRORS, API_V2_REFILL_STATUS } from '../../shared/api-v2';
import { fail, refusal } from './errors';
import { type ApiV2Handler, idList, oneOrMany, toId } from './request';

async function refillOne(uid: string, raw: string): Promise<{ refill: number } | { error: string }> {
  const id = toId(raw);
  if (id === null) return fail(API_V2_ERRORS.incorrectOrder);
  try {
    const { refillId } = await requestRefill(uid, String(id));
    return { refill: Number(refillId) };
  } catch (error) {
    // Answered per id (see below): the orders before this one may have their refills.
    return refusal(error, 'refill');
  }
}

async function refillMany(uid: string, ids: string[]): Promise<unknown[]> {
  const answer: unknown[] = [];
  for (const raw of ids) {
    const result = await refillOne(uid, raw);
    answer.push({ order: toId(raw) ?? raw, refill: 'refill' in result ? result.refill : result });
  }
  return answer;
}

export const refill: ApiV2Handler = async ({ identity, params }) =>
  oneOrMany(
    params,
    (ids) => refillMany(identity.uid, ids),
    (raw) => refillOne(identity.uid, raw),
  );

async function statusWord(uid: string, raw: string): Promise<string | { error: string }> {
  const id = toId(raw);
  const found = id === null ? null : await getOwnRefill(uid, String(id));
  return found ? API_V2_REFILL_STATUS[found.status] : fail(API_V2_ERRORS.refillNotFound);
}

export const refillStatus: ApiV2Handler = async ({ identity, params }) => {
  if (params.refills !== undefined) {
    const ids = idList(params.refills);
    if (!ids) return fail(API_V2_ERRORS.incorrectRequest);
    return Promise.all(ids.map(async (raw) => ({ refill: toId(raw) ?? raw, status: await statusWord(identity.uid, raw) })));
  }
  if (params.refill !== undefined) {
    const word = await statusWord(identity.uid, params.refill);
    return typeof word === 'string' ? { status: word } : word;
  }
  return fail(API_V2_ERRORS.refillNotFound);
};
