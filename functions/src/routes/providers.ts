// The providers the admin runs and the import of their services (services/providers.ts). Every answer
// shows a provider's key only as its hint.
import { Router } from 'express';
import { conflict } from '../lib/errors';
import { identityOf } from '../middleware/authenticate';
import { idempotencyKey, parseBody } from '../middleware/parse';
import { adminOnly } from '../middleware/require-admin';
import { checkProvider, createProvider, importServices, listProviderServices, listProviders, updateProvider } from '../services/providers';
import { MESSAGES } from '../shared/messages';
import { createProviderBody, importServicesBody, updateProviderBody } from '../shared/providers';
import { providerClientFor } from '../workers/clients';
import { runScheduledWork } from '../workers/scheduled';
import { syncProviderServices } from '../workers/service-sync';
import { sendAnswer } from './send';

export const providersRouter = Router();

providersRouter.get('/admin/providers', ...adminOnly, async (_req, res) => {
  res.json({ providers: await listProviders() });
});

providersRouter.post('/admin/providers', ...adminOnly, async (req, res) => {
  res.status(201).json({ provider: await createProvider(identityOf(req), parseBody(createProviderBody, req)) });
});

providersRouter.patch('/admin/providers/:id', ...adminOnly, async (req, res) => {
  res.json({ provider: await updateProvider(identityOf(req), String(req.params.id), parseBody(updateProviderBody, req)) });
});

providersRouter.post('/admin/providers/:id/check', ...adminOnly, async (req, res) => {
  res.json({ provider: await checkProvider(String(req.params.id)) });
});

/** The services sync now (also scheduled every 6 hours): `{checked, changed, disabled, enabled, alerts}`. */
providersRouter.post('/admin/providers/:id/sync-services', ...adminOnly, async (req, res) => {
  res.json(await syncProviderServices(String(req.params.id), { now: Date.now, clientFor: providerClientFor }, identityOf(req)));
});

providersRouter.get('/admin/providers/:id/services', ...adminOnly, async (req, res) => {
  res.json(await listProviderServices(String(req.params.id)));
});

providersRouter.post('/admin/services/import', ...adminOnly, async (req, res) => {
  const key = idempotencyKey(req);
  sendAnswer(res, await importServices(identityOf(req), parseBody(importServicesBody, req), key));
});

/**
 * The admin's "Sync now": the scheduled run (balances, forwarding of queued orders, automatic refunds,
 * status sync of every active provider) now, under the same run lease. While a run holds it, 409: that
 * run is doing this very work. Without the reports' fold: its 60 s budget does not fit in a request
 * Hosting cuts at 60 s (the next scheduled run folds). Not audited: it changes nothing by itself (each change it makes is the
 * workers' own, refunds audited as the system's).
 */
providersRouter.post('/admin/providers/sync', ...adminOnly, async (_req, res) => {
  const result = await runScheduledWork({ now: Date.now, clientFor: providerClientFor }, { foldReports: false });
  if (!result) throw conflict(MESSAGES.syncRunning);
  res.json({ sent: result.sweep.sent, checked: result.sync.checked, changed: result.sync.changed });
});
