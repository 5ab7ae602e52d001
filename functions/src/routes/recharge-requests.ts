import { Router } from 'express';
import { authenticate, identityOf } from '../middleware/authenticate';
import { idempotencyKey, parseBody, parseQuery } from '../middleware/parse';
import { adminOnly } from '../middleware/require-admin';
import { matchQuietly, matchSubmittedRequest } from '../services/top-ups/payment-match';
import {
  approveRechargeRequest,
  listMyRechargeRequests,
  listRechargeRequests,
  normalizeReference,
  rejectRechargeRequest,
  submitRechargeRequest,
} from '../services/top-ups/recharge-requests';
import { toPaisa } from '../shared/money';
import { pageQuery } from '../shared/schemas/fields';
import { rechargeRequestBody, rechargeRequestsQuery, rejectRequestBody } from '../shared/schemas/top-ups';
import { approveRequestBody } from '../shared/wallet-autopilot';
import { sendDecided, sendPage } from './send';

export const rechargeRequestsRouter = Router();

rechargeRequestsRouter.post('/recharge-requests', authenticate({ checkRevoked: true }), async (req, res) => {
  const key = idempotencyKey(req);
  const body = parseBody(rechargeRequestBody, req);
  const submitted = await submitRechargeRequest(identityOf(req), body, key);
  // The wallet's SMS may be here already: matched at once, the answer says `approved` (decision record 0015).
  const request = await matchSubmittedRequest(submitted.value.request);
  sendDecided(res, 201, { ...submitted, value: { request } });
});

rechargeRequestsRouter.get('/recharge-requests/mine', authenticate({ checkRevoked: true }), async (req, res) => {
  const page = await listMyRechargeRequests(identityOf(req).uid, parseQuery(pageQuery, req));
  res.set('Cache-Control', 'private, no-store');
  sendPage(res, 'requests', page);
});

rechargeRequestsRouter.get('/admin/recharge-requests', ...adminOnly, async (req, res) => {
  sendPage(res, 'requests', await listRechargeRequests(parseQuery(rechargeRequestsQuery, req)));
});

rechargeRequestsRouter.post('/admin/recharge-requests/:id/approve', ...adminOnly, async (req, res) => {
  const { amount } = parseBody(approveRequestBody, req);
  const admin = identityOf(req);
  res.json(
    await approveRechargeRequest(
      { uid: admin.uid, email: admin.email },
      String(req.params.id),
      amount === undefined ? undefined : toPaisa(amount),
    ),
  );
});

rechargeRequestsRouter.post('/admin/recharge-requests/:id/reject', ...adminOnly, async (req, res) => {
  const { note } = parseBody(rejectRequestBody, req);
  const admin = identityOf(req);
  const answer = await rejectRechargeRequest({ uid: admin.uid, email: admin.email }, String(req.params.id), note || undefined);
  // An SMS held for this request is free again: its payment may match another customer's request.
  await matchQuietly(normalizeReference(answer.request.reference), { requestId: answer.request._id });
  res.json(answer);
});
