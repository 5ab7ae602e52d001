// /api/v2: the reseller API. Parameters come in a POST form-encoded (what nearly every client sends),
// as multipart/form-data (JS FormData, PHP curl given an array), as JSON, or in the query string of a
// POST or a GET (smmdoc's provider settings send GET); answers are HTTP 200 with JSON, `{"error": ...}` for errors (an
// oversized body, contention and server errors included), except 429 past a key's rate limit and past
// the limit of wrong keys from one client address.
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { config } from '../lib/config';
import { clientAddress } from '../middleware/client-address';
import { multipartFields } from '../middleware/multipart-fields';
import { takeApiRequest, wrongKeyWait } from '../services/api-rate-limit';
import {
  unexpectedFailure,
  v2Add,
  v2Balance,
  v2Cancel,
  v2MultiRefill,
  v2MultiRefillStatus,
  v2MultiStatus,
  v2Refill,
  v2RefillStatus,
  v2Services,
  v2Status,
} from '../services/api-v2';
import { resolveApiKey } from '../services/sessions';
import type { Identity } from '../services/users';
import { API_V2_ACTIONS, API_V2_ERRORS, API_V2_MAX_IDS, limitClassOf } from '../shared/api-v2';
import { COMMENT_LIMITS } from '../shared/comments';
import { text as wellFormedText } from '../shared/schemas';

const text = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(wellFormedText().check(z.maxLength(4096)));
// Clients send parameters we do not use: ignore them.
const params = z.object({
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

export const apiV2Router = Router();

apiV2Router.use(
  express.urlencoded({ extended: false, limit: config.bodyLimitBytes }),
  express.json({ limit: config.bodyLimitBytes }),
  multipartFields({ limit: config.bodyLimitBytes }),
);

const answer = (res: Response, body: unknown, status = 200) => {
  res.set('Cache-Control', 'no-store').status(status).json(body);
};

/** Any error no action answered itself, in the API's format (HTTP 200, `{error}`). */
const answerFailure = (res: Response, error: unknown, context: Record<string, unknown> = {}) => {
  const failure = unexpectedFailure(error, context);
  if (failure.error === API_V2_ERRORS.busy) res.set('Retry-After', '1');
  answer(res, failure);
};

/** "1,2, 3" → ["1","2","3"]; null when there are more than API_V2_MAX_IDS. */
function idList(value: string): string[] | null {
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
  return ids.length === 0 || ids.length > API_V2_MAX_IDS ? null : ids;
}

async function serve(req: Request, res: Response) {
  const body = typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? req.body : {};
  // A parameter in both the query string and the body must say the same: otherwise one would silently
  // win (a key or a quantity the client did not mean), so the request is refused.
  const query = req.query as Record<string, unknown>;
  const conflicting = Object.keys(body).some((name) => name in query && String(query[name]) !== String(body[name]));
  if (conflicting) return answer(res, { error: API_V2_ERRORS.incorrectRequest });
  const parsed = params.safeParse({ ...query, ...body });
  if (!parsed.success) return answer(res, { error: API_V2_ERRORS.incorrectRequest });
  const p = parsed.data;
  const action = API_V2_ACTIONS.find((a) => a === p.action?.trim());

  try {
    const owner = p.key ? await resolveApiKey(p.key.trim()) : null;
    if (!owner) {
      const wait = await wrongKeyWait(clientAddress(req));
      if (wait > 0) {
        res.set('Retry-After', String(wait));
        return answer(res, { error: API_V2_ERRORS.tooManyRequests }, 429);
      }
      return answer(res, { error: API_V2_ERRORS.invalidKey });
    }
    // Reads (status loops) and writes have limits of their own (decision record 0009).
    const verdict = await takeApiRequest(owner.keyHash, limitClassOf(action));
    if (!verdict.allowed) {
      res.set('Retry-After', String(verdict.retryAfterSeconds));
      return answer(res, { error: API_V2_ERRORS.tooManyRequests }, 429);
    }
    // A blocked account's key does nothing (placeOrder checks again inside its transaction, so a block
    // that lands during an `add` is seen).
    if (owner.user.blocked) return answer(res, { error: API_V2_ERRORS.accountSuspended });
    const identity: Identity = { uid: owner.uid, email: owner.user.email, name: owner.user.name, admin: false };
    switch (action) {
      case 'services':
        return answer(res, await v2Services());
      case 'balance':
        return answer(res, v2Balance(owner.user));
      case 'add':
        return answer(res, await v2Add(identity, p));
      case 'status': {
        if (p.orders !== undefined) {
          const ids = idList(p.orders);
          return answer(res, ids ? await v2MultiStatus(owner.uid, ids) : { error: API_V2_ERRORS.incorrectRequest });
        }
        if (p.order !== undefined) return answer(res, await v2Status(owner.uid, p.order));
        return answer(res, { error: API_V2_ERRORS.incorrectOrder });
      }
      case 'cancel': {
        const ids = idList(p.orders ?? p.order ?? '');
        return answer(res, ids ? await v2Cancel(owner.uid, ids) : { error: API_V2_ERRORS.incorrectRequest });
      }
      case 'refill': {
        if (p.orders !== undefined) {
          const ids = idList(p.orders);
          return answer(res, ids ? await v2MultiRefill(owner.uid, ids) : { error: API_V2_ERRORS.incorrectRequest });
        }
        if (p.order !== undefined) return answer(res, await v2Refill(owner.uid, p.order));
        return answer(res, { error: API_V2_ERRORS.incorrectOrder });
      }
      case 'refill_status': {
        if (p.refills !== undefined) {
          const ids = idList(p.refills);
          return answer(res, ids ? await v2MultiRefillStatus(owner.uid, ids) : { error: API_V2_ERRORS.incorrectRequest });
        }
        if (p.refill !== undefined) return answer(res, await v2RefillStatus(owner.uid, p.refill));
        return answer(res, { error: API_V2_ERRORS.refillNotFound });
      }
      default:
        return answer(res, { error: API_V2_ERRORS.incorrectRequest });
    }
  } catch (error) {
    return answerFailure(res, error, { action });
  }
}

apiV2Router.post('/', serve);
apiV2Router.get('/', serve);

apiV2Router.all('/', (_req, res) => answer(res, { error: API_V2_ERRORS.incorrectRequest }));

/** Every error of /api/v2, bodies that are too large or fail to parse included, answers in the API's own format. */
apiV2Router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
  const type = (error as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && (type.startsWith('entity.') || type.endsWith('.unsupported')))
    return answer(res, { error: API_V2_ERRORS.incorrectRequest });
  return answerFailure(res, error);
});
