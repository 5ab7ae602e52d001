// The session this device remembers (Firebase Auth keeps the real one): the user and role of the last sign-in, in
// localStorage, for the first render and for the entry (main.tsx), which reads it before any of the app has loaded.
// Nothing here may import the app: the entry of every page holds it.

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
