// The reseller API v2 actions, on top of the same services the web app uses: orders go through
// placeOrder (server price, limits, one transaction with the ledger), cancels through
// updateOrderStatus (refund in the same transaction; an order at a provider is cancelled there first,
// `cancel: 1` only when it accepts), refills through the refill requests.
import { AppError, isAppError } from '../lib/errors';
import { logger } from '../lib/logger';
import { API_V2_CURRENCY, API_V2_ERRORS, API_V2_REFILL_STATUS, API_V2_STATUS, paisaString } from '../shared/api-v2';
import { commentLines, commentsIssue, serviceTypeOf, takesComments } from '../shared/comments';
import { DRIP_FEED_MESSAGES, dripFeedIntervalSchema, dripFeedRunsSchema } from '../shared/drip-feed';
import type { ErrorCode } from '../shared/errors';
import { canonicalLink, PLATFORM_LABELS } from '../shared/platforms';
import { refillDaysOf, type ServiceDoc, servicesCollection } from './catalogue';
import { placeOrder } from './group-commit';
import { isNumberedId } from './numbers';
import { type OrderDoc, ordersCollection, updateOrderStatus } from './orders';
import { getOwnRefill, requestRefill } from './refills';
import type { Identity, UserDoc } from './users';

/** An answer of the API: a JSON value; errors are `{error}` values, not exceptions. */
export type V2Answer = Record<string, unknown> | unknown[];

const fail = (error: string) => ({ error });

/**
 * The answer for an error no action expects: `busy` when nothing was written and the request may
 * simply be sent again, otherwise a server error (logged). The API answers both as `{error}`.
 */
export function unexpectedFailure(error: unknown, context: Record<string, unknown>): { error: string } {
  if (isAppError(error, 'busy')) return fail(API_V2_ERRORS.busy);
  logger.error('API v2 failed', { ...context, error: error instanceof Error ? error.message : String(error) });
  return fail(API_V2_ERRORS.serverError);
}

/** The domain's refusals API v2 words its own way (anything else refused gets the action's `otherwise`). */
const ADD_REFUSALS: Partial<Record<ErrorCode, string>> = {
  insufficient_balance: API_V2_ERRORS.notEnoughFunds,
  active_order_on_link: API_V2_ERRORS.activeOrder,
  service_not_found: API_V2_ERRORS.incorrectService,
  invalid_link: API_V2_ERRORS.badLink,
  account_suspended: API_V2_ERRORS.accountSuspended,
};
const NOT_FOUND_REFUSAL: Partial<Record<ErrorCode, string>> = {
  order_not_found: API_V2_ERRORS.incorrectOrder,
  account_suspended: API_V2_ERRORS.accountSuspended,
};
/** A cancel of an order at a provider: only its acceptance answers `cancel: 1`. */
const CANCEL_REFUSALS: Partial<Record<ErrorCode, string>> = {
  ...NOT_FOUND_REFUSAL,
  cancel_refused: API_V2_ERRORS.cannotCancel,
  // Nothing changed and the request may be sent again (in a minute; or the provider did not answer).
  order_sending: API_V2_ERRORS.busy,
  provider_unavailable: API_V2_ERRORS.serverError,
};
/** Codes that are not a refusal of this request but a failure to answer it. */
const FAILURES: readonly ErrorCode[] = ['busy', 'internal'];

/** An error of the domain in API v2's words: `words[code]`, else `otherwise`; failures as unexpectedFailure. */
function refusal(error: unknown, action: string, words: Partial<Record<ErrorCode, string>>, otherwise: string): { error: string } {
  if (!(error instanceof AppError) || FAILURES.includes(error.code)) return unexpectedFailure(error, { action });
  return fail(words[error.code] ?? otherwise);
}

export async function v2Services(): Promise<V2Answer> {
  const snap = await servicesCollection().where('active', '==', true).get();
  return snap.docs
    .map((d) => d.data() as ServiceDoc)
    .sort((a, b) => a.number - b.number)
    .map((s) => ({
      service: s.number,
      name: s.name,
      type: serviceTypeOf(s),
      category: `${PLATFORM_LABELS[s.platform]} ${s.category}`,
      rate: paisaString(s.ratePer1000Paisa),
      min: String(s.min),
      max: String(s.max),
      refill: refillDaysOf(s) > 0,
      cancel: s.cancel === true,
      dripfeed: s.dripfeed === true,
    }));
}

