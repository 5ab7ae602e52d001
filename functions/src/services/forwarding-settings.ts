// The admin's forwarding settings (issue 14), in settings/forwarding: the margin under which a linked
// service raises an alert (and, if chosen, leaves sale), and the hours after which a failed order is
// refunded by itself. Admin-only: the rules let clients read settings/public and nothing else.
import type { Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin';
import { DEFAULT_FORWARDING_SETTINGS, type ForwardingSettings, forwardingSettingsSchema } from '../shared/providers';
import { type Actor, recordAudit } from './audit';
import { runInTransaction } from './transactions';

export const forwardingSettingsRef = () => db.collection('settings').doc('forwarding');

/** The stored settings over the defaults (a field added later takes its default until saved). */
function fromDoc(data: unknown): ForwardingSettings {
  const parsed = forwardingSettingsSchema.safeParse({ ...DEFAULT_FORWARDING_SETTINGS, ...(data as object | undefined) });
  return parsed.success ? parsed.data : DEFAULT_FORWARDING_SETTINGS;
}

/** The settings in force; inside a transaction when given one (the worker's decision then reads them with its data). */
export async function getForwardingSettings(tx?: Transaction): Promise<ForwardingSettings> {
  const snap = tx ? await tx.get(forwardingSettingsRef()) : await forwardingSettingsRef().get();
  return fromDoc(snap.data());
}

/** The admin's edit: replaces the settings, with its audit entry. */
export async function updateForwardingSettings(admin: Actor, input: ForwardingSettings): Promise<ForwardingSettings> {
  const doc: ForwardingSettings = { ...input };
  await runInTransaction(null, async (tx, now) => {
    const before = await getForwardingSettings(tx);
    tx.set(forwardingSettingsRef(), doc);
    recordAudit(tx, admin, now, { subject: forwardingSettingsRef(), action: 'settings', before: { ...before }, after: { ...doc } });
    return { status: 200, body: null };
  });
  return doc;
}
