// The one-off backfills' walk (`npm run migrate:…`): a collection paged by document id, never loaded whole,
// each page one batched write of the changes `change` asks for (null: the document stays as it is). A
// document already changed must answer null, so a second run, or a run after an interrupted one, changes
// nothing that was done.
import { type DocumentData, FieldPath, type QueryDocumentSnapshot } from 'firebase-admin/firestore';

export async function backfill(options: {
  collection: string;
  /** The fields `change` reads (the only ones fetched). */
  fields: string[];
  batchSize: number;
  change: (doc: QueryDocumentSnapshot) => DocumentData | null;
}): Promise<{ scanned: number; updated: number }> {
  const { batchSize } = options;
  // A page is one batched write, which Firestore caps at 500 writes.
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 500) throw new Error('batchSize must be 1 to 500');
  const { db } = await import('../../functions/src/lib/admin');
  const report = { scanned: 0, updated: 0 };
  let after: string | undefined;
  for (;;) {
    let query = db
      .collection(options.collection)
      .orderBy(FieldPath.documentId())
      .select(...options.fields)
      .limit(batchSize);
    if (after !== undefined) query = query.startAfter(after);
    const page = await query.get();
    const batch = db.batch();
    let writes = 0;
    for (const doc of page.docs) {
      report.scanned++;
      const update = options.change(doc);
      if (update === null) continue;
      batch.update(doc.ref, update);
      writes++;
    }
    if (writes > 0) await batch.commit();
    report.updated += writes;
    after = page.docs.at(-1)?.id;
    if (page.size < batchSize) return report;
  }
}
