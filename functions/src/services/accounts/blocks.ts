// Blocking: an admin blocks an account with a reason (profile `blocked: {reason, at}`) and unblocks it,
// each with its audit entry in the same transaction. A blocked customer still signs in and reads why
// (their profile carries it), but the money transactions refuse their orders, top-up requests and API
// key (assertNotBlocked); their pending orders go on, and the admin's status changes and refunds too.
//
// An admin cannot block their own account, nor another admin's (its claim per Firebase Auth, or its
// profile's role): a console that can lock out its own admins has no way back in-app.
import { fail } from '../../lib/errors';
import { MESSAGES } from '../../shared/messages';
import type { User } from '../../shared/schemas/accounts';
import { type Actor, recordAudit } from '../kernel/audit';
import { runInTransaction } from '../kernel/transactions';
import { type BlockedDoc, identityByUid, isUid, userRef, userToWire } from './users';

const blockedToAudit = (blocked: BlockedDoc | null | undefined) =>
  blocked ? { blocked: { reason: blocked.reason, at: blocked.at.toDate().toISOString() } } : { blocked: null };

async function setBlocked(admin: Actor, uid: string, reason: string, block: boolean): Promise<{ message: string; user: User }> {
  if (!isUid(uid)) throw fail('user_not_found', MESSAGES.userNotFound);
  if (block && uid === admin.uid) throw fail('cannot_block_admin', MESSAGES.cannotBlockSelf);
  // The claim lives in Auth (outside the transaction); the profile's role is checked inside it too.
  if (block && (await identityByUid(uid)).admin) throw fail('cannot_block_admin', MESSAGES.cannotBlockAdmin);
  const { value } = await runInTransaction(null, async (tx, now) => {
    const ref = userRef(uid);
    const profile = (await tx.get(ref)).data();
    if (!profile) throw fail('user_not_found', MESSAGES.userNotFound);
    if (block && profile.role === 'admin') throw fail('cannot_block_admin', MESSAGES.cannotBlockAdmin);
    if (block && profile.blocked) throw fail('conflict', MESSAGES.alreadyBlocked);
    if (!block && !profile.blocked) throw fail('conflict', MESSAGES.notBlocked);
    const blocked: BlockedDoc | null = block ? { reason, at: now } : null;
    tx.update(ref, { blocked });
    recordAudit(tx, admin, now, {
      subject: ref,
      action: block ? 'block' : 'unblock',
      before: blockedToAudit(profile.blocked),
      after: blockedToAudit(blocked),
      reason,
    });
    return { message: block ? MESSAGES.accountBlocked : MESSAGES.accountUnblocked, user: userToWire(uid, { ...profile, blocked }) };
  });
  return value;
}

export const blockUser = (admin: Actor, uid: string, reason: string) => setBlocked(admin, uid, reason, true);
export const unblockUser = (admin: Actor, uid: string, reason: string) => setBlocked(admin, uid, reason, false);
