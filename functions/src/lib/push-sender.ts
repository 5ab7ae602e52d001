// Web Push through Firebase Cloud Messaging: one message to one device token, answered as
// sent, unregistered (the token is dead: its device is deleted), failed (FCM refused it) or unknown (no
// answer in time: it may have been delivered). services/support/notifications.ts retries failed and unknown ones;
// the message's tag (the notification's id) makes a repeat replace itself on the device.
//
// On the emulators FCM cannot be reached: the recording sender writes the exact message it is handed to
// emulatorPushes/{auto} {message, outcome, at}, for the tests and for the browser test that delivers it to
// Chromium's service worker. A token starting with `unregistered-`, `failed-` or `unknown-` is answered so.
import { FieldValue } from 'firebase-admin/firestore';
import { getMessaging } from 'firebase-admin/messaging';
import type { PushData } from '../shared/notifications';
import { NOTIFICATION_LIMITS } from '../shared/notifications';
import { app, db } from './admin';
import { config } from './config';

export type PushOutcome = 'sent' | 'unregistered' | 'failed' | 'unknown';

/** An FCM data message to one device (data: strings only) with its Web Push headers. */
export interface PushMessage {
  token: string;
  data: PushData;
  webpush: { headers: { Urgency: 'high'; TTL: string } };
}

export interface PushSender {
  send(message: PushMessage): Promise<PushOutcome>;
}

/** How long FCM keeps a push for a device that is offline: a day (an order's news is stale after that). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export const emulatorPushesCollection = () => db.collection('emulatorPushes');

/** Resolves with `fallback` if `work` has not settled within `ms` (the work itself is left to finish). */
export function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<T>((done) => {
    timer = setTimeout(() => done(fallback), ms);
  });
  return Promise.race([work, timeUp]).finally(() => clearTimeout(timer));
}

const UNREGISTERED = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token']);
/** Errors of the way there, not FCM's answer: the message may have reached FCM. */
const UNANSWERED = new Set(['app/network-error', 'app/network-timeout', 'messaging/unknown-error']);

export function outcomeOfError(error: unknown): PushOutcome {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && UNREGISTERED.has(code)) return 'unregistered';
  if (typeof code === 'string' && UNANSWERED.has(code)) return 'unknown';
  return typeof code === 'string' ? 'failed' : 'unknown';
}

export const fcmSender: PushSender = {
  send: (message) =>
    within(
      getMessaging(app)
        .send(message)
        .then((): PushOutcome => 'sent', outcomeOfError),
      NOTIFICATION_LIMITS.sendTimeoutMs,
      'unknown',
    ),
};

const SIMULATED: [prefix: string, outcome: PushOutcome][] = [
  ['unregistered-', 'unregistered'],
  ['failed-', 'failed'],
  ['unknown-', 'unknown'],
];

/** The emulators' sender: records each message it is handed (never sent anywhere). */
export const recordingSender: PushSender = {
  async send(message) {
    const outcome = SIMULATED.find(([prefix]) => message.token.startsWith(prefix))?.[1] ?? 'sent';
    // A stand-in for FCM, not a domain write: no transaction to join.
    await emulatorPushesCollection().add({ message, outcome, at: FieldValue.serverTimestamp() });
    return outcome;
  },
};

export const pushSender = (): PushSender => (config.pushSender === 'record' ? recordingSender : fcmSender);
