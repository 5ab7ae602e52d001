// Wallet events (decision record 0015): every SMS a paired phone forwards, stored once under its own natural key. An
// incoming payment is `walletEvents/{wallet}:{transaction id}`, created once (a second delivery, the app's
// retry or another phone's copy finds it there and changes nothing); any other message is kept under its
// phone and the app's content-based message id, `ignored` (not from the wallet's sender, not a payment) or
// `unparsed` (it looks like an incoming payment but matches no template: the admin reads it). Only a
// payment from one of the phone's senders takes the transaction id's key, so a look-alike from any other
// sender can never squat the id before the real SMS.
import { createHash } from 'node:crypto';
import { type DocumentReference, type Query, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { fail, notFound } from '../../lib/errors';
import { pageNewestFirst, pageOldestFirst } from '../../lib/pagination';
import { paisaSchema, timestampSchema, typedCollection } from '../../lib/typed-collection';
import { toRupees } from '../../shared/money';
import type { RequestSms } from '../../shared/schemas/top-ups';
import { normalizeSender, reasonText, WALLET_MESSAGES, type WalletEvent } from '../../shared/wallet-autopilot';
import { type ParsedSms, parseWalletSms, walletKindOf } from '../../shared/wallet-sms';
import { WALLET_EVENT_REASONS, WALLET_EVENT_STATUSES, type WalletEventReason, type WalletEventStatus } from '../../shared/wallet-states';
import { type Actor, recordAudit } from '../kernel/audit';
import { runInTransaction } from '../kernel/transactions';

export const walletEventDocSchema = z.object({
  kind: z.enum(['payment', 'message']),
  /** The wallet of the phone that forwarded it (a provider of settings/public's wallets). */
  wallet: z.string(),
  /** A payment's transaction id, as recharge requests' references are compared (upper case). */
  tid: z.string().nullable(),
  amountPaisa: paisaSchema.nullable(),
  /** The payer's account as the SMS shows it, their name, and the digits it shows. */
  payer: z.object({ account: z.string(), name: z.string(), prefix: z.string(), suffix: z.string() }).nullable(),
  /** The template that read it. */
  template: z.string().nullable(),
  sender: z.string(),
  /** The SMS as it came (at most TEXT_MAX characters). */
  text: z.string(),
  device: z.object({ id: z.string(), name: z.string(), appDeviceId: z.string().nullable() }),
  delivery: z.object({
    id: z.string(),
    webhookId: z.string().nullable(),
    messageId: z.string().nullable(),
    simNumber: z.number().int().nullable(),
  }),
  /** The phone's time of the SMS (our arrival time when the app sent none). */
  receivedAt: timestampSchema,
  /** When it reached us. */
  arrivedAt: timestampSchema,
  status: z.enum(WALLET_EVENT_STATUSES),
  reason: z.enum(WALLET_EVENT_REASONS).optional(),
  /** The reason in words, with the limits in force when it was decided. */
  reasonText: z.string().optional(),
  /** The request it matched, or the one it is held for. */
  requestId: z.string().optional(),
  rechargeId: z.string().optional(),
  decidedAt: timestampSchema.optional(),
  /** The admin's note on a dismissal. */
  note: z.string().optional(),
  /** A message that is not a payment is kept a while for the admin, then deleted (TTL policy). */
  expiresAt: timestampSchema.optional(),
});
export type WalletEventDoc = z.infer<typeof walletEventDocSchema>;

/** Characters of an SMS we keep (a joined long message is far shorter). */
export const TEXT_MAX = 2000;
/** How long a message that is not a payment (ignored, unparsed) is kept. */
export const MESSAGE_RETENTION_MS = 30 * 24 * 60 * 60_000;

export const walletEventsCollection = () => typedCollection('walletEvents', walletEventDocSchema);

/** A payment's natural key: its wallet and transaction id (a "/" in a wallet's name cannot be in a document id). */
export const walletEventId = (wallet: string, tid: string) => `${wallet.replace(/\//g, '_')}:${tid}`;
export const walletEventRef = (wallet: string, tid: string) => walletEventsCollection().doc(walletEventId(wallet, tid));

/** A payment still waiting: for the autopilot (unmatched) or for the admin (held). */
export const isOpenEvent = (doc: Pick<WalletEventDoc, 'kind' | 'status'>) =>
  doc.kind === 'payment' && (doc.status === 'unmatched' || doc.status === 'held');

const payerText = (doc: WalletEventDoc) => doc.payer?.account ?? null;

export function walletEventToWire(id: string, doc: WalletEventDoc): WalletEvent {
  return {
    _id: id,
    wallet: doc.wallet,
    tid: doc.tid,
    amount: doc.amountPaisa === null ? null : toRupees(doc.amountPaisa),
    payer: payerText(doc),
    payerName: doc.payer?.name ?? null,
    status: doc.status,
    ...(doc.reason ? { reason: doc.reason, reasonText: doc.reasonText ?? reasonText(doc.reason) } : {}),
    ...(doc.requestId ? { requestId: doc.requestId } : {}),
    receivedAt: doc.receivedAt.toDate().toISOString(),
    arrivedAt: doc.arrivedAt.toDate().toISOString(),
    sender: doc.sender,
    text: doc.text,
    device: { _id: doc.device.id, name: doc.device.name },
    ...(doc.note ? { note: doc.note } : {}),
  };
}

export function requestSmsToWire(id: string, doc: WalletEventDoc): RequestSms {
  return {
    eventId: id,
    status: doc.status,
    amount: doc.amountPaisa === null ? null : toRupees(doc.amountPaisa),
    payer: payerText(doc),
    ...(doc.reason ? { reason: doc.reason, reasonText: doc.reasonText ?? reasonText(doc.reason) } : {}),
    text: doc.text,
    receivedAt: doc.receivedAt.toDate().toISOString(),
  };
}

/** One delivery of the app's `sms:received`, as the webhook read it. */
export interface SmsDelivery {
  /** The app's event id (unique per delivery, the same on its retries). */
  id: string;
  webhookId: string | null;
  /** The app's own device id (recorded, never trusted: the phone is the one our pairing named). */
  appDeviceId: string | null;
  /** The app's content-based id of the SMS. */
  messageId: string | null;
  sender: string;
  message: string;
  simNumber: number | null;
  receivedAt: Date | null;
}

export interface PairedPhone {
  id: string;
  name: string;
  wallet: string;
  /** Normalized (normalizeSender). */
  senders: string[];
}

/** A message's own key: its phone and the app's content-based id of the SMS (the delivery's when none). */
const messageKey = (phone: PairedPhone, delivery: SmsDelivery) =>
  `msg-${phone.id}-${createHash('sha256')
    .update(delivery.messageId ?? `delivery:${delivery.id}`)
    .digest('hex')
    .slice(0, 40)}`;

/** What a phone's message is: a payment under its transaction id's key, or a message under its own. */
export function classify(
  phone: PairedPhone,
  delivery: SmsDelivery,
): { id: string; parsed: ParsedSms; status: WalletEventStatus; reason?: WalletEventReason } {
  const fromWallet = phone.senders.includes(normalizeSender(delivery.sender));
  const parsed: ParsedSms = fromWallet ? parseWalletSms(walletKindOf(phone.wallet), delivery.message) : { kind: 'ignored' };
  if (parsed.kind === 'payment') return { id: walletEventId(phone.wallet, parsed.tid), parsed, status: 'unmatched' };
  const id = messageKey(phone, delivery);
  if (!fromWallet) return { id, parsed, status: 'ignored', reason: 'unknown_sender' };
  if (parsed.kind === 'unparsed') return { id, parsed, status: 'unparsed' };
  return { id, parsed, status: 'ignored', reason: 'not_a_payment' };
}

/** Firestore's ALREADY_EXISTS: the document was created before (a second delivery). */
const alreadyExists = (error: unknown) => (error as { code?: unknown } | null)?.code === 6;

/**
 * Stores a forwarded SMS once. Returns its event and whether this delivery created it; a payment's
 * transaction id is what the autopilot matches next.
 */
export async function recordWalletMessage(
  phone: PairedPhone,
  delivery: SmsDelivery,
  now: Timestamp,
): Promise<{ ref: DocumentReference; doc: WalletEventDoc; created: boolean }> {
  const { id, parsed, status, reason } = classify(phone, delivery);
  const ref = walletEventsCollection().doc(id);
  const payment = parsed.kind === 'payment' ? parsed : null;
  const doc: WalletEventDoc = {
    kind: payment ? 'payment' : 'message',
    wallet: phone.wallet,
    tid: payment?.tid ?? null,
    amountPaisa: payment?.amountPaisa ?? null,
    payer: payment
      ? { account: payment.payerAccount, name: payment.payerName, prefix: payment.payerDigits.prefix, suffix: payment.payerDigits.suffix }
      : null,
    template: payment?.template ?? null,
    sender: delivery.sender,
    text: Array.from(delivery.message).slice(0, TEXT_MAX).join(''),
    device: { id: phone.id, name: phone.name, appDeviceId: delivery.appDeviceId },
    delivery: { id: delivery.id, webhookId: delivery.webhookId, messageId: delivery.messageId, simNumber: delivery.simNumber },
    receivedAt: delivery.receivedAt ? Timestamp.fromDate(delivery.receivedAt) : now,
    arrivedAt: now,
    status,
    ...(reason ? { reason, reasonText: reasonText(reason) } : {}),
    ...(payment ? {} : { expiresAt: Timestamp.fromMillis(now.toMillis() + MESSAGE_RETENTION_MS) }),
  };
  try {
    await ref.create(doc);
    return { ref, doc, created: true };
  } catch (error) {
    if (!alreadyExists(error)) throw error;
  }
  // The create found the document there: it exists (a message's TTL is a month away).
  const existing = (await ref.get()).data() as WalletEventDoc;
  if (payment && sameText(existing.text, doc.text)) return { ref, doc: existing, created: false };
  if (payment) await recordConflict(phone, delivery, ref, doc);
  return { ref, doc: (await ref.get()).data() as WalletEventDoc, created: false };
}

const sameText = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/**
 * A second SMS naming a transaction id already stored, with other words (another amount or payer): one of
 * them is not what it claims. It is kept as evidence (held, never a payment), and the stored payment, if
 * still waiting, is held for the admin too, whatever the autopilot would have made of it.
 */
async function recordConflict(
  phone: PairedPhone,
  delivery: SmsDelivery,
  paymentRef: DocumentReference<WalletEventDoc>,
  conflicting: WalletEventDoc,
) {
  const copyRef = walletEventsCollection().doc(messageKey(phone, delivery));
  await runInTransaction(null, async (tx, now) => {
    const [stored, copy] = await Promise.all([tx.get(paymentRef), tx.get(copyRef)]);
    if (copy.exists) return;
    const held = { reason: 'conflicting_sms' as const, reasonText: reasonText('conflicting_sms'), decidedAt: now };
    tx.create(copyRef, { ...conflicting, kind: 'message', status: 'held', ...held } satisfies WalletEventDoc);
    if (stored.data()?.status === 'unmatched') tx.update(paymentRef, { status: 'held', ...held });
  });
}

const QUEUES: readonly WalletEventStatus[] = ['unmatched', 'held'];

/**
 * The admin's list: unmatched and held payments are queues, oldest first (the longest-waiting payment on
 * the first page); any other status, or all, a history, newest first.
 */
export function listWalletEvents(page: { limit: number; cursor?: string | undefined; status?: WalletEventStatus | undefined }) {
  let query: Query<WalletEventDoc> = walletEventsCollection();
  if (page.status) query = query.where('status', '==', page.status);
  const pager = page.status && QUEUES.includes(page.status) ? pageOldestFirst : pageNewestFirst;
  return pager(query, 'arrivedAt', page, (d) => walletEventToWire(d.id, d.data()));
}

/** Any document id of the collection: no "/", not "." or "..", not Firestore's reserved __…__. */
const isEventId = (id: string) =>
  id.length > 0 && id.length <= 300 && !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id);

