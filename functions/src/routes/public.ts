import { Router } from 'express';
import { listActiveServices } from '../services/catalogue';
import { getSettings } from '../services/settings';

export const publicRouter = Router();

publicRouter.get('/services', async (_req, res) => {
  res.set('Cache-Control', 'public, max-age=60');
  res.json({ services: await listActiveServices() });
});

publicRouter.get('/settings', async (_req, res) => {
  res.set('Cache-Control', 'public, max-age=60');
  res.json(await getSettings());
});
