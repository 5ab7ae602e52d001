// Notifications (the contract is shared/notifications.ts). Each is written in the transaction of the event it reports,
// under an id made from the event (`order-{id}-{status}`, `topup-{requestId}`…), so an event notifies once: a retried
// or repeated event finds its notification and writes nothing. Its push goes out as soon as the event commits
// (deliverNow); the every-minute worker sends the rest (a provider sync's changes, a push whose call failed).
import { type DocumentReference, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../lib/admin';
import { logger } from '../../lib/logger';
import { pageNewestFirst } from '../../lib/pagination';
import { PUSH_TTL_SECONDS, type PushMessage, type PushOutcome, type PushSender, pushSender, within } from '../../lib/push-sender';
import { getAllOf, timestampSchema, typedCollection, typedDoc } from '../../lib/typed-collection';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KINDS,
  NOTIFICATION_LIMITS,
  type Notification,
  type NotificationContent,
  type NotificationPreferences,
  type NotificationSettings,
  notificationPreferencesSchema,
  type PushData,
} from '../../shared/notifications';
import { usersCollection } from '../accounts/users';
import { leaseIsOurs, leaseSchema, newLease } from '../kernel/lease';
import { checkRateLimit } from '../kernel/rate-limit';
import { runInTransaction, sha256 } from '../kernel/transactions';

/**
 * The notification is also the push outbox: due → sending (claimed with a lease) → sent, or due again (a later
 * dueAt) until the attempts run out (failed).
 */
const pushDocSchema = z.object({
  state: z.enum(['due', 'sending', 'sent', 'none', 'failed']),
  /**
   * When the worker should look at it: set while due or sending (then the lease's end), absent otherwise, so the
   * worker's collection-group query on it finds exactly what is left to do.
   */
  dueAt: timestampSchema.optional(),
  lease: leaseSchema.optional(),
  /** Sends started so far (a lease that ran out counts as one). */
  attempts: z.number().int(),
  /** Devices that answered sent: a retry sends to the others only. */
  done: z.array(z.string()).optional(),
});
export type PushDoc = z.infer<typeof pushDocSchema>;
export type PushState = PushDoc['state'];

export const notificationDocSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  createdAt: timestampSchema,
  read: z.boolean(),
  /** Shown in the bell (the customer's preference for its kind when it was written). */
  bell: z.boolean(),
  push: pushDocSchema,
  /** Firestore's TTL deletes it after this (firestore.indexes.json fieldOverrides). */
  expiresAt: timestampSchema,
});
export type NotificationDoc = z.infer<typeof notificationDocSchema>;

/** notificationSettings/{uid}: one document tells an event whether to push. */
const notificationSettingsDocSchema = z.object({
  /** Absent: DEFAULT_NOTIFICATION_PREFERENCES. */
  preferences: z.optional(notificationPreferencesSchema),
  /** The devices with pushes on: pushDevices ids → when each was last registered. */
  devices: z.record(z.string(), timestampSchema).optional(),
  updatedAt: timestampSchema.optional(),
});
export type NotificationSettingsDoc = z.infer<typeof notificationSettingsDocSchema>;

/** pushDevices/{sha256(token)}: the token and its one account. */
const pushDeviceDocSchema = z.object({ uid: z.string(), token: z.string(), createdAt: timestampSchema, lastSeenAt: timestampSchema });
export type PushDeviceDoc = z.infer<typeof pushDeviceDocSchema>;

/** How long a notification is kept. */
export const NOTIFICATION_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
/** Sends of one push before it is given up (failed). */
export const PUSH_MAX_ATTEMPTS = 5;
/** A claimed push's lease: every device's call is bounded by sendTimeoutMs, all at once. */
export const PUSH_LEASE_MS = 60_000;
/** The wait before the n-th retry: 1, 2, 4, 8 minutes. */
export const pushRetryDelayMs = (attempts: number) => 60_000 * 2 ** Math.max(0, attempts - 1);

export const notificationsOf = (uid: string) =>
  typedCollection(usersCollection().doc(uid).collection('notifications'), notificationDocSchema);
/** A notification named by a reference of any type (a push to send: a notifier's, the worker's collection-group query's). */
const notificationRef = (ref: DocumentReference) => typedDoc(ref, notificationDocSchema);
export const notificationSettingsRef = (uid: string) => typedCollection('notificationSettings', notificationSettingsDocSchema).doc(uid);
export const pushDevicesCollection = () => typedCollection('pushDevices', pushDeviceDocSchema);
export const deviceIdOf = (token: string) => sha256(token);