/** Reads an event in a transaction: 404 for an id that names none. */
export async function readEvent(tx: Transaction, id: string) {
  if (!isEventId(id)) throw notFound(WALLET_MESSAGES.eventNotFound);
  const ref = walletEventsCollection().doc(id);
  const doc = (await tx.get(ref)).data();
  if (!doc) throw notFound(WALLET_MESSAGES.eventNotFound);
  return { ref, doc };
}

/** The admin sets an SMS aside with a note (a payment to the wallet that was no top-up, a test): audited. */
export async function dismissWalletEvent(admin: Actor, id: string, note: string): Promise<WalletEvent> {
  const { value } = await runInTransaction<WalletEvent>(null, async (tx, now) => {
    const { ref, doc } = await readEvent(tx, id);
    if (doc.status === 'matched' || doc.status === 'dismissed') throw fail('already_decided', WALLET_MESSAGES.eventDecided, 'status');
    const dismissed: WalletEventDoc = { ...doc, status: 'dismissed', note, decidedAt: now };
    tx.update(ref, { status: 'dismissed', note, decidedAt: now });
    recordAudit(tx, admin, now, {
      subject: ref,
      action: 'wallet_event_dismiss',
      before: { status: doc.status },
      after: { status: 'dismissed', wallet: doc.wallet, tid: doc.tid, amount: doc.amountPaisa === null ? null : toRupees(doc.amountPaisa) },
      reason: note,
    });
    return walletEventToWire(id, dismissed);
  });
  return value;
}
