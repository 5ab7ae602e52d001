// The admins' second factor over HTTP, on the real Auth and Firestore emulators: an admin's token
// without it opens nothing of the console; enrolment answers the secret once; a code (once, within a step
// of now) or a recovery code (once) gives a custom token whose ID token opens the console; codes are rate
// limited, counted when wrong; the secret is no client's to read.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { refreshIdToken, signIn, signInWithCustomToken, signUp } from '../../../scripts/lib/auth-emulator';
import { apiServerForFile, call, createUser, fetchFirestoreAs, type TestUser } from '../../../tests/support/api';
import { auth, db } from '../lib/admin';
import { base32Decode, currentTotp, stepAt, totpAt } from '../lib/totp';

const api = apiServerForFile();

/** An admin (the claim set) signed in with the password alone, as after the console's login form. */
async function passwordOnlyAdmin(): Promise<{ uid: string; email: string; token: string }> {
  const email = `mfa-${randomUUID().slice(0, 8)}@example.com`;
  const { localId } = await signUp(email, 'password123', 'Admin');
  await auth.setCustomUserClaims(localId, { admin: true });
  return { uid: localId, email, token: (await signIn(email, 'password123')).idToken };
}

const claimsOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
const enroll = (token: string, body: unknown = {}) => call(api.url, 'POST', '/api/admin/mfa/enroll', { token, body });
const verify = (token: string, code: string) => call(api.url, 'POST', '/api/admin/mfa/verify', { token, body: { code } });

let customer: TestUser;
beforeAll(async () => {
  customer = await createUser();
});

describe('an admin without the second factor', () => {
  it('is refused every admin route with 403 mfa_required, and may only enrol and verify', async () => {
    const admin = await passwordOnlyAdmin();
    for (const [method, path] of [
      ['GET', '/api/admin/overview'],
      ['GET', '/api/admin/order'],
      ['POST', '/api/admin/add-balance'],
      ['GET', '/api/admin/wallet-devices'],
      ['GET', '/api/contact'],
    ] as const) {
      const res = await call(api.url, method, path, {
        token: admin.token,
        body: method === 'POST' ? { email: customer.email, amount: 1 } : undefined,
      });
      expect(res.status, path).toBe(403);
      expect(res.body.code, path).toBe('mfa_required');
    }
    expect((await call(api.url, 'GET', '/api/admin/mfa', { token: admin.token })).body).toEqual({ enrolled: false, recoveryCodesLeft: 0 });
  });

  it('a customer cannot enrol or verify', async () => {
    expect((await enroll(customer.token)).body.code).toBe('admin_required');
    expect((await verify(customer.token, '123456')).body.code).toBe('admin_required');
  });
});

