// `npm run migrate:issue-13-users`: run once after deploying the search by name (safe to run again).
// Without GCLOUD_PROJECT, or with a demo- project, it talks to the local emulators (default ports);
// with GCLOUD_PROJECT=<real project> it uses Application Default Credentials.
import { defaultToLocalEmulators, PROJECT_ID } from './lib/emulators';

process.env.GCLOUD_PROJECT ??= PROJECT_ID;
if (process.env.GCLOUD_PROJECT.startsWith('demo-')) defaultToLocalEmulators();

const { migrateIssue13Users } = await import('./lib/migrate-issue-13-users');
const where = process.env.FIRESTORE_EMULATOR_HOST
  ? `the emulators (${process.env.GCLOUD_PROJECT})`
  : `project ${process.env.GCLOUD_PROJECT}`;
console.log(`Adding the name search field to profiles written before issue 13 on ${where}…`);
try {
  const { scanned, updated, skipped } = await migrateIssue13Users({ log: (line) => console.log(`  ${line}`) });
  console.log(`users: ${scanned} read, ${updated} migrated, ${skipped} left as they are`);
  process.exit(0);
} catch (error) {
  console.error(`Failed: ${(error as Error).message}. Nothing done is undone; run it again to continue.`);
  process.exit(1);
}
