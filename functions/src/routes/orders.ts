import { Router } from 'express';
import { timed } from '../lib/server-timing';
import { authenticate, identityOf } from '../middleware/authenticate';
import { idempotencyKey, parseBody, parseQuery } from '../middleware/parse';
import { providersOf } from '../middleware/provider-port';
import { cancelMyOrder, getMyOrder, listMyOrders, requestMyRefill } from '../services/orders/my-orders';
import { placeOrder } from '../services/orders/place-order';
import { MESSAGES } from '../shared/messages';
import { myOrdersQuery, placeOrderBody } from '../shared/schemas/orders';
import { sendDecided, sendPage } from './send';

export const ordersRouter = Router();

ordersRouter.get('/order/my-orders', authenticate({ checkRevoked: false }), async (req, res) => {
  const filter = parseQuery(myOrdersQuery, req);
  const listed = await listMyOrders(identityOf(req).uid, filter);
  res.set('Cache-Control', 'private, no-store');
  sendPage(res, 'orders', listed);
});

ordersRouter.get('/orders/:id', authenticate({ checkRevoked: false }), async (req, res) => {
  res.set('Cache-Control', 'private, no-store');
  res.json({ order: await getMyOrder(identityOf(req).uid, String(req.params.id)) });
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

// The customer cancels their order (a drip-feed stops): 200 with the order cancelled and refunded, or 202
// when its provider was asked (the refund follows its confirmation); 409 `not_cancelable` otherwise.
ordersRouter.post('/orders/:id/cancel', authenticate({ checkRevoked: true }), async (req, res) => {
  const changed = await cancelMyOrder(identityOf(req).uid, String(req.params.id));
  const { cancelRequested, ...answer } =
    'askProviderToCancel' in changed ? await providersOf(req).cancel(changed.askProviderToCancel, undefined) : changed;
  if (cancelRequested) res.status(202).json({ ...answer, order: { ...answer.order, cancelRequested } });
  else res.json(answer);
});

// The customer asks for a refill of a completed or partial order within its window: 201 with the new
// request, 200 with the one still pending (a second tap, another device, API v2 `refill`).
ordersRouter.post('/orders/:id/refill', authenticate({ checkRevoked: true }), async (req, res) => {
  const { created, refill } = await requestMyRefill(identityOf(req).uid, String(req.params.id));
  res.status(created ? 201 : 200).json({ message: created ? MESSAGES.refillRequested : MESSAGES.refillAlreadyRequested, refill });
});
