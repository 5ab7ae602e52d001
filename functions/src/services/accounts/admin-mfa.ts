// The admins' second factor. Whoever holds an admin's password holds every customer's money, so
// an admin's ID token opens the console only with the `mfa` claim, which a custom token from
// `verifyMfa` carries (the client exchanges it with Firebase Auth for an ID token). The Auth emulator
// supports only SMS second factors, so the factor is ours: a TOTP secret per admin in adminMfa/{uid}
// (no rule lets any client read it), shown once at enrolment with ten recovery codes (stored hashed, each
// used once). Every code, right or wrong, counts against the admin's rate limit, written (and a wrong one
// audited) even when the code is refused; a code is accepted once (the step it was for is recorded).
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { auth } from '../../lib/admin';
import { AppError, fail } from '../../lib/errors';
import { newTotpSecret, otpauthUrl, verifyTotp } from '../../lib/totp';
import { timestampSchema, typedCollection } from '../../lib/typed-collection';
import { ENROL_SIGN_IN_MAX_AGE_SECONDS, MFA_MESSAGES, type MfaEnrolled, type MfaStatus, RECOVERY_CODES } from '../../shared/mfa';
import { type Actor, recordAudit } from '../kernel/audit';
import { checkRateLimit } from '../kernel/rate-limit';
import { runInTransaction } from '../kernel/transactions';
import { endSessions } from './sessions';
import type { Identity } from './users';

/** The issuer authenticator apps show beside the code. */
export const MFA_ISSUER = 'Shohrat';

export const adminMfaDocSchema = z.object({
  /** Base32, as the app was given it. */
  secret: z.string(),
  enrolledAt: timestampSchema,
  /** The first code that proved the app has the key; until then the set-up may be done again. */
  confirmedAt: timestampSchema.nullable(),
  /** The last step a code was accepted for: no code of it or before is accepted again. */
  lastStep: z.number().int(),
  /** sha256 of each recovery code (upper case, no dash); a used one is removed. */
  recoveryHashes: z.array(z.string()),
});
export type AdminMfaDoc = z.infer<typeof adminMfaDocSchema>;

export const adminMfaRef = (uid: string) => typedCollection('adminMfa', adminMfaDocSchema).doc(uid);

const hashRecovery = (code: string) => createHash('sha256').update(code.replace(/-/g, '').toUpperCase()).digest('hex');

/** "K7Q2M-X9PLD": 10 characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
function newRecoveryCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  let code = '';
  for (const byte of randomBytes(32)) {
    if (byte >= 248) continue;
    code += alphabet[byte % 31];
    if (code.length === 10) break;
  }
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export async function getMfaStatus(uid: string): Promise<MfaStatus> {
  const doc = (await adminMfaRef(uid).get()).data();
  return { enrolled: doc !== undefined, recoveryCodesLeft: doc?.recoveryHashes.length ?? 0 };
}

type CodeCheck = { ok: true; update: Partial<AdminMfaDoc> } | { ok: false };

/** A code against an enrolment: a TOTP code (recorded as used) or an unused recovery code (removed). */
function checkCode(doc: AdminMfaDoc, code: string, nowMs: number): CodeCheck {
  const step = verifyTotp(doc.secret, code, nowMs, doc.lastStep);
  if (step !== null) return { ok: true, update: { lastStep: step } };
  const hash = hashRecovery(code);
  if (/^\d{6}$/.test(code) || !doc.recoveryHashes.includes(hash)) return { ok: false };
  return { ok: true, update: { recoveryHashes: doc.recoveryHashes.filter((h) => h !== hash) } };
}

const invalidCode = () => new AppError('mfa_invalid_code', MFA_MESSAGES.invalidCode, 'code');

/**
 * When the caller signed in with the password (Unix seconds, the ID token's auth_time), for a set-up
 * without a code; `in-process` for the local seed and the tests, which act for the admin themselves.
 */
export type SignedInAt = number | 'in-process';

/**
 * Enrols the admin: a new secret and recovery codes, answered once. Until a first code confirms it, it
 * may be set up again (an answer lost on the way) by a session that signed in with the password in the
 * last 5 minutes; once confirmed, only with a valid code of it, and that ends every session of the account
 * (sign in again with the new phone). Audited.
 */
