// The device token pushes are sent to. In production: Firebase Cloud Messaging's registration token,
// made with the app's own service worker registration (sw.js, built from src/sw.ts, shows the
// pushes; no firebase-messaging-sw.js) and the project's VAPID key (VITE_FIREBASE_VAPID_KEY). On a
// `demo-` project (the emulators) FCM cannot be reached, so the device registers a local token
// `emulator-<random>` instead: the server records what it would send to it, and tests deliver that
// message to the service worker through Chromium's DevTools protocol. Loaded only when pushes are
// turned on or off, never on the first paint.
import { env } from '@/config/env';
import { loadApp } from '@/lib/firebase';

async function isEmulatorProject(): Promise<boolean> {
  const { config } = await loadApp();
  return config.projectId.startsWith('demo-');
}

async function messaging() {
  const [{ app }, messagingModule] = await Promise.all([loadApp(), import('firebase/messaging')]);
  if (!(await messagingModule.isSupported())) throw new Error('Firebase Messaging is not supported in this browser');
  return { messaging: messagingModule.getMessaging(app), ...messagingModule };
}

/**
 * A token for this device (FCM gives the same one again while its push subscription lives; on the
 * emulators the `previous` one is kept, so turning on twice registers one device, not two).
 */
export async function getDeviceToken(previous?: string): Promise<string> {
  if (await isEmulatorProject()) return previous?.startsWith('emulator-') ? previous : `emulator-${crypto.randomUUID()}`;
  const { messaging: instance, getToken } = await messaging();
  const registration = await navigator.serviceWorker.ready;
  return getToken(instance, {
    serviceWorkerRegistration: registration,
    ...(env.VITE_FIREBASE_VAPID_KEY ? { vapidKey: env.VITE_FIREBASE_VAPID_KEY } : {}),
  });
}

/** Ends this device's FCM registration (its push subscription goes): nothing more can reach it. */
export async function deleteDeviceToken(): Promise<void> {
  if (await isEmulatorProject()) return;
  const { messaging: instance, deleteToken } = await messaging();
  await deleteToken(instance);
}
