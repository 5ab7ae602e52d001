import { Router } from 'express';
import { timed } from '../lib/server-timing';
import { authenticate, identityOf } from '../middleware/authenticate';
import { idempotencyKey, parseBody, parseQuery } from '../middleware/parse';
import { listMyOrders, placeOrder } from '../services/orders';
import { pageQuery, placeOrderBody } from '../shared/schemas';
import { sendAnswer } from './send';

export const ordersRouter = Router();

ordersRouter.get('/order/my-orders', authenticate({ checkRevoked: false }), async (req, res) => {
  const page = parseQuery(pageQuery, req);
  const { items, nextCursor } = await listMyOrders(identityOf(req).uid, page);
  res.set('Cache-Control', 'private, no-store');
  res.json({ orders: items, nextCursor });
});

ordersRouter.post('/order/place', authenticate({ checkRevoked: 'before-commit' }), async (req, res) => {
  const key = idempotencyKey(req);
  const body = parseBody(placeOrderBody, req);
  sendAnswer(
    res,
    await timed(res, 'order', () => placeOrder(identityOf(req), body, { idempotencyKey: key, precondition: req.revocationCheck })),
  );
});
