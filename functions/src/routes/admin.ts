import { Router } from 'express';
import { fail } from '../lib/errors';
import { identityOf } from '../middleware/authenticate';
import { idempotencyKey, parseBody, parseQuery } from '../middleware/parse';
import { providersOf } from '../middleware/provider-port';
import { adminOnly } from '../middleware/require-admin';
import { blockUser, unblockUser } from '../services/accounts/blocks';
import { getAdminUser, isUid, listUsers } from '../services/accounts/users';
import { adjustBalance } from '../services/money/adjustments';
import { addBalance, listRecentRecharges, listUserRecharges } from '../services/money/credits';
import { listLedger } from '../services/money/ledger';
import { markOrderSent, resendOrder } from '../services/orders/fulfilment-actions';
import { listAllOrders, listUserOrders, refundWithoutProvider, updateOrderStatus, updateOrderStatuses } from '../services/orders/orders';
import { decideRefill, listRefills } from '../services/orders/refills';
import { listAuditTrail } from '../services/reports/audit-trail';
import { getOverview } from '../services/reports/overview';
import { listMyRechargeRequests } from '../services/top-ups/recharge-requests';
import { MESSAGES } from '../shared/messages';
import { markSentBody, refundWithoutProviderBody, resendOrderBody } from '../shared/providers';
import { adminUsersQuery, blockBody } from '../shared/schemas/accounts';
import { pageQuery } from '../shared/schemas/fields';
import { addBalanceBody, adjustBalanceBody } from '../shared/schemas/money';
import { adminOrdersQuery, bulkStatusBody, refillsQuery, rejectRefillBody, updateStatusBody } from '../shared/schemas/orders';
import { auditQuery } from '../shared/schemas/reports';
import { sendDecided, sendPage } from './send';

export const adminRouter = Router();

adminRouter.get('/admin/order', ...adminOnly, async (req, res) => {
  sendPage(res, 'orders', await listAllOrders(parseQuery(adminOrdersQuery, req)));
});

adminRouter.put('/admin/update-status/:id', ...adminOnly, async (req, res) => {
  const { status, remains } = parseBody(updateStatusBody, req);
  const admin = identityOf(req);
  const changed = await updateOrderStatus(String(req.params.id), status, remains, { admin });
  // 202: a sent order's cancellation was asked of its provider; the order changes (and refunds) when it confirms.
  const { cancelRequested, ...answer } =
    'askProviderToCancel' in changed ? await providersOf(req).cancel(changed.askProviderToCancel, admin) : changed;
  res.status(cancelRequested ? 202 : 200).json(answer);
});

// An order's fulfilment at its provider (decision record 0008): a new attempt, or the admin's word that it was sent.
adminRouter.post('/admin/orders/:id/resend', ...adminOnly, async (req, res) => {
  res.json(await resendOrder(identityOf(req), String(req.params.id), parseBody(resendOrderBody, req), providersOf(req)));
});

adminRouter.post('/admin/orders/:id/mark-sent', ...adminOnly, async (req, res) => {
  res.json({ order: await markOrderSent(identityOf(req), String(req.params.id), parseBody(markSentBody, req)) });
});

// A sent (or unknown) order closed without its provider's confirmation: cancelled and refunded in full, or
// partial with the remains' share; audited with the reason and the risk, once (409 order_final after).
adminRouter.post('/admin/orders/:id/refund-without-provider', ...adminOnly, async (req, res) => {
  res.json(await refundWithoutProvider(identityOf(req), String(req.params.id), parseBody(refundWithoutProviderBody, req)));
});

// Several orders at once, each through the same transaction as a single change: one result per order.
adminRouter.post('/admin/orders/status', ...adminOnly, async (req, res) => {
  const { ids, status, remains } = parseBody(bulkStatusBody, req);
  res.json({ results: await updateOrderStatuses(ids, status, remains, { admin: identityOf(req) }, providersOf(req)) });
});

adminRouter.get('/admin/overview', ...adminOnly, async (_req, res) => {
  res.set('Cache-Control', 'private, no-store');
  res.json(await getOverview());
});

adminRouter.post('/admin/add-balance', ...adminOnly, async (req, res) => {
  const key = idempotencyKey(req);
  const body = parseBody(addBalanceBody, req);
  const admin = identityOf(req);
  sendDecided(res, 200, await addBalance({ uid: admin.uid, email: admin.email }, body, key));
});

adminRouter.get('/admin/recent-recharges', ...adminOnly, async (req, res) => {
  sendPage(res, 'recharges', await listRecentRecharges(parseQuery(pageQuery, req)));
});

adminRouter.get('/admin/users', ...adminOnly, async (req, res) => {
  sendPage(res, 'users', await listUsers(parseQuery(adminUsersQuery, req)));
});

adminRouter.get('/admin/audit', ...adminOnly, async (req, res) => {
  sendPage(res, 'entries', await listAuditTrail(parseQuery(auditQuery, req)));
});

// One account as the admin sees it, and its lists (each pages through all of its items, newest first).
adminRouter.get('/admin/users/:uid', ...adminOnly, async (req, res) => {
  res.json(await getAdminUser(String(req.params.uid)));
});

adminRouter.get('/admin/users/:uid/ledger', ...adminOnly, async (req, res) => {
  const uid = String(req.params.uid);
  if (!isUid(uid)) throw fail('user_not_found', MESSAGES.userNotFound);
  sendPage(res, 'entries', await listLedger(uid, parseQuery(pageQuery, req)));
});

adminRouter.get('/admin/users/:uid/orders', ...adminOnly, async (req, res) => {
  sendPage(res, 'orders', await listUserOrders(String(req.params.uid), parseQuery(pageQuery, req)));
});

adminRouter.get('/admin/users/:uid/recharges', ...adminOnly, async (req, res) => {
  sendPage(res, 'recharges', await listUserRecharges(String(req.params.uid), parseQuery(pageQuery, req)));
});

adminRouter.get('/admin/users/:uid/recharge-requests', ...adminOnly, async (req, res) => {
  sendPage(res, 'requests', await listMyRechargeRequests(String(req.params.uid), parseQuery(pageQuery, req)));
});

adminRouter.post('/admin/users/:uid/adjust', ...adminOnly, async (req, res) => {
  const key = idempotencyKey(req);
  const body = parseBody(adjustBalanceBody, req);
  sendDecided(res, 200, await adjustBalance(identityOf(req), String(req.params.uid), body, key));
});

adminRouter.post('/admin/users/:uid/block', ...adminOnly, async (req, res) => {
  const { reason } = parseBody(blockBody, req);
  res.json(await blockUser(identityOf(req), String(req.params.uid), reason));
});

adminRouter.post('/admin/users/:uid/unblock', ...adminOnly, async (req, res) => {
  const { reason } = parseBody(blockBody, req);
  res.json(await unblockUser(identityOf(req), String(req.params.uid), reason));
});

adminRouter.get('/admin/refills', ...adminOnly, async (req, res) => {
  sendPage(res, 'refills', await listRefills(parseQuery(refillsQuery, req)));
});

adminRouter.post('/admin/refills/:id/complete', ...adminOnly, async (req, res) => {
  res.json({ message: 'Refill completed', refill: await decideRefill(identityOf(req), String(req.params.id), 'completed') });
});

adminRouter.post('/admin/refills/:id/reject', ...adminOnly, async (req, res) => {
  const { reason } = parseBody(rejectRefillBody, req);
  res.json({ message: 'Refill rejected', refill: await decideRefill(identityOf(req), String(req.params.id), 'rejected', reason) });
});
