// /api/v2: the reseller API, an adapter at the edge as upstream/ is the other way. Parameters come in a
// POST form-encoded (what nearly every client sends), as multipart/form-data (JS FormData, PHP curl
// given an array), as JSON, or in the query string of a POST or a GET (smmdoc's provider settings send
// GET); answers are HTTP 200 with JSON, `{"error": ...}` for errors (an oversized body, contention and
// server errors included), except 429 past an account's rate limit and past the limit of wrong keys from one
// client address. This router reads the request, resolves the key, applies the limits and hands the
// request to its action's handler (HANDLERS); errors.ts words our codes as the protocol does.
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { config } from '../../lib/config';
import { clientAddress } from '../../middleware/client-address';
import { multipartFields } from '../../middleware/multipart-fields';
import { providersOf } from '../../middleware/provider-port';
import { noteApiKeyUse } from '../../services/accounts/api-keys';
import { resolveApiKey } from '../../services/accounts/sessions';
import { takeApiRequest, wrongKeyWait } from '../../services/kernel/api-rate-limit';
import { API_V2_ACTIONS, API_V2_ERRORS, type ApiV2Action, limitClassOf } from '../../shared/api-v2';
import { add } from './add';
import { balance } from './balance';
import { cancel } from './cancel';
import { fail, unexpectedFailure } from './errors';
import { refill, refillStatus } from './refill';
import { type ApiV2Handler, apiV2Params } from './request';
import { services } from './services';
import { status } from './status';

/** Every action of the protocol and its handler; any other `action` is an incorrect request. */
const HANDLERS: Record<ApiV2Action, ApiV2Handler> = {
  services,
  add,
  status,
  cancel,
  refill,
  refill_status: refillStatus,
  balance,
};

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

async function serve(req: Request, res: Response) {
  const body = typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? req.body : {};
  // A parameter in both the query string and the body must say the same: otherwise one would silently
  // win (a key or a quantity the client did not mean), so the request is refused.
  const query = req.query as Record<string, unknown>;
  const conflicting = Object.keys(body).some((name) => name in query && String(query[name]) !== String(body[name]));
  if (conflicting) return answer(res, fail(API_V2_ERRORS.incorrectRequest));
  const parsed = apiV2Params.safeParse({ ...query, ...body });
  if (!parsed.success) return answer(res, fail(API_V2_ERRORS.incorrectRequest));
  const params = parsed.data;
  const action = API_V2_ACTIONS.find((a) => a === params.action?.trim());

  try {
    const owner = params.key ? await resolveApiKey(params.key.trim()) : null;
    if (!owner) {
      const wait = await wrongKeyWait(clientAddress(req));
      if (wait > 0) {
        res.set('Retry-After', String(wait));
        return answer(res, fail(API_V2_ERRORS.tooManyRequests), 429);
      }
      return answer(res, fail(API_V2_ERRORS.invalidKey));
    }
    // Reads (status loops) and writes have limits of their own (decision record 0009).
    // Per account: every key of it shares the windows (a new key starts no fresh one).
    const used = noteApiKeyUse(owner.keyHash);
    const verdict = await takeApiRequest(owner.uid, limitClassOf(action));
    await used;
    if (!verdict.allowed) {
      res.set('Retry-After', String(verdict.retryAfterSeconds));
      return answer(res, fail(API_V2_ERRORS.tooManyRequests), 429);
    }
    // A blocked account's key does nothing (placement checks again inside its transaction, so a block
    // that lands during an `add` is seen).
    if (owner.user.blocked) return answer(res, fail(API_V2_ERRORS.accountSuspended));
    if (!action) return answer(res, fail(API_V2_ERRORS.incorrectRequest));
    const identity = { uid: owner.uid, email: owner.user.email, name: owner.user.name, admin: false };
    return answer(res, await HANDLERS[action]({ params, identity, user: owner.user, providers: providersOf(req) }));
  } catch (error) {
    return answerFailure(res, error, { action });
  }
}

apiV2Router.post('/', serve);
apiV2Router.get('/', serve);

apiV2Router.all('/', (_req, res) => answer(res, fail(API_V2_ERRORS.incorrectRequest)));

/** Every error of /api/v2, bodies that are too large or fail to parse included, answers in the API's own format. */
apiV2Router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
  const type = (error as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && (type.startsWith('entity.') || type.endsWith('.unsupported')))
    return answer(res, fail(API_V2_ERRORS.incorrectRequest));
  return answerFailure(res, error);
});
