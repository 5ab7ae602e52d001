import { Router } from 'express';
import { fail } from '../lib/errors';
import { timed } from '../lib/server-timing';
import { authenticate, identityOf } from '../middleware/authenticate';
import { idempotencyKey, parseBody, parseQuery } from '../middleware/parse';
import { providersOf } from '../middleware/provider-port';
import { isNumberedId } from '../services/orders/order-numbers';
import { listMyOrders, ordersCollection, updateOrderStatus } from '../services/orders/orders';
import { placeOrder } from '../services/orders/place-order';
import { MESSAGES } from '../shared/messages';
import { pageQuery } from '../shared/schemas/fields';
import { placeOrderBody } from '../shared/schemas/orders';
import { sendDecided, sendPage } from './send';

export const ordersRouter = Router();

ordersRouter.get('/order/my-orders', authenticate({ checkRevoked: false }), async (req, res) => {
  const page = parseQuery(pageQuery, req);
  const listed = await listMyOrders(identityOf(req).uid, page);
  res.set('Cache-Control', 'private, no-store');
  sendPage(res, 'orders', listed);
});

ordersRouter.post('/order/place', authenticate({ checkRevoked: 'before-commit' }), async (req, res) => {
  const key = idempotencyKey(req);
  const body = parseBody(placeOrderBody, req);
  sendDecided(
    res,
    201,
    await timed(res, 'order', () => placeOrder(identityOf(req), body, { idempotencyKey: key, precondition: req.revocationCheck })),
  );
});

// The customer stops their own drip-feed: the runs not started are refunded (once, in the status change's
// transaction), whatever the service's cancel flag, while it is not final. Only a drip-feed: the web app
// offers nothing else here (a plain order is cancelled as the API v2 `cancel` allows it).
ordersRouter.post('/orders/:id/cancel', authenticate({ checkRevoked: true }), async (req, res) => {
  const id = String(req.params.id);
  const { uid } = identityOf(req);
  // Whose order and whether it is a drip-feed never change: read once, outside the transaction.
  const order = isNumberedId(id) ? (await ordersCollection().doc(id).get()).data() : undefined;
  if (!order || order.userId !== uid) throw fail('order_not_found', MESSAGES.orderNotFound);
  if (!order.dripFeed) throw fail('not_cancelable', MESSAGES.onlyDripFeedStops, 'status');
  const changed = await updateOrderStatus(id, 'cancelled', undefined, { ownerUid: uid });
  const { cancelRequested: _, ...answer } =
    'askProviderToCancel' in changed ? await providersOf(req).cancel(changed.askProviderToCancel, undefined) : changed;
  res.json(answer);
});
