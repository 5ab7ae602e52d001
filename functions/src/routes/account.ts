import { Router } from 'express';
import { authenticate, identityOf } from '../middleware/authenticate';
import { parseBody, parseQuery } from '../middleware/parse';
import { ensureProfile } from '../services/accounts/users';
import { listLedger } from '../services/money/ledger';
import { countStatementDownload, statementExport } from '../services/reports/csv-exports';
import { getSpending } from '../services/reports/reports';
import { MESSAGES } from '../shared/messages';
import { normalizeReferralCode } from '../shared/referrals';
import { statementCsvQuery, statementQuery } from '../shared/reports';
import { registerBody } from '../shared/schemas/accounts';
import { sendPage } from './send';
import { sendCsv } from './send-csv';

export const accountRouter = Router();

accountRouter.post('/auth/register', authenticate({ checkRevoked: false }), async (req, res) => {
  const { name, termsVersion, referralCode } = parseBody(registerBody, req);
  const code = referralCode === undefined ? null : normalizeReferralCode(referralCode);
  const { user, created } = await ensureProfile(identityOf(req), name, termsVersion, code);
  res.status(created ? 201 : 200).json({ user, message: MESSAGES.registered });
});

accountRouter.get('/user/profile', authenticate({ checkRevoked: false }), async (req, res) => {
  const { user } = await ensureProfile(identityOf(req));
  res.set('Cache-Control', 'private, no-store');
  res.json({ user });
});

// The customer's statement: the ledger filtered by days and type, and its CSV.
accountRouter.get('/ledger', authenticate({ checkRevoked: true }), async (req, res) => {
  const page = parseQuery(statementQuery, req);
  const listed = await listLedger(identityOf(req).uid, page);
  res.set('Cache-Control', 'private, no-store');
  sendPage(res, 'entries', listed);
});

// At most a year and REPORT_LIMITS.exportRows rows a file, a few files a minute (each reads the rows it sends).
accountRouter.get('/ledger.csv', authenticate({ checkRevoked: true }), async (req, res) => {
  const filters = parseQuery(statementCsvQuery, req);
  const { uid } = identityOf(req);
  await countStatementDownload(uid);
  await sendCsv(res, await statementExport(uid, filters));
});

// The dashboard's spending chart: the customer's own figures from the rollups (decision record 0011), 31 reads.
accountRouter.get('/ledger/spending', authenticate({ checkRevoked: true }), async (req, res) => {
  res.set('Cache-Control', 'private, no-store');
  res.json(await getSpending(identityOf(req).uid));
});
