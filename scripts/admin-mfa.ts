// `npm run admin:code` prints the demo admin's current two-step code (or `-- --secret <key>` another
// key's), as an authenticator app shows it. `npm run admin:mfa-reset -- <email>` removes an admin's second
// factor (a lost phone and no recovery code left): their next sign-in sets it up again. Like admin:grant,
// it talks to the emulators unless GCLOUD_PROJECT names a real project (Application Default Credentials).
import { parseArgs } from 'node:util';
import { currentTotp, stepAt, TOTP_STEP_SECONDS } from '../functions/src/lib/totp';
import { DEMO_ADMIN } from './lib/demo';
import { defaultToLocalEmulators, PROJECT_ID } from './lib/emulators';

const { values, positionals } = parseArgs({ options: { secret: { type: 'string' } }, allowPositionals: true });
const [action, email] = positionals;

if (action === 'code') {
  const secret = values.secret ?? DEMO_ADMIN.totpSecret;
  const left = TOTP_STEP_SECONDS - (Math.floor(Date.now() / 1000) % TOTP_STEP_SECONDS);
  console.log(`${currentTotp(secret)}  (valid for ${left} s more; step ${stepAt(Date.now())})`);
  process.exit(0);
}
if (action !== 'reset' || !email) {
  console.error('Usage: npm run admin:code [-- --secret <key>]   |   npm run admin:mfa-reset -- <email>');
  process.exit(2);
}

process.env.GCLOUD_PROJECT ??= PROJECT_ID;
if (process.env.GCLOUD_PROJECT.startsWith('demo-')) defaultToLocalEmulators();
const { auth } = await import('../functions/src/lib/admin');
const { resetMfa } = await import('../functions/src/services/accounts/admin-mfa');
try {
  const { uid } = await auth.getUserByEmail(email);
  const removed = await resetMfa({ uid: 'script', email: 'npm run admin:mfa-reset' }, uid);
  console.log(
    removed ? `Removed the second factor of ${email}: their next sign-in sets it up again.` : `${email} has no second factor set up.`,
  );
  process.exit(0);
} catch (error) {
  const code = (error as { code?: string }).code;
  console.error(code === 'auth/user-not-found' ? `No account with the email ${email}.` : `Failed: ${(error as Error).message}`);
  process.exit(1);
}
