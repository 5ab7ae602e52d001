import { autopilotSettingsSchema } from '@shared/wallet-autopilot';
import { settingsEndpoint } from '@/features/admin/shared/api/settings-endpoint';

/** /admin/settings/autopilot: whether matched wallet payments are credited by themselves, and the limits. */
const autopilot = settingsEndpoint('autopilot', autopilotSettingsSchema);

export const autopilotSettingsKey = autopilot.key;
export const updateAutopilotSettings = autopilot.update;
export const useAutopilotSettings = autopilot.useSettings;
export const useUpdateAutopilotSettings = autopilot.useUpdate;
