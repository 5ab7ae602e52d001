// The one-off backfill for documents older than these two changes (`npm run migrate:issue-12`):
// - orders/* get the linkHash the admin's link search matches (as placeOrder writes it);
// - recharges/* `by` and rechargeRequests/* `decidedBy` (an admin's email, in documents the customer
//   reads) move to audit/, in the record the current code writes, and the old field goes.
// Each collection is paged by document id, never loaded whole. Every step skips what is already new,
// so a second run, or a run after an interrupted one, changes nothing that was done.
import {
  type DocumentReference,
  type DocumentSnapshot,
  FieldPath,
  FieldValue,
  type Firestore,
  type Timestamp,
} from 'firebase-admin/firestore';

export interface MigrationCounts {
  scanned: number;
  updated: number;
  /** Documents of the old shape left as they are (see the log line for which and why). */
  skipped: number;
}

export interface MigrationReport {
  orders: MigrationCounts;
  recharges: MigrationCounts;
  rechargeRequests: MigrationCounts;
}

export interface MigrationOptions {
  batchSize?: number;
  log?: (line: string) => void;
}

const counts = (): MigrationCounts => ({ scanned: 0, updated: 0, skipped: 0 });

/** Every page of `collection` by document id; `select` limits what is read of each document. */
async function forEachPage(
  db: Firestore,
  collection: string,
  fields: string[],
  batchSize: number,
  handle: (docs: DocumentSnapshot[]) => Promise<void>,
): Promise<void> {
  let after: string | undefined;
  for (;;) {
    let query = db
      .collection(collection)
      .orderBy(FieldPath.documentId())
      .select(...fields)
      .limit(batchSize);
    if (after !== undefined) query = query.startAfter(after);
    const page = await query.get();
    if (page.empty) return;
    await handle(page.docs);
    after = page.docs[page.docs.length - 1]?.id;
    if (page.size < batchSize) return;
  }
}

export async function migrateIssue12(options: MigrationOptions = {}): Promise<MigrationReport> {
  const batchSize = options.batchSize ?? 300;
  // A page of orders is one batched write, which Firestore caps at 500 writes.
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 500) throw new Error('batchSize must be 1 to 500');
  const log = options.log ?? (() => {});
  const { db } = await import('../../functions/src/lib/admin');
  const { orderLinkHash } = await import('../../functions/src/services/orders/orders');
  const { auditRef, writeAudit } = await import('../../functions/src/services/kernel/audit');
  const report: MigrationReport = { orders: counts(), recharges: counts(), rechargeRequests: counts() };

  // linkHash follows from the link, which no one changes after placing: one batched write per page,
  // and a concurrent run writes the same value.
  await forEachPage(db, 'orders', ['link', 'linkHash'], batchSize, async (docs) => {
    const batch = db.batch();
    let writes = 0;
    for (const doc of docs) {
      report.orders.scanned++;
      if (doc.get('linkHash') !== undefined) continue;
      const link: unknown = doc.get('link');
      if (typeof link !== 'string') {
        report.orders.skipped++;
        log(`orders/${doc.id}: no link, left as it is`);
        continue;
      }
      batch.update(doc.ref, { linkHash: orderLinkHash(link) });
      writes++;
    }
    if (writes > 0) await batch.commit();
    report.orders.updated += writes;
  });

  /**
   * Moves `field` of one document to its audit record in a transaction: re-read, skipped when the
   * field is already gone; an audit record already there (the current code wrote it) is kept.
   */
  const moveToAudit = async (
    ref: DocumentReference,
    field: 'by' | 'decidedBy',
    fact: (data: Record<string, unknown>) => { action: 'credit' | 'approve' | 'reject'; at: Timestamp } | string,
    tally: MigrationCounts,
  ) => {
    const outcome = await db.runTransaction(async (tx) => {
      const [snap, audit] = await tx.getAll(ref, auditRef(ref));
      const data = snap?.data();
      const email = data?.[field];
      if (!data || email === undefined) return 'done';
      const found = fact(data);
      if (typeof found === 'string') return found;
      if (!audit?.exists) {
        // The old documents named the admin by email only: no uid is known.
        writeAudit(tx, ref, found.action, { uid: '', email: String(email) }, found.at);
      }
      tx.update(ref, { [field]: FieldValue.delete() });
      return 'moved';
    });
    if (outcome === 'moved') tally.updated++;
    else if (outcome !== 'done') {
      tally.skipped++;
      log(`${ref.path}: ${outcome}, left as it is`);
    }
  };

  // Some documents per page at once: one transaction each, so a document is moved whole or not at all.
  const inChunks = async (docs: DocumentSnapshot[], work: (doc: DocumentSnapshot) => Promise<void>) => {
    for (let i = 0; i < docs.length; i += 20) await Promise.all(docs.slice(i, i + 20).map(work));
  };

  await forEachPage(db, 'recharges', ['by'], batchSize, (docs) =>
    inChunks(docs, async (doc) => {
      report.recharges.scanned++;
      if (doc.get('by') === undefined) return;
      await moveToAudit(
        doc.ref,
        'by',
        (data) => (data.date ? { action: 'credit', at: data.date as Timestamp } : 'no date'),
        report.recharges,
      );
    }),
  );

  await forEachPage(db, 'rechargeRequests', ['decidedBy'], batchSize, (docs) =>
    inChunks(docs, async (doc) => {
      report.rechargeRequests.scanned++;
      if (doc.get('decidedBy') === undefined) return;
      await moveToAudit(
        doc.ref,
        'decidedBy',
        (data) => {
          const action = data.status === 'approved' ? 'approve' : data.status === 'rejected' ? 'reject' : undefined;
          if (!action) return `status ${String(data.status)}`;
          const at = (data.decidedAt ?? data.createdAt) as Timestamp | undefined;
          return at ? { action, at } : 'no decidedAt';
        },
        report.rechargeRequests,
      );
    }),
  );

  return report;
}
