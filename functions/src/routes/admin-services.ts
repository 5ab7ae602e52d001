// The catalogue the admin runs: services, each platform's categories, bulk price changes. Every
// change is audited in its own transaction (services/catalogue/catalogue.ts).
import { Router } from 'express';
import { identityOf } from '../middleware/authenticate';
import { idempotencyKey, parseBody, parseQuery, parseWith } from '../middleware/parse';
import { adminOnly } from '../middleware/require-admin';
import {
  changePrices,
  createService,
  deleteService,
  listAdminServices,
  renameCategory,
  reorderCategories,
  updateService,
} from '../services/catalogue/catalogue';
import {
  adminServicesQuery,
  bulkPriceBody,
  categoryOrderBody,
  createServiceBody,
  platformParam,
  renameCategoryBody,
  updateServiceBody,
} from '../shared/schemas/catalogue';
import { sendDecided } from './send';

export const adminServicesRouter = Router();

adminServicesRouter.get('/admin/services', ...adminOnly, async (req, res) => {
  res.json(await listAdminServices(parseQuery(adminServicesQuery, req)));
});

adminServicesRouter.post('/admin/services', ...adminOnly, async (req, res) => {
  const key = idempotencyKey(req);
  sendDecided(res, 201, await createService(identityOf(req), parseBody(createServiceBody, req), key));
});

// Before /admin/services/:id, which would take "bulk-price" for an id.
adminServicesRouter.post('/admin/services/bulk-price', ...adminOnly, async (req, res) => {
  res.json(await changePrices(identityOf(req), parseBody(bulkPriceBody, req)));
});

adminServicesRouter.patch('/admin/services/:id', ...adminOnly, async (req, res) => {
  res.json({ service: await updateService(identityOf(req), String(req.params.id), parseBody(updateServiceBody, req)) });
});

adminServicesRouter.delete('/admin/services/:id', ...adminOnly, async (req, res) => {
  await deleteService(identityOf(req), String(req.params.id));
  res.status(204).end();
});

adminServicesRouter.put('/admin/categories/:platform', ...adminOnly, async (req, res) => {
  const platform = parseWith(platformParam, req.params.platform);
  const { order } = parseBody(categoryOrderBody, req);
  res.json({ categories: await reorderCategories(identityOf(req), platform, order) });
});

adminServicesRouter.post('/admin/categories/:platform/rename', ...adminOnly, async (req, res) => {
  const platform = parseWith(platformParam, req.params.platform);
  const { from, to } = parseBody(renameCategoryBody, req);
  res.json(await renameCategory(identityOf(req), platform, from, to));
});
