// Public settings (settings/public): wallet accounts for top-ups and the support chat link.
import { db } from '../lib/admin';
import type { Settings } from '../shared/schemas';
import { LIMITS } from '../shared/schemas';

export interface SettingsDoc {
  wallets: Settings['wallets'];
  supportChat: string;
}

export const settingsRef = () => db.collection('settings').doc('public');

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

export async function getSettings(): Promise<Settings> {
  const snap = await settingsRef().get();
  const doc = (snap.data() as SettingsDoc | undefined) ?? DEFAULT_SETTINGS;
  return { minRecharge: LIMITS.minRecharge, currency: 'Rs', wallets: doc.wallets, supportChat: doc.supportChat };
}

/** Writes the defaults only when no settings exist, so a re-seed never undoes an admin's edit. */
export async function seedSettings(): Promise<void> {
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(settingsRef());
    if (!snap.exists) tx.create(settingsRef(), DEFAULT_SETTINGS);
  });
}
