// Seeds the emulators, idempotently: the catalogue, the public settings, the admin and the demo
// customer with Rs 500 credited through the same code path as a real top-up. It refuses to run
// unless every Admin SDK call is pointed at the emulators of a `demo-` project.
import { DEMO_ADMIN, DEMO_BALANCE_RUPEES, DEMO_USER } from './demo';

export function assertEmulatorOnly(env: NodeJS.ProcessEnv = process.env): void {
  const project = env.GCLOUD_PROJECT ?? '';
  if (!env.FIRESTORE_EMULATOR_HOST || !env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error('Seeding runs only against the emulators: FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST must be set.');
  }
  if (!project.startsWith('demo-')) {
    throw new Error(`Seeding runs only against a demo- project, not "${project}".`);
  }
  if (env.GOOGLE_APPLICATION_CREDENTIALS) {
    throw new Error('Seeding refuses to run with GOOGLE_APPLICATION_CREDENTIALS set.');
  }
}

export async function seed(): Promise<{ services: number }> {
  assertEmulatorOnly();
  // Imported only after the check, so the Admin SDK initialises against the emulators.
  const { auth } = await import('../../functions/src/lib/admin');
  const { seedCatalogue } = await import('../../functions/src/services/catalogue');
  const { seedSettings } = await import('../../functions/src/services/settings');
  const { ensureProfile, identityByEmail } = await import('../../functions/src/services/users');
  const { ledgerCollection } = await import('../../functions/src/services/ledger');
  const { addBalance } = await import('../../functions/src/services/recharges');

  const services = await seedCatalogue();
  await seedSettings();

  async function ensureAccount(account: { email: string; password: string; name: string }, admin: boolean) {
    let uid: string;
    try {
      uid = (await auth.getUserByEmail(account.email)).uid;
    } catch {
      uid = (await auth.createUser({ email: account.email, password: account.password, displayName: account.name, emailVerified: true }))
        .uid;
    }
    if (admin) await auth.setCustomUserClaims(uid, { admin: true });
    const identity = await identityByEmail(account.email);
    await ensureProfile(identity, account.name);
    if (admin) {
      const { userRef } = await import('../../functions/src/services/users');
      await userRef(uid).update({ role: 'admin' });
    }
    return identity;
  }

  const admin = await ensureAccount(DEMO_ADMIN, true);
  const demo = await ensureAccount(DEMO_USER, false);

  // The demo balance is credited once: only while the demo account has no ledger entry at all.
  const entries = await ledgerCollection(demo.uid).limit(1).get();
  if (entries.empty) {
    await addBalance(
      { uid: admin.uid, email: 'seed' },
      { email: DEMO_USER.email, amount: DEMO_BALANCE_RUPEES, method: 'seed' },
      'seed-demo-balance',
    );
  }
  return { services };
}