/** The events' notification ids: one per event, so it can never notify twice. */
export const notificationId = {
  order: (orderId: string, status: string) => `order-${orderId}-${status}`,
  topUp: (requestId: string) => `topup-${requestId}`,
  credit: (rechargeId: string) => `credit-${rechargeId}`,
  ticketReply: (ticketId: string, messageId: string) => `ticket-${ticketId}-${messageId}`,
  refill: (refillId: string) => `refill-${refillId}`,
  walletPhoneSilent: (deviceId: string, since: number) => `walletphone-${deviceId}-${since}`,
};

const preferencesOf = (settings: NotificationSettingsDoc | undefined): NotificationPreferences => {
  const parsed = notificationPreferencesSchema.safeParse(settings?.preferences);
  return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_PREFERENCES;
};

export interface Notifier {
  /**
   * The write phase: writes the notification unless it exists (the event was notified) or the customer
   * wants neither the bell nor a push for its kind. Returns it when a push is due (for deliverNow).
   */
  add(tx: Transaction, id: string, content: NotificationContent, now: Timestamp): DocumentReference | null;
}

/**
 * The read phase, among the event's reads: the customer's settings and the notifications `ids` the event
 * may write (to skip one written already). An id not read here must be new (made from a new document's id).
 */
export async function readNotifier(tx: Transaction, uid: string, ids: readonly string[] = []): Promise<Notifier> {
  const [settingsSnap, ...snaps] = await getAllOf(tx, notificationSettingsRef(uid), ...ids.map((id) => notificationsOf(uid).doc(id)));
  const settings = settingsSnap?.data();
  const preferences = preferencesOf(settings);
  const hasDevice = Object.keys(settings?.devices ?? {}).length > 0;
  const existing = new Set(snaps.filter((s) => s.exists).map((s) => s.id));
  const read = new Set(ids);
  return {
    add(tx, id, content, now) {
      if (existing.has(id)) return null;
      const wanted = preferences[content.kind];
      const push = wanted.push && hasDevice;
      if (!wanted.bell && !push) return null;
      const ref = notificationsOf(uid).doc(id);
      const doc: NotificationDoc = {
        kind: content.kind,
        title: content.title,
        body: content.body,
        url: content.url,
        createdAt: now,
        read: false,
        bell: wanted.bell,
        push: push ? { state: 'due', dueAt: now, attempts: 0 } : { state: 'none', attempts: 0 },
        expiresAt: Timestamp.fromMillis(now.toMillis() + NOTIFICATION_RETENTION_MS),
      };
      // Read and absent: set (the transaction holds it); never read: create, which refuses a second.
      if (read.has(id)) tx.set(ref, doc);
      else tx.create(ref, doc);
      existing.add(id);
      return push ? ref : null;
    },
  };
}

// ---- The customer's bell ----

const notificationToWire = (id: string, doc: NotificationDoc): Notification => ({
  _id: id,
  kind: doc.kind,
  title: doc.title,
  body: doc.body,
  url: doc.url,
  read: doc.read,
  createdAt: doc.createdAt.toDate().toISOString(),
});

const bellOf = (uid: string) => notificationsOf(uid).where('bell', '==', true);
const unreadOf = (uid: string) => bellOf(uid).where('read', '==', false);

export function listNotifications(uid: string, page: { limit: number; cursor?: string | undefined }) {
  return pageNewestFirst(bellOf(uid), 'createdAt', page, (d) => notificationToWire(d.id, d.data()));
}

/**
 * An aggregation count of bell && !read (two equalities, served by the automatic indexes; one read per 1,000
 * unread), not a counter: every event of the customer would write one (contending with each other) and mark-read
 * would have to keep it exact.
 */
export async function unreadCount(uid: string): Promise<number> {
  return (await unreadOf(uid).count().get()).data().count;
}

/** Notification ids we make (letters, digits, dashes): anything else names none of them. */
const isNotificationId = (id: string) => /^[A-Za-z0-9_-]{1,200}$/.test(id) && !/^__.*__$/.test(id);

/** Unread notifications marked read by one transaction of "Mark all read" (the next takes the rest). */
const MARK_ALL_CHUNK = 200;

/**
 * Marks the customer's own notifications read: `ids` not theirs or unknown are ignored; `all`, every unread one;
 * `url`, every unread one linking there (its subject opened).
 */
