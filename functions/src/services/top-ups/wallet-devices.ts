// Wallet phones (decision record 0015): the admin's phones that hold a wallet's SIM and forward its SMS through the
// SMS Gateway for Android app, each paired here with a signing key of its own. The key is shown once, in
// the pairing's answer, and kept only where the webhook reads it to verify a signature
// (walletDeviceKeys/{id}: no rule lets any client read it, no answer, audit entry or log carries it);
// revoking deletes it, so the phone's deliveries answer 401 from that moment.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type DocumentSnapshot, FieldValue, Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../lib/admin';
import { AppError, invalidInput, notFound } from '../../lib/errors';
import { pageNewestFirst } from '../../lib/pagination';
import { getAllOf, timestampSchema, typedCollection } from '../../lib/typed-collection';
import { MESSAGES } from '../../shared/messages';
import {
  normalizeSender,
  SIGNATURE_WINDOW_SECONDS,
  SILENT_AFTER_MS,
  WALLET_MESSAGES,
  type WalletDevice,
  type WalletDeviceBody,
  type WalletDeviceState,
  type WalletStatus,
} from '../../shared/wallet-autopilot';
import { walletKindOf } from '../../shared/wallet-sms';
import { type Actor, recordAudit } from '../kernel/audit';
import { runInTransaction } from '../kernel/transactions';
import { findWallet, settingsFromDoc, settingsRef } from './public-settings';
import type { PairedPhone } from './wallet-events';

export const walletDeviceDocSchema = z.object({
  name: z.string(),
  /** The wallet provider whose SIM the phone holds, as settings/public names it. */
  wallet: z.string(),
  /** The SMS sender ids it accepts, as the admin typed them. */
  senders: z.array(z.string()),
  createdAt: timestampSchema,
  /** The admin who paired it. */
  createdBy: z.object({ uid: z.string(), email: z.string() }),
  revokedAt: timestampSchema.nullable(),
  /** The last signed delivery (a ping included), written at most every SEEN_EVERY_MS. */
  lastSeenAt: timestampSchema.nullable(),
  lastEventAt: timestampSchema.nullable(),
  appDeviceId: z.string().nullable(),
  /** Set when the phone was found silent and the admins told; cleared by its next delivery. */
  silentSince: timestampSchema.nullable().optional(),
});
export type WalletDeviceDoc = z.infer<typeof walletDeviceDocSchema>;

const deviceKeyDocSchema = z.object({ key: z.string() });
type DeviceKeyDoc = z.infer<typeof deviceKeyDocSchema>;

/** lastSeenAt is written at most this often (a burst of deliveries writes the phone's document once). */
export const SEEN_EVERY_MS = 15_000;

export const walletDevicesCollection = () => typedCollection('walletDevices', walletDeviceDocSchema);
const deviceKeyRef = (id: string) => typedCollection('walletDeviceKeys', deviceKeyDocSchema).doc(id);

/** A phone's state at `nowMs`: revoked, silent (nothing for 10 minutes) or healthy. */
export function deviceState(doc: WalletDeviceDoc, nowMs: number): WalletDeviceState {
  if (doc.revokedAt) return 'revoked';
  const seen = (doc.lastSeenAt ?? doc.createdAt).toMillis();
  return nowMs - seen > SILENT_AFTER_MS ? 'silent' : 'healthy';
}

const iso = (time: Timestamp | null | undefined) => (time ? time.toDate().toISOString() : null);

export function walletDeviceToWire(id: string, doc: WalletDeviceDoc, nowMs: number): WalletDevice {
  return {
    _id: id,
    name: doc.name,
    wallet: doc.wallet,
    senders: doc.senders,
    state: deviceState(doc, nowMs),
    createdAt: doc.createdAt.toDate().toISOString(),
    lastSeenAt: iso(doc.lastSeenAt),
    lastEventAt: iso(doc.lastEventAt),
    revokedAt: iso(doc.revokedAt),
    appDeviceId: doc.appDeviceId,
  };
}