export async function enrollMfa(
  admin: Identity,
  code: string | undefined,
  signedInAt: SignedInAt,
  /** The local demo's admin only (scripts/lib/seed.ts): a fixed secret, printed by `npm start`. */
  demo?: { secret: string },
): Promise<MfaEnrolled> {
  const secret = demo?.secret ?? newTotpSecret();
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  const { value: enrolled } = await runInTransaction<{ ok: boolean; again: boolean }>(null, async (tx, now) => {
    const ref = adminMfaRef(admin.uid);
    const [snap, limit] = await Promise.all([tx.get(ref), checkRateLimit(tx, 'mfaCode', { uid: admin.uid }, now)]);
    const existing = snap.data();
    // A set-up from before confirmations were recorded counts as confirmed.
    const confirmed = existing !== undefined && existing.confirmedAt !== null;
    if (confirmed && existing) {
      if (code === undefined) throw fail('mfa_invalid_code', MFA_MESSAGES.codeToReenrol, 'code');
      limit.record();
      // A wrong code is counted (the limit's record commits) and audited, and nothing else changes.
      if (!checkCode(existing, code, now.toMillis()).ok) {
        recordAudit(tx, admin, now, { subject: ref, action: 'mfa_failed', after: { when: 'set-up' } });
        return { ok: false, again: true };
      }
    } else if (signedInAt !== 'in-process' && now.toMillis() / 1000 - signedInAt > ENROL_SIGN_IN_MAX_AGE_SECONDS) {
      throw fail('mfa_required', MFA_MESSAGES.signInAgain);
    }
    tx.set(ref, {
      secret,
      enrolledAt: now,
      confirmedAt: null,
      lastStep: 0,
      recoveryHashes: recoveryCodes.map(hashRecovery),
    } satisfies AdminMfaDoc);
    recordAudit(tx, admin, now, { subject: ref, action: 'mfa_enroll', after: { again: existing !== undefined } });
    return { ok: true, again: confirmed };
  });
  if (!enrolled.ok) throw invalidCode();
  // A new phone: the sessions that passed the old factor end with it.
  if (enrolled.again) await endSessions(admin.uid);
  return { secret, otpauthUrl: otpauthUrl(MFA_ISSUER, admin.email, secret), recoveryCodes };
}

/**
 * Checks a code and answers a custom token with the `mfa` claim and the time it was passed (`mfaAt`),
 * which the client exchanges with Firebase Auth for an ID token that opens the admin console for
 * MFA_MAX_AGE_SECONDS. The token is made first (Auth signs it, outside any transaction): a failure there
 * uses up no code. A wrong code is counted and audited. Audited.
 */
export async function verifyMfa(admin: Identity, code: string, nowMs = Date.now()): Promise<{ customToken: string }> {
  const customToken = await auth.createCustomToken(admin.uid, { mfa: true, mfaAt: Math.floor(nowMs / 1000) });
  const { value: verified } = await runInTransaction<{ ok: boolean }>(null, async (tx, now) => {
    const ref = adminMfaRef(admin.uid);
    const [snap, limit] = await Promise.all([tx.get(ref), checkRateLimit(tx, 'mfaCode', { uid: admin.uid }, now)]);
    const doc = snap.data();
    if (!doc) throw fail('mfa_not_enrolled', MFA_MESSAGES.notEnrolled);
    limit.record();
    const checked = checkCode(doc, code, nowMs);
    if (!checked.ok) {
      recordAudit(tx, admin, now, { subject: ref, action: 'mfa_failed', after: { when: 'sign-in' } });
      return { ok: false };
    }
    tx.update(ref, { ...checked.update, ...(doc.confirmedAt === null ? { confirmedAt: now } : {}) });
    recordAudit(tx, admin, now, {
      subject: ref,
      action: 'mfa_verify',
      after: { with: 'recoveryHashes' in checked.update ? 'recovery code' : 'authenticator app' },
    });
    return { ok: true };
  });
  if (!verified.ok) throw invalidCode();
  return { customToken };
}

/**
 * Removes an admin's enrolment (a lost phone and no recovery code left): their next sign-in enrols again.
 * For `npm run admin:mfa-reset` (credentials of the project, not the console), audited with its actor.
 */
export async function resetMfa(actor: Actor, uid: string): Promise<boolean> {
  const { value: removed } = await runInTransaction<boolean>(null, async (tx, now) => {
    const ref = adminMfaRef(uid);
    if (!(await tx.get(ref)).exists) return false;
    tx.delete(ref);
    recordAudit(tx, actor, now, { subject: ref, action: 'mfa_reset', before: { enrolled: true }, after: { enrolled: false } });
    return true;
  });
  // Whoever holds a session that passed the old factor (a stolen phone's, a browser's) is out too.
  if (removed) await endSessions(uid);
  return removed;
}