export async function markRead(uid: string, body: { ids: string[] } | { all: true } | { url: string }): Promise<void> {
  if ('ids' in body) {
    const refs = [...new Set(body.ids)].filter(isNotificationId).map((id) => notificationsOf(uid).doc(id));
    if (refs.length > 0) {
      await runInTransaction(null, async (tx) => {
        const snaps = await getAllOf(tx, ...refs);
        for (const snap of snaps) if (snap.exists && snap.get('read') === false) tx.update(snap.ref, { read: true });
      });
    }
    return;
  }
  const unread = 'url' in body ? unreadOf(uid).where('url', '==', body.url) : unreadOf(uid);
  for (;;) {
    const { value: marked } = await runInTransaction(null, async (tx) => {
      const snap = await tx.get(unread.limit(MARK_ALL_CHUNK));
      for (const doc of snap.docs) tx.update(doc.ref, { read: true });
      return snap.size;
    });
    if (marked < MARK_ALL_CHUNK) break;
  }
}

// ---- Preferences and devices ----

function settingsToWire(settings: NotificationSettingsDoc | undefined): NotificationSettings {
  return { preferences: preferencesOf(settings), devices: Object.keys(settings?.devices ?? {}).length };
}

export async function getNotificationSettings(uid: string): Promise<NotificationSettings> {
  return settingsToWire((await notificationSettingsRef(uid).get()).data());
}

export async function putNotificationSettings(uid: string, preferences: NotificationPreferences): Promise<NotificationSettings> {
  const answer = await runInTransaction<NotificationSettings>(null, async (tx, now) => {
    const ref = notificationSettingsRef(uid);
    const settings = (await tx.get(ref)).data();
    // The whole object is replaced (a merge would keep a nested kind's old values beside the new ones).
    tx.set(ref, { preferences, updatedAt: now }, { mergeFields: ['preferences', 'updatedAt'] });
    return settingsToWire({ ...settings, preferences });
  });
  return answer.value;
}

/**
 * This device turned pushes on for `uid`: its token is theirs from now (taken from another account that
 * had it: one browser, one account), last seen now; past devicesPerUser, the device seen least recently goes.
 * Registrations are rate limited per account (`pushDevice`).
 */
export async function registerDevice(uid: string, token: string): Promise<void> {
  const deviceId = deviceIdOf(token);
  const deviceRef = pushDevicesCollection().doc(deviceId);
  await runInTransaction(null, async (tx, now) => {
    const [[deviceSnap, settingsSnap], limit] = await Promise.all([
      getAllOf(tx, deviceRef, notificationSettingsRef(uid)),
      checkRateLimit(tx, 'pushDevice', { uid }, now),
    ]);
    const device = deviceSnap?.data();
    const previousOwner = device && device.uid !== uid ? device.uid : null;
    const previousSnap = previousOwner ? await tx.get(notificationSettingsRef(previousOwner)) : null;
    const settings = settingsSnap?.data();

    const devices = { ...settings?.devices, [deviceId]: now };
    const oldestFirst = Object.entries(devices).sort(([, a], [, b]) => a.toMillis() - b.toMillis());
    const dropped = oldestFirst.slice(0, Math.max(0, oldestFirst.length - NOTIFICATION_LIMITS.devicesPerUser)).map(([id]) => id);
    for (const id of dropped) {
      delete devices[id];
      tx.delete(pushDevicesCollection().doc(id));
    }
    tx.set(notificationSettingsRef(uid), { devices, updatedAt: now }, { mergeFields: ['devices', 'updatedAt'] });
    if (previousOwner && previousSnap) {
      const theirs = { ...previousSnap.data()?.devices };
      delete theirs[deviceId];
      tx.set(previousSnap.ref, { devices: theirs, updatedAt: now }, { mergeFields: ['devices', 'updatedAt'] });
    }
    tx.set(deviceRef, {
      uid,
      token,
      createdAt: device && !previousOwner ? device.createdAt : now,
      lastSeenAt: now,
    } satisfies PushDeviceDoc);
    limit.record();
  });
}

/**
 * This device stops getting pushes (sign-out, or pushes turned off here), whichever account it belonged
 * to: whoever holds the token is that browser. A token not registered is no error (sign-out never fails).
 */
export async function removeDevice(token: string): Promise<void> {
  const deviceId = deviceIdOf(token);
  await runInTransaction(null, async (tx, now) => {
    const deviceSnap = await tx.get(pushDevicesCollection().doc(deviceId));
    const device = deviceSnap.data();
    if (!device) return;
    const settingsSnap = await tx.get(notificationSettingsRef(device.uid));
    forgetDevice(tx, deviceSnap.ref, settingsSnap.data(), device.uid, now);
  });
}

