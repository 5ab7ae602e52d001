// Pushes on this device: whether the browser can show them, turning them on (permission → device
// token → POST /api/notifications/devices) and off (POST /api/notifications/devices/remove, and the
// FCM registration deleted). Shared by the settings page, the opt-in card and sign-out.
import { NOTIFICATION_MESSAGES } from '@shared/notifications';
import { useSyncExternalStore } from 'react';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { pushSupported, readPushDevice, writePushDevice } from '@/lib/push-token-store';

/** on: this device gets pushes for this account; blocked: the browser refuses (the site's setting). */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

/** How long sign-out waits for the server (and FCM) to forget this device before it goes on anyway. */
export const SIGN_OUT_PUSH_WAIT_MS = 3000;

export function pushState(uid: string | undefined): PushState {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const device = readPushDevice();
  return Notification.permission === 'granted' && device !== null && device.uid === uid ? 'on' : 'off';
}

const listeners = new Set<() => void>();
let version = 0;
function changed() {
  version++;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  // The permission can change in the browser's site settings while the app is in the background.
  const onFocus = () => changed();
  window.addEventListener('focus', onFocus);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('focus', onFocus);
  };
}

/** This device's push state for the signed-in customer, kept current. */
export function usePushState(uid: string | undefined): PushState {
  useSyncExternalStore(subscribe, () => version);
  return pushState(uid);
}

export type TurnOnResult = { ok: true } | { ok: false; reason: 'unsupported' | 'blocked' | 'dismissed' | 'failed'; message: string | null };

/** Asks the browser's permission, makes this device's token and registers it for the signed-in customer. */
export async function turnOnPush(uid: string): Promise<TurnOnResult> {
  if (!pushSupported()) return { ok: false, reason: 'unsupported', message: NOTIFICATION_MESSAGES.pushUnsupported };
  let permission: NotificationPermission;
  try {
    permission = await Notification.requestPermission();
  } catch {
    return { ok: false, reason: 'failed', message: NOTIFICATION_MESSAGES.pushFailed };
  } finally {
    changed();
  }
  if (permission === 'denied') return { ok: false, reason: 'blocked', message: NOTIFICATION_MESSAGES.pushDenied };
  // The prompt was closed without an answer: nothing to say, it can be asked again.
  if (permission !== 'granted') return { ok: false, reason: 'dismissed', message: null };
  try {
    const { getDeviceToken } = await import('@/lib/push-token');
    const token = await getDeviceToken(readPushDevice()?.token);
    await api.post('/notifications/devices', z.undefined(), { token });
    writePushDevice({ token, uid });
    return { ok: true };
  } catch (error) {
    console.warn('Pushes could not be turned on', error);
    return { ok: false, reason: 'failed', message: NOTIFICATION_MESSAGES.pushFailed };
  } finally {
    changed();
  }
}

function removeOnServer(token: string, signal?: AbortSignal) {
  return api.post('/notifications/devices/remove', z.undefined(), { token }, { signal });
}

async function deleteRegistration() {
  const { deleteDeviceToken } = await import('@/lib/push-token');
  await deleteDeviceToken();
}

/**
 * Turn off: the server stops pushing to this device and its FCM registration ends. Throws when the
 * server could not be told (the page says so and keeps the token, so it can be tried again).
 */
export async function turnOffPush(): Promise<void> {
  const device = readPushDevice();
  if (!device) return;
  try {
    await removeOnServer(device.token);
    writePushDevice(null);
    await deleteRegistration().catch((error: unknown) => console.warn('The push registration could not be deleted', error));
  } finally {
    changed();
  }
}

/**
 * Sign-out: the server forgets this device (asked before the session ends, so it knows who asks) and
 * the FCM registration ends, waiting at most SIGN_OUT_PUSH_WAIT_MS; a failure never stops the sign-out.
 * The stored token goes either way.
 */
export async function stopPushOnSignOut(): Promise<void> {
  const device = readPushDevice();
  if (!device) return;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const results = await Promise.race([
      Promise.allSettled([removeOnServer(device.token, controller.signal), deleteRegistration()]),
      new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), SIGN_OUT_PUSH_WAIT_MS);
      }),
    ]);
    const failed = results === 'timeout' ? ['no answer in time'] : results.filter((r) => r.status === 'rejected').map((r) => r.reason);
    if (failed.length > 0) console.warn('This device may still get pushes after sign-out', ...failed);
  } finally {
    clearTimeout(timer);
    controller.abort();
    writePushDevice(null);
    changed();
  }
}
