import { Router } from 'express';
import { pageNewestFirst } from '../lib/pagination';
import { authenticate, identityOf } from '../middleware/authenticate';
import { parseBody, parseQuery } from '../middleware/parse';
import { type LedgerDoc, ledgerCollection, ledgerEntryToWire } from '../services/ledger';
import { ensureProfile } from '../services/users';
import { MESSAGES } from '../shared/messages';
import { pageQuery, registerBody } from '../shared/schemas';

export const accountRouter = Router();

accountRouter.post('/auth/register', authenticate({ checkRevoked: false }), async (req, res) => {
  const { name } = parseBody(registerBody, req);
  const { user, created } = await ensureProfile(identityOf(req), name);
  res.status(created ? 201 : 200).json({ user, message: MESSAGES.registered });
});

accountRouter.get('/user/profile', authenticate({ checkRevoked: false }), async (req, res) => {
  const { user } = await ensureProfile(identityOf(req));
  res.set('Cache-Control', 'private, no-store');
  res.json({ user });
});

accountRouter.get('/ledger', authenticate({ checkRevoked: true }), async (req, res) => {
  const page = parseQuery(pageQuery, req);
  const { items, nextCursor } = await pageNewestFirst(ledgerCollection(identityOf(req).uid), 'at', page, (d) =>
    ledgerEntryToWire(d.id, d.data() as LedgerDoc),
  );
  res.set('Cache-Control', 'private, no-store');
  res.json({ entries: items, nextCursor });
});
