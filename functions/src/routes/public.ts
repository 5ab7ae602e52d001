import { Router } from 'express';
import { listActiveServices } from '../services/catalogue/catalogue';
import { getSettings } from '../services/top-ups/public-settings';

export const publicRouter = Router();

publicRouter.get('/services', async (_req, res) => {
  // The admin changes the catalogue at any time and customers must see it at once: every cache (the
  // browser's, Hosting's CDN) asks again each time, and an unchanged answer costs a 304 (ETag).
  res.set('Cache-Control', 'no-cache');
  res.json(await listActiveServices());
});

publicRouter.get('/settings', async (_req, res) => {
  res.set('Cache-Control', 'public, max-age=60');
  res.json(await getSettings());
});
