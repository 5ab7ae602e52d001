// Email/password accounts and ID tokens from the Auth emulator's REST API (what the web SDK calls),
// for the tests and the benchmarks.
export async function authEmulatorRest(
  path: string,
  body: unknown,
  host = process.env.FIREBASE_AUTH_EMULATOR_HOST,
): Promise<Record<string, any>> {
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set');
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${path}?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`Auth emulator ${path}: ${JSON.stringify(json)}`);
  return json;
}

export async function signUp(email: string, password: string, displayName?: string): Promise<{ idToken: string; localId: string }> {
  const json = await authEmulatorRest('accounts:signUp', { email, password, displayName, returnSecureToken: true });
  return { idToken: json.idToken as string, localId: json.localId as string };
}

export async function signIn(email: string, password: string): Promise<{ idToken: string; localId: string }> {
  const json = await authEmulatorRest('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  return { idToken: json.idToken as string, localId: json.localId as string };
}

/** Exchanges a custom token (the second factor's, POST /api/admin/mfa/verify) for an ID token, as the web SDK's signInWithCustomToken does. */
export async function signInWithCustomToken(token: string): Promise<{ idToken: string; refreshToken: string }> {
  const json = await authEmulatorRest('accounts:signInWithCustomToken', { token, returnSecureToken: true });
  return { idToken: json.idToken as string, refreshToken: json.refreshToken as string };
}

/** A fresh ID token for a session's refresh token (what the SDK does every hour). */
export async function refreshIdToken(refreshToken: string, host = process.env.FIREBASE_AUTH_EMULATOR_HOST): Promise<string> {
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set');
  const res = await fetch(`http://${host}/securetoken.googleapis.com/v1/token?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
  });
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`Auth emulator token refresh: ${JSON.stringify(json)}`);
  return json.id_token as string;
}