/** 32 characters of A–Z a–z 0–9 (190 bits): typed or pasted into the app's Settings → Webhooks → Signing Key. */
function newSigningKey(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(64);
  let key = '';
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
  for (const byte of bytes) {
    if (byte >= 248) continue;
    key += alphabet[byte % 62];
    if (key.length === 32) return key;
  }
  return newSigningKey();
}

/** The webhook URL the app is given: the panel's own address with the phone's id. */
export const webhookUrlOf = (origin: string, id: string) => `${origin}/api/wallet-events?device=${encodeURIComponent(id)}`;

/**
 * Pairs a phone: its document, its key (apart, server-only) and the audit entry, in one transaction.
 * The answer holds the key; it is never shown again.
 */
export async function createWalletDevice(
  admin: Actor,
  body: WalletDeviceBody,
  origin: string,
  /** The local demo's phone only (scripts/lib/seed.ts): a fixed id and key, so `npm run wallet:sms` knows them. */
  demo?: { id: string; signingKey: string },
) {
  const senders = [...new Set(body.senders.map((s) => s.trim()))];
  const ref = demo ? walletDevicesCollection().doc(demo.id) : walletDevicesCollection().doc();
  const signingKey = demo?.signingKey ?? newSigningKey();
  const { value: doc } = await runInTransaction<WalletDeviceDoc>(null, async (tx, now) => {
    const settings = settingsFromDoc((await tx.get(settingsRef())).data());
    const wallet = findWallet(settings, body.wallet);
    if (!wallet) throw invalidInput(MESSAGES.unknownWallet, 'wallet');
    const doc: WalletDeviceDoc = {
      name: body.name,
      wallet: wallet.provider,
      senders,
      createdAt: now,
      createdBy: { uid: admin.uid, email: admin.email },
      revokedAt: null,
      lastSeenAt: null,
      lastEventAt: null,
      appDeviceId: null,
      silentSince: null,
    };
    tx.create(ref, doc);
    tx.create(deviceKeyRef(ref.id), { key: signingKey } satisfies DeviceKeyDoc);
    recordAudit(tx, admin, now, {
      subject: ref,
      action: 'wallet_device_create',
      after: { name: doc.name, wallet: doc.wallet, senders: doc.senders },
    });
    return doc;
  });
  return { device: walletDeviceToWire(ref.id, doc, Date.now()), signingKey, webhookUrl: webhookUrlOf(origin, ref.id) };
}

/** Every phone ever paired, newest first, revoked ones included (the console shows their state). */
export async function listWalletDevices(page: { limit: number; cursor?: string | undefined }, nowMs = Date.now()) {
  const { items, nextCursor } = await pageNewestFirst(walletDevicesCollection(), 'createdAt', page, (d) =>
    walletDeviceToWire(d.id, d.data(), nowMs),
  );
  return { devices: items, nextCursor };
}

const isDeviceId = (id: string) => /^[A-Za-z0-9]{1,64}$/.test(id);

/**
 * Revokes a phone at once (a lost phone): its key is deleted in the transaction that marks it revoked,
 * so no delivery verifies from then on. Revoking a revoked phone changes nothing.
 */
export async function revokeWalletDevice(admin: Actor, id: string): Promise<void> {
  if (!isDeviceId(id)) throw notFound(WALLET_MESSAGES.deviceNotFound);
  await runInTransaction(null, async (tx, now) => {
    const ref = walletDevicesCollection().doc(id);
    const doc = (await tx.get(ref)).data();
    if (!doc) throw notFound(WALLET_MESSAGES.deviceNotFound);
    if (doc.revokedAt) return;
    tx.update(ref, { revokedAt: now });
    tx.delete(deviceKeyRef(id));
    recordAudit(tx, admin, now, {
      subject: ref,
      action: 'wallet_device_revoke',
      before: { revokedAt: null },
      after: { revokedAt: now.toDate().toISOString(), name: doc.name, wallet: doc.wallet },
    });
  });
}

// ---- The webhook's check ----

