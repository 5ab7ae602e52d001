import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, passSecondFactor, readFirestoreAs, resetEmulators } from '../../tests/support/api';
import { ROOT } from './emulators';

const cli = (...args: string[]) =>
  spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'scripts', 'admin-claim.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: process.env,
  });

describe('npm run admin:grant / admin:revoke', () => {
  beforeAll(async () => {
    await resetEmulators();
  });

  it('grants the admin claim keeping other claims, and revokes it (ending the sessions)', async () => {
    const user = await createUser();
    const { auth } = await import('../../functions/src/lib/admin');
    await auth.setCustomUserClaims(user.uid, { beta: true });

    const granted = cli('grant', user.email.toUpperCase());
    // Node may print process warnings; anything else on stderr is an error of the script.
    expect(granted.stderr.split('\n').filter((line) => line.trim() && !/Warning|--trace-warnings/.test(line))).toEqual([]);
    expect(granted.status).toBe(0);
    expect(granted.stdout).toContain(`Granted admin for ${user.email.toUpperCase()}`);
    expect((await auth.getUser(user.uid)).customClaims).toEqual({ beta: true, admin: true });

    // The session signed in before the grant is still good, until the revoke.
    expect(await auth.verifyIdToken(user.token, true)).toMatchObject({ uid: user.uid });
    const before = (await auth.getUser(user.uid)).tokensValidAfterTime;
    // Sign-in and revocation times are whole seconds: revoke in a later second than the sign-in.
    const signedInAt = (JSON.parse(Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString()) as { auth_time: number }).auth_time;
    while (Date.now() < (signedInAt + 1) * 1000) await sleep(50);

    const revoked = cli('revoke', user.email);
    expect(revoked.status).toBe(0);
    const after = await auth.getUser(user.uid);
    expect(after.customClaims).toEqual({ beta: true });
    // The emulator sets tokensValidAfterTime when the account is made: the revoke must move it on,
    // and the open session's token is refused from now on.
    expect(Date.parse(after.tokensValidAfterTime ?? '')).toBeGreaterThan(Date.parse(before ?? ''));
    await expect(auth.verifyIdToken(user.token, true)).rejects.toMatchObject({ code: 'auth/id-token-revoked' });
  });

  it('keeps the rules in step: the granted admin reads Firestore; revoked, the old token reads nothing and the API key ends', async () => {
    const user = await createUser();
    const { ensureProfile, identityByEmail } = await import('../../functions/src/services/accounts/users');
    const { createApiKey } = await import('../../functions/src/services/accounts/api-keys');
    const { resolveApiKey } = await import('../../functions/src/services/accounts/sessions');
    const { auth, db } = await import('../../functions/src/lib/admin');
    await ensureProfile(await identityByEmail(user.email));

    expect(cli('grant', user.email).status).toBe(0);
    // Signed in again with the password alone, the claim reads nothing of others ...
    expect(await readFirestoreAs(await user.refresh(), 'users')).toBe(403);
    // ... and with the second factor passed, everything.
    const token = await passSecondFactor(user);
    expect((await db.collection('users').doc(user.uid).get()).data()?.role).toBe('admin');
    expect(await readFirestoreAs(token, 'users')).toBe(200);
    const key = await createApiKey(await identityByEmail(user.email));
    expect(await resolveApiKey(key)).not.toBeNull();

    await sleep(1100); // revocation has one-second precision
    expect(cli('revoke', user.email).status).toBe(0);
    expect(await readFirestoreAs(token, 'users')).toBe(403);
    expect(await readFirestoreAs(token, `users/${user.uid}`)).toBe(403);
    expect(await resolveApiKey(key)).toBeNull();
    const profile = (await db.collection('users').doc(user.uid).get()).data();
    expect(profile).toMatchObject({ role: 'user', apiKey: null });
    const { tokensValidAfterTime } = await auth.getUser(user.uid);
    expect(profile?.sessionsValidAfter.toMillis()).toBe(Date.parse(tokensValidAfterTime ?? ''));
    // Signed in again, the customer reads their own profile.
    expect(await readFirestoreAs(await user.refresh(), `users/${user.uid}`)).toBe(200);
  });

  it('fails clearly for an unknown email and for a missing argument', () => {
    const unknown = cli('grant', 'nobody@example.com');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account with the email nobody@example.com.');
    const usage = cli('grant');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage:');
  });
});
