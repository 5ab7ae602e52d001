// The signed-in user's reseller API keys. /api-key is the account's default key: GET says whether one
// exists (never the key), POST makes a new one (replacing the old) and is the only time the key is shown,
// DELETE revokes it. /api-keys lists every key of the account with its last use, makes named ones (one per
// site or script, at most API_KEY_LIMITS.named) and revokes any by its id.
import { Router } from 'express';
import { authenticate, identityOf } from '../middleware/authenticate';
import { noStore } from '../middleware/no-store';
import { parseBody } from '../middleware/parse';
import { createApiKey, createNamedApiKey, getApiKeyInfo, listApiKeys, revokeApiKey, revokeApiKeyById } from '../services/accounts/api-keys';
import { createNamedApiKeyBody } from '../shared/schemas/accounts';

export const apiKeyRouter = Router();

apiKeyRouter.use('/api-key', authenticate({ checkRevoked: true }), noStore);
apiKeyRouter.use('/api-keys', authenticate({ checkRevoked: true }), noStore);

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

apiKeyRouter.get('/api-keys', async (req, res) => {
  res.json(await listApiKeys(identityOf(req).uid));
});

apiKeyRouter.post('/api-keys', async (req, res) => {
  const { name } = parseBody(createNamedApiKeyBody, req);
  res.status(201).json(await createNamedApiKey(identityOf(req), name));
});

apiKeyRouter.delete('/api-keys/:id', async (req, res) => {
  await revokeApiKeyById(identityOf(req).uid, String(req.params.id));
  res.json({ message: 'API key revoked' });
});
