// `add`: a new order, through the same placement as the web app's (server price, limits, one transaction
// with the ledger). The protocol's parameters are read here and checked in its words first (service,
// link, comments, quantity, drip-feed); whatever placement refuses is worded by errors.ts.
import type { Identity } from '../../services/accounts/users';
import { findActiveServiceByNumber } from '../../services/catalogue/catalogue';
import { placeOrder } from '../../services/orders/place-order';
import { API_V2_ERRORS } from '../../shared/api-v2';
import { commentLines, commentsIssue, takesComments } from '../../shared/comments';
import { DRIP_FEED_MESSAGES, dripFeedIntervalSchema, dripFeedRunsSchema } from '../../shared/drip-feed';
import { canonicalLink } from '../../shared/platforms';
import { fail, refusal } from './errors';
import type { ApiV2Answer, ApiV2Handler, ApiV2Params } from './request';
import { toId } from './request';

/**
 * `runs` and `interval` as clients send them: an empty value or "0" is absent (their defaults, sent on
 * every order); both absent is a normal order. Otherwise both, whole numbers in range, or the error text.
 */
export function dripFeedParams(params: {
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

/** Places the order `params` describe for `identity`: `{order}`, or the refusal in the protocol's words. */
export async function addOrder(
  identity: Identity,
  params: Pick<ApiV2Params, 'service' | 'link' | 'quantity' | 'comments' | 'runs' | 'interval'>,
): Promise<ApiV2Answer> {
  const number = toId(params.service);
  if (number === null) return fail(API_V2_ERRORS.incorrectService);
  const found = await findActiveServiceByNumber(number);
  if (!found) return fail(API_V2_ERRORS.incorrectService);
  const { service } = found;
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
  const dripFeed = dripFeedParams(params);
  if ('error' in dripFeed) return dripFeed;
  try {
    const body = {
      serviceId: found.id,
      link,
      quantity,
      ...(comments ? { comments: comments.join('\n') } : {}),
      ...(dripFeed.drip ?? {}),
    };
    const { value } = await placeOrder(identity, body, { refuseActiveLink: true });
    return { order: Number(value.order._id) };
  } catch (error) {
    return refusal(error, 'add');
  }
}

export const add: ApiV2Handler = ({ identity, params }) => addOrder(identity, params);
