// Firebase Auth (and Storage, for payment screenshots; Messaging, for pushes: lib/push-token.ts), loaded
// lazily so that nothing Firebase sits on the first paint's critical path; Storage's SDK loads only when a
// screenshot is picked or shown, Messaging's only when pushes are turned on or off.
// The config is discovered at run time: Firebase Hosting serves the project's web config at
// /__/firebase/init.json (the Hosting emulator serves a demo config there, and its init.js lists the
// emulators' ports, which are random in tests). VITE_FIREBASE_* only apply when that file is absent.
import type { FirebaseApp } from 'firebase/app';
import type { AppCheck } from 'firebase/app-check';
import type { Auth } from 'firebase/auth';
import type { FirebaseStorage } from 'firebase/storage';
import { z } from 'zod/mini';
import { env } from '@/config/env';
import { cacheToken, isRefusedToken, readCachedToken, readCachedUser } from '@/lib/session-cache';

const webConfigSchema = z.object({
  apiKey: z.string().check(z.minLength(1)),
  projectId: z.string().check(z.minLength(1)),
  authDomain: z.optional(z.string()),
  appId: z.optional(z.string()),
  storageBucket: z.optional(z.string()),
  /** Cloud Messaging's sender (pushes, lib/push-token.ts). */
  messagingSenderId: z.optional(z.string()),
});
type WebConfig = z.infer<typeof webConfigSchema>;

const emulatorSchema = z.optional(z.object({ host: z.string(), port: z.number() }));
const emulatorsSchema = z.object({ auth: emulatorSchema, storage: emulatorSchema });
type Emulators = { auth: string | null; storage: { host: string; port: number } | null };

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

/** The Auth and Storage emulators, from the Hosting emulator's init.js (a `demo-` project only). */
async function discoverEmulators(config: WebConfig): Promise<Emulators> {
  const none: Emulators = { auth: env.VITE_AUTH_EMULATOR_HOST ? `http://${env.VITE_AUTH_EMULATOR_HOST}` : null, storage: null };
  if (!config.projectId.startsWith('demo-')) return none;
  const res = await fetch('/__/firebase/init.js?useEmulator=true', { cache: 'no-store' });
  if (!res.ok) return none;
  const match = /var firebaseEmulators = (\{[\s\S]*?\n\});/.exec(await res.text());
  if (!match?.[1]) return none;
  const { auth, storage } = emulatorsSchema.parse(JSON.parse(match[1]));
  return { auth: none.auth ?? (auth ? `http://${auth.host}:${auth.port}` : null), storage: storage ?? null };
}

let appPromise: Promise<{ app: FirebaseApp; config: WebConfig; emulators: Emulators }> | undefined;

/** The Firebase app, initialised once from the discovered config, and the emulators of a demo project. */
export function loadApp(): Promise<{ app: FirebaseApp; config: WebConfig; emulators: Emulators }> {
  appPromise ??= (async () => {
    const config = await discoverConfig();
    const [{ initializeApp }, emulators] = await Promise.all([import('firebase/app'), discoverEmulators(config)]);
    const app = initializeApp(config);
    // App Check first, so Storage's and the API's calls carry its token from the start.
    if (env.VITE_APPCHECK_SITE_KEY) appCheckPromise = startAppCheck(app, env.VITE_APPCHECK_SITE_KEY);
    return { app, config, emulators };
  })();
  appPromise.catch(() => {
    appPromise = undefined;
  });
  return appPromise;
}

let appCheckPromise: Promise<AppCheck> | undefined;

/** App Check with reCAPTCHA Enterprise (its SDK loaded only in a build that has a site key). */
async function startAppCheck(app: FirebaseApp, siteKey: string): Promise<AppCheck> {
  if (env.VITE_APPCHECK_DEBUG_TOKEN) {
    (globalThis as { FIREBASE_APPCHECK_DEBUG_TOKEN?: string }).FIREBASE_APPCHECK_DEBUG_TOKEN = env.VITE_APPCHECK_DEBUG_TOKEN;
  }
  const { initializeAppCheck, ReCaptchaEnterpriseProvider } = await import('firebase/app-check');
  return initializeAppCheck(app, { provider: new ReCaptchaEnterpriseProvider(siteKey), isTokenAutoRefreshEnabled: true });
}

