import { forwardingSettingsSchema } from '@shared/providers';
import { settingsEndpoint } from '@/features/admin/shared/api/settings-endpoint';

/** /admin/settings/forwarding: the margin alert and the automatic refund of failed orders. */
const forwarding = settingsEndpoint('forwarding', forwardingSettingsSchema);

export const forwardingSettingsKey = forwarding.key;
export const updateForwardingSettings = forwarding.update;
export const useForwardingSettings = forwarding.useSettings;
export const useUpdateForwardingSettings = forwarding.useUpdate;
