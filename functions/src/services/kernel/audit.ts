// The audit trail: every admin action appends one immutable entry to audit/ in the same transaction as
// the action (who, when, what, before and after), so a failed action leaves none and a done one always
// has one. Entries are admin-only facts (an admin's email is never in a customer's documents), and
// firestore.rules deny every client write: nobody, admins included, edits or deletes one.
//
// An action that happens once per subject (a credit, a top-up decision) keeps the deterministic id
// `{collection}-{id}`, so `auditedBy` finds who did it in one read; repeatable actions (a status change,
// a price edit) get an auto id.
import type { DocumentReference, Query, Timestamp, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../lib/admin';
import { pageNewestFirst } from '../../lib/pagination';
import { getAllOf, timestampSchema, typedCollection } from '../../lib/typed-collection';
import { AUDIT_TYPES, type AuditType } from '../../shared/audit';
import type { AuditEntry } from '../../shared/schemas/reports';

const changedFieldsSchema = z.record(z.string(), z.unknown()).nullable().optional();

export const auditDocSchema = z.object({
  /** The document it is about, e.g. `recharges/abc`, `orders/123456789`, `settings/app`. */
  subject: z.string(),
  action: z.enum(AUDIT_TYPES),
  /** The admin's email at the time ("seed" for the demo data). */
  by: z.string(),
  /** '' on records `npm run migrate:issue-12` moved from older documents, which kept only the email. */
  byUid: z.string(),
  at: timestampSchema,
  /** The fields the action changed, as they were and as they became (absent on the oldest records). */
  before: changedFieldsSchema,
  after: changedFieldsSchema,
  /** Why, where the action asks for a reason (adjustments, blocks). */
  reason: z.string().optional(),
});
export type AuditDoc = z.infer<typeof auditDocSchema>;

export interface Actor {
  uid: string;
  email: string;
}

export const auditCollection = () => typedCollection('audit', auditDocSchema);
export const auditRef = (subject: DocumentReference) => auditCollection().doc(`${subject.parent.id}-${subject.id}`);

export interface AuditInput {
  subject: DocumentReference | string;
  action: AuditType;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | undefined;
  /**
   * The entry's id: give the subject's ref (`once: true`) for an action that happens once per subject,
   * so a second attempt fails inside the transaction instead of writing two entries.
   */
  once?: boolean;
}

/** The write phase: appends the entry inside `tx` (after every read of the transaction). */
export function recordAudit(tx: Transaction, actor: Actor, now: Timestamp, input: AuditInput): DocumentReference {
  const subjectPath = typeof input.subject === 'string' ? input.subject : input.subject.path;
  const ref = input.once && typeof input.subject !== 'string' ? auditRef(input.subject) : auditCollection().doc();
  const doc: AuditDoc = {
    subject: subjectPath,
    action: input.action,
    by: actor.email,
    byUid: actor.uid,
    at: now,
    ...(input.before !== undefined ? { before: input.before } : {}),
    ...(input.after !== undefined ? { after: input.after } : {}),
    ...(input.reason !== undefined ? { reason: input.reason } : {}),
  };
  tx.create(ref, stripUndefined(doc));
  return ref;
}

/** Firestore refuses `undefined` anywhere in a document; before/after objects are built from optionals. */
function stripUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map(stripUndefined) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, stripUndefined(v)]),
    ) as T;
  }
  return value;
}

/** The once-per-subject record of `subject` (a credit, a top-up decision). */
export function writeAudit(
  tx: Transaction,
  subject: DocumentReference,
  action: AuditType,
  admin: Actor,
  now: Timestamp,
  details: Omit<AuditInput, 'subject' | 'action' | 'once'> = {},
): void {
  recordAudit(tx, admin, now, { ...details, subject, action, once: true });
}

/** Who acted on each of `subjects`, by document id, in one read (a page of a list). */
export async function auditedBy(subjects: DocumentReference[]): Promise<Map<string, string>> {
  const by = new Map<string, string>();
  if (subjects.length === 0) return by;
  const snaps = await getAllOf(db, ...subjects.map(auditRef));
  for (const [i, snap] of snaps.entries()) {
    const record = snap.data();
    const subject = subjects[i];
    if (record && subject) by.set(subject.id, record.by);
  }
  return by;
}

export function auditToWire(id: string, doc: AuditDoc): AuditEntry {
  return {
    _id: id,
    subject: doc.subject,
    action: doc.action,
    by: doc.by,
    byUid: doc.byUid,
    at: doc.at.toDate().toISOString(),
    ...(doc.before !== undefined ? { before: doc.before } : {}),
    ...(doc.after !== undefined ? { after: doc.after } : {}),
    ...(doc.reason !== undefined ? { reason: doc.reason } : {}),
  };
}

/** The trail, newest first; `actor` is an admin's email (contains "@") or uid, `type` an action kind. */
export async function listAudit(page: {
  limit: number;
  cursor?: string | undefined;
  actor?: string | undefined;
  type?: AuditType | undefined;
}) {
  let query: Query<AuditDoc> = auditCollection();
  const actor = page.actor?.trim();
  if (actor) query = actor.includes('@') ? query.where('by', '==', actor.toLowerCase()) : query.where('byUid', '==', actor);
  if (page.type) query = query.where('action', '==', page.type);
  return pageNewestFirst(query, 'at', page, (d) => auditToWire(d.id, d.data()));
}
