import { Router } from 'express';
import { identityOf } from '../middleware/authenticate';
import { parseBody } from '../middleware/parse';
import { adminOnly } from '../middleware/require-admin';
import { getForwardingSettings, updateForwardingSettings } from '../services/providers/forwarding-settings';
import { updateSettings } from '../services/top-ups/public-settings';
import { MESSAGES } from '../shared/messages';
import { forwardingSettingsSchema } from '../shared/providers';
import { settingsBody } from '../shared/schemas/top-ups';

export const settingsRouter = Router();

// GET /api/settings, the public read, is in public.ts.
settingsRouter.put('/admin/settings', ...adminOnly, async (req, res) => {
  const settings = await updateSettings(identityOf(req), parseBody(settingsBody, req));
  res.json({ message: MESSAGES.settingsUpdated, settings });
});

// The admin's forwarding settings (margin alert, automatic refund of failed orders): never public.
settingsRouter.get('/admin/settings/forwarding', ...adminOnly, async (_req, res) => {
  res.json({ settings: await getForwardingSettings() });
});

settingsRouter.put('/admin/settings/forwarding', ...adminOnly, async (req, res) => {
  const settings = await updateForwardingSettings(identityOf(req), parseBody(forwardingSettingsSchema, req));
  res.json({ message: MESSAGES.settingsUpdated, settings });
});
