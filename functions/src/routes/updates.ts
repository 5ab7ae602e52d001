// The catalogue's updates feed (services/catalogue/updates.ts): everyone reads it, newest first; the admin reads every
// entry, hidden ones too, and hides one or adds a note (audited).
import { Router } from 'express';
import { identityOf } from '../middleware/authenticate';
import { parseBody, parseQuery } from '../middleware/parse';
import { adminOnly } from '../middleware/require-admin';
import { changeUpdateEntry, listAdminUpdates, listPublicUpdates } from '../services/catalogue/updates';
import { updateEntryBody } from '../shared/catalogue-updates';
import { pageQuery } from '../shared/schemas/fields';
import { sendPage } from './send';

export const updatesRouter = Router();

updatesRouter.get('/updates', async (req, res) => {
  const page = parseQuery(pageQuery, req);
  // A change shows at the next look; an unchanged page costs a 304 (ETag).
  res.set('Cache-Control', 'no-cache');
  sendPage(res, 'updates', await listPublicUpdates(page));
});

updatesRouter.get('/admin/updates', ...adminOnly, async (req, res) => {
  sendPage(res, 'updates', await listAdminUpdates(parseQuery(pageQuery, req)));
});

updatesRouter.patch('/admin/updates/:id', ...adminOnly, async (req, res) => {
  res.json({ update: await changeUpdateEntry(identityOf(req), String(req.params.id), parseBody(updateEntryBody, req)) });
});
