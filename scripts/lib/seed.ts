// Seeds the emulators, idempotently: the catalogue, the public settings, the admin and the demo
// customer with Rs 500 credited through the same code path as a real top-up, and (when `npm start`
// runs one) the demo provider with a few of its services imported and linked, through the admin's
// own service code; and (`npm start` again) about 60 days of demo history for the reports, on an empty
// store only (scripts/lib/demo-history.ts); and the demo wallet phone for the Easypaisa wallet (decision
// record 0015). It refuses to run unless every Admin SDK call is pointed at the emulators of a `demo-`
// project.
import type { Actor } from '../../functions/src/services/kernel/audit';
import { DEMO_ADMIN, DEMO_BALANCE_RUPEES, DEMO_PROVIDER, DEMO_USER } from './demo';
import { DEMO_PHONE } from './wallet-phone';

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

export interface SeedOptions {
  /** A running demo provider (scripts/lib/demo-provider.ts) to seed as a provider. */
  demoProvider?: { url: string; key: string };
  /**
   * Back-dated demo history (customers, top-ups, orders), folded into the reports: written only when
   * the store had no ledger entry and no fold state before this seed ran, never over anyone's data.
   */
  history?: boolean;
}

export interface SeedResult {
  services: number;
  /** The demo provider's id (null: not asked for, or the panel already runs other providers) and the services imported now. */
  demoProvider?: { id: string | null; imported: number };
  /** What the demo history wrote (absent: not asked for, or the store was not empty). */
  history?: { customers: number; orders: number; entries: number };
}

/**
 * The demo provider, added as the admin adds one (createProvider calls its `balance`), then a few of
 * its services imported with a markup (importServices: linked, priced from its rates). Never over an
 * admin's work: a provider at the demo's URL is kept as it is, and none is added to a panel that
 * already has other providers; the import runs only while no service is linked to it.
 */
async function seedDemoProvider(actor: Actor, demo: { url: string; key: string }): Promise<{ id: string | null; imported: number }> {
  const { providersCollection, serviceLinksCollection } = await import('../../functions/src/services/providers/provider-store');
  const { createProvider, importServices } = await import('../../functions/src/services/providers/providers');
  const { createProviderBody, importServicesBody } = await import('../../functions/src/shared/providers');
  const { providerPort } = await import('../../functions/src/workers/provider-port');
  const providers = providerPort();

  const atDemoUrl = await providersCollection().where('url', '==', demo.url).limit(1).get();
  let id: string;
  if (atDemoUrl.docs[0]) id = atDemoUrl.docs[0].id;
  else {
    if (!(await providersCollection().limit(1).get()).empty) return { id: null, imported: 0 };
    const body = createProviderBody.parse({
      name: DEMO_PROVIDER.name,
      url: demo.url,
      key: demo.key,
      currency: DEMO_PROVIDER.currency,
      rateToPkr: DEMO_PROVIDER.rateToPkr,
    });
    id = (await createProvider(actor, body, providers))._id;
  }
  if (!(await serviceLinksCollection().where('providerId', '==', id).limit(1).get()).empty) return { id, imported: 0 };
  // The key makes two seeds at once import once (the second replays the first's answer).
  const body = importServicesBody.parse({ providerId: id, items: DEMO_PROVIDER.imports });
  const answer = await importServices(actor, body, providers, `seed-demo-provider-${id}`);
  return { id, imported: answer.replayed ? 0 : answer.value.services.length };
}

/**
 * The demo Easypaisa wallet phone, paired as an admin pairs one but with the fixed id and key
 * of scripts/lib/wallet-phone.ts, so `npm run wallet:sms` can send a payment SMS as it. Kept if paired.
 */
async function seedDemoPhone(actor: Actor): Promise<void> {
  const { createWalletDevice, walletDevicesCollection } = await import('../../functions/src/services/top-ups/wallet-devices');
  if ((await walletDevicesCollection().doc(DEMO_PHONE.id).get()).exists) return;
  await createWalletDevice(
    actor,
    { name: DEMO_PHONE.name, wallet: DEMO_PHONE.wallet, senders: [...DEMO_PHONE.senders] },
    'http://127.0.0.1:5000',
    { id: DEMO_PHONE.id, signingKey: DEMO_PHONE.signingKey },
  );
}

export async function seed(options: SeedOptions = {}): Promise<SeedResult> {
  assertEmulatorOnly();
  // Imported only after the check, so the Admin SDK initialises against the emulators.
  const { auth } = await import('../../functions/src/lib/admin');
  const { seedCatalogue } = await import('../../functions/src/services/catalogue/catalogue');
  const { seedSettings } = await import('../../functions/src/services/top-ups/public-settings');
  const { ensureProfile, identityByEmail } = await import('../../functions/src/services/accounts/users');
  const { ledgerCollection } = await import('../../functions/src/services/money/ledger');
  const { addBalance } = await import('../../functions/src/services/money/credits');
  const { storeIsEmpty, writeDemoHistory } = await import('./demo-history');

  // Decided before this seed writes anything (the demo balance is a ledger entry).
  const historyWanted = options.history === true && (await storeIsEmpty());

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
      const { userRef } = await import('../../functions/src/services/accounts/users');
      await userRef(uid).update({ role: 'admin' });
    }
    return identity;
  }

  const admin = await ensureAccount(DEMO_ADMIN, true);
  // The demo admin's second factor, with the fixed key `npm start` prints: enrolled once.
  const { enrollMfa, getMfaStatus } = await import('../../functions/src/services/accounts/admin-mfa');
  if (!(await getMfaStatus(admin.uid)).enrolled) await enrollMfa(admin, undefined, 'in-process', { secret: DEMO_ADMIN.totpSecret });
  const demo = await ensureAccount(DEMO_USER, false);
  const seedActor: Actor = { uid: admin.uid, email: 'seed' };

  // The demo balance is credited once: only while the demo account has no ledger entry at all.
  const entries = await ledgerCollection(demo.uid).limit(1).get();
  if (entries.empty) {
    await addBalance(seedActor, { email: DEMO_USER.email, amount: DEMO_BALANCE_RUPEES, method: 'seed' }, 'seed-demo-balance');
  }
  const result: SeedResult = { services };
  if (options.demoProvider) result.demoProvider = await seedDemoProvider(seedActor, options.demoProvider);
  await seedDemoPhone(seedActor);
  // After the demo provider, so the history's provider orders go to it.
  if (historyWanted) {
    const { customers, orders, entries } = await writeDemoHistory(seedActor);
    result.history = { customers, orders, entries };
  }
  return result;
}
