// The one-off backfill for drip-feeds placed before the customer's Orders page (`npm run migrate:issue-31`):
// orders/* with a `dripFeed` get `isDripFeed: true`, what the page's Drip-feed tab filters on (as placement
// writes it now). Paged by document id, never loaded whole; an order that has it is skipped, so a second run,
// or a run after an interrupted one, changes nothing that was done. Nothing else writes or removes the field.
import { FieldPath } from 'firebase-admin/firestore';

export interface DripFeedMigrationReport {
  scanned: number;
  updated: number;
}

export async function migrateIssue31(options: { batchSize?: number } = {}): Promise<DripFeedMigrationReport> {
  const batchSize = options.batchSize ?? 300;
  // A page is one batched write, which Firestore caps at 500 writes.
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 500) throw new Error('batchSize must be 1 to 500');
  const { db } = await import('../../functions/src/lib/admin');
  const report: DripFeedMigrationReport = { scanned: 0, updated: 0 };
  let after: string | undefined;
  for (;;) {
    let query = db.collection('orders').orderBy(FieldPath.documentId()).select('dripFeed', 'isDripFeed').limit(batchSize);
    if (after !== undefined) query = query.startAfter(after);
    const page = await query.get();
    const batch = db.batch();
    let writes = 0;
    for (const doc of page.docs) {
      report.scanned++;
      if (doc.get('dripFeed') === undefined || doc.get('isDripFeed') === true) continue;
      batch.update(doc.ref, { isDripFeed: true });
      writes++;
    }
    if (writes > 0) await batch.commit();
    report.updated += writes;
    after = page.docs.at(-1)?.id;
    if (page.size < batchSize) return report;
  }
}