/** The write phase of a device's removal: its document and its place in its owner's settings. */
function forgetDevice(
  tx: Transaction,
  deviceRef: DocumentReference,
  settings: NotificationSettingsDoc | undefined,
  uid: string,
  now: Timestamp,
) {
  tx.delete(deviceRef);
  if (settings?.devices && deviceRef.id in settings.devices) {
    const devices = { ...settings.devices };
    delete devices[deviceRef.id];
    tx.set(notificationSettingsRef(uid), { devices, updatedAt: now }, { mergeFields: ['devices', 'updatedAt'] });
  }
}

// ---- Sending pushes: claim, call, record ----

export function pushMessage(token: string, id: string, doc: Pick<NotificationDoc, 'kind' | 'title' | 'body' | 'url'>): PushMessage {
  const data: PushData = { notificationId: id, kind: doc.kind, title: doc.title, body: doc.body, url: doc.url, tag: id };
  return { token, data, webpush: { headers: { Urgency: 'high', TTL: String(PUSH_TTL_SECONDS) } } };
}

export type PushResult = 'sent' | 'retry' | 'failed' | 'none' | 'skipped';

interface Claim {
  lease: string;
  doc: NotificationDoc;
  devices: string[];
}

const uidOf = (ref: DocumentReference) => ref.parent.parent?.id ?? '';

/** Claims the push if it is due (or its sender's lease ran out): sending, under a lease, one attempt more. */
async function claimPush(ref: DocumentReference, now: number): Promise<Claim | null> {
  const answer = await runInTransaction<Claim | null>(null, async (tx) => {
    const [snap, settingsSnap] = await getAllOf(tx, notificationRef(ref), notificationSettingsRef(uidOf(ref)));
    const doc = snap?.data();
    const push = doc?.push;
    const claimable =
      push && (push.state === 'due' || push.state === 'sending') && push.dueAt !== undefined && push.dueAt.toMillis() <= now;
    if (!doc || !push || !claimable) return null;
    if (push.attempts >= PUSH_MAX_ATTEMPTS) {
      // Its last sender's lease ran out with no answer recorded (it died mid-send): given up, not claimed again.
      tx.update(ref, { push: { state: 'failed', attempts: push.attempts, ...(push.done ? { done: push.done } : {}) } });
      return null;
    }
    const settings = settingsSnap?.data();
    // Pushes of its kind turned off since it was written (a retry, or the worker's minute): none is sent.
    const wanted = preferencesOf(settings)[doc.kind].push;
    const devices = wanted ? Object.keys(settings?.devices ?? {}).filter((id) => !push.done?.includes(id)) : [];
    if (devices.length === 0) {
      // Every device removed since (a sign-out), or pushes of its kind turned off: nothing to send to.
      tx.update(ref, {
        push: { state: push.done?.length ? 'sent' : 'none', attempts: push.attempts, ...(push.done ? { done: push.done } : {}) },
      });
      return null;
    }
    const lease = newLease(now, PUSH_LEASE_MS);
    tx.update(ref, { push: { ...push, state: 'sending', lease, dueAt: lease.until, attempts: push.attempts + 1 } });
    return { lease: lease.token, doc, devices };
  });
  return answer.value;
}

/**
 * Sends the push of one notification: claimed, sent to each of its customer's devices at once (each
 * bounded by sendTimeoutMs), recorded. A device whose token FCM calls unregistered is deleted; an
 * unanswered or failed call is retried later (the others are not sent again), up to PUSH_MAX_ATTEMPTS.
 */
export async function sendPush(ref: DocumentReference, options: { now: () => number; sender?: PushSender }): Promise<PushResult> {
  const claim = await claimPush(ref, options.now());
  if (!claim) return 'skipped';
  const sender = options.sender ?? pushSender();
  const deviceSnaps = await getAllOf(db, ...claim.devices.map((id) => pushDevicesCollection().doc(id)));
  const uid = uidOf(ref);
  const outcomes = await Promise.all(
    deviceSnaps.map(async (snap): Promise<[string, PushOutcome | 'gone']> => {
      const device = snap.data();
      // Moved to another account, or removed, since the claim read the settings.
      if (!device || device.uid !== uid) return [snap.id, 'gone'];
      const sent = sender.send(pushMessage(device.token, ref.id, claim.doc)).catch((error: unknown): PushOutcome => {
        logger.warn('Push sender threw', { notification: ref.path, error: String(error) });
        return 'unknown';
      });
      return [snap.id, await within(sent, NOTIFICATION_LIMITS.sendTimeoutMs, 'unknown')];
    }),
  );
  return recordPush(ref, claim, outcomes, options.now());
}

