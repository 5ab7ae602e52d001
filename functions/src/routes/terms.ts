// The terms: everyone reads the version in force (or one by number: what a customer accepted); the admin saves a new
// version in Settings (services/accounts/terms.ts).
import { Router } from 'express';
import { z } from 'zod/mini';
import { identityOf } from '../middleware/authenticate';
import { parseBody, parseQuery } from '../middleware/parse';
import { adminOnly } from '../middleware/require-admin';
import { currentTerms, saveTerms, termsVersion } from '../services/accounts/terms';
import { termsBody } from '../shared/terms';

export const termsRouter = Router();

const termsQuery = z.object({
  version: z.optional(z.coerce.number().check(z.int('Version must be a whole number'), z.gte(1, 'Version must be at least 1'))),
});

termsRouter.get('/terms', async (req, res) => {
  const { version } = parseQuery(termsQuery, req);
  const terms = version === undefined ? await currentTerms() : await termsVersion(version);
  // A saved version never changes; the one in force may at any time (no-cache: an unchanged one costs a 304).
  // Set once found: a refusal is never kept.
  res.set('Cache-Control', version === undefined ? 'no-cache' : 'public, max-age=3600');
  res.json({ terms });
});

termsRouter.put('/admin/terms', ...adminOnly, async (req, res) => {
  res.json({ terms: await saveTerms(identityOf(req), parseBody(termsBody, req)) });
});