/** The App Check token for a write to /api, or null in a build without App Check (the emulators). */
export async function currentAppCheckToken(): Promise<string | null> {
  if (!env.VITE_APPCHECK_SITE_KEY) return null;
  await loadApp();
  const appCheck = await appCheckPromise;
  if (!appCheck) return null;
  const { getToken } = await import('firebase/app-check');
  return (await getToken(appCheck, false)).token;
}

let authPromise: Promise<Auth> | undefined;

/**
 * Firebase Auth syncs the session across tabs by polling IndexedDB (every 800 ms): when the stored
 * session changes it calls its own `_onStorageEvent`, which asks for the ID token and leaves the promise
 * unhandled. Offline with an expired token that refresh fails (auth/network-request-failed) as an
 * uncaught error, though nothing is lost: the session stands and the next getIdToken tries again (the
 * app's own callers catch theirs: lib/api-client.ts, lib/auth.tsx).
 */
export function ignoreAuthNetworkFailure(event: PromiseRejectionEvent): void {
  if ((event.reason as { code?: unknown } | null)?.code === 'auth/network-request-failed') event.preventDefault();
}

/** The app's Auth instance, initialised once (connected to the emulator on a demo project). */
export function loadAuth(): Promise<Auth> {
  authPromise ??= (async () => {
    const [{ app, emulators }, authModule] = await Promise.all([loadApp(), import('firebase/auth')]);
    if (typeof window !== 'undefined') window.addEventListener('unhandledrejection', ignoreAuthNetworkFailure);
    const auth = authModule.initializeAuth(app, {
      persistence: [authModule.indexedDBLocalPersistence, authModule.browserLocalPersistence],
    });
    if (emulators.auth) authModule.connectAuthEmulator(auth, emulators.auth, { disableWarnings: true });
    return auth;
  })();
  authPromise.catch(() => {
    authPromise = undefined;
  });
  return authPromise;
}

/**
 * The signed-in user's ID token, or null when nobody is signed in. While the token this device remembers for its user
 * is good (lib/session-cache.ts), that one, without Firebase's SDK; otherwise the SDK's (loaded for it, when this
 * device remembers someone signed in: a visitor's page never loads it for a token), remembered in turn.
 */
export async function currentIdToken(forceRefresh = false): Promise<string | null> {
  if (!forceRefresh) {
    const remembered = readCachedToken();
    if (remembered) return remembered.token;
  }
  if (!authPromise && !readCachedUser()) return null;
  const auth = await loadAuth();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) return null;
  let token = await user.getIdToken(forceRefresh);
  // The SDK's own copy of a token the API refused (a session ended elsewhere): a new one, or the SDK finds it ended.
  if (isRefusedToken(token)) token = await user.getIdToken(true);
  cacheToken(user.uid, token);
  return token;
}

/** The signed-in user's uid as Firebase keeps it on this device (known offline too), or null. */
export async function currentUid(): Promise<string | null> {
  if (!authPromise) return null;
  const auth = await authPromise;
  await auth.authStateReady();
  return auth.currentUser?.uid ?? null;
}

let storagePromise: Promise<{ storage: FirebaseStorage; sdk: typeof import('firebase/storage') }> | undefined;

/**
 * Cloud Storage (the project's default bucket) with its SDK, for payment screenshots: loaded on first use,
 * after Auth (its requests carry the signed-in user's token, which storage.rules judge).
 */
export function loadStorage() {
  storagePromise ??= (async () => {
    const [{ app, emulators }, sdk] = await Promise.all([loadApp(), import('firebase/storage'), loadAuth()]);
    const storage = sdk.getStorage(app);
    if (emulators.storage) sdk.connectStorageEmulator(storage, emulators.storage.host, emulators.storage.port);
    return { storage, sdk };
  })();
  storagePromise.catch(() => {
    storagePromise = undefined;
  });
  return storagePromise;
}
