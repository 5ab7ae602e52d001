// The admins' second factor (issue 29). Whoever holds an admin's password holds every customer's money, so
// an admin's ID token opens the console only with the `mfa` claim, which a custom token from
// `verifyMfa` carries (the client exchanges it with Firebase Auth for an ID token). The Auth emulator
// supports only SMS second factors, so the factor is ours: a TOTP secret per admin in adminMfa/{uid}
// (no rule lets any client read it), shown once at enrolment with ten recovery codes (stored hashed, each
// used once). Every code, right or wrong, counts against the admin's rate limit, written even when the
// code is refused; a code is accepted once (the step it was for is recorded).
import { createHash, randomBytes } from 'node:crypto';
import type { Timestamp } from 'firebase-admin/firestore';
import { auth, db } from '../lib/admin';
import { AppError, fail } from '../lib/errors';
import { newTotpSecret, otpauthUrl, verifyTotp } from '../lib/totp';
import { MFA_MESSAGES, type MfaEnrolled, type MfaStatus, RECOVERY_CODES } from '../shared/mfa';
import { type Actor, recordAudit } from './audit';
import { checkRateLimit } from './rate-limit';
import { runInTransaction } from './transactions';
import type { Identity } from './users';

/** The issuer authenticator apps show beside the code. */
export const MFA_ISSUER = 'Shohrat';

export interface AdminMfaDoc {
  /** Base32, as the app was given it. */
  secret: string;
  enrolledAt: Timestamp;
  /** The last step a code was accepted for: no code of it or before is accepted again. */
  lastStep: number;
  /** sha256 of each recovery code (upper case, no dash); a used one is removed. */
  recoveryHashes: string[];
}

export const adminMfaRef = (uid: string) => db.collection('adminMfa').doc(uid);

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
  const doc = (await adminMfaRef(uid).get()).data() as AdminMfaDoc | undefined;
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
 * Enrols the admin: a new secret and recovery codes, answered once. An admin already enrolled enrols
 * again (a new phone) only with a valid code of the old enrolment. Audited.
 */
export async function enrollMfa(
  admin: Identity,
  code: string | undefined,
  /** The local demo's admin only (scripts/lib/seed.ts): a fixed secret, printed by `npm start`. */
  demo?: { secret: string },
): Promise<MfaEnrolled> {
  const secret = demo?.secret ?? newTotpSecret();
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  const answer = await runInTransaction<{ ok: boolean }>(null, async (tx, now) => {
    const ref = adminMfaRef(admin.uid);
    const [snap, limit] = await Promise.all([tx.get(ref), checkRateLimit(tx, 'mfaCode', { uid: admin.uid }, now)]);
    const existing = snap.data() as AdminMfaDoc | undefined;
    if (existing) {
      if (code === undefined) throw fail('mfa_invalid_code', MFA_MESSAGES.codeToReenrol, 'code');
      limit.record();
      // A wrong code is counted (the limit's record commits), and nothing else changes.
      if (!checkCode(existing, code, now.toMillis()).ok) return { status: 200, body: { ok: false } };
    }
    tx.set(ref, { secret, enrolledAt: now, lastStep: 0, recoveryHashes: recoveryCodes.map(hashRecovery) } satisfies AdminMfaDoc);
    recordAudit(tx, admin, now, { subject: ref, action: 'mfa_enroll', after: { again: existing !== undefined } });
    return { status: 200, body: { ok: true } };
  });
  if (!answer.body.ok) throw invalidCode();
  return { secret, otpauthUrl: otpauthUrl(MFA_ISSUER, admin.email, secret), recoveryCodes };
}

/**
 * Checks a code and answers a custom token with the `mfa` claim (and the time it was passed), which the
 * client exchanges with Firebase Auth for an ID token that opens the admin console. Audited.
 */
export async function verifyMfa(admin: Identity, code: string, nowMs = Date.now()): Promise<{ customToken: string }> {
  const answer = await runInTransaction<{ ok: boolean }>(null, async (tx, now) => {
    const ref = adminMfaRef(admin.uid);
    const [snap, limit] = await Promise.all([tx.get(ref), checkRateLimit(tx, 'mfaCode', { uid: admin.uid }, now)]);
    const doc = snap.data() as AdminMfaDoc | undefined;
    if (!doc) throw fail('mfa_not_enrolled', MFA_MESSAGES.notEnrolled);
    limit.record();
    const checked = checkCode(doc, code, nowMs);
    if (!checked.ok) return { status: 200, body: { ok: false } };
    tx.update(ref, checked.update);
    recordAudit(tx, admin, now, {
      subject: ref,
      action: 'mfa_verify',
      after: { with: 'recoveryHashes' in checked.update ? 'recovery code' : 'authenticator app' },
    });
    return { status: 200, body: { ok: true } };
  });
  if (!answer.body.ok) throw invalidCode();
  return { customToken: await auth.createCustomToken(admin.uid, { mfa: true, mfaAt: Math.floor(nowMs / 1000) }) };
}

/**
 * Removes an admin's enrolment (a lost phone and no recovery code left): their next sign-in enrols again.
 * For `npm run admin:mfa-reset` (credentials of the project, not the console), audited with its actor.
 */
export async function resetMfa(actor: Actor, uid: string): Promise<boolean> {
  const answer = await runInTransaction<boolean>(null, async (tx, now) => {
    const ref = adminMfaRef(uid);
    if (!(await tx.get(ref)).exists) return { status: 200, body: false };
    tx.delete(ref);
    recordAudit(tx, actor, now, { subject: ref, action: 'mfa_reset', before: { enrolled: true }, after: { enrolled: false } });
    return { status: 200, body: true };
  });
  return answer.body;
}
