// Passwords set by an admin (the customer asked on chat). Setting one ends the account's sessions
// (sessions.ts): refresh tokens are revoked, ID tokens issued before fail the revocation check on money
// and admin routes and the rules' check, and the reseller API key stops working.
import { auth } from '../../lib/admin';
import { fail } from '../../lib/errors';
import { MESSAGES } from '../../shared/messages';
import { type Actor, recordAudit } from '../kernel/audit';
import { runInTransaction } from '../kernel/transactions';
import { endSessions } from './sessions';
import { identityByEmail, userRef } from './users';

/**
 * Sets the password of `uid`. With `admin`, the audit entry is written once Auth has the new password:
 * Auth is outside Firestore, so it can't share a transaction; an entry is never written for a change
 * that did not happen, and a failure after it (the entry, ending sessions) answers an error the admin
 * repeats (every step is idempotent, a repeat writes a second entry).
 */
export async function setPassword(uid: string, newPassword: string, admin?: Actor): Promise<void> {
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
  if (admin) {
    await runInTransaction(null, async (tx, now) => {
      recordAudit(tx, admin, now, { subject: userRef(uid), action: 'password_reset', after: { userId: uid } });
    });
  }
}

export async function resetPasswordByEmail(email: string, newPassword: string, admin?: Actor): Promise<void> {
  const { uid } = await identityByEmail(email);
  await setPassword(uid, newPassword, admin);
}