async function recordPush(
  ref: DocumentReference,
  claim: Claim,
  outcomes: [string, PushOutcome | 'gone'][],
  now: number,
): Promise<PushResult> {
  const unregistered = outcomes.filter(([, o]) => o === 'unregistered').map(([id]) => id);
  const answer = await runInTransaction<PushResult>(null, async (tx, at) => {
    const uid = uidOf(ref);
    const [snap, settingsSnap, ...deviceSnaps] = await getAllOf(
      tx,
      notificationRef(ref),
      notificationSettingsRef(uid),
      ...unregistered.map((id) => pushDevicesCollection().doc(id)),
    );
    const push = snap?.data()?.push;
    // Our lease ran out and another sender took it: its answer is the one recorded.
    if (push?.state !== 'sending' || !leaseIsOurs(push.lease, claim.lease)) return 'skipped';
    let settings = settingsSnap?.data();
    for (const deviceSnap of deviceSnaps) {
      const device = deviceSnap.data();
      // Still the token FCM refused, still this customer's: a dead device.
      if (!device || device.uid !== uid) continue;
      forgetDevice(tx, deviceSnap.ref, settings, uid, at);
      const devices = { ...settings?.devices };
      delete devices[deviceSnap.id];
      settings = { ...settings, devices };
    }
    const done = [...(push.done ?? []), ...outcomes.filter(([, o]) => o === 'sent').map(([id]) => id)];
    const again = outcomes.some(([, o]) => o === 'failed' || o === 'unknown');
    let result: PushResult;
    let next: PushDoc;
    if (!again) {
      result = done.length > 0 ? 'sent' : 'none';
      next = { state: result === 'sent' ? 'sent' : 'none', attempts: push.attempts, ...(done.length ? { done } : {}) };
    } else if (push.attempts >= PUSH_MAX_ATTEMPTS) {
      result = 'failed';
      next = { state: 'failed', attempts: push.attempts, ...(done.length ? { done } : {}) };
    } else {
      result = 'retry';
      next = {
        state: 'due',
        dueAt: Timestamp.fromMillis(now + pushRetryDelayMs(push.attempts)),
        attempts: push.attempts,
        ...(done.length ? { done } : {}),
      };
    }
    tx.update(ref, { push: next });
    return result;
  });
  if (answer.value === 'failed') logger.warn('Push given up', { notification: ref.path, outcomes });
  return answer.value;
}

/**
 * After a request's event committed: its pushes now, the request awaiting them (each call is bounded by
 * sendTimeoutMs). A failure is logged and never fails the request: the push stays due for the worker.
 */
export async function deliverNow(refs: readonly DocumentReference[], sender?: PushSender): Promise<void> {
  await Promise.all(
    refs.map((ref) =>
      sendPush(ref, { now: Date.now, ...(sender ? { sender } : {}) }).catch((error: unknown) => {
        logger.warn('Could not send a push now: the worker will', { notification: ref.path, error: String(error) });
      }),
    ),
  );
}

export interface PushWorkResult {
  sent: number;
  retried: number;
  failed: number;
}

/** Pushes looked at per run (the next minute takes the rest, oldest due first). */
const PUSH_BATCH = 200;
const PUSH_CONCURRENCY = 8;
/** How long a run sends pushes. */
export const PUSH_BUDGET_MS = 60_000;

/** The every-minute worker: every push due (or whose sender's lease ran out), oldest first, within a budget. */
export async function sendDuePushes(deps: { now: () => number; sender?: PushSender }, budgetMs = PUSH_BUDGET_MS): Promise<PushWorkResult> {
  const started = deps.now();
  const due = await db
    .collectionGroup('notifications')
    .where('push.dueAt', '<=', Timestamp.fromMillis(started))
    .orderBy('push.dueAt')
    .limit(PUSH_BATCH)
    .get();
  const result: PushWorkResult = { sent: 0, retried: 0, failed: 0 };
  const queue = [...due.docs];
  const worker = async () => {
    for (let doc = queue.shift(); doc; doc = queue.shift()) {
      if (deps.now() - started >= budgetMs) return;
      try {
        const outcome = await sendPush(doc.ref, deps);
        if (outcome === 'sent') result.sent += 1;
        if (outcome === 'retry') result.retried += 1;
        if (outcome === 'failed') result.failed += 1;
      } catch (error) {
        // Busy, say: still due, the next minute sends it.
        logger.error('Could not send a push', { notification: doc.ref.path, error: String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: PUSH_CONCURRENCY }, worker));
  return result;
}
