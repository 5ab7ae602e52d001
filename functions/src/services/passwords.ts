// Passwords set by an admin (the customer asked on chat). Setting one ends the account's sessions
// (sessions.ts): refresh tokens are revoked, ID tokens issued before fail the revocation check on money
// and admin routes and the rules' check, and the reseller API key stops working.
import { auth } from '../lib/admin';
import { fail } from '../lib/errors';
import { MESSAGES } from '../shared/messages';
import { endSessions } from './sessions';
import { identityByEmail } from './users';

export async function setPassword(uid: string, newPassword: string): Promise<void> {
  try {
    await auth.updateUser(uid, { password: newPassword });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'auth/user-not-found' || code === 'auth/invalid-uid') throw fail('user_not_found', MESSAGES.userNotFound);
    throw error;
  }
  // Firebase already moves the account's tokensValidAfterTime on a password change; revoking as well
  // keeps the guarantee explicit. If this fails the admin sees an error and repeats (both idempotent).
  await endSessions(uid);
}

export async function resetPasswordByEmail(email: string, newPassword: string): Promise<void> {
  const { uid } = await identityByEmail(email);
  await setPassword(uid, newPassword);
}
