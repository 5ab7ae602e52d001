// The admin's autopilot limits (issue 28), in settings/autopilot: whether matched payments credit by
// themselves, the largest amount that does, a first top-up's limit and the automatic credits a customer
// may get in a day. Admin-only (the rules let clients read settings/public alone), audited.
import type { Transaction } from 'firebase-admin/firestore';
import { db } from '../../lib/admin';
import { type AutopilotSettings, autopilotSettingsSchema, DEFAULT_AUTOPILOT_SETTINGS } from '../../shared/wallet-autopilot';
import { type Actor, recordAudit } from '../audit';
import { runInTransaction } from '../transactions';

export const autopilotSettingsRef = () => db.collection('settings').doc('autopilot');

/** The stored settings over the defaults (a field added later takes its default until saved). */
function fromDoc(data: unknown): AutopilotSettings {
  const parsed = autopilotSettingsSchema.safeParse({ ...DEFAULT_AUTOPILOT_SETTINGS, ...(data as object | undefined) });
  return parsed.success ? parsed.data : DEFAULT_AUTOPILOT_SETTINGS;
}

/** The settings in force; inside a transaction when given one (a match reads them with its data). */
export async function getAutopilotSettings(tx?: Transaction): Promise<AutopilotSettings> {
  const snap = tx ? await tx.get(autopilotSettingsRef()) : await autopilotSettingsRef().get();
  return fromDoc(snap.data());
}

/** The admin's edit: replaces the settings, with its audit entry. */
export async function updateAutopilotSettings(admin: Actor, input: AutopilotSettings): Promise<AutopilotSettings> {
  const doc: AutopilotSettings = { ...input };
  await runInTransaction(null, async (tx, now) => {
    const before = await getAutopilotSettings(tx);
    tx.set(autopilotSettingsRef(), doc);
    recordAudit(tx, admin, now, { subject: autopilotSettingsRef(), action: 'settings', before: { ...before }, after: { ...doc } });
    return { status: 200, body: null };
  });
  return doc;
}
