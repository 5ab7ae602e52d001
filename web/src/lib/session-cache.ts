// The session this device remembers (Firebase Auth keeps the real one): the user and role of the last sign-in, and
// the ID token Firebase last gave them, in localStorage, for the first render and for the entry (main.tsx), which
// reads it before any of the app has loaded. Nothing here may import the app: the entry of every page holds it.

import { MFA_MAX_AGE_SECONDS } from '@shared/mfa-age';
import { tokenClaims } from '@/lib/id-token';

export type Role = 'admin' | 'user';

export interface SessionUser {
  uid: string;
  email: string;
  name: string;
  role: Role;
  /** An admin's session passed the second factor (the token's `mfa` claim). */
  mfa?: boolean;
}

export const STORAGE_KEYS = { token: 'token', user: 'user', role: 'role' } as const;

// Checked by hand rather than with zod: this module is in every page's entry.
function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.uid === 'string' && typeof v.email === 'string' && typeof v.name === 'string' && (v.role === 'admin' || v.role === 'user')
  );
}

/** The user cached for the first paint; an unparsable entry is removed with the token. */
export function readCachedUser(storage: Storage = localStorage): SessionUser | null {
  const raw = storage.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (isSessionUser(parsed)) return parsed;
  storage.removeItem(STORAGE_KEYS.user);
  storage.removeItem(STORAGE_KEYS.token);
  return null;
}

/**
 * How long before its expiry a remembered ID token is no longer used: Firebase's SDK (lib/auth.tsx) is loaded by then
 * and refreshes it (it refreshes its own from 5 minutes before expiry).
 */
export const TOKEN_MARGIN_MS = 5 * 60_000;

interface CachedToken {
  uid: string;
  token: string;
  /** When the token expires, ms since the epoch (its `exp` claim). */
  expiresAt: number;
}

/** When an ID token expires (its `exp` claim, the server's clock), ms; null when the token is not one. */
export function tokenExpiry(token: string): number | null {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** The role and second factor a token's claims give its user: `admin`, and `mfa` passed within the time the API and the rules accept. */
export function sessionOfClaims(claims: Record<string, unknown>, now: number = Date.now()): Pick<SessionUser, 'role' | 'mfa'> {
  const mfa = claims.mfa === true && typeof claims.mfaAt === 'number' && now / 1000 - claims.mfaAt <= MFA_MAX_AGE_SECONDS;
  return { role: claims.admin === true ? 'admin' : 'user', ...(mfa ? { mfa } : {}) };
}

/** The token the API last refused (lib/api-client.ts): never remembered again (its session ended elsewhere). */
let refused: string | null = null;
export const isRefusedToken = (token: string): boolean => token === refused;

/**
 * Remembers the ID token Firebase gave `uid` (the one its SDK keeps on this device too, in IndexedDB), so that a page
 * opened before it is due for refresh calls the API with it without loading the SDK first (lib/firebase.ts).
 */
export function cacheToken(uid: string, token: string, storage: Storage = localStorage): void {
  // By the server's clock: a token handed over again later (the SDK gives its stored one until it nearly expires) is
  // no younger. A device whose clock is behind may send one the server finds expired: the API refuses it (401
  // `invalid_token`) and the call is made again with a fresh one (lib/api-client.ts).
  const expiresAt = tokenExpiry(token);
  if (expiresAt === null || isRefusedToken(token)) return;
  try {
    storage.setItem(STORAGE_KEYS.token, JSON.stringify({ uid, token, expiresAt } satisfies CachedToken));
  } catch {
    // Storage unavailable: every page then loads the SDK for its token, as before.
  }
}

/** The remembered token of the remembered user while it is good for more than TOKEN_MARGIN_MS; otherwise null. */
export function readCachedToken(now: number = Date.now(), storage: Storage = localStorage): CachedToken | null {
  try {
    const user = readCachedUser(storage);
    const value = JSON.parse(storage.getItem(STORAGE_KEYS.token) ?? 'null') as Partial<CachedToken> | null;
    if (!user || value?.uid !== user.uid || typeof value.token !== 'string' || typeof value.expiresAt !== 'number') return null;
    return value.expiresAt - now > TOKEN_MARGIN_MS ? { uid: value.uid, token: value.token, expiresAt: value.expiresAt } : null;
  } catch {
    return null;
  }
}

/** Forgets the remembered token (signing out: this page and its reloads no longer call the API with it). */
export function forgetToken(storage: Storage = localStorage): void {
  try {
    storage.removeItem(STORAGE_KEYS.token);
  } catch {
    // Storage unavailable: nothing was remembered.
  }
}

/**
 * Dispatched on `window` when the API refused the token a call carried (401: a session ended elsewhere, a blocked
 * account): the remembered copy is forgotten, and a page that did without Firebase's SDK loads it (lib/auth.tsx),
 * which finds the session's state.
 */
export const SESSION_REFUSED_EVENT = 'shohrat:session-refused';

export function forgetRefusedToken(storage: Storage = localStorage): void {
  try {
    refused = (JSON.parse(storage.getItem(STORAGE_KEYS.token) ?? 'null') as { token?: string } | null)?.token ?? refused;
  } catch {
    // Storage unavailable (or not a remembered token): nothing was remembered.
  }
  forgetToken(storage);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_REFUSED_EVENT));
}
