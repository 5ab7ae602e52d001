// Price tiers and per-customer pricing (issue 34): the admin's tier table and a customer's pricing, and what a
// customer sees of their own tier. A customer's prices themselves are GET /api/services with their token (public.ts).
import { Router } from 'express';
import { authenticate, identityOf } from '../middleware/authenticate';
import { noStore } from '../middleware/no-store';
import { parseBody } from '../middleware/parse';
import { adminOnly } from '../middleware/require-admin';
import { getAdminPricing, getTiers, myPricing, tierToWire, updateTiers, updateUserPricing } from '../services/catalogue/pricing';
import { MESSAGES } from '../shared/messages';
import { tiersBody, userPricingBody } from '../shared/schemas/pricing';

export const pricingRouter = Router();

pricingRouter.get('/admin/tiers', ...adminOnly, async (_req, res) => {
  res.json({ tiers: (await getTiers()).map(tierToWire) });
});

pricingRouter.put('/admin/tiers', ...adminOnly, async (req, res) => {
  const tiers = await updateTiers(identityOf(req), parseBody(tiersBody, req));
  res.json({ message: MESSAGES.tiersUpdated, tiers: tiers.map(tierToWire) });
});

pricingRouter.get('/admin/users/:uid/pricing', ...adminOnly, async (req, res) => {
  res.json({ pricing: await getAdminPricing(String(req.params.uid)) });
});

pricingRouter.put('/admin/users/:uid/pricing', ...adminOnly, async (req, res) => {
  const pricing = await updateUserPricing(identityOf(req), String(req.params.uid), parseBody(userPricingBody, req));
  res.json({ message: MESSAGES.pricingUpdated, pricing });
});

pricingRouter.get('/pricing', authenticate({ checkRevoked: false }), noStore, async (req, res) => {
  res.json({ pricing: await myPricing(identityOf(req).uid) });
});
