// Public settings (settings/public): wallet accounts for top-ups and the support chat link.
import { z } from 'zod';
import { invalidInput } from '../../lib/errors';
import { typedDoc } from '../../lib/typed-collection';
import { MESSAGES } from '../../shared/messages';
import { LIMITS } from '../../shared/schemas/fields';
import type { Settings } from '../../shared/schemas/top-ups';
import { duplicateProviderIndexes } from '../../shared/schemas/top-ups';
import { type Actor, recordAudit } from '../kernel/audit';
import { runInTransaction } from '../kernel/transactions';

const settingsDocSchema = z.object({
  wallets: z.array(z.object({ provider: z.string(), accountNumber: z.string(), accountName: z.string() })),
  supportChat: z.string(),
});
export type SettingsDoc = z.infer<typeof settingsDocSchema>;

export const settingsRef = () => typedDoc('settings/public', settingsDocSchema);

/** Placeholder accounts written by the local seed; an admin replaces them in production. */
export const DEFAULT_SETTINGS: SettingsDoc = {
  wallets: [
    { provider: 'Easypaisa', accountNumber: '0300-0000001', accountName: 'Shohrat Demo' },
    { provider: 'JazzCash', accountNumber: '0300-0000002', accountName: 'Shohrat Demo' },
    { provider: 'SadaPay', accountNumber: '0300-0000003', accountName: 'Shohrat Demo' },
    { provider: 'NayaPay', accountNumber: '0300-0000004', accountName: 'Shohrat Demo' },
  ],
  supportChat: 'https://wa.me/920000000000',
};

function settingsToWire(doc: SettingsDoc): Settings {
  return { minRecharge: LIMITS.minRecharge, currency: 'Rs', wallets: doc.wallets, supportChat: doc.supportChat };
}

/** The settings in force: the stored ones, or the defaults while none are stored. */
export const settingsFromDoc = (doc: SettingsDoc | undefined): SettingsDoc => doc ?? DEFAULT_SETTINGS;

export async function getSettings(): Promise<Settings> {
  const snap = await settingsRef().get();
  return settingsToWire(settingsFromDoc(snap.data()));
}

/** The configured wallet whose provider is `method` (case-insensitive), if any. */
export function findWallet(settings: SettingsDoc, method: string): Settings['wallets'][number] | undefined {
  const wanted = method.trim().toLowerCase();
  return settings.wallets.find((wallet) => wallet.provider.toLowerCase() === wanted);
}

/** The admin's edit: replaces the wallet accounts and the support chat link, with its audit entry. */
export async function updateSettings(admin: Actor, input: SettingsDoc): Promise<Settings> {
  if (duplicateProviderIndexes(input.wallets).length > 0) throw invalidInput(MESSAGES.duplicateWallet, 'wallets');
  const doc: SettingsDoc = { wallets: input.wallets, supportChat: input.supportChat };
  await runInTransaction(null, async (tx, now) => {
    const before = settingsFromDoc((await tx.get(settingsRef())).data());
    tx.set(settingsRef(), doc);
    recordAudit(tx, admin, now, {
      subject: settingsRef(),
      action: 'settings',
      before: { wallets: before.wallets, supportChat: before.supportChat },
      after: { wallets: doc.wallets, supportChat: doc.supportChat },
    });
  });
  return settingsToWire(doc);
}

/** Writes the defaults only when no settings exist, so a re-seed never undoes an admin's edit. */
export async function seedSettings(): Promise<void> {
  await runInTransaction(null, async (tx) => {
    const snap = await tx.get(settingsRef());
    if (!snap.exists) tx.create(settingsRef(), DEFAULT_SETTINGS);
  });
}
