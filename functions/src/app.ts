// The HTTP app behind the `api` function: every path under /api.
import { randomUUID } from 'node:crypto';
import express from 'express';
import { jsonBody } from './middleware/body';
import { errorHandler, notFoundHandler } from './middleware/error-handler';
import { accountRouter } from './routes/account';
import { adminRouter } from './routes/admin';
import { ordersRouter } from './routes/orders';
import { publicRouter } from './routes/public';

export function createApp() {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', true);
  app.set('query parser', 'simple');

  app.use((req, res, next) => {
    res.locals.requestId = req.get('x-request-id') ?? randomUUID();
    res.set('X-Request-Id', res.locals.requestId as string);
    next();
  });
  app.use(jsonBody);

  const api = express.Router();
  api.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  api.use(publicRouter);
  api.use(accountRouter);
  api.use(ordersRouter);
  api.use(adminRouter);
  app.use('/api', api);

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
