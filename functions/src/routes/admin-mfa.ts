// The admins' second factor: what an admin's token can do before passing it.
import { Router } from 'express';
import { identityOf } from '../middleware/authenticate';
import { parseBody } from '../middleware/parse';
import { adminBeforeSecondFactor } from '../middleware/require-admin';
import { enrollMfa, getMfaStatus, verifyMfa } from '../services/accounts/admin-mfa';
import { mfaEnrollBody, mfaVerifyBody } from '../shared/mfa';

export const adminMfaRouter = Router();

adminMfaRouter.get('/admin/mfa', ...adminBeforeSecondFactor, async (req, res) => {
  res.json(await getMfaStatus(identityOf(req).uid));
});

adminMfaRouter.post('/admin/mfa/enroll', ...adminBeforeSecondFactor, async (req, res) => {
  const { code } = parseBody(mfaEnrollBody, req);
  const admin = identityOf(req);
  res.json(await enrollMfa(admin, code, admin.authTime ?? 0));
});

adminMfaRouter.post('/admin/mfa/verify', ...adminBeforeSecondFactor, async (req, res) => {
  const { code } = parseBody(mfaVerifyBody, req);
  res.json(await verifyMfa(identityOf(req), code));
});
