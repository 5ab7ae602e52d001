// The session: Firebase Auth keeps it; the `admin` custom claim decides the role. The shell renders
// at once (from the cached `user` and `role` in storage) and the session resolves after Firebase loads.

import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { afterFirstPaint } from '@/lib/first-paint';
import { tokenClaims } from '@/lib/id-token';
import { clearPrivateData } from '@/lib/private-cache';
import { readPushDevice } from '@/lib/push-token-store';
import {
  cacheToken,
  forgetToken,
  readCachedToken,
  readCachedUser,
  SESSION_REFUSED_EVENT,
  type SessionUser,
  STORAGE_KEYS,
  sessionOfClaims,
  TOKEN_MARGIN_MS,
} from '@/lib/session-cache';

export type { Role, SessionUser } from '@/lib/session-cache';

// Firebase (and the zod-parsed config it needs) loads after the first paint, off the landing chunk.
async function firebaseAuth() {
  const [{ loadAuth }, authModule] = await Promise.all([import('@/lib/firebase'), import('firebase/auth')]);
  return { auth: await loadAuth(), ...authModule };
}

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  login: (email: string, password: string) => Promise<SessionUser>;
  /** Creates the Firebase account with its display name; the caller then registers the profile. */
  createAccount: (input: { name: string; email: string; password: string }) => Promise<SessionUser>;
  logout: () => Promise<void>;
  sendResetLink: (email: string) => Promise<void>;
  /** Signs in with the custom token POST /api/admin/mfa/verify answered: the session now has the second factor. */
  completeSecondFactor: (customToken: string) => Promise<SessionUser>;
}

function cacheUser(user: SessionUser | null) {
  try {
    if (user) {
      localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      localStorage.setItem(STORAGE_KEYS.role, user.role);
    } else {
      for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
    }
  } catch {
    // Storage can be unavailable (private mode, quota): the session still works from Firebase.
  }
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs <AuthProvider>');
  return value;
}

/**
 * Whether nobody is signed in here as far as the page knows: signed out, or the session still being read with no
 * user remembered on this device (a visitor's first load, and the prerendered pages, which are rendered so). Someone
 * remembered, still being restored, is not.
 */
export function useIsVisitor(): boolean {
  const { status, user } = useAuth();
  return status === 'signed-out' || (status === 'loading' && user === null);
}

type FirebaseUser = import('firebase/auth').User;

/** The name shown for an account that has none (spec: 'Welcome, ' and the name or 'User'). */
export const PLACEHOLDER_NAME = 'User';

async function toSessionUser(user: FirebaseUser, forceRefresh: boolean): Promise<SessionUser> {
  let role: SessionUser['role'];
  let mfa = false;
  try {
    const { claims, token } = await user.getIdTokenResult(forceRefresh);
    cacheToken(user.uid, token);
    ({ role, mfa = false } = sessionOfClaims(claims));
  } catch (error) {
    if (forceRefresh) throw error;
    // Offline with an expired token: Firebase keeps the session, so it stands, with the role last
    // seen; the server checks a fresh token again before anything is done.
    const cached = readCachedUser();
    if (cached?.uid === user.uid) return cached;
    role = 'user';
  }
  return { uid: user.uid, email: user.email ?? '', name: user.displayName?.trim() || PLACEHOLDER_NAME, role, ...(mfa ? { mfa } : {}) };
}

/**
 * Runs `listen` (Firebase's SDK and its session: it loads, restores and refreshes it) once the page needs it: at once
 * after the first paint (lib/first-paint.ts) when this device has no good token for its user; otherwise (the screens
 * use that token: lib/firebase.ts) shortly before the token is due for refresh, as soon as another tab signs out or
 * in (its user in storage changes), or when the API refuses the token (lib/api-client.ts). Returns what cancels it.
 */
