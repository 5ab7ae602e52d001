// Admin password changes: by email (the reset form) or by user id. Both end the account's sessions.
import { Router } from 'express';
import { identityOf } from '../middleware/authenticate';
import { parseBody } from '../middleware/parse';
import { adminOnly } from '../middleware/require-admin';
import { resetPasswordByEmail, setPassword } from '../services/accounts/passwords';
import { MESSAGES } from '../shared/messages';
import { changePasswordBody, resetPasswordBody } from '../shared/schemas/accounts';

export const passwordsRouter = Router();

passwordsRouter.post('/admin/reset-password', ...adminOnly, async (req, res) => {
  const { email, newPassword } = parseBody(resetPasswordBody, req);
  await resetPasswordByEmail(email, newPassword, identityOf(req));
  res.json({ message: MESSAGES.passwordReset });
});

passwordsRouter.post('/auth/change-password/:userId', ...adminOnly, async (req, res) => {
  const { newPassword } = parseBody(changePasswordBody, req);
  await setPassword(String(req.params.userId), newPassword, identityOf(req));
  res.set('Cache-Control', 'private, no-store');
  res.json({ message: MESSAGES.passwordReset });
});
