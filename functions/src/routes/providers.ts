// The providers the admin runs and the import of their services (services/providers/providers.ts). Every answer
// shows a provider's key only as its hint.
import { type Response, Router } from 'express';
import { identityOf } from '../middleware/authenticate';
import { idempotencyKey, parseBody } from '../middleware/parse';
import { providersOf } from '../middleware/provider-port';
import { adminOnly } from '../middleware/require-admin';
import { createProvider, importServices, listProviderServices, listProviders, updateProvider } from '../services/providers/providers';
import { readWorkerRun, requestWorkerRun } from '../services/providers/worker-runs';
import { createProviderBody, importServicesBody, updateProviderBody } from '../shared/providers';
import type { WorkerRunStarted } from '../shared/worker-runs';
import { sendDecided } from './send';

export const providersRouter = Router();

/** A run recorded for the workers (services/providers/worker-runs.ts): 202, where to follow it, in the body and Location. */
function sendStarted(res: Response, started: WorkerRunStarted) {
  res.status(202).location(started.follow).json(started);
}

providersRouter.get('/admin/providers', ...adminOnly, async (_req, res) => {
  res.json({ providers: await listProviders() });
});

providersRouter.post('/admin/providers', ...adminOnly, async (req, res) => {
  res.status(201).json({ provider: await createProvider(identityOf(req), parseBody(createProviderBody, req), providersOf(req)) });
});

providersRouter.patch('/admin/providers/:id', ...adminOnly, async (req, res) => {
  res.json({
    provider: await updateProvider(identityOf(req), String(req.params.id), parseBody(updateProviderBody, req), providersOf(req)),
  });
});

/**
 * The provider's balance and its list asked now by a worker, not in the request (a provider answers in its own
 * time): 202 with the run to follow, whose result is `{provider}` once done (no audit: nothing the admin changed).
 */
providersRouter.post('/admin/providers/:id/check', ...adminOnly, async (req, res) => {
  sendStarted(res, await requestWorkerRun(identityOf(req), 'provider-check', String(req.params.id)));
});

providersRouter.get('/admin/providers/:id/check/:runId', ...adminOnly, async (req, res) => {
  res.json({ run: await readWorkerRun(String(req.params.runId), 'provider-check', String(req.params.id)) });
});

/**
 * The services sync now (also scheduled every 6 hours), by a worker: 202 with the run to follow, whose
 * result is `{checked, changed, disabled, enabled, alerts}`; busy (`services_sync_running`) while another
 * sync of the provider runs. Its changes are audited as the admin who asked.
 */
providersRouter.post('/admin/providers/:id/sync-services', ...adminOnly, async (req, res) => {
  sendStarted(res, await requestWorkerRun(identityOf(req), 'services-sync', String(req.params.id)));
});

providersRouter.get('/admin/providers/:id/sync-services/:runId', ...adminOnly, async (req, res) => {
  res.json({ run: await readWorkerRun(String(req.params.runId), 'services-sync', String(req.params.id)) });
});

providersRouter.get('/admin/providers/:id/services', ...adminOnly, async (req, res) => {
  res.json(await listProviderServices(String(req.params.id), providersOf(req)));
});

providersRouter.post('/admin/services/import', ...adminOnly, async (req, res) => {
  const key = idempotencyKey(req);
  sendDecided(res, 201, await importServices(identityOf(req), parseBody(importServicesBody, req), providersOf(req), key));
});

/**
 * The admin's "Sync now": the scheduled run (balances, forwarding of queued orders, automatic refunds,
 * status sync of every active provider) started now by a worker, under the same run lease:
 * 202 with the run to follow, whose result is `{sent, checked, changed}`; busy (`conflict`) when a run held
 * the lease (that run is doing this very work). Without the reports' fold (the next scheduled run folds).
 * Not audited: it changes nothing by itself (each change it makes is the workers' own, refunds audited as
 * the system's).
 */
providersRouter.post('/admin/providers/sync', ...adminOnly, async (req, res) => {
  sendStarted(res, await requestWorkerRun(identityOf(req), 'scheduled'));
});

providersRouter.get('/admin/providers/sync/:runId', ...adminOnly, async (req, res) => {
  res.json({ run: await readWorkerRun(String(req.params.runId), 'scheduled') });
});
