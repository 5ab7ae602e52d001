// The HTTP app behind the `api` function: every path under /api.
import express from 'express';
import onHeaders from 'on-headers';
import { walletWebhookRouter } from './inbound/wallet-webhook';
import { config } from './lib/config';
import { restoreBodyHeaders } from './lib/host-body';
import { logger } from './lib/logger';
import { READS_HEADER, requestTally } from './lib/read-counter';
import { requestIdFrom } from './lib/request-id';
import { serverTimingHeader } from './lib/server-timing';
import { type AppCheckOptions, appCheckGuard } from './middleware/app-check';
import { jsonBody } from './middleware/body';
import { clientAddress } from './middleware/client-address';
import { errorHandler, notFoundHandler } from './middleware/error-handler';
import { setProviderPort } from './middleware/provider-port';
import { accountRouter } from './routes/account';
import { adminRouter } from './routes/admin';
import { adminMfaRouter } from './routes/admin-mfa';
import { adminServicesRouter } from './routes/admin-services';
import { apiKeyRouter } from './routes/api-key';
import { apiV2Router } from './routes/api-v2';
import { exportsRouter } from './routes/exports';
import { notificationsRouter } from './routes/notifications';
import { ordersRouter } from './routes/orders';
import { passwordsRouter } from './routes/passwords';
import { pricingRouter } from './routes/pricing';
import { providersRouter } from './routes/providers';
import { publicRouter } from './routes/public';
import { rechargeRequestsRouter } from './routes/recharge-requests';
import { referralsRouter } from './routes/referrals';
import { reportsRouter } from './routes/reports';
import { servicesPageRouter } from './routes/services-page';
import { settingsRouter } from './routes/settings';
import { supportRouter } from './routes/support';
import { termsRouter } from './routes/terms';
import { ticketsRouter } from './routes/tickets';
import { updatesRouter } from './routes/updates';
import { walletRouter } from './routes/wallet';
import type { ProviderPort } from './services/providers/provider-port';

/**
 * `providers`: how a request that needs a provider's answer asks it (index.ts passes workers/provider-port.ts's,
 * which talks to providers through upstream/; the routes and services only know the interface).
 */
export function createApp(options: { providers: ProviderPort; countFirestoreReads?: boolean; appCheck?: AppCheckOptions }) {
  const countReads = options.countFirestoreReads ?? config.countFirestoreReads;
  const app = express();
  setProviderPort(app, options.providers);
  app.disable('x-powered-by');
  // req.ip is the entry our own proxies appended, not the first (which the client may have written).
  app.set('trust proxy', config.trustedProxyHops);
  app.set('query parser', 'simple');

  app.use((req, res, next) => {
    restoreBodyHeaders(req);
    res.locals.requestId = requestIdFrom(req.get('x-request-id'));
    res.set('X-Request-Id', res.locals.requestId as string);
    // Server-Timing: the time spent in the app, so a slow answer shows whether it was us or the path
    // to us (browser dev tools and the benchmark read it).
    const started = performance.now();
    const tally = countReads ? requestTally() : undefined;
    // Set just before the head is written, however the answer is made (docs/decisions/0016).
    onHeaders(res, () => {
      res.setHeader('Server-Timing', serverTimingHeader(res, performance.now() - started));
      if (tally) res.setHeader(READS_HEADER, String(tally.reads()));
    });
    if (tally) tally.run(next);
    else next();
  });
  // The reseller API parses its own (form, JSON or query) parameters and answers in its own format.
  app.use('/api/v2', apiV2Router);
  // The wallet phones' webhook verifies a signature over the raw body: it reads the body itself.
  app.use('/api/wallet-events', walletWebhookRouter);
  app.use(jsonBody);

  const api = express.Router();
  // The web app's writes carry an App Check token where it is enforced (the routes mounted above are exempt).
  api.use(appCheckGuard(options.appCheck));
  api.get('/health', (req, res) => {
    if (config.logForwardedFor) {
      logger.info('Client address', { xForwardedFor: req.get('x-forwarded-for') ?? null, clientAddress: clientAddress(req) });
    }
    res.json({ ok: true });
  });
  api.use(publicRouter);
  api.use(accountRouter);
  api.use(ordersRouter);
  api.use(apiKeyRouter);
  api.use(adminMfaRouter);
  api.use(adminRouter);
  api.use(adminServicesRouter);
  api.use(pricingRouter);
  api.use(referralsRouter);
  api.use(updatesRouter);
  api.use(termsRouter);
  api.use(exportsRouter);
  api.use(providersRouter);
  api.use(rechargeRequestsRouter);
  api.use(reportsRouter);
  api.use(passwordsRouter);
  api.use(settingsRouter);
  api.use(supportRouter);
  api.use(ticketsRouter);
  api.use(notificationsRouter);
  api.use(walletRouter);
  app.use('/api', api);
  // Hosting rewrites /services here too: the list as HTML that reads without the app.
  app.use(servicesPageRouter);

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
