import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiServerForFile,
  call,
  createApiKeyFor,
  createUser,
  passSecondFactor,
  readFirestoreAs,
  signIn,
  type TestUser,
  v2With,
} from '../../../tests/support/api';

const api = apiServerForFile({ moneyInvariants: true });
let admin: TestUser;

const NEW_PASSWORD = 'n3w-Passw0rd';
const resetByEmail = (body: unknown, token = admin.token) => call(api.url, 'POST', '/api/admin/reset-password', { token, body });
const changeById = (userId: string, body: unknown, token = admin.token) =>
  call(api.url, 'POST', `/api/auth/change-password/${userId}`, { token, body });
/** POST /api/recharge-requests: a money endpoint, so it checks the token against revocation. */
const moneyCall = (token: string) =>
  call(api.url, 'POST', '/api/recharge-requests', {
    token,
    body: { amount: 100, method: 'JazzCash', reference: randomUUID().replace(/-/g, '').slice(0, 16) },
  });
const signInFails = async (email: string, password: string) => {
  await expect(signIn(email, password)).rejects.toThrow(/INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS/);
};

/**
 * Revocation has one-second precision: a token is revoked when it was issued before the second of the
 * revocation. The account's token must be at least a second old for the reset to revoke it.
 */
const aSecondPasses = () => sleep(1100);

beforeAll(async () => {
  admin = await createUser({ admin: true });
});

