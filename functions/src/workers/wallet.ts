// The autopilot's every-minute work (issue 28): the safety net of the match (an SMS or a request whose
// instance died between its write and its match, a match that was busy) and the wallet phones' health
// (a phone silent for 10 minutes: an alert to the admins, once per silence).
import { Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/admin';
import { logger } from '../lib/logger';
import { deliverNow, notificationId, readNotifier } from '../services/notifications';
import { type ReferenceDoc, rechargeReferencesCollection } from '../services/recharge-requests';
import { matchPayment } from '../services/top-ups/payment-match';
import { deviceState, type WalletDeviceDoc, walletDevicesCollection } from '../services/top-ups/wallet-devices';
import { type WalletEventDoc, walletEventsCollection } from '../services/top-ups/wallet-events';
import { runInTransaction } from '../services/transactions';
import { usersCollection } from '../services/users';
import { walletPhoneSilentNotification } from '../shared/notifications';

/** How far back the run looks for unmatched payments (the app retries a delivery for two days). */
export const MATCH_LOOKBACK_MS = 48 * 60 * 60_000;
/** Unmatched payments looked at per run, newest first. */
export const MATCH_BATCH = 200;

export interface WalletWorkResult {
  /** Payments matched again (each one transaction), and how many of those credited. */
  matched: number;
  credited: number;
  /** Phones found silent this run (their admins told). */
  silent: number;
}

/**
 * Unmatched payments of the last two days whose transaction id a pending request names: matched again.
 * The others (no request yet) cost one read each and no transaction.
 */
export async function matchWaitingPayments(nowMs: number): Promise<{ matched: number; credited: number }> {
  const waiting = await walletEventsCollection()
    .where('status', '==', 'unmatched')
    .where('arrivedAt', '>=', Timestamp.fromMillis(nowMs - MATCH_LOOKBACK_MS))
    .orderBy('arrivedAt', 'desc')
    .limit(MATCH_BATCH)
    .get();
  const events = waiting.docs.map((d) => ({ id: d.id, doc: d.data() as WalletEventDoc })).filter((e) => e.doc.tid);
  if (events.length === 0) return { matched: 0, credited: 0 };
  const tids = [...new Set(events.map((e) => e.doc.tid as string))];
  const references = await db.getAll(...tids.map((tid) => rechargeReferencesCollection().doc(tid)));
  const named = new Set(
    references
      .filter((snap) => {
        const data = snap.data() as ReferenceDoc | { requestId: string } | undefined;
        // A legacy claim (before issue 12) may name a pending request: the match reads it.
        return data !== undefined && (!('pending' in data) || data.pending > 0);
      })
      .map((snap) => snap.id),
  );
  let matched = 0;
  let credited = 0;
  for (const event of events) {
    if (!named.has(event.doc.tid as string)) continue;
    try {
      const outcome = await matchPayment(event.doc.tid as string, { eventId: event.id });
      matched += 1;
      if (outcome.credited) credited += 1;
    } catch (error) {
      logger.warn('Wallet match failed; the next run tries again', { eventId: event.id, error: String(error) });
    }
  }
  return { matched, credited };
}

/** Phones silent for 10 minutes that were not yet reported: each admin gets one notification per silence. */
export async function reportSilentPhones(nowMs: number): Promise<number> {
  const phones = await walletDevicesCollection().where('revokedAt', '==', null).get();
  const silent = phones.docs.filter((d) => {
    const doc = d.data() as WalletDeviceDoc;
    return deviceState(doc, nowMs) === 'silent' && !doc.silentSince;
  });
  if (silent.length === 0) return 0;
  const admins = (await usersCollection().where('role', '==', 'admin').get()).docs.map((d) => d.id);
  let reported = 0;
  for (const phone of silent) {
    const pushes = await runInTransaction<string[] | null>(null, async (tx, now) => {
      const doc = (await tx.get(phone.ref)).data() as WalletDeviceDoc | undefined;
      if (!doc || deviceState(doc, nowMs) !== 'silent' || doc.silentSince) return { status: 200, body: null };
      const id = notificationId.walletPhoneSilent(phone.id, now.toMillis());
      const notifiers = await Promise.all(admins.map((uid) => readNotifier(tx, uid, [id])));
      tx.update(phone.ref, { silentSince: now });
      const content = walletPhoneSilentNotification({ name: doc.name, wallet: doc.wallet });
      const refs = notifiers.map((notifier) => notifier.add(tx, id, content, now)).filter((ref) => ref !== null);
      return { status: 200, body: refs.map((ref) => ref.path) };
    });
    if (!pushes.body) continue;
    reported += 1;
    if (pushes.body.length > 0) await deliverNow(pushes.body.map((path) => db.doc(path)));
  }
  return reported;
}

export async function runWalletWork(deps: { now: () => number }): Promise<WalletWorkResult> {
  const { matched, credited } = await matchWaitingPayments(deps.now());
  const silent = await reportSilentPhones(deps.now());
  return { matched, credited, silent };
}
