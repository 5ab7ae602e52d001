// `npm run migrate:issue-12`: run once after deploying the search by link and the admins'
// emails kept in audit/ (safe to run again).
// Without GCLOUD_PROJECT, or with a demo- project, it talks to the local emulators (default ports);
// with GCLOUD_PROJECT=<real project> it uses Application Default Credentials.
import { defaultToLocalEmulators, PROJECT_ID } from './lib/emulators';

process.env.GCLOUD_PROJECT ??= PROJECT_ID;
if (process.env.GCLOUD_PROJECT.startsWith('demo-')) defaultToLocalEmulators();

const { migrateIssue12 } = await import('./lib/migrate-issue-12');
const where = process.env.FIRESTORE_EMULATOR_HOST
  ? `the emulators (${process.env.GCLOUD_PROJECT})`
  : `project ${process.env.GCLOUD_PROJECT}`;
console.log(`Migrating documents written before issue 12 on ${where}…`);
try {
  const report = await migrateIssue12({ log: (line) => console.log(`  ${line}`) });
  for (const [collection, { scanned, updated, skipped }] of Object.entries(report)) {
    console.log(`${collection}: ${scanned} read, ${updated} migrated, ${skipped} left as they are`);
  }
  process.exit(0);
} catch (error) {
  console.error(`Failed: ${(error as Error).message}. Nothing done is undone; run it again to continue.`);
  process.exit(1);
}