describe('POST /api/admin/reset-password', () => {
  it('sets the new password: the old one no longer signs in, the new one does, and old tokens are revoked', async () => {
    const user = await createUser();
    const oldToken = user.token;
    expect((await moneyCall(oldToken)).status).toBe(201);
    await aSecondPasses();

    const res = await resetByEmail({ email: user.email.toUpperCase(), newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password reset successfully' });

    await signInFails(user.email, user.password);
    const fresh = await signIn(user.email, NEW_PASSWORD);
    expect(fresh.localId).toBe(user.uid);

    expect(await moneyCall(oldToken)).toMatchObject({ status: 401, body: { message: 'Invalid token' } });
    expect((await call(api.url, 'GET', '/api/ledger', { token: oldToken })).status).toBe(401);
    expect((await moneyCall(fresh.idToken)).status).toBe(201);
  });

  it('answers 404 User not found for an unknown email', async () => {
    const res = await resetByEmail({ email: 'nobody-here@example.com', newPassword: NEW_PASSWORD });
    expect(res).toMatchObject({ status: 404, body: { message: 'User not found' } });
  });

  it.each([
    [{ email: 'a@b.co', newPassword: 'short7!' }, 'newPassword', 'Password must be at least 8 characters'],
    [{ email: 'a@b.co', newPassword: 'x'.repeat(129) }, 'newPassword', 'Password must be at most 128 characters'],
    [{ email: 'a@b.co' }, 'newPassword', 'Password is required'],
    [{ email: 'not-an-email', newPassword: NEW_PASSWORD }, 'email', 'Enter a valid email address'],
    [{ newPassword: NEW_PASSWORD }, 'email', 'Email is required'],
    [{ email: 'a@b.co', newPassword: NEW_PASSWORD, userId: 'x' }, 'userId', 'Unknown field: userId'],
  ])('refuses %j with 400 on %s', async (body, field, message) => {
    const res = await resetByEmail(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'invalid_input', field });
  });

  it('leaves the password alone when the new one is too short', async () => {
    const user = await createUser();
    expect((await resetByEmail({ email: user.email, newPassword: '1234567' })).status).toBe(400);
    expect((await signIn(user.email, user.password)).localId).toBe(user.uid);
  });
});

describe('POST /api/auth/change-password/{userId}', () => {
  it('sets the password of the user with that id and revokes their tokens', async () => {
    const user = await createUser();
    const oldToken = user.token;
    await aSecondPasses();

    const res = await changeById(user.uid, { newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password reset successfully' });

    await signInFails(user.email, user.password);
    expect((await signIn(user.email, NEW_PASSWORD)).localId).toBe(user.uid);
    expect(await moneyCall(oldToken)).toMatchObject({ status: 401, body: { message: 'Invalid token' } });
  });

  it('answers 404 User not found for an unknown or impossible id', async () => {
    for (const id of ['no-such-user-id', 'x'.repeat(129)]) {
      expect(await changeById(id, { newPassword: NEW_PASSWORD })).toMatchObject({ status: 404, body: { message: 'User not found' } });
    }
  });

  it('refuses a password under 8 characters', async () => {
    const user = await createUser();
    const res = await changeById(user.uid, { newPassword: 'abc' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Password must be at least 8 characters', field: 'newPassword' } });
    expect((await signIn(user.email, user.password)).localId).toBe(user.uid);
  });
});

describe('a password set by an admin ends every session of the account', () => {
  it.each([
    ['reset by email', (user: TestUser) => resetByEmail({ email: user.email, newPassword: NEW_PASSWORD })],
    ['change by id', (user: TestUser) => changeById(user.uid, { newPassword: NEW_PASSWORD })],
  ])('%s: the reseller API key stops working at once and spends nothing', async (_, setPassword) => {
    const user = await createUser();
    const key = await createApiKeyFor(api.url, user);
    expect(await v2With(api.url, key)).toEqual({ balance: '0.00', currency: 'PKR' });

    expect((await setPassword(user)).status).toBe(200);
    expect(await v2With(api.url, key)).toEqual({ error: 'Invalid API key' });
    expect(await v2With(api.url, key, { action: 'add', service: 1, link: 'https://www.tiktok.com/@x', quantity: 100 })).toEqual({
      error: 'Invalid API key',
    });
    const fresh = await signIn(user.email, NEW_PASSWORD);
    expect((await call(api.url, 'GET', '/api/api-key', { token: fresh.idToken })).body).toEqual({ exists: false });
  });

  it("a reset admin's token from before the reset reads nothing straight from Firestore; signed in again it does", async () => {
    const other = await createUser({ admin: true });
    // The profile (made by the first visit) carries the role the rules require with the claim.
    expect((await call(api.url, 'GET', '/api/user/profile', { token: other.token })).body.user.role).toBe('admin');
    const oldToken = other.token;
    expect(await readFirestoreAs(oldToken, 'users')).toBe(200);
    expect(await readFirestoreAs(oldToken, 'orders')).toBe(200);
    await aSecondPasses();

    expect((await resetByEmail({ email: other.email, newPassword: NEW_PASSWORD })).status).toBe(200);
    expect(await readFirestoreAs(oldToken, 'users')).toBe(403);
    expect(await readFirestoreAs(oldToken, 'orders')).toBe(403);
    expect(await readFirestoreAs(oldToken, `users/${other.uid}`)).toBe(403);

    // Signed in again (the new password, then the second factor), the admin reads again.
    await signIn(other.email, NEW_PASSWORD);
    const fresh = await passSecondFactor(other);
    expect(await readFirestoreAs(fresh, 'users')).toBe(200);
  });
});

describe('authorization', () => {
  it('both endpoints: anonymous 401, user 403 (not even for their own account), and nothing changes', async () => {
    const user = await createUser();
    for (const [path, body] of [
      ['/api/admin/reset-password', { email: user.email, newPassword: NEW_PASSWORD }],
      [`/api/auth/change-password/${user.uid}`, { newPassword: NEW_PASSWORD }],
    ] as const) {
      expect(await call(api.url, 'POST', path, { body })).toMatchObject({ status: 401, body: { message: 'Invalid token' } });
      expect(await call(api.url, 'POST', path, { body, token: user.token })).toMatchObject({
        status: 403,
        body: { message: 'Admin access required' },
      });
    }
    expect((await signIn(user.email, user.password)).localId).toBe(user.uid);
    expect((await moneyCall(user.token)).status).toBe(201);
  });

  it('an admin whose own token was revoked is refused (401)', async () => {
    const other = await createUser({ admin: true });
    const oldToken = other.token;
    await aSecondPasses();
    expect((await changeById(other.uid, { newPassword: NEW_PASSWORD })).status).toBe(200);
    const target = await createUser();
    expect(await changeById(target.uid, { newPassword: NEW_PASSWORD }, oldToken)).toMatchObject({ status: 401 });
    expect(await resetByEmail({ email: target.email, newPassword: NEW_PASSWORD }, oldToken)).toMatchObject({ status: 401 });
  });
});
