// One admin-only settings document (settings/{id}: the rules let clients read settings/public alone): its
// stored fields over the defaults (a field added later takes its default until saved), read inside a
// transaction when given one, and the admin's edit, which replaces it with its audit entry. The forwarding
// settings (providers/) and the top-up autopilot's limits (top-ups/) are such documents.
import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import type { z } from 'zod/mini';
import { db } from '../../lib/admin';
import { type Actor, recordAudit } from './audit';
import { runInTransaction } from './transactions';

export function adminSettingsDocument<T extends Record<string, unknown>>(id: string, schema: z.ZodMiniType<T>, defaults: T) {
  const ref = () => db.collection('settings').doc(id);
  const fromDoc = (data: unknown): T => {
    const parsed = schema.safeParse({ ...defaults, ...(data as object | undefined) });
    return parsed.success ? parsed.data : defaults;
  };
  /** The settings in force; inside a transaction when given one (a worker's decision reads them with its data). */
  async function get(tx?: Transaction): Promise<T> {
    const snap = tx ? await tx.get(ref()) : await ref().get();
    return fromDoc(snap.data());
  }
  /** The admin's edit: replaces the settings, with its audit entry. */
  async function update(admin: Actor, input: T): Promise<T> {
    const doc: T = { ...input };
    await runInTransaction(null, async (tx, now) => {
      const before = await get(tx);
      tx.set(ref(), doc);
      recordAudit(tx, admin, now, { subject: ref(), action: 'settings', before: { ...before }, after: { ...doc } });
    });
    return doc;
  }
  /** The settings a snapshot read with other documents holds (a missing one: the defaults). */
  const fromSnapshot = (snap: DocumentSnapshot | undefined): T => fromDoc(snap?.data());
  return { ref, get, update, fromSnapshot };
}
