// The admin's forwarding settings (decision record 0008), in settings/forwarding: the margin under which a linked
// service raises an alert (and, if chosen, leaves sale), and the hours after which a failed order is
// refunded by itself. Admin-only, audited (admin-settings.ts).
import { DEFAULT_FORWARDING_SETTINGS, type ForwardingSettings, forwardingSettingsSchema } from '../../shared/providers';
import { adminSettingsDocument } from '../kernel/admin-settings';

const forwarding = adminSettingsDocument<ForwardingSettings>('forwarding', forwardingSettingsSchema, DEFAULT_FORWARDING_SETTINGS);

export const forwardingSettingsRef = forwarding.ref;
/** The settings in force; inside a transaction when given one (the worker's decision then reads them with its data). */
export const getForwardingSettings = forwarding.get;
/** The settings of a snapshot read with other documents (placement's one round trip). */
export const forwardingSettingsFromSnapshot = forwarding.fromSnapshot;
/** The admin's edit: replaces the settings, with its audit entry. */
export const updateForwardingSettings = forwarding.update;
