// The admin's autopilot limits (decision record 0015), in settings/autopilot: whether matched payments credit by
// themselves, the largest amount that does, a first top-up's limit and the automatic credits a customer
// may get in a day. Admin-only, audited (admin-settings.ts).
import { type AutopilotSettings, autopilotSettingsSchema, DEFAULT_AUTOPILOT_SETTINGS } from '../../shared/wallet-autopilot';
import { adminSettingsDocument } from '../kernel/admin-settings';

const autopilot = adminSettingsDocument<AutopilotSettings>('autopilot', autopilotSettingsSchema, DEFAULT_AUTOPILOT_SETTINGS);

export const autopilotSettingsRef = autopilot.ref;
/** The settings in force; inside a transaction when given one (a match reads them with its data). */
export const getAutopilotSettings = autopilot.get;
/** The admin's edit: replaces the settings, with its audit entry. */
export const updateAutopilotSettings = autopilot.update;
