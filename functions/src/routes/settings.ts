import { Router } from 'express';
import { identityOf } from '../middleware/authenticate';
import { parseBody } from '../middleware/parse';
import { adminOnly } from '../middleware/require-admin';
import { updateSettings } from '../services/settings';
import { MESSAGES } from '../shared/messages';
import { settingsBody } from '../shared/schemas';

export const settingsRouter = Router();

// GET /api/settings, the public read, is in public.ts.
settingsRouter.put('/admin/settings', ...adminOnly, async (req, res) => {
  const settings = await updateSettings(identityOf(req), parseBody(settingsBody, req));
  res.json({ message: MESSAGES.settingsUpdated, settings });
});
