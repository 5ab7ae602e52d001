// The autopilot's every-minute work (decision record 0015): the safety net of the match (an SMS or a request whose
// instance died between its write and its match, a match that was busy) and the wallet phones' health
// (a phone silent for 10 minutes: an alert to the admins, once per silence).
import { Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/admin';
import { getAllGrouped } from '../lib/typed-collection';
import { usersCollection } from '../services/accounts/users';
import { runInTransaction } from '../services/kernel/transactions';
import { deliverNow, notificationId, readNotifier } from '../services/support/notifications';
import { matchQuietly } from '../services/top-ups/payment-match';
import { rechargeReferencesCollection, rechargeRequestsCollection, requestEventRef } from '../services/top-ups/recharge-requests';
import { deviceState, walletDevicesCollection } from '../services/top-ups/wallet-devices';
import { walletEventsCollection } from '../services/top-ups/wallet-events';
import { walletPhoneSilentNotification } from '../shared/notifications';

/** How far back the run looks for unmatched payments (the app retries a delivery for two days). */
export const MATCH_LOOKBACK_MS = 48 * 60 * 60_000;
/** Unmatched payments looked at per run, newest first. */
export const MATCH_BATCH = 200;
/** Pending requests looked at per run, newest first (each customer has at most 5). */
export const PENDING_BATCH = 500;

export interface WalletWorkResult {
  /** Payments matched again (each one transaction), and how many of those credited. */
  matched: number;
  credited: number;
  /** Phones found silent this run (their admins told). */
  silent: number;
}

/**
 * What a dead instance may have left unmatched, seen from both sides: the unmatched payments of the last
 * two days whose transaction id a pending request names, and the pending requests whose SMS is waiting
 * in their wallet (a busy wallet's many unmatched payments cannot hide an older one that way). Only those
 * get a match (a transaction); the rest cost a read each.
 */
export async function matchWaitingPayments(nowMs: number): Promise<{ matched: number; credited: number }> {
  const [waiting, pending] = await Promise.all([
    walletEventsCollection()
      .where('status', '==', 'unmatched')
      .where('arrivedAt', '>=', Timestamp.fromMillis(nowMs - MATCH_LOOKBACK_MS))
      .orderBy('arrivedAt', 'desc')
      .limit(MATCH_BATCH)
      .get(),
    rechargeRequestsCollection().where('status', '==', 'pending').orderBy('createdAt', 'desc').limit(PENDING_BATCH).get(),
  ]);
  const due = new Map<string, string | undefined>();
  const events = waiting.docs.map((d) => ({ id: d.id, doc: d.data() })).filter((e) => e.doc.tid);
  const tids = [...new Set(events.map((e) => e.doc.tid as string))];
  const eventRefs = pending.docs.map((d) => requestEventRef(d.data()));
  const snaps = await getAllGrouped(db, { references: tids.map((tid) => rechargeReferencesCollection().doc(tid)), events: eventRefs });
  for (const snap of snaps.references) {
    const data = snap.data();
    // A legacy claim (made at submission) may name a pending request: the match reads it.
    if (data !== undefined && (!('pending' in data) || data.pending > 0)) due.set(snap.id, events.find((e) => e.doc.tid === snap.id)?.id);
  }
  for (const snap of snaps.events) {
    const event = snap.data();
    if (event?.status === 'unmatched' && event.tid) due.set(event.tid, snap.id);
  }
  let matched = 0;
  let credited = 0;
  for (const [tid, eventId] of due) {
    const outcome = await matchQuietly(tid, eventId ? { eventId } : {});
    matched += 1;
    if (outcome.credited) credited += 1;
  }
  return { matched, credited };
}

/** Phones silent for 10 minutes that were not yet reported: each admin gets one notification per silence. */
export async function reportSilentPhones(nowMs: number): Promise<number> {
  const phones = await walletDevicesCollection().where('revokedAt', '==', null).get();
  const silent = phones.docs.filter((d) => {
    const doc = d.data();
    return deviceState(doc, nowMs) === 'silent' && !doc.silentSince;
  });
  if (silent.length === 0) return 0;
  const admins = (await usersCollection().where('role', '==', 'admin').get()).docs.map((d) => d.id);
  let reported = 0;
  for (const phone of silent) {
    const { value: pushes } = await runInTransaction<string[] | null>(null, async (tx, now) => {
      const doc = (await tx.get(phone.ref)).data();
      if (!doc || deviceState(doc, nowMs) !== 'silent' || doc.silentSince) return null;
      const id = notificationId.walletPhoneSilent(phone.id, now.toMillis());
      const notifiers = await Promise.all(admins.map((uid) => readNotifier(tx, uid, [id])));
      tx.update(phone.ref, { silentSince: now });
      const content = walletPhoneSilentNotification({ name: doc.name, wallet: doc.wallet });
      const refs = notifiers.map((notifier) => notifier.add(tx, id, content, now)).filter((ref) => ref !== null);
      return refs.map((ref) => ref.path);
    });
    if (!pushes) continue;
    reported += 1;
    if (pushes.length > 0) await deliverNow(pushes.map((path) => db.doc(path)));
  }
  return reported;
}

export async function runWalletWork(deps: { now: () => number }): Promise<WalletWorkResult> {
  const { matched, credited } = await matchWaitingPayments(deps.now());
  const silent = await reportSilentPhones(deps.now());
  return { matched, credited, silent };
}
