// The one-off backfill for profiles written before the search by name (`npm run migrate:issue-13-users`):
// users/* get `nameLower`, the lowercased name the admin's search by name matches (as newUserDoc writes it).
// Paged by document id, never loaded whole; a profile that has it is skipped, so a second run, or a run after
// an interrupted one, changes nothing that was done. Names do not change after a profile is made, so a
// batched write cannot undo a concurrent one.
import { FieldPath } from 'firebase-admin/firestore';

export interface UsersMigrationReport {
  scanned: number;
  updated: number;
  /** Profiles without a text name, left as they are (logged). */
  skipped: number;
}

export async function migrateIssue13Users(
  options: { batchSize?: number; log?: (line: string) => void } = {},
): Promise<UsersMigrationReport> {
  const batchSize = options.batchSize ?? 300;
  // A page is one batched write, which Firestore caps at 500 writes.
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 500) throw new Error('batchSize must be 1 to 500');
  const log = options.log ?? (() => {});
  const { db } = await import('../../functions/src/lib/admin');
  const { nameSearchKey } = await import('../../functions/src/services/accounts/users');
  const report: UsersMigrationReport = { scanned: 0, updated: 0, skipped: 0 };
  let after: string | undefined;
  for (;;) {
    let query = db.collection('users').orderBy(FieldPath.documentId()).select('name', 'nameLower').limit(batchSize);
    if (after !== undefined) query = query.startAfter(after);
    const page = await query.get();
    const batch = db.batch();
    let writes = 0;
    for (const doc of page.docs) {
      report.scanned++;
      const name: unknown = doc.get('name');
      if (typeof name !== 'string') {
        report.skipped++;
        log(`users/${doc.id}: no name, left as it is`);
        continue;
      }
      if (doc.get('nameLower') === nameSearchKey(name)) continue;
      batch.update(doc.ref, { nameLower: nameSearchKey(name) });
      writes++;
    }
    if (writes > 0) await batch.commit();
    report.updated += writes;
    after = page.docs.at(-1)?.id;
    if (page.size < batchSize) return report;
  }
}