export function v2Balance(user: UserDoc): V2Answer {
  return { balance: paisaString(user.balancePaisa ?? 0), currency: API_V2_CURRENCY };
}

/**
 * `runs` and `interval` as clients send them: an empty value or "0" is absent (their defaults, sent on
 * every order); both absent is a normal order. Otherwise both, whole numbers in range, or the error text.
 */
export function v2DripFeed(params: {
  runs?: string | undefined;
  interval?: string | undefined;
}): { drip: { runs: number; interval: number } | null } | { error: string } {
  const given = (value: string | undefined) => {
    const text = value?.trim() ?? '';
    return text === '' || text === '0' ? undefined : text;
  };
  const runs = given(params.runs);
  const interval = given(params.interval);
  if (runs === undefined && interval === undefined) return { drip: null };
  if (runs === undefined || interval === undefined) return fail(DRIP_FEED_MESSAGES.both);
  const whole = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : Number.NaN);
  const parsedRuns = dripFeedRunsSchema.safeParse(whole(runs));
  if (!parsedRuns.success) return fail(DRIP_FEED_MESSAGES.runs);
  const parsedInterval = dripFeedIntervalSchema.safeParse(whole(interval));
  if (!parsedInterval.success) return fail(DRIP_FEED_MESSAGES.interval);
  return { drip: { runs: parsedRuns.data, interval: parsedInterval.data } };
}

export async function v2Add(
  identity: Identity,
  params: {
    service?: string;
    link?: string;
    quantity?: string;
    comments?: string | undefined;
    runs?: string | undefined;
    interval?: string | undefined;
  },
): Promise<V2Answer> {
  const number = toId(params.service);
  if (number === null) return fail(API_V2_ERRORS.incorrectService);
  const found = await servicesCollection().where('number', '==', number).limit(1).get();
  const serviceDoc = found.docs[0];
  const service = serviceDoc?.data() as ServiceDoc | undefined;
  if (!serviceDoc || !service?.active) return fail(API_V2_ERRORS.incorrectService);
  // As typed by the reseller's customers (no scheme, a bare @username for followers): ordered, stored and
  // compared by the active-order rule in its canonical form.
  const link = canonicalLink(service, params.link ?? '');
  if (link === null) return fail(API_V2_ERRORS.badLink);
  // A Custom Comments order is as many as its comments: `quantity`, which clients send or not, is ignored.
  const comments = takesComments(service) ? commentLines(params.comments ?? '') : null;
  const commentsProblem = comments && commentsIssue(params.comments ?? '', comments);
  if (commentsProblem) return fail(commentsProblem);
  const quantity = comments
    ? comments.length
    : params.quantity !== undefined && /^\d{1,9}$/.test(params.quantity.trim())
      ? Number(params.quantity.trim())
      : null;
  if (quantity === null) return fail(API_V2_ERRORS.incorrectRequest);
  if (quantity < service.min) return fail(API_V2_ERRORS.quantityLess(service.min));
  if (quantity > service.max) return fail(API_V2_ERRORS.quantityMore(service.max));
  // `quantity` is each run's (checked above); the order checks the service offers drip-feed.
  const dripFeed = v2DripFeed(params);
  if ('error' in dripFeed) return dripFeed;
  try {
    const body = {
      serviceId: serviceDoc.id,
      link,
      quantity,
      ...(comments ? { comments: comments.join('\n') } : {}),
      ...(dripFeed.drip ?? {}),
    };
    const answer = await placeOrder(identity, body, { refuseActiveLink: true });
    return { order: Number(answer.body.order._id) };
  } catch (error) {
    // Its messages are the contract's words (not available for this service; not for Custom Comments).
    if (isAppError(error, 'dripfeed_unavailable')) return fail(error.message);
    return refusal(error, 'add', ADD_REFUSALS, API_V2_ERRORS.incorrectRequest);
  }
}

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

