// Notifications: the customer's bell, their preferences and their devices with pushes on.
// Everything here is the caller's own; the work is in services/support/notifications.ts.
import { Router } from 'express';
import { authenticate, identityOf } from '../middleware/authenticate';
import { noStore } from '../middleware/no-store';
import { parseBody, parseQuery } from '../middleware/parse';
import {
  getNotificationSettings,
  listNotifications,
  markRead,
  putNotificationSettings,
  registerDevice,
  removeDevice,
  unreadCount,
} from '../services/support/notifications';
import { markReadBody, notificationSettingsBody, notificationsQuery, pushDeviceBody } from '../shared/notifications';
import { sendPage } from './send';

export const notificationsRouter = Router();

const customer = authenticate({ checkRevoked: true });
// Reads (the bell's count is polled) skip the revocation check's call to Firebase Auth, as other reads do;
// so does a device's removal: it only stops pushes, and sign-out must not fail on a revoked session.
const reader = authenticate({ checkRevoked: false });

notificationsRouter.get('/notifications', reader, noStore, async (req, res) => {
  sendPage(res, 'notifications', await listNotifications(identityOf(req).uid, parseQuery(notificationsQuery, req)));
});

notificationsRouter.get('/notifications/unread', reader, noStore, async (req, res) => {
  res.json({ unread: await unreadCount(identityOf(req).uid) });
});

/** → 204 (the web app refetches the bell and the list). */
notificationsRouter.post('/notifications/read', customer, async (req, res) => {
  const body = parseBody(markReadBody, req);
  await markRead(identityOf(req).uid, body);
  res.status(204).end();
});

notificationsRouter.get('/notifications/settings', reader, noStore, async (req, res) => {
  res.json(await getNotificationSettings(identityOf(req).uid));
});

notificationsRouter.put('/notifications/settings', customer, async (req, res) => {
  const { preferences } = parseBody(notificationSettingsBody, req);
  res.json(await putNotificationSettings(identityOf(req).uid, preferences));
});

notificationsRouter.post('/notifications/devices', customer, async (req, res) => {
  const { token } = parseBody(pushDeviceBody, req);
  await registerDevice(identityOf(req).uid, token);
  res.status(204).end();
});

notificationsRouter.post('/notifications/devices/remove', reader, async (req, res) => {
  const { token } = parseBody(pushDeviceBody, req);
  await removeDevice(token);
  res.status(204).end();
});
