// An admin's session with the second factor, as a script gets one: the password sign-in, a code
// from the admin's TOTP key sent to POST /api/admin/mfa/verify, and its custom token exchanged for an ID
// token (what the console does). README shows the same steps with curl.
import { currentTotp, nextAcceptableCode } from '../../functions/src/lib/totp';
import { signIn, signInWithCustomToken } from './auth-emulator';

export interface AdminLogin {
  email: string;
  password: string;
  /** The key the admin's authenticator app was given (base32). */
  totpSecret: string;
}

/**
 * A code the server accepts now: the next one after the last step used (read with the Admin SDK, on the
 * emulators), waiting for the next step when the window's codes are all used. Without `lastStep`, the
 * current code.
 */
export async function codeFor(secret: string, lastStep?: () => Promise<number>): Promise<string> {
  if (!lastStep) return currentTotp(secret);
  for (;;) {
    const code = nextAcceptableCode(secret, await lastStep());
    if (code) return code;
    await new Promise((done) => setTimeout(done, 1000));
  }
}

/** The step of the last code an admin used, read from the emulators' Firestore (scripts and tests only). */
export async function lastStepOf(email: string): Promise<number> {
  const { auth } = await import('../../functions/src/lib/admin');
  const { adminMfaRef } = await import('../../functions/src/services/accounts/admin-mfa');
  const { uid } = await auth.getUserByEmail(email);
  return ((await adminMfaRef(uid).get()).data()?.lastStep as number | undefined) ?? 0;
}

/** An admin ID token that opens the console's API (`baseUrl`: the panel, e.g. http://127.0.0.1:5000). */
export async function adminIdToken(baseUrl: string, admin: AdminLogin): Promise<string> {
  const { idToken } = await signIn(admin.email, admin.password);
  const code = await codeFor(admin.totpSecret, () => lastStepOf(admin.email));
  const res = await fetch(`${baseUrl}/api/admin/mfa/verify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const answer = (await res.json()) as { customToken?: string; message?: string };
  if (!res.ok || !answer.customToken) throw new Error(`POST /api/admin/mfa/verify answered ${res.status}: ${answer.message}`);
  return (await signInWithCustomToken(answer.customToken)).idToken;
}
