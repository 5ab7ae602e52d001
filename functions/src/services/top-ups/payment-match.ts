// The autopilot's match (decision record 0015): a wallet SMS and a pending recharge request naming the same
// transaction id, decided in one transaction. It runs after each of the two is stored (the webhook after
// the SMS, the recharge route after the request) and in the every-minute run: whichever came first, the
// run after the later commit sees both, so either order credits, and exactly once, because the credit
// is the approval's own transaction (request pending → approved, the id's reference credited, the SMS
// matched), which any concurrent match, approval or rejection contends with.
//
// A match credits only within the admin's limits; otherwise the SMS is `held` for the admin with the
// reason, linked to the request it names, and nothing moves.
import { type DocumentReference, Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { fail } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { exists, getAllGrouped, timestampSchema, typedCollection } from '../../lib/typed-collection';
import { MESSAGES } from '../../shared/messages';
import { type Paisa, toPaisa } from '../../shared/money';
import { pakistanDayOf } from '../../shared/pakistan-days';
import type { RechargeRequest } from '../../shared/schemas/top-ups';
import { type AutopilotSettings, reasonText, WALLET_MESSAGES } from '../../shared/wallet-autopilot';
import { payerAgrees } from '../../shared/wallet-sms';
import type { WalletEventReason } from '../../shared/wallet-states';
import type { UserDoc } from '../accounts/users';
import type { Actor } from '../kernel/audit';
import { runInTransaction } from '../kernel/transactions';
import { deliverNow } from '../support/notifications';
import { getAutopilotSettings } from './autopilot-settings';
import { settingsFromDoc, settingsRef } from './public-settings';
import {
  assertPending,
  normalizeReference,
  type RechargeRequestDoc,
  readApproval,
  readReference,
  readRequest,
  rechargeReferencesCollection,
  rechargeRequestsCollection,
  rechargeRequestToWire,
  referenceCustomersOf,
} from './recharge-requests';
import { walletDevicesCollection } from './wallet-devices';
import { isOpenEvent, readEvent, type WalletEventDoc, walletEventId, walletEventsCollection } from './wallet-events';

/** Who credits a matched payment: the audit trail's actor, with the phone named in the entry's reason. */
export const AUTOPILOT_ACTOR: Actor = { uid: 'system', email: 'wallet-autopilot' };

/** autoCredits/{uid}_{day}: a customer's automatic credits on a Pakistan day (for the daily limit). */
const autoCreditCountDocSchema = z.object({ count: z.number().int(), expiresAt: timestampSchema });
type AutoCreditCountDoc = z.infer<typeof autoCreditCountDocSchema>;
const COUNT_RETENTION_MS = 3 * 24 * 60 * 60_000;
const autoCreditCountRef = (uid: string, day: string) => typedCollection('autoCredits', autoCreditCountDocSchema).doc(`${uid}_${day}`);

const sameWallet = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export interface MatchOutcome {
  /** The request credited by this run, if any. */
  credited: string | null;
  /** SMS this run held for the admin, and SMS it found already credited through another path. */
  held: number;
  settled: number;
}

const NOTHING: MatchOutcome = { credited: null, held: 0, settled: 0 };

type Event = { ref: DocumentReference; doc: WalletEventDoc };
type Request = { id: string; doc: RechargeRequestDoc };

/** The first rule the payment breaks, or null: it may be credited by itself. */
function holdReason(
  event: WalletEventDoc,
  request: RechargeRequestDoc,
  profile: UserDoc | undefined,
  creditsToday: number,
  limits: AutopilotSettings,
): WalletEventReason | null {
  const amount = event.amountPaisa as Paisa;
  if (amount !== request.amountPaisa) return 'amount_mismatch';
  if (!request.payerNumber) return 'payer_missing';
  if (!event.payer || !payerAgrees(event.payer, request.payerNumber)) return 'payer_mismatch';
  if (profile?.blocked) return 'account_suspended';
  if (!limits.enabled) return 'autopilot_off';
  if (amount > toPaisa(limits.maxAmount)) return 'over_limit';
  if (!profile?.lastRecharge && amount > toPaisa(limits.firstTopUpMax)) return 'first_top_up';
  if (creditsToday >= limits.dailyCount) return 'daily_limit';
  return null;
}

/**
 * Matches the wallet SMS naming transaction id `tid` with the pending request naming it: credits it,
 * holds it for the admin with a reason, or leaves it waiting (no request yet). `eventId`: the SMS that
 * prompted the run (found even if its wallet has left the settings).
 */
export async function matchPayment(tid: string, options: { eventId?: string | undefined } = {}): Promise<MatchOutcome> {
  let push: DocumentReference | null = null;
  const { value } = await runInTransaction<MatchOutcome>(null, async (tx, now) => {
    push = null;
    const referenceRef = rechargeReferencesCollection().doc(tid);
    const [settingsSnap, limits, reference, customers] = await Promise.all([
      tx.get(settingsRef()),
      getAutopilotSettings(tx),
      readReference(tx, referenceRef),
      tx.get(referenceCustomersOf(tid)),
    ]);
    const eventIds = new Set(settingsFromDoc(settingsSnap.data()).wallets.map((w) => walletEventId(w.provider, tid)));
    if (options.eventId) eventIds.add(options.eventId);
    const pendingIds = customers.docs.map((d) => d.data()).filter((c) => c.status === 'pending');
    if (reference.legacyCustomer?.doc.status === 'pending') pendingIds.push(reference.legacyCustomer.doc);
    const eventRefs = [...eventIds].map((id) => walletEventsCollection().doc(id));
    const requestRefs = pendingIds.map((c) => rechargeRequestsCollection().doc(c.requestId));
    const snaps = await getAllGrouped(tx, { events: eventRefs, requests: requestRefs });
    const events: Event[] = snaps.events
      .filter(exists)
      .map((s) => ({ ref: s.ref, doc: s.data() }))
      .filter((e) => e.doc.kind === 'payment' && e.doc.status === 'unmatched' && e.doc.tid === tid);
    if (events.length === 0) return NOTHING;

    // Credited already: an admin approved a request naming the id before its SMS came. The SMS settles that
    // credit when it is the same payment (its wallet, what was credited, no other SMS settled it); any other
    // SMS naming a credited id is held for the admin, never silently absorbed.
    if (reference.credited) {
      const { requestId, rechargeId } = reference.credited;
      const credited = (await tx.get(rechargeRequestsCollection().doc(requestId))).data();
      let settled = 0;
      for (const event of events) {
        const same =
          credited !== undefined &&
          credited.walletEventId === undefined &&
          sameWallet(credited.method, event.doc.wallet) &&
          (credited.creditedPaisa ?? credited.amountPaisa) === event.doc.amountPaisa;
        if (same && settled === 0) {
          tx.update(event.ref, { status: 'matched', requestId, rechargeId, decidedAt: now });
          settled += 1;
        } else {
          tx.update(event.ref, {
            status: 'held',
            reason: 'already_credited',
            reasonText: reasonText('already_credited'),
            requestId,
            decidedAt: now,
          });
        }
      }
      return { ...NOTHING, settled, held: events.length - settled };
    }
    const requests: Request[] = snaps.requests.flatMap((s) => {
      const doc = s.data();
      return doc?.status === 'pending' ? [{ id: s.id, doc }] : [];
    });
    if (requests.length === 0) return NOTHING;

    const holds: { event: Event; reason: WalletEventReason; requestId?: string; request?: RechargeRequestDoc }[] = [];
    const writeHolds = () => {
      for (const { event, reason, requestId, request } of holds) {
        const words = reasonText(reason, {
          amountPaisa: event.doc.amountPaisa ?? undefined,
          requestAmountPaisa: request?.amountPaisa,
          wallet: event.doc.wallet,
          requestWallet: request?.method,
          limits,
        });
        tx.update(event.ref, { status: 'held', reason, reasonText: words, ...(requestId ? { requestId } : {}), decidedAt: now });
      }
      return { ...NOTHING, held: holds.length };
    };
    // Two customers name the payment: only the admin can tell whose it is.
    if (new Set(requests.map((r) => r.doc.userId)).size > 1) {
      for (const event of events) holds.push({ event, reason: 'duplicate_tid' });
      return writeHolds();
    }
    const [request] = requests as [Request];
    const event = events.find((e) => sameWallet(e.doc.wallet, request.doc.method));
    for (const other of events) {
      if (other !== event) holds.push({ event: other, reason: 'wallet_mismatch', requestId: request.id, request: request.doc });
    }
    if (!event) return writeHolds();

    const day = pakistanDayOf(now.toMillis());
    const [approval, countSnap, phoneSnap] = await Promise.all([
      readApproval(tx, request.id, request.doc, event),
      tx.get(autoCreditCountRef(request.doc.userId, day)),
      tx.get(walletDevicesCollection().doc(event.doc.device.id)),
    ]);
    const creditsToday = countSnap.data()?.count ?? 0;
    // What a phone forwarded before it was revoked (lost, stolen: its key may be in other hands) is the admin's.
    const phoneRevoked = !phoneSnap.exists || Boolean(phoneSnap.data()?.revokedAt);
    const reason = approval.credited
      ? 'already_credited'
      : phoneRevoked
        ? 'phone_revoked'
        : holdReason(event.doc, request.doc, approval.profile, creditsToday, limits);
    if (reason) {
      holds.push({ event, reason, requestId: request.id, request: request.doc });
      return writeHolds();
    }
    writeHolds();
    const written = approval.write(tx, now, {
      actor: AUTOPILOT_ACTOR,
      amountPaisa: event.doc.amountPaisa as Paisa,
      reason: `Matched the ${event.doc.wallet} SMS of transaction ${tid}, forwarded by wallet phone “${event.doc.device.name}”`,
      extra: { autoCredited: true },
    });
    tx.set(autoCreditCountRef(request.doc.userId, day), {
      count: creditsToday + 1,
      expiresAt: Timestamp.fromMillis(now.toMillis() + COUNT_RETENTION_MS),
    } satisfies AutoCreditCountDoc);
    push = written.push;
    return { credited: request.id, held: holds.length, settled: 0 };
  });
  if (push) await deliverNow([push]);
  return value;
}

/**
 * After a customer's request is stored: the match, at once, so a payment whose SMS came first credits
 * before the answer (`status: approved`). A match that fails is logged, never the request's failure: the
 * every-minute run matches it again.
 */
export async function matchSubmittedRequest(request: RechargeRequest): Promise<RechargeRequest> {
  await matchQuietly(normalizeReference(request.reference), { requestId: request._id });
  // The request as it is now: a replayed answer (the same Idempotency-Key) says what happened since too.
  const doc = (await rechargeRequestsCollection().doc(request._id).get()).data();
  return doc ? rechargeRequestToWire(request._id, doc) : request;
}

/**
 * The match after a write of the caller's own (an SMS stored, a request stored or rejected): a failure is
 * logged, never the caller's, since the every-minute run matches it again.
 */
export async function matchQuietly(tid: string, context: { eventId?: string; requestId?: string }): Promise<MatchOutcome> {
  try {
    return await matchPayment(tid, { eventId: context.eventId });
  } catch (error) {
    logger.warn('Wallet match failed; the every-minute run matches it', {
      ...context,
      error: error instanceof Error ? error.message : String(error),
    });
    return NOTHING;
  }
}

/**
 * The admin attaches an SMS (unmatched or held) to a pending request: what the SMS says arrived is
 * credited to that request, once, exactly as Approve does (its transaction id and the request's are both
 * recorded as credited), audited with the admin as actor.
 */
export async function attachWalletEvent(admin: Actor, eventId: string, requestId: string) {
  let push: DocumentReference | null = null;
  const { value } = await runInTransaction<{ message: string; request: RechargeRequest }>(null, async (tx, now) => {
    push = null;
    const [event, request] = await Promise.all([readEvent(tx, eventId), readRequest(tx, requestId)]);
    if (!isOpenEvent(event.doc) || event.doc.amountPaisa === null) throw fail('already_decided', WALLET_MESSAGES.notAttachable, 'status');
    assertPending(request);
    const approval = await readApproval(tx, requestId, request, event);
    if (approval.credited) throw fail('transaction_id_credited', MESSAGES.transactionIdCredited, 'reference');
    const written = approval.write(tx, now, {
      actor: admin,
      amountPaisa: event.doc.amountPaisa,
      reason: `Attached the ${event.doc.wallet} SMS of transaction ${event.doc.tid}`,
    });
    push = written.push;
    return { message: MESSAGES.requestApproved, request: written.request };
  });
  if (push) await deliverNow([push]);
  return value;
}
