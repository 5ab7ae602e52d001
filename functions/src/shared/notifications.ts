// Notifications: what the server tells a customer about their own things: an order's status
// change, a top-up approved or rejected, our reply to their ticket, a refill's result. Each is written by
// the server in the same transaction as the event it reports (never lost, never doubled: its id is made
// from the event), shown in the app's bell, and, on the devices where the customer turned pushes on, sent
// as a Web Push through Firebase Cloud Messaging. The customer chooses per kind whether it reaches the
// bell and whether it is pushed. Schemas, limits and the words of every notification live here, shared
// by the function and the web app.
import { z } from 'zod/mini';
import { formatRupees, type Paisa } from './money';
import { orderPath, ticketPath } from './notification-links';
import { pageQuery, text } from './schemas/fields';

export { orderPath } from './notification-links';

export const NOTIFICATION_KINDS = ['order', 'topup', 'ticket', 'refill'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The settings page's names for each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  order: 'Order updates',
  topup: 'Top-ups',
  ticket: 'Support replies',
  refill: 'Refills',
};

export const NOTIFICATION_LIMITS = {
  /** Devices (FCM registration tokens) one customer may have pushes on at once; the oldest goes first. */
  devicesPerUser: 10,
  /** Characters of an FCM registration token we accept (FCM's are ~160; room to spare). */
  tokenMax: 4096,
  /** Ids one "mark read" request may name. */
  markReadIds: 100,
  /** Characters of a notification's body (a ticket reply is cut to this, on a character boundary). */
  body: 160,
  /** How long the server waits for FCM on one message before it counts the answer as unknown. */
  sendTimeoutMs: 5000,
} as const;

export const NOTIFICATION_MESSAGES = {
  notificationNotFound: 'Notification not found',
  tokenRequired: 'A device token is required',
  pushUnsupported: 'This browser cannot show notifications',
  pushDenied: 'Notifications are blocked for this site: allow them in the browser’s site settings',
  pushFailed: 'Could not turn on notifications on this device. Please try again.',
} as const;

const isoDate = z.string();

/**
 * An app path the notification opens (a tap on a push, a click in the bell): always one of ours,
 * starting with a single "/".
 */
