import { Router } from 'express';
import { authenticate } from '../middleware/authenticate';
import { listServicesFor } from '../services/catalogue/pricing';
import { getSettings } from '../services/top-ups/public-settings';

export const publicRouter = Router();

const asCustomer = authenticate({ checkRevoked: false });

// With a customer's token, their own prices (issue 34): a token that does not verify is refused (401), never
// answered with list prices the customer would take for theirs.
publicRouter.get(
  '/services',
  (req, res, next) => (req.get('authorization') ? asCustomer(req, res, next) : next()),
  async (req, res) => {
    // The admin changes the catalogue at any time and customers must see it at once: every cache (the
    // browser's, Hosting's CDN) asks again each time, and an unchanged answer costs a 304 (ETag). One customer's
    // prices are theirs alone: private, and no cache may answer one asker with another's.
    res.set('Cache-Control', req.identity ? 'private, no-cache' : 'no-cache');
    res.vary('Authorization');
    res.json(await listServicesFor(req.identity?.uid ?? null));
  },
);

publicRouter.get('/settings', async (_req, res) => {
  res.set('Cache-Control', 'public, max-age=60');
  res.json(await getSettings());
});