function orderStatus(order: OrderDoc): V2Answer {
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

/** A positive integer id from the client, or null. */
function toId(value: string | undefined): number | null {
  const text = value?.trim() ?? '';
  return isNumberedId(text) && Number(text) > 0 ? Number(text) : null;
}

async function ownOrders(uid: string, ids: number[]): Promise<Map<number, OrderDoc>> {
  const refs = ids.map((id) => ordersCollection().doc(String(id)));
  const snaps = refs.length > 0 ? await ordersCollection().firestore.getAll(...refs) : [];
  const found = new Map<number, OrderDoc>();
  for (const snap of snaps) {
    const order = snap.data() as OrderDoc | undefined;
    if (order && order.userId === uid) found.set(Number(snap.id), order);
  }
  return found;
}

export async function v2Status(uid: string, single: string): Promise<V2Answer> {
  const id = toId(single);
  const order = id === null ? undefined : (await ownOrders(uid, [id])).get(id);
  return order ? orderStatus(order) : fail(API_V2_ERRORS.incorrectOrder);
}

export async function v2MultiStatus(uid: string, ids: string[]): Promise<V2Answer> {
  const numbers = ids.map(toId);
  const found = await ownOrders(uid, [...new Set(numbers.filter((n): n is number => n !== null))]);
  const answer: Record<string, unknown> = {};
  for (const [i, raw] of ids.entries()) {
    const n = numbers[i];
    const order = n === null || n === undefined ? undefined : found.get(n);
    answer[raw] = order ? orderStatus(order) : fail(API_V2_ERRORS.incorrectOrder);
  }
  return answer;
}

export async function v2Cancel(uid: string, ids: string[]): Promise<V2Answer> {
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
      await updateOrderStatus(String(id), 'cancelled', undefined, {
        ownerUid: uid,
        onlyFrom: ['pending'],
        requireCancelable: true,
        refusal: API_V2_ERRORS.cannotCancel,
        // Up to API_V2_MAX_IDS changes in one request: their pushes go with the worker's minute, not one by one here.
        pushLater: true,
      });
      answer.push({ order, cancel: 1 });
    } catch (error) {
      answer.push({ order, cancel: refusal(error, 'cancel', CANCEL_REFUSALS, API_V2_ERRORS.cannotCancel) });
    }
  }
  return answer;
}

async function refillOne(uid: string, raw: string): Promise<{ refill: number } | { error: string }> {
  const id = toId(raw);
  if (id === null) return fail(API_V2_ERRORS.incorrectOrder);
  try {
    const { refillId } = await requestRefill(uid, String(id));
    return { refill: Number(refillId) };
  } catch (error) {
    // Answered per id (see v2MultiRefill): the orders before this one may have their refills.
    return refusal(error, 'refill', NOT_FOUND_REFUSAL, API_V2_ERRORS.notEligibleForRefill);
  }
}

export const v2Refill = (uid: string, raw: string) => refillOne(uid, raw);

export async function v2MultiRefill(uid: string, ids: string[]): Promise<V2Answer> {
  const answer: unknown[] = [];
  for (const raw of ids) {
    const result = await refillOne(uid, raw);
    answer.push({ order: toId(raw) ?? raw, refill: 'refill' in result ? result.refill : result });
  }
  return answer;
}

async function refillStatus(uid: string, raw: string): Promise<string | { error: string }> {
  const id = toId(raw);
  const refill = id === null ? null : await getOwnRefill(uid, String(id));
  return refill ? API_V2_REFILL_STATUS[refill.status] : fail(API_V2_ERRORS.refillNotFound);
}

export async function v2RefillStatus(uid: string, raw: string): Promise<V2Answer> {
  const status = await refillStatus(uid, raw);
  return typeof status === 'string' ? { status } : status;
}

export async function v2MultiRefillStatus(uid: string, ids: string[]): Promise<V2Answer> {
  return Promise.all(ids.map(async (raw) => ({ refill: toId(raw) ?? raw, status: await refillStatus(uid, raw) })));
}
