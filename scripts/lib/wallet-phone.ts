// A wallet phone as SMS Gateway for Android (capcom6/android-sms-gateway) is one: its webhook deliveries
// built and signed exactly as the app does (JSON envelope, X-Timestamp in Unix seconds, X-Signature = hex
// HMAC-SHA256 of the body followed by the timestamp, keyed with the signing key as text), and the wallets'
// incoming-payment SMS in the shapes of tests/fixtures/wallet-sms. Used by `npm run wallet:sms`, the demo
// seed, the benchmark and the tests.
import { createHmac, randomBytes } from 'node:crypto';

/** The demo phone `npm start` pairs for the demo Easypaisa wallet (a fixed id and key, for local use only). */
export const DEMO_PHONE = {
  id: 'demoEasypaisaPhone',
  name: 'Demo Easypaisa phone',
  wallet: 'Easypaisa',
  senders: ['Easypaisa', '3737'],
  signingKey: 'demo-wallet-phone-signing-key-01',
} as const;

/** A sender id each wallet's SMS come from in the demo and the tests (real ones are configured per phone). */
export const DEMO_SENDERS: Record<string, string> = { easypaisa: '3737', jazzcash: '8558' };

export interface SmsFields {
  amount: number;
  tid: string;
  /** The payer's mobile number (any Pakistani format) or account. */
  from: string;
  payerName?: string;
  at?: Date;
}

const nationalOf = (from: string) => {
  const digits = from.replace(/\D/g, '');
  const mobile = /^(?:92|0)?(3\d{9})$/.exec(digits);
  return mobile?.[1] ?? digits;
};

const pad = (n: number) => String(n).padStart(2, '0');
/** Pakistan time (UTC+5), as the wallets write it. */
function pakistanParts(at: Date) {
  const pk = new Date(at.getTime() + 5 * 3_600_000);
  return {
    date: `${pad(pk.getUTCDate())}/${pad(pk.getUTCMonth() + 1)}/${pk.getUTCFullYear()}`,
    time: `${pad(pk.getUTCHours())}:${pad(pk.getUTCMinutes())}:${pad(pk.getUTCSeconds())}`,
  };
}

/** "1,500.00" */
const rupees = (amount: number) => `${Math.floor(amount).toLocaleString('en-US')}.${pad(Math.round((amount - Math.floor(amount)) * 100))}`;

/** The wallet's "you have received" SMS for a payment (Easypaisa's or JazzCash's own wording). */
export function walletSmsText(wallet: string, fields: SmsFields): string {
  const national = nationalOf(fields.from);
  const name = fields.payerName ?? 'DEMO PAYER';
  if (wallet.toLowerCase() === 'jazzcash') {
    const { date, time } = pakistanParts(fields.at ?? new Date());
    return `Rs ${rupees(fields.amount)} received from ${name}, A/C: *******${national.slice(-4)} on ${date} at ${time}. TID:${fields.tid} via JazzCash`;
  }
  return `Trx ID ${fields.tid}. You have Received Rs ${rupees(fields.amount).replace(/,/g, '')} from ${name} with Easypaisa Account 92${national.slice(0, 3)}****${national.slice(-2)}.`;
}

const nanoId = () => randomBytes(16).toString('base64url').slice(0, 21);

/** The phone's local time with its offset, as the app writes `receivedAt` ("2026-11-26T21:14:03.000+05:00"). */
function localIso(at: Date): string {
  const pk = new Date(at.getTime() + 5 * 3_600_000);
  return `${pk.toISOString().slice(0, 23)}+05:00`;
}

export interface Delivery {
  body: string;
  headers: Record<string, string>;
}

/** Signs a body as the app does: X-Timestamp (Unix seconds) and X-Signature over body + timestamp. */
export function signDelivery(body: string, signingKey: string, at: Date = new Date()): Delivery {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = createHmac('sha256', signingKey)
    .update(body + timestamp)
    .digest('hex');
  return { body, headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature } };
}

/** An `sms:received` delivery's JSON, as the app's webhook sends it. */
export function smsReceivedBody(input: {
  message: string;
  sender: string;
  messageId?: string;
  id?: string;
  appDeviceId?: string;
  at?: Date;
}) {
  const messageId = input.messageId ?? nanoId();
  return JSON.stringify({
    deviceId: input.appDeviceId ?? 'ffffffffceb0b1db0000018e937c815b',
    event: 'sms:received',
    id: input.id ?? nanoId(),
    payload: {
      messageId,
      message: input.message,
      sender: input.sender,
      recipient: null,
      phoneNumber: input.sender,
      simNumber: 1,
      receivedAt: localIso(input.at ?? new Date()),
    },
    webhookId: 'shohrat-sms-received',
  });
}

/** A `system:ping` delivery's JSON. */
export function pingBody(input: { id?: string; appDeviceId?: string } = {}) {
  return JSON.stringify({
    deviceId: input.appDeviceId ?? 'ffffffffceb0b1db0000018e937c815b',
    event: 'system:ping',
    id: input.id ?? nanoId(),
    payload: { health: { status: 'pass', checks: { 'battery:level': { observedValue: 87, observedUnit: 'percent', status: 'pass' } } } },
    webhookId: 'shohrat-ping',
  });
}

/** POSTs a signed delivery to the panel's webhook URL for `deviceId`. */
export async function deliver(baseUrl: string, deviceId: string, signingKey: string, body: string, at?: Date) {
  const signed = signDelivery(body, signingKey, at);
  const res = await fetch(`${baseUrl}/api/wallet-events?device=${encodeURIComponent(deviceId)}`, {
    method: 'POST',
    headers: signed.headers,
    body: signed.body,
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: res.status, body: json as any };
}
