// The top-up autopilot (decision record 0015): the admin's wallet phones forward the wallet's SMS, each incoming
// payment is stored once and matched with the customer's recharge request, and a match within the
// admin's limits is credited with nobody pressing Approve. The contract's schemas, limits, states and the
// words of every reason, shared by the function and the admin console.
import { z } from 'zod/mini';
import { formatRupees, type Paisa, toPaisa } from './money';
import { LIMITS, pageQuery, rupees, text } from './schemas/fields';
import { PAYER_NUMBER_HINT } from './wallet-sms';
import { WALLET_EVENT_REASONS, WALLET_EVENT_STATUSES, type WalletEventReason } from './wallet-states';

export { WALLET_EVENT_REASONS, WALLET_EVENT_STATUSES, type WalletEventReason, type WalletEventStatus } from './wallet-states';

/** A paired phone without a ping or an event for this long is `silent`. */
export const SILENT_AFTER_MS = 10 * 60_000;
/** How far an X-Timestamp may be from our clock, either way. */
export const SIGNATURE_WINDOW_SECONDS = 5 * 60;

export const WALLET_DEVICE_STATES = ['healthy', 'silent', 'revoked'] as const;
export type WalletDeviceState = (typeof WALLET_DEVICE_STATES)[number];

export const WALLET_DEVICE_LIMITS = {
  /** Sender ids or short codes one phone accepts messages from. */
  senders: 10,
  senderLength: 40,
  name: 60,
} as const;

/**
 * A sender id as compared: exactly as configured but for the letter case ("EASYPAISA" = "Easypaisa"), no
 * other variant: every loosening is one more spelling a spoofed sender may use.
 */
export const normalizeSender = (sender: string) => sender.trim().toLowerCase();

const senderSchema = text().check(
  z.trim(),
  z.minLength(1, 'A sender cannot be empty'),
  z.maxLength(WALLET_DEVICE_LIMITS.senderLength, `A sender is at most ${WALLET_DEVICE_LIMITS.senderLength} characters`),
  z.regex(/^(?=.*[\p{L}\p{N}])[\p{L}\p{N}+ ._-]+$/u, 'A sender is letters, digits, spaces, + . _ or -'),
);

/** `POST /api/admin/wallet-devices`: a phone to pair, the wallet whose SIM it holds, the senders it takes. */
export const walletDeviceBody = z.strictObject({
  name: text({ error: 'Name the phone' }).check(
    z.trim(),
    z.minLength(1, 'Name the phone'),
    z.maxLength(WALLET_DEVICE_LIMITS.name, `The name is at most ${WALLET_DEVICE_LIMITS.name} characters`),
  ),
  wallet: text({ error: 'Choose a wallet' }).check(z.trim(), z.minLength(1, 'Choose a wallet'), z.maxLength(40)),
  senders: z
    .array(senderSchema, { error: 'List the wallet’s sender ids' })
    .check(
      z.minLength(1, 'List at least one sender id'),
      z.maxLength(WALLET_DEVICE_LIMITS.senders, `At most ${WALLET_DEVICE_LIMITS.senders} sender ids`),
    ),
});
export type WalletDeviceBody = z.infer<typeof walletDeviceBody>;

const isoDate = z.string();

export const walletDeviceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  wallet: z.string(),
  senders: z.array(z.string()),
  state: z.enum(WALLET_DEVICE_STATES),
  createdAt: isoDate,
  /** The last signed delivery of any kind (a ping included). */
  lastSeenAt: z.nullable(isoDate),
  /** The last SMS it forwarded. */
  lastEventAt: z.nullable(isoDate),
  revokedAt: z.nullable(isoDate),
  /** The app's own device id, as its deliveries say (recorded, never trusted). */
  appDeviceId: z.nullable(z.string()),
});
export type WalletDevice = z.infer<typeof walletDeviceSchema>;

/** The pairing's answer: the signing key is in this answer and nowhere else, ever. */
export const walletDeviceCreatedSchema = z.object({ device: walletDeviceSchema, signingKey: z.string(), webhookUrl: z.string() });
export const walletDevicesPageSchema = z.object({ devices: z.array(walletDeviceSchema), nextCursor: z.nullable(z.string()) });

// ---- Wallet events: the messages a phone forwarded ----

export interface ReasonContext {
  /** The SMS's amount and the request's. */
  amountPaisa?: Paisa | undefined;
  requestAmountPaisa?: Paisa | undefined;
  wallet?: string | undefined;
  requestWallet?: string | undefined;
  limits?: AutopilotSettings | undefined;
}

