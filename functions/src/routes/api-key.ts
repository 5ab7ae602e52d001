// The signed-in user's reseller API key: GET says whether one exists (never the key), POST makes a new
// one (replacing the old) and is the only time the key is shown, DELETE revokes it.
import { Router } from 'express';
import { authenticate, identityOf } from '../middleware/authenticate';
import { createApiKey, getApiKeyInfo, revokeApiKey } from '../services/accounts/api-keys';

export const apiKeyRouter = Router();

apiKeyRouter.use('/api-key', authenticate({ checkRevoked: true }), (_req, res, next) => {
  res.set('Cache-Control', 'private, no-store');
  next();
});

apiKeyRouter.get('/api-key', async (req, res) => {
  res.json(await getApiKeyInfo(identityOf(req).uid));
});

apiKeyRouter.post('/api-key', async (req, res) => {
  res.status(201).json({ key: await createApiKey(identityOf(req)) });
});

apiKeyRouter.delete('/api-key', async (req, res) => {
  await revokeApiKey(identityOf(req).uid);
  res.json({ message: 'API key revoked' });
});
