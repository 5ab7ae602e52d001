// What an API v2 request carries once the router has read it: its parameters as the protocol sends them
// (strings; numbers in JSON become strings), the key's account, and what each handler answers.
import { z } from 'zod';
import type { Identity, UserDoc } from '../../services/accounts/users';
import { isNumberedId } from '../../services/orders/order-numbers';
import type { ProviderPort } from '../../services/providers/provider-port';
import { API_V2_ERRORS, API_V2_MAX_IDS } from '../../shared/api-v2';
import { COMMENT_LIMITS } from '../../shared/comments';
import { text as wellFormedText } from '../../shared/schemas/fields';
import { fail } from './errors';

const text = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(wellFormedText().check(z.maxLength(4096)));
/** The parameters of every action. Clients send parameters we do not use: ignored. */
export const apiV2Params = z.object({
  key: text.optional(),
  action: text.optional(),
  service: text.optional(),
  link: text.optional(),
  quantity: text.optional(),
  // Custom comments, one per line: longer than the other parameters (their bounds are checked by the order).
  comments: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(wellFormedText().check(z.maxLength(COMMENT_LIMITS.total)))
    .optional(),
  /** Drip-feed: both, or neither (clients send their defaults, "0" or "", on every order). */
  runs: text.optional(),
  interval: text.optional(),
  order: text.optional(),
  orders: text.optional(),
  refill: text.optional(),
  refills: text.optional(),
});
export type ApiV2Params = z.infer<typeof apiV2Params>;

/** An answer of the API: a JSON value; errors are `{error}` values, not exceptions. */
export type ApiV2Answer = Record<string, unknown> | unknown[];

export interface ApiV2Request {
  params: ApiV2Params;
  /** The key's account (not blocked: the router refuses a blocked account's key before any action). */
  identity: Identity;
  user: UserDoc;
  /** The app's provider port: a `cancel` of an order at a provider is asked there. */
  providers: ProviderPort;
}

/** One action: its request in, its answer out (refusals included, as `{error}`); throws only on failures. */
export type ApiV2Handler = (request: ApiV2Request) => Promise<ApiV2Answer>;

/** "1,2, 3" → ["1","2","3"]; null when there are none or more than API_V2_MAX_IDS. */
export function idList(value: string): string[] | null {
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
  return ids.length === 0 || ids.length > API_V2_MAX_IDS ? null : ids;
}

/** A positive integer id from the client, or null. */
export function toId(value: string | undefined): number | null {
  const text = value?.trim() ?? '';
  return isNumberedId(text) && Number(text) > 0 ? Number(text) : null;
}

/**
 * An action about one order (`order=`) or many (`orders=`, an answer per id): `orders` wins; a list
 * that is empty or too long is an incorrect request, neither given an incorrect order id.
 */
export function oneOrMany(
  params: ApiV2Params,
  many: (ids: string[]) => Promise<ApiV2Answer>,
  one: (raw: string) => Promise<ApiV2Answer>,
): Promise<ApiV2Answer> | ApiV2Answer {
  if (params.orders !== undefined) {
    const ids = idList(params.orders);
    return ids ? many(ids) : fail(API_V2_ERRORS.incorrectRequest);
  }
  if (params.order !== undefined) return one(params.order);
  return fail(API_V2_ERRORS.incorrectOrder);
}
