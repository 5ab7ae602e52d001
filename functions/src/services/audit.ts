// Who did what, for admins only: facts about an admin (their email) kept out of the documents the
// customer reads (recharges, recharge requests), in audit/{collection}-{id}, written in the same
// transaction as the document they are about. firestore.rules let only admins read them.
import type { DocumentReference, Timestamp, Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin';

export type AuditAction = 'credit' | 'approve' | 'reject';

export interface AuditDoc {
  /** The document it is about, e.g. `recharges/abc`. */
  subject: string;
  action: AuditAction;
  /** The admin's email at the time ("seed" for the demo data). */
  by: string;
  /** '' on records moved from documents written before issue 12, which kept only the email. */
  byUid: string;
  at: Timestamp;
}

export const auditRef = (subject: DocumentReference) => db.collection('audit').doc(`${subject.parent.id}-${subject.id}`);

/** The write phase: the record of `subject`, which is created or decided once in the same transaction. */
export function writeAudit(
  tx: Transaction,
  subject: DocumentReference,
  action: AuditAction,
  admin: { uid: string; email: string },
  now: Timestamp,
): void {
  tx.create(auditRef(subject), { subject: subject.path, action, by: admin.email, byUid: admin.uid, at: now } satisfies AuditDoc);
}

/** Who acted on each of `subjects`, by document id, in one read (a page of a list). */
export async function auditedBy(subjects: DocumentReference[]): Promise<Map<string, string>> {
  const by = new Map<string, string>();
  if (subjects.length === 0) return by;
  const snaps = await db.getAll(...subjects.map(auditRef));
  for (const [i, snap] of snaps.entries()) {
    const record = snap.data() as AuditDoc | undefined;
    const subject = subjects[i];
    if (record && subject) by.set(subject.id, record.by);
  }
  return by;
}
