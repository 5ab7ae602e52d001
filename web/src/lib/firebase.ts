// Firebase Auth, loaded lazily so that nothing Firebase sits on the first paint's critical path.
// The config is discovered at run time: Firebase Hosting serves the project's web config at
// /__/firebase/init.json (the Hosting emulator serves a demo config there, and its init.js lists the
// emulators' ports, which are random in tests). VITE_FIREBASE_* only apply when that file is absent.
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import { z } from 'zod';
import { env } from '@/config/env';

const webConfigSchema = z.object({
  apiKey: z.string().min(1),
  projectId: z.string().min(1),
  authDomain: z.string().optional(),
  appId: z.string().optional(),
  /** Cloud Messaging's sender (pushes, lib/push-token.ts). */
  messagingSenderId: z.string().optional(),
});
type WebConfig = z.infer<typeof webConfigSchema>;

const emulatorsSchema = z.object({ auth: z.object({ host: z.string(), port: z.number() }).optional() });

async function discoverConfig(): Promise<WebConfig> {
  try {
    const res = await fetch('/__/firebase/init.json', { cache: 'no-store' });
    if (res.ok) return webConfigSchema.parse(await res.json());
  } catch {
    // Not on Firebase Hosting: fall back to the build-time settings below.
  }
  return webConfigSchema.parse({
    apiKey: env.VITE_FIREBASE_API_KEY,
    projectId: env.VITE_FIREBASE_PROJECT_ID,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
    appId: env.VITE_FIREBASE_APP_ID,
    messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID,
  });
}

/** The Auth emulator's origin, from the Hosting emulator's init.js (a `demo-` project only). */
async function discoverAuthEmulator(config: WebConfig): Promise<string | null> {
  if (env.VITE_AUTH_EMULATOR_HOST) return `http://${env.VITE_AUTH_EMULATOR_HOST}`;
  if (!config.projectId.startsWith('demo-')) return null;
  const res = await fetch('/__/firebase/init.js?useEmulator=true', { cache: 'no-store' });
  if (!res.ok) return null;
  const match = /var firebaseEmulators = (\{[\s\S]*?\n\});/.exec(await res.text());
  if (!match?.[1]) return null;
  const auth = emulatorsSchema.parse(JSON.parse(match[1])).auth;
  return auth ? `http://${auth.host}:${auth.port}` : null;
}

let appPromise: Promise<{ app: FirebaseApp; config: WebConfig }> | undefined;

/** The Firebase app, initialised once from the discovered config. */
export function loadApp(): Promise<{ app: FirebaseApp; config: WebConfig }> {
  appPromise ??= (async () => {
    const config = await discoverConfig();
    const { initializeApp } = await import('firebase/app');
    return { app: initializeApp(config), config };
  })();
  appPromise.catch(() => {
    appPromise = undefined;
  });
  return appPromise;
}

let authPromise: Promise<Auth> | undefined;

/** The app's Auth instance, initialised once (connected to the emulator on a demo project). */
export function loadAuth(): Promise<Auth> {
  authPromise ??= (async () => {
    const { app, config } = await loadApp();
    const [authModule, emulator] = await Promise.all([import('firebase/auth'), discoverAuthEmulator(config)]);
    const auth = authModule.initializeAuth(app, {
      persistence: [authModule.indexedDBLocalPersistence, authModule.browserLocalPersistence],
    });
    if (emulator) authModule.connectAuthEmulator(auth, emulator, { disableWarnings: true });
    return auth;
  })();
  authPromise.catch(() => {
    authPromise = undefined;
  });
  return authPromise;
}

/** The signed-in user's ID token, or null when nobody is signed in (or Auth never loaded). */
export async function currentIdToken(forceRefresh = false): Promise<string | null> {
  if (!authPromise) return null;
  const auth = await authPromise;
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null;
}

/** The signed-in user's uid as Firebase keeps it on this device (known offline too), or null. */
export async function currentUid(): Promise<string | null> {
  if (!authPromise) return null;
  const auth = await authPromise;
  await auth.authStateReady();
  return auth.currentUser?.uid ?? null;
}
