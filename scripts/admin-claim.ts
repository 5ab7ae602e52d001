// `npm run admin:grant -- <email>` / `npm run admin:revoke -- <email>`.
// Without GCLOUD_PROJECT, or with a demo- project, it talks to the local emulators (default ports);
// with GCLOUD_PROJECT=<real project> it uses Application Default Credentials.
import { defaultToLocalEmulators, PROJECT_ID } from './lib/emulators';

const [action, email] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !email) {
  console.error('Usage: npm run admin:grant -- <email>   |   npm run admin:revoke -- <email>');
  process.exit(2);
}

process.env.GCLOUD_PROJECT ??= PROJECT_ID;
if (process.env.GCLOUD_PROJECT.startsWith('demo-')) defaultToLocalEmulators();

const { setAdminClaim } = await import('./lib/admin-claim');
try {
  const { uid } = await setAdminClaim(email, action === 'grant');
  const where = process.env.FIREBASE_AUTH_EMULATOR_HOST
    ? `the emulators (${process.env.GCLOUD_PROJECT})`
    : `project ${process.env.GCLOUD_PROJECT}`;
  console.log(
    `${action === 'grant' ? 'Granted' : 'Revoked'} admin for ${email} (${uid}) on ${where}. They must sign in again to get a token with the change.`,
  );
  process.exit(0);
} catch (error) {
  const code = (error as { code?: string }).code;
  console.error(code === 'auth/user-not-found' ? `No account with the email ${email}.` : `Failed: ${(error as Error).message}`);
  process.exit(1);
}
