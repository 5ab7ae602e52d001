// Referral commissions (issue 34): the customer's Referrals page and transfer, the admin's programme, and a credited
// top-up's reversal (which takes its commission back).
import { type Request, Router } from 'express';
import { authenticate, identityOf } from '../middleware/authenticate';
import { noStore } from '../middleware/no-store';
import { idempotencyKey, parseBody } from '../middleware/parse';
import { adminOnly } from '../middleware/require-admin';
import { adminReferrals, myReferrals, transferReferral, updateReferralSettings } from '../services/money/referrals';
import { reverseTopUp } from '../services/money/top-up-reversals';
import { MESSAGES } from '../shared/messages';
import { referralSettingsSchema, referralTransferBody, reverseTopUpBody } from '../shared/schemas/referrals';
import { sendDecided } from './send';

export const referralsRouter = Router();

/** The site's origin as the browser asked for it (Hosting forwards the host it was asked on). */
function originOf(req: Request): string {
  const host = req.get('x-forwarded-host')?.split(',')[0]?.trim() || req.get('host') || 'localhost';
  const local = /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(host);
  const proto = req.get('x-forwarded-proto')?.split(',')[0]?.trim() || (local ? 'http' : 'https');
  return `${proto}://${host}`;
}

referralsRouter.get('/referrals', authenticate({ checkRevoked: false }), noStore, async (req, res) => {
  res.json(await myReferrals(identityOf(req), originOf(req)));
});

referralsRouter.post('/referrals/transfer', authenticate({ checkRevoked: true }), async (req, res) => {
  const { amount } = parseBody(referralTransferBody, req);
  sendDecided(res, 200, await transferReferral(identityOf(req), amount, idempotencyKey(req)));
});

referralsRouter.get('/admin/referrals', ...adminOnly, async (_req, res) => {
  res.json(await adminReferrals());
});

referralsRouter.put('/admin/referrals', ...adminOnly, async (req, res) => {
  const settings = await updateReferralSettings(identityOf(req), parseBody(referralSettingsSchema, req));
  res.json({ message: MESSAGES.referralsUpdated, settings });
});

referralsRouter.post('/admin/recharges/:id/reverse', ...adminOnly, async (req, res) => {
  const { reason } = parseBody(reverseTopUpBody, req);
  sendDecided(res, 200, await reverseTopUp(identityOf(req), String(req.params.id), reason, idempotencyKey(req)));
});
