// The top-up autopilot's admin API (decision record 0015): wallet phones (pair, list, revoke), the wallet SMS they
// forwarded (the queues, attach to a request, dismiss), the autopilot's limits; and for customers, which
// wallets are checked automatically right now. The phones' own webhook is inbound/wallet-webhook.ts.
import { type Request, Router } from 'express';
import { authenticate, identityOf } from '../middleware/authenticate';
import { parseBody, parseQuery } from '../middleware/parse';
import { adminOnly } from '../middleware/require-admin';
import { getAutopilotSettings, updateAutopilotSettings } from '../services/top-ups/autopilot-settings';
import { attachWalletEvent } from '../services/top-ups/payment-match';
import { createWalletDevice, getWalletStatus, listWalletDevices, revokeWalletDevice } from '../services/top-ups/wallet-devices';
import { dismissWalletEvent, listWalletEvents } from '../services/top-ups/wallet-events';
import { MESSAGES } from '../shared/messages';
import { pageQuery } from '../shared/schemas/fields';
import {
  attachEventBody,
  autopilotSettingsSchema,
  dismissEventBody,
  walletDeviceBody,
  walletEventsQuery,
} from '../shared/wallet-autopilot';
import { sendPage } from './send';

export const walletRouter = Router();

/** The panel's address as the caller reached it (behind Hosting: the site's), for the phone's webhook URL. */
function originOf(req: Request): string {
  const host = req.get('x-forwarded-host')?.split(',')[0]?.trim() || req.get('host') || 'localhost';
  return `${req.protocol}://${host}`;
}

walletRouter.post('/admin/wallet-devices', ...adminOnly, async (req, res) => {
  const created = await createWalletDevice(identityOf(req), parseBody(walletDeviceBody, req), originOf(req));
  res.status(201).json(created);
});

walletRouter.get('/admin/wallet-devices', ...adminOnly, async (req, res) => {
  res.json(await listWalletDevices(parseQuery(pageQuery, req)));
});

walletRouter.delete('/admin/wallet-devices/:id', ...adminOnly, async (req, res) => {
  await revokeWalletDevice(identityOf(req), String(req.params.id));
  res.status(204).end();
});

walletRouter.get('/admin/wallet-events', ...adminOnly, async (req, res) => {
  sendPage(res, 'events', await listWalletEvents(parseQuery(walletEventsQuery, req)));
});

walletRouter.post('/admin/wallet-events/:id/attach', ...adminOnly, async (req, res) => {
  const { requestId } = parseBody(attachEventBody, req);
  res.json(await attachWalletEvent(identityOf(req), String(req.params.id), requestId));
});

walletRouter.post('/admin/wallet-events/:id/dismiss', ...adminOnly, async (req, res) => {
  const { note } = parseBody(dismissEventBody, req);
  res.json({ event: await dismissWalletEvent(identityOf(req), String(req.params.id), note) });
});

walletRouter.get('/admin/settings/autopilot', ...adminOnly, async (_req, res) => {
  res.json({ settings: await getAutopilotSettings() });
});

walletRouter.put('/admin/settings/autopilot', ...adminOnly, async (req, res) => {
  const settings = await updateAutopilotSettings(identityOf(req), parseBody(autopilotSettingsSchema, req));
  res.json({ message: MESSAGES.settingsUpdated, settings });
});

walletRouter.get('/wallet-status', authenticate({ checkRevoked: false }), async (_req, res) => {
  const { enabled } = await getAutopilotSettings();
  res.set('Cache-Control', 'private, no-store');
  res.json(await getWalletStatus(enabled));
});
