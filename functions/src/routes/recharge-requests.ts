import { Router } from 'express';
import { authenticate, identityOf } from '../middleware/authenticate';
import { idempotencyKey, parseBody, parseQuery } from '../middleware/parse';
import { adminOnly } from '../middleware/require-admin';
import {
  approveRechargeRequest,
  listMyRechargeRequests,
  listRechargeRequests,
  rejectRechargeRequest,
  submitRechargeRequest,
} from '../services/recharge-requests';
import { pageQuery, rechargeRequestBody, rechargeRequestsQuery, rejectRequestBody } from '../shared/schemas';
import { sendAnswer } from './send';

export const rechargeRequestsRouter = Router();

rechargeRequestsRouter.post('/recharge-requests', authenticate({ checkRevoked: true }), async (req, res) => {
  const key = idempotencyKey(req);
  const body = parseBody(rechargeRequestBody, req);
  sendAnswer(res, await submitRechargeRequest(identityOf(req), body, key));
});

rechargeRequestsRouter.get('/recharge-requests/mine', authenticate({ checkRevoked: true }), async (req, res) => {
  const { items, nextCursor } = await listMyRechargeRequests(identityOf(req).uid, parseQuery(pageQuery, req));
  res.set('Cache-Control', 'private, no-store');
  res.json({ requests: items, nextCursor });
});

rechargeRequestsRouter.get('/admin/recharge-requests', ...adminOnly, async (req, res) => {
  const { items, nextCursor } = await listRechargeRequests(parseQuery(rechargeRequestsQuery, req));
  res.json({ requests: items, nextCursor });
});

rechargeRequestsRouter.post('/admin/recharge-requests/:id/approve', ...adminOnly, async (req, res) => {
  const admin = identityOf(req);
  res.json(await approveRechargeRequest({ uid: admin.uid, email: admin.email }, String(req.params.id)));
});

rechargeRequestsRouter.post('/admin/recharge-requests/:id/reject', ...adminOnly, async (req, res) => {
  const { note } = parseBody(rejectRequestBody, req);
  const admin = identityOf(req);
  res.json(await rejectRechargeRequest({ uid: admin.uid, email: admin.email }, String(req.params.id), note || undefined));
});
