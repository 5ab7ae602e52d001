import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../functions/src/shared/catalogue';
import { passSecondFactor, readFirestoreAs, resetEmulators, signIn } from '../../tests/support/api';
import { expectMoneyInvariants } from '../../tests/support/money-invariants';
import { DEMO_ADMIN, DEMO_USER } from './demo';
import { assertEmulatorOnly, seed } from './seed';

describe('seed', () => {
  beforeAll(async () => {
    await resetEmulators();
  });

  it('refuses to run unless pointed at the emulators of a demo- project', () => {
    expect(() => assertEmulatorOnly({ GCLOUD_PROJECT: 'demo-x' })).toThrow(/only against the emulators/);
    expect(() =>
      assertEmulatorOnly({ GCLOUD_PROJECT: 'shohrat-prod', FIRESTORE_EMULATOR_HOST: 'h:1', FIREBASE_AUTH_EMULATOR_HOST: 'h:2' }),
    ).toThrow(/demo- project/);
    expect(() =>
      assertEmulatorOnly({
        GCLOUD_PROJECT: 'demo-x',
        FIRESTORE_EMULATOR_HOST: 'h:1',
        FIREBASE_AUTH_EMULATOR_HOST: 'h:2',
        GOOGLE_APPLICATION_CREDENTIALS: '/k.json',
      }),
    ).toThrow(/GOOGLE_APPLICATION_CREDENTIALS/);
  });

  it('is idempotent: twice leaves one admin, one demo customer with Rs 500, the catalogue and settings', async () => {
    await seed();
    await seed();
    const { auth, db } = await import('../../functions/src/lib/admin');
    const users = await auth.listUsers();
    expect(users.users.map((u) => u.email).sort()).toEqual([DEMO_ADMIN.email, DEMO_USER.email]);
    const admin = users.users.find((u) => u.email === DEMO_ADMIN.email);
    expect(admin?.customClaims).toEqual({ admin: true });

    const demo = users.users.find((u) => u.email === DEMO_USER.email);
    const profile = await db
      .collection('users')
      .doc(demo?.uid ?? '?')
      .get();
    expect(profile.get('balancePaisa')).toBe(50_000);
    const ledger = await db
      .collection('users')
      .doc(demo?.uid ?? '?')
      .collection('ledger')
      .get();
    expect(ledger.size).toBe(1);
    expect((await db.collection('recharges').get()).size).toBe(1);
    expect((await db.collection('services').get()).size).toBe(CATALOGUE.length);
    expect((await db.collection('settings').doc('public').get()).get('wallets')).toHaveLength(4);
    await expectMoneyInvariants();
  });

  it('makes the demo admin an admin for firestore.rules too (the claim and the role on the profile)', async () => {
    await seed();
    // The password alone opens nothing of others; with the seeded key's code, everything.
    const passwordOnly = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(await readFirestoreAs(passwordOnly.idToken, 'users')).toBe(403);
    const { auth } = await import('../../functions/src/lib/admin');
    const { uid } = await auth.getUserByEmail(DEMO_ADMIN.email);
    const { adminMfaRef } = await import('../../functions/src/services/accounts/admin-mfa');
    expect((await adminMfaRef(uid).get()).data()?.secret).toBe(DEMO_ADMIN.totpSecret);
    const admin = { idToken: await passSecondFactor({ uid, email: DEMO_ADMIN.email, name: DEMO_ADMIN.name }) };
    expect(await readFirestoreAs(admin.idToken, 'users')).toBe(200);
    expect(await readFirestoreAs(admin.idToken, 'audit')).toBe(200);
    const demo = await signIn(DEMO_USER.email, DEMO_USER.password);
    expect(await readFirestoreAs(demo.idToken, 'users')).toBe(403);
  });
});
