import { Router } from 'express';
import { parseBody } from '../middleware/parse';
import { requireAdmin } from '../middleware/require-admin';
import { updateSettings } from '../services/settings';
import { MESSAGES } from '../shared/messages';
import { settingsBody } from '../shared/schemas';

export const settingsRouter = Router();

// Authenticated with revocation checked by adminRouter's /admin prefix (mounted before this router).
// GET /api/settings, the public read, is in public.ts.
settingsRouter.put('/admin/settings', requireAdmin, async (req, res) => {
  const settings = await updateSettings(parseBody(settingsBody, req));
  res.json({ message: MESSAGES.settingsUpdated, settings });
});