export const appPath = z.string().check(z.regex(/^\/(?!\/)[^\s\\]*$/, 'An app path'));

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  url: appPath,
  read: z.boolean(),
  createdAt: isoDate,
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications?limit&cursor` → newest first, paged like every list. */
export const notificationsPageSchema = z.object({
  notifications: z.array(notificationSchema),
  nextCursor: z.nullable(z.string()),
});
export const notificationsQuery = pageQuery;

/** `GET /api/notifications/unread` → the bell's count. */
export const unreadNotificationsSchema = z.object({ unread: z.number().check(z.int(), z.nonnegative()) });

/**
 * `POST /api/notifications/read`: the ids shown (a click on one), everything (Mark all read), or every notification
 * about what the customer opened (`url`: the page a notification links to, such as `/tickets/{id}`).
 */
export const markReadBody = z.union([
  z.strictObject({ ids: z.array(text().check(z.maxLength(100))).check(z.minLength(1), z.maxLength(NOTIFICATION_LIMITS.markReadIds)) }),
  z.strictObject({ all: z.literal(true) }),
  z.strictObject({ url: appPath.check(z.maxLength(500)) }),
]);
export type MarkReadBody = z.infer<typeof markReadBody>;

/** Per kind: shown in the bell, and pushed to the devices with pushes on. */
export const kindPreferenceSchema = z.strictObject({ bell: z.boolean(), push: z.boolean() });
export const notificationPreferencesSchema = z.strictObject({
  order: kindPreferenceSchema,
  topup: kindPreferenceSchema,
  ticket: kindPreferenceSchema,
  refill: kindPreferenceSchema,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** Everything on until the customer says otherwise (pushes still need a device that opted in). */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  order: { bell: true, push: true },
  topup: { bell: true, push: true },
  ticket: { bell: true, push: true },
  refill: { bell: true, push: true },
};

/**
 * `GET /api/notifications/settings` → `{preferences, devices}`; `PUT` the same `{preferences}` (the whole
 * object) → the same answer.
 */
export const notificationSettingsBody = z.strictObject({ preferences: notificationPreferencesSchema });
export const notificationSettingsSchema = z.object({
  preferences: notificationPreferencesSchema,
  /** How many devices have pushes on for this customer. */
  devices: z.number().check(z.int(), z.nonnegative()),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/**
 * `POST /api/notifications/devices {token}` (this device turned pushes on; the same token again is a
 * no-op, a token another account registered moves to this one) → 204; `POST
 * /api/notifications/devices/remove {token}` (sign-out, or pushes turned off here) → 204, also for a token
 * not registered (sign-out must never fail on it).
 */
export const pushDeviceBody = z.strictObject({
  token: text({ error: NOTIFICATION_MESSAGES.tokenRequired }).check(
    z.minLength(1, NOTIFICATION_MESSAGES.tokenRequired),
    z.maxLength(NOTIFICATION_LIMITS.tokenMax, 'Not a device token'),
    z.regex(/^[\w:.-]+$/, 'Not a device token'),
  ),
});

/**
 * What the service worker gets in a push's `data` (FCM data message: strings only) and shows. The
 * `tag` is the notification's id: a push sent twice (an unanswered FCM call retried) replaces itself on
 * the device instead of showing twice.
 */
export const pushDataSchema = z.object({
  notificationId: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  url: appPath,
  tag: z.string(),
});
export type PushData = z.infer<typeof pushDataSchema>;

// ---- The words and targets of each notification (the server builds them; one source for both sides) ----

export interface NotificationContent {
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
}

/** Cuts `value` to `max` characters without splitting a character (an emoji is one). */
export function clip(value: string, max: number = NOTIFICATION_LIMITS.body): string {
  const chars = Array.from(value.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

const STATUS_WORDS = {
  pending: 'is pending',
  processing: 'is in progress',
  completed: 'is completed',
  partial: 'is partly delivered',
  cancelled: 'is cancelled',
} as const;

export function orderStatusNotification(input: {
  number: string | number;
  status: keyof typeof STATUS_WORDS;
  /** e.g. "500 TikTok Followers". */
  what: string;
  refundPaisa?: Paisa | undefined;
}): NotificationContent {
  const refund = input.refundPaisa && input.refundPaisa > 0 ? ` ${formatRupees(input.refundPaisa)} back to your balance.` : '';
  return {
    kind: 'order',
    title: `Order #${input.number} ${STATUS_WORDS[input.status]}`,
    body: clip(`${input.what}.${refund}`),
    url: orderPath(input.number),
  };
}

export function topUpNotification(
  input: { decision: 'approved'; amountPaisa: Paisa } | { decision: 'rejected'; amountPaisa: Paisa; note?: string | undefined },
): NotificationContent {
  if (input.decision === 'approved') {
    return {
      kind: 'topup',
      title: `Top-up approved: ${formatRupees(input.amountPaisa)}`,
      body: `${formatRupees(input.amountPaisa)} was added to your balance.`,
      url: '/dashboard',
    };
  }
  return {
    kind: 'topup',
    title: `Top-up of ${formatRupees(input.amountPaisa)} rejected`,
    body: clip(input.note ? `Reason: ${input.note}` : 'Check the transaction ID and amount, or open a ticket.'),
    url: '/dashboard',
  };
}

export function ticketReplyNotification(input: { ticketId: string; reply: string }): NotificationContent {
  return { kind: 'ticket', title: 'New reply from support', body: clip(input.reply), url: ticketPath(input.ticketId) };
}

export function refillNotification(input: { orderNumber: string | number; status: 'completed' | 'rejected' }): NotificationContent {
  return {
    kind: 'refill',
    title: `Refill of order #${input.orderNumber} ${input.status === 'completed' ? 'completed' : 'rejected'}`,
    body: input.status === 'completed' ? 'The drop was made up.' : 'The provider refused the refill. Open a ticket if you need help.',
    url: orderPath(input.orderNumber),
  };
}

/**
 * To every admin (decision record 0015): a paired wallet phone went silent (no ping or SMS for 10 minutes), so its
 * wallet's payments wait for a person until it is back. Kind `topup`: the admin's top-up pushes.
 */
export function walletPhoneSilentNotification(input: { name: string; wallet: string }): NotificationContent {
  return {
    kind: 'topup',
    title: clip(`Wallet phone silent: ${input.name}`, 80),
    body: clip(`Nothing from “${input.name}” for 10 minutes: ${input.wallet} top-ups are checked by hand until it is back.`),
    url: '/admin/settings',
  };
}
