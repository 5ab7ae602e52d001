// `npm run migrate:issue-31`: run once after deploying the customer's Orders page (safe to run again).
// Without GCLOUD_PROJECT, or with a demo- project, it talks to the local emulators (default ports);
// with GCLOUD_PROJECT=<real project> it uses Application Default Credentials.
import { defaultToLocalEmulators, PROJECT_ID } from './lib/emulators';

process.env.GCLOUD_PROJECT ??= PROJECT_ID;
if (process.env.GCLOUD_PROJECT.startsWith('demo-')) defaultToLocalEmulators();

const { migrateIssue31 } = await import('./lib/migrate-issue-31');
const where = process.env.FIRESTORE_EMULATOR_HOST
  ? `the emulators (${process.env.GCLOUD_PROJECT})`
  : `project ${process.env.GCLOUD_PROJECT}`;
console.log(`Marking the drip-feeds placed before issue 31 on ${where}…`);
try {
  const { scanned, updated } = await migrateIssue31();
  console.log(`orders: ${scanned} read, ${updated} drip-feeds marked`);
  process.exit(0);
} catch (error) {
  console.error(`Failed: ${(error as Error).message}. Nothing done is undone; run it again to continue.`);
  process.exit(1);
}
