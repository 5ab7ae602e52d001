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