const unauthorized = (message: string) => new AppError('invalid_signature', message);

export interface SignedDelivery {
  deviceId: string;
  rawBody: Buffer;
  timestamp: string | undefined;
  signature: string | undefined;
  nowMs: number;
}

export interface AuthenticatedPhone extends PairedPhone {
  snapshot: DocumentSnapshot;
  doc: WalletDeviceDoc;
}

/**
 * The app's signature: hex HMAC-SHA256, keyed with the phone's signing key, over the raw body followed
 * by the X-Timestamp value (Unix seconds), which must be within 5 minutes of our clock. Anything else
 * (no or malformed headers, a stale or future time, an unknown or revoked phone, a wrong signature) is
 * 401 before anything is stored. The comparison takes the same time whatever the signature.
 */
export async function authenticatePhone(delivery: SignedDelivery): Promise<AuthenticatedPhone> {
  const { timestamp, signature } = delivery;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature || !/^[0-9a-fA-F]{64}$/.test(signature))
    throw unauthorized(WALLET_MESSAGES.unsigned);
  if (Math.abs(delivery.nowMs / 1000 - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS) throw unauthorized(WALLET_MESSAGES.stale);
  if (!isDeviceId(delivery.deviceId)) throw unauthorized(WALLET_MESSAGES.unknownDevice);
  const [snapshot, keySnap] = await getAllOf(db, walletDevicesCollection().doc(delivery.deviceId), deviceKeyRef(delivery.deviceId));
  const doc = snapshot?.data();
  const key = keySnap?.data()?.key;
  if (!snapshot || !doc || doc.revokedAt || !key) throw unauthorized(WALLET_MESSAGES.unknownDevice);
  const expected = createHmac('sha256', key).update(delivery.rawBody).update(timestamp).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw unauthorized(WALLET_MESSAGES.badSignature);
  return {
    snapshot,
    doc,
    id: snapshot.id,
    name: doc.name,
    wallet: doc.wallet,
    senders: doc.senders.map(normalizeSender),
  };
}

/**
 * Records that the phone was heard from (and what the app calls itself), at most every SEEN_EVERY_MS
 * unless it was silent or forwarded an SMS: a plain update, outside every money transaction.
 */
export async function markSeen(phone: AuthenticatedPhone, appDeviceId: string | null, nowMs: number, sms: boolean): Promise<void> {
  const { doc } = phone;
  const seen = doc.lastSeenAt?.toMillis() ?? 0;
  const changedApp = appDeviceId !== null && appDeviceId !== doc.appDeviceId;
  if (!sms && !changedApp && !doc.silentSince && nowMs - seen < SEEN_EVERY_MS) return;
  const now = Timestamp.fromMillis(nowMs);
  await phone.snapshot.ref.update({
    lastSeenAt: now,
    ...(sms ? { lastEventAt: now } : {}),
    ...(changedApp ? { appDeviceId } : {}),
    ...(doc.silentSince ? { silentSince: FieldValue.delete() } : {}),
  });
}

/**
 * Which wallets' payments the autopilot checks right now, for the recharge form: a wallet whose SMS we
 * read, with a healthy phone paired for it, while the autopilot is on. Any other wallet's payments are
 * checked by hand.
 */
export async function getWalletStatus(enabled: boolean, nowMs = Date.now()): Promise<WalletStatus> {
  const [settingsSnap, phones] = await Promise.all([settingsRef().get(), walletDevicesCollection().where('revokedAt', '==', null).get()]);
  const covered = new Set(
    phones.docs
      .map((d) => d.data())
      .filter((doc) => deviceState(doc, nowMs) === 'healthy')
      .map((doc) => doc.wallet.toLowerCase()),
  );
  const wallets = settingsFromDoc(settingsSnap.data()).wallets;
  return {
    wallets: wallets.map((w) => ({
      provider: w.provider,
      automatic: enabled && walletKindOf(w.provider) !== null && covered.has(w.provider.toLowerCase()),
    })),
  };
}