describe('enrolling and passing the second factor', () => {
  it('enrols once, answers a custom token for a valid code, whose ID token opens the console', async () => {
    const admin = await passwordOnlyAdmin();
    const enrolled = await enroll(admin.token);
    expect(enrolled.status).toBe(200);
    const { secret, otpauthUrl, recoveryCodes } = enrolled.body as { secret: string; otpauthUrl: string; recoveryCodes: string[] };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Shohrat:${encodeURIComponent(admin.email)}?secret=${secret}&issuer=Shohrat&algorithm=SHA1&digits=6&period=30`,
    );
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    // The stored document keeps the recovery codes only as hashes.
    const stored = (await db.collection('adminMfa').doc(admin.uid).get()).data();
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);
    expect(stored?.confirmedAt).toBeNull();
    expect((await verify(admin.token, '000000')).status).toBe(401);
    const passed = await verify(admin.token, currentTotp(secret));
    expect(passed.status).toBe(200);
    // Confirmed by that code: setting it up again now takes a code.
    const again = await enroll(admin.token);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('mfa_invalid_code');
    const session = await signInWithCustomToken(passed.body.customToken);
    expect(claimsOf(session.idToken)).toMatchObject({ admin: true, mfa: true, user_id: admin.uid, email: admin.email });
    const overview = await call(api.url, 'GET', '/api/admin/overview', { token: session.idToken });
    expect(overview.status).toBe(200);
    // The session keeps the factor across Firebase's hourly refresh.
    const refreshed = await refreshIdToken(session.refreshToken);
    expect(claimsOf(refreshed)).toMatchObject({ admin: true, mfa: true });
    expect((await call(api.url, 'GET', '/api/admin/overview', { token: refreshed })).status).toBe(200);
    // Even with the factor, the secret stays out of every client's reach.
    expect((await fetchFirestoreAs(session.idToken, `adminMfa/${admin.uid}`)).status).toBe(403);
    // Audited: the enrolment and the sign-in, with the admin as actor.
    const audit = await db.collection('audit').where('subject', '==', `adminMfa/${admin.uid}`).get();
    expect(audit.docs.map((d) => d.data().action).sort()).toEqual(['mfa_enroll', 'mfa_failed', 'mfa_verify']);
    expect(audit.docs.every((d) => d.data().byUid === admin.uid)).toBe(true);
  });

  it('accepts a code once, and one step either side of now only', async () => {
    const admin = await passwordOnlyAdmin();
    const { secret } = (await enroll(admin.token)).body as { secret: string };
    const key = base32Decode(secret) as Uint8Array;
    const now = stepAt(Date.now());
    expect((await verify(admin.token, totpAt(key, now - 3))).status).toBe(401);
    const code = totpAt(key, now);
    expect((await verify(admin.token, code)).status).toBe(200);
    expect((await verify(admin.token, code)).status).toBe(401);
    // The next step's code is still good (a phone a little ahead), once.
    expect((await verify(admin.token, totpAt(key, now + 1))).status).toBe(200);
  });

  it('takes each recovery code once, and enrols again (a new phone) with a valid code', async () => {
    const admin = await passwordOnlyAdmin();
    const first = (await enroll(admin.token)).body as { secret: string; recoveryCodes: string[] };
    const recovery = first.recoveryCodes[3] ?? '';
    expect((await verify(admin.token, recovery.toLowerCase())).status).toBe(200);
    expect((await verify(admin.token, recovery)).status).toBe(401);
    expect((await call(api.url, 'GET', '/api/admin/mfa', { token: admin.token })).body).toEqual({ enrolled: true, recoveryCodesLeft: 9 });
    // Setting up again ends the account's sessions; revocation counts whole seconds, so the sign-in above
    // must be of an earlier second for its token to be one of them.
    await new Promise((done) => setTimeout(done, 1100));
    const again = await enroll(admin.token, { code: currentTotp(first.secret) });
    expect(again.status).toBe(200);
    expect(again.body.secret).not.toBe(first.secret);
    expect((await verify(admin.token, currentTotp(again.body.secret))).status).toBe(401);
    // Signed in again: the old secret's codes and recovery codes are gone with it, the new one's work.
    const token = (await signIn(admin.email, 'password123')).idToken;
    expect((await verify(token, first.recoveryCodes[0] ?? '')).status).toBe(401);
    expect((await verify(token, currentTotp(again.body.secret))).status).toBe(200);
  });

  it('counts every code, wrong ones included: the sixth in a minute is 429, even the right one', async () => {
    const admin = await passwordOnlyAdmin();
    const { secret } = (await enroll(admin.token)).body as { secret: string };
    for (let i = 0; i < 5; i++) expect((await verify(admin.token, '111111')).status).toBe(401);
    const limited = await verify(admin.token, currentTotp(secret));
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a code that is not a code at the boundary', async () => {
    const admin = await passwordOnlyAdmin();
    await enroll(admin.token);
    const res = await verify(admin.token, '12345');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_input', field: 'code' });
    expect((await call(api.url, 'POST', '/api/admin/mfa/verify', { token: admin.token, body: {} })).body.field).toBe('code');
  });

  it('an admin who never enrolled cannot verify: 409 mfa_not_enrolled', async () => {
    const admin = await passwordOnlyAdmin();
    const res = await verify(admin.token, '123456');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('mfa_not_enrolled');
  });

  it('may be set up again before a code confirms it (an answer lost), by a recent sign-in only', async () => {
    const admin = await passwordOnlyAdmin();
    const first = (await enroll(admin.token)).body as { secret: string };
    const second = await enroll(admin.token);
    expect(second.status).toBe(200);
    expect(second.body.secret).not.toBe(first.secret);
    expect((await verify(admin.token, currentTotp(first.secret))).status).toBe(401);
    // A session that signed in with the password more than 5 minutes ago cannot set it up without a code.
    const { enrollMfa } = await import('../services/accounts/admin-mfa');
    const identity = { uid: admin.uid, email: admin.email, name: 'Admin', admin: true };
    await expect(enrollMfa(identity, undefined, Math.floor(Date.now() / 1000) - 6 * 60)).rejects.toMatchObject({ code: 'mfa_required' });
  });
});

describe('a passed second factor', () => {
  it('opens the console for 12 hours: an older one is asked again (403 mfa_required)', async () => {
    const admin = await passwordOnlyAdmin();
    await enroll(admin.token);
    const old = Math.floor(Date.now() / 1000) - 12 * 3600 - 60;
    const stale = await signInWithCustomToken(await auth.createCustomToken(admin.uid, { mfa: true, mfaAt: old }));
    const res = await call(api.url, 'GET', '/api/admin/overview', { token: stale.idToken });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'mfa_required',
      message: 'Enter a code from your authenticator app again: the console asks for one every 12 hours',
    });
    const noTime = await signInWithCustomToken(await auth.createCustomToken(admin.uid, { mfa: true }));
    expect((await call(api.url, 'GET', '/api/admin/overview', { token: noTime.idToken })).status).toBe(403);
  });

  it('ends when the factor is reset (a lost phone), and when it is set up again on a new phone', async () => {
    const admin = await passwordOnlyAdmin();
    const { secret } = (await enroll(admin.token)).body as { secret: string };
    const session = await signInWithCustomToken((await verify(admin.token, currentTotp(secret))).body.customToken);
    expect((await call(api.url, 'GET', '/api/admin/overview', { token: session.idToken })).status).toBe(200);
    await new Promise((done) => setTimeout(done, 1100)); // revocation has one-second precision
    const { resetMfa } = await import('../services/accounts/admin-mfa');
    expect(await resetMfa({ uid: 'script', email: 'npm run admin:mfa-reset' }, admin.uid)).toBe(true);
    expect((await call(api.url, 'GET', '/api/admin/overview', { token: session.idToken })).status).toBe(401);
    expect(
      (await db.collection('audit').where('action', '==', 'mfa_reset').where('subject', '==', `adminMfa/${admin.uid}`).get()).size,
    ).toBe(1);

    // Signed in again, set up, confirmed; then set up again with a code: the sessions end once more.
    const fresh = (await signIn(admin.email, 'password123')).idToken;
    const enrolled = (await enroll(fresh)).body as { secret: string };
    const second = await signInWithCustomToken((await verify(fresh, currentTotp(enrolled.secret))).body.customToken);
    await new Promise((done) => setTimeout(done, 1100));
    const key = base32Decode(enrolled.secret) as Uint8Array;
    expect((await enroll(second.idToken, { code: totpAt(key, stepAt(Date.now()) + 1) })).status).toBe(200);
    expect((await call(api.url, 'GET', '/api/admin/overview', { token: second.idToken })).status).toBe(401);
  });
});