function whenSessionNeeded(listen: () => void): () => void {
  const remembered = readCachedToken();
  if (!remembered) return afterFirstPaint(listen);
  let done = false;
  const start = () => {
    if (done) return;
    done = true;
    stop();
    listen();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.user) start();
  };
  const timer = setTimeout(start, Math.max(0, remembered.expiresAt - TOKEN_MARGIN_MS - Date.now()));
  window.addEventListener('storage', onStorage);
  window.addEventListener(SESSION_REFUSED_EVENT, start);
  const stop = () => {
    clearTimeout(timer);
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(SESSION_REFUSED_EVENT, start);
  };
  return () => {
    done = true;
    stop();
  };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Signed in from the start when this device remembers its user with a token still good (lib/session-cache.ts):
  // the screens ask the API with it at once, and Firebase's SDK loads when the session needs it (below).
  // The role and second factor are the token's (an admin's 12 hours may have passed since the user was remembered).
  const [state, setState] = useState<{ status: AuthStatus; user: SessionUser | null }>(() => {
    const user = typeof localStorage === 'undefined' ? null : readCachedUser();
    const remembered = user ? readCachedToken() : null;
    const claims = remembered && tokenClaims(remembered.token);
    if (!user || !claims) return { status: 'loading', user };
    const { mfa: _mfa, ...rest } = user;
    return { status: 'signed-in', user: { ...rest, ...sessionOfClaims(claims) } };
  });

  const shown = useRef(state.user);
  shown.current = state.user;

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    const waiting = whenSessionNeeded(async () => {
      try {
        const { auth, onIdTokenChanged } = await firebaseAuth();
        if (cancelled) return;
        unsubscribe = onIdTokenChanged(auth, async (fbUser) => {
          // The session ended or changed hands outside this page's own login/logout (another tab, an
          // expired session): the previous user's saved answers go. The previous user is the one this page shows
          // (another tab's sign-in has already put its own in storage).
          const previous = shown.current ?? readCachedUser();
          if (previous && previous.uid !== fbUser?.uid) void clearPrivateData(queryClient);
          if (!fbUser) {
            cacheUser(null);
            setState({ status: 'signed-out', user: null });
            return;
          }
          // Pushes on here for another account, whose session ended without this page's sign-out (a
          // password reset, a disabled account): its pushes must not reach whoever uses this device now.
          // Only a session can ask the server, so this one does (bounded, never in the way).
          const device = readPushDevice();
          if (device && device.uid !== fbUser.uid) {
            void import('@/lib/push-device')
              .then((push) => push.stopPushOnSignOut())
              .catch((error: unknown) => console.warn('Pushes of the previous account could not be stopped', error));
          }
          const user = await toSessionUser(fbUser, false);
          cacheUser(user);
          setState({ status: 'signed-in', user });
        });
      } catch (error) {
        console.warn('Sign-in is unavailable', error);
        if (!cancelled) setState({ status: 'signed-out', user: null });
      }
    });
    return () => {
      cancelled = true;
      waiting();
      unsubscribe?.();
    };
  }, [queryClient]);

  const login = useCallback(
    async (email: string, password: string) => {
      const { auth, signInWithEmailAndPassword } = await firebaseAuth();
      // Nothing saved for whoever used this device before may outlive a new sign-in.
      await clearPrivateData(queryClient);
      const credential = await signInWithEmailAndPassword(auth, email, password);
      // A fresh token, so a role granted since the last sign-in counts now.
      const user = await toSessionUser(credential.user, true);
      cacheUser(user);
      setState({ status: 'signed-in', user });
      return user;
    },
    [queryClient],
  );

  const createAccount = useCallback(
    async (input: { name: string; email: string; password: string }) => {
      const { auth, createUserWithEmailAndPassword, updateProfile } = await firebaseAuth();
      await clearPrivateData(queryClient);
      const credential = await createUserWithEmailAndPassword(auth, input.email, input.password);
      await updateProfile(credential.user, { displayName: input.name });
      const user = await toSessionUser(credential.user, true);
      cacheUser(user);
      setState({ status: 'signed-in', user });
      return user;
    },
    [queryClient],
  );

  // Signing out stops pushes to this device first (it needs the session to say who asks; bounded, and
  // never in the way of the sign-out), then forgets every private answer: the query cache and the
  // service worker's saved copies. Pushes' code loads only on a device that has them on.
  const logout = useCallback(async () => {
    if (readPushDevice()) {
      try {
        await (await import('@/lib/push-device')).stopPushOnSignOut();
      } catch (error) {
        console.warn('Pushes could not be stopped before sign-out', error);
      }
    }
    forgetToken();
    setState({ status: 'signed-out', user: null });
    // The user this device remembers goes once Firebase has ended the session: another tab hears of it then (the
    // storage event) and reads the session, which must be the ended one.
    try {
      const { auth, signOut } = await firebaseAuth();
      await signOut(auth);
    } finally {
      cacheUser(null);
      await clearPrivateData(queryClient);
    }
  }, [queryClient]);

  const sendResetLink = useCallback(async (email: string) => {
    const { auth, sendPasswordResetEmail } = await firebaseAuth();
    await sendPasswordResetEmail(auth, email);
  }, []);

  // The API says this admin's second factor lapsed: the console shows its step again (lib/api-client.ts).
  // The event's name is written here rather than imported: the API client is not on the first paint's path.
  useEffect(() => {
    const lapse = () =>
      setState((current) => {
        if (!current.user?.mfa) return current;
        const user = { ...current.user, mfa: false };
        cacheUser(user);
        return { ...current, user };
      });
    window.addEventListener('shohrat:mfa-required', lapse);
    return () => window.removeEventListener('shohrat:mfa-required', lapse);
  }, []);

  const completeSecondFactor = useCallback(async (customToken: string) => {
    const { auth, signInWithCustomToken } = await firebaseAuth();
    const credential = await signInWithCustomToken(auth, customToken);
    const user = await toSessionUser(credential.user, true);
    cacheUser(user);
    setState({ status: 'signed-in', user });
    return user;
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, login, createAccount, logout, sendResetLink, completeSecondFactor }),
    [state, login, createAccount, logout, sendResetLink, completeSecondFactor],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Firebase Auth error code of a failed sign-in or sign-up, if it is one. */
export function authErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