/** The admin's words for a reason. */
export function reasonText(reason: WalletEventReason, context: ReasonContext = {}): string {
  const limits = context.limits ?? DEFAULT_AUTOPILOT_SETTINGS;
  switch (reason) {
    case 'over_limit':
      return `Above the auto-credit limit of ${formatRupees(toPaisa(limits.maxAmount))}`;
    case 'first_top_up':
      return `The customer’s first top-up, above ${formatRupees(toPaisa(limits.firstTopUpMax))}`;
    case 'daily_limit':
      return `The customer already had ${limits.dailyCount} automatic credits today`;
    case 'duplicate_tid':
      return 'Two customers named this transaction ID';
    case 'payer_mismatch':
      return 'The payer’s account in the SMS does not match the number the customer paid from';
    case 'payer_missing':
      return 'The request has no payer number to compare';
    case 'amount_mismatch':
      return context.amountPaisa !== undefined && context.requestAmountPaisa !== undefined
        ? `The SMS says ${formatRupees(context.amountPaisa)}, the request ${formatRupees(context.requestAmountPaisa)}`
        : 'The amounts differ';
    case 'wallet_mismatch':
      return context.wallet && context.requestWallet
        ? `The SMS came to ${context.wallet}, the request names ${context.requestWallet}`
        : 'The wallets differ';
    case 'account_suspended':
      return 'The account is blocked';
    case 'autopilot_off':
      return 'Automatic credits are switched off';
    case 'already_credited':
      return 'This transaction ID was already credited';
    case 'unknown_sender':
      return 'Not from a sender this phone accepts';
    case 'not_a_payment':
      return 'Not an incoming payment';
    case 'phone_revoked':
      return 'Forwarded by a wallet phone that has been revoked since';
    case 'conflicting_sms':
      return 'Another SMS named this transaction ID with other details: check the wallet';
  }
}

export const walletEventSchema = z.object({
  _id: z.string(),
  wallet: z.string(),
  tid: z.nullable(z.string()),
  /** Rupees, as the SMS says. */
  amount: z.nullable(z.number()),
  /** The payer's account as the SMS shows it (masked), with their name. */
  payer: z.nullable(z.string()),
  payerName: z.nullable(z.string()),
  status: z.enum(WALLET_EVENT_STATUSES),
  reason: z.optional(z.enum(WALLET_EVENT_REASONS)),
  reasonText: z.optional(z.string()),
  requestId: z.optional(z.string()),
  /** The phone's time of the SMS. */
  receivedAt: isoDate,
  /** When it reached us. */
  arrivedAt: isoDate,
  sender: z.string(),
  /** The SMS as it came. */
  text: z.string(),
  device: z.object({ _id: z.string(), name: z.string() }),
  note: z.optional(z.string()),
});
export type WalletEvent = z.infer<typeof walletEventSchema>;

export const walletEventsQuery = z.extend(pageQuery, { status: z.optional(z.enum(WALLET_EVENT_STATUSES)) });
export const walletEventsPageSchema = z.object({ events: z.array(walletEventSchema), nextCursor: z.nullable(z.string()) });

export const attachEventBody = z.strictObject({
  requestId: text({ error: 'Choose a request' }).check(z.trim(), z.minLength(1, 'Choose a request'), z.maxLength(128)),
});
export const dismissEventBody = z.strictObject({
  note: text({ error: 'Say why' }).check(z.trim(), z.minLength(1, 'Say why'), z.maxLength(LIMITS.reason)),
});

/** `POST /api/admin/recharge-requests/{id}/approve`: the amount actually received (default: the request's). */
export const approveRequestBody = z.strictObject({ amount: z.optional(rupees(LIMITS.maxCredit)) });

// ---- The admin's limits ----

export const autopilotSettingsSchema = z.strictObject({
  /** Off: every payment waits for the admin, matched and shown, as before. */
  enabled: z.boolean(),
  /** Rupees: a payment above this is never credited by itself. */
  maxAmount: rupees(LIMITS.maxCredit, 'The auto-credit limit'),
  /** Rupees: a customer's first top-up above this waits for the admin (it also proves their payer number). */
  firstTopUpMax: rupees(LIMITS.maxCredit, 'The first top-up limit'),
  /** Automatic credits one customer may get in a Pakistan day. */
  dailyCount: z.number().check(z.int('A whole number'), z.gte(0, 'At least 0'), z.lte(100, 'At most 100')),
});
export type AutopilotSettings = z.infer<typeof autopilotSettingsSchema>;

export const DEFAULT_AUTOPILOT_SETTINGS: AutopilotSettings = { enabled: true, maxAmount: 10_000, firstTopUpMax: 2_000, dailyCount: 3 };

/** `GET /api/wallet-status` (customers): which wallets' payments are checked by the autopilot right now. */
export const walletStatusSchema = z.object({ wallets: z.array(z.object({ provider: z.string(), automatic: z.boolean() })) });
export type WalletStatus = z.infer<typeof walletStatusSchema>;

export const WALLET_MESSAGES = {
  deviceNotFound: 'Wallet phone not found',
  eventNotFound: 'Wallet SMS not found',
  unsigned: 'Missing or malformed X-Signature / X-Timestamp',
  stale: 'X-Timestamp is more than 5 minutes off',
  badSignature: 'Signature does not match',
  unknownDevice: 'Unknown or revoked wallet phone',
  eventDecided: 'This SMS was already matched or dismissed',
  notAttachable: 'Only a payment SMS that is unmatched or held can be attached',
  payerNumber: PAYER_NUMBER_HINT,
} as const;
