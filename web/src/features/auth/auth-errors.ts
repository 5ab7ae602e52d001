import { authErrorCode } from '@/lib/auth';

const NETWORK = 'auth/network-request-failed';

/** Shown on /login when a signed-in-only page sent nobody-signed-in there (spec §4, §8). */
export const NOT_SIGNED_IN = 'You are not logged in. Please login first.';

/** The router state of that redirect. */
export interface LoginRedirectState {
  from?: string;
  notSignedIn?: boolean;
}

/** The spec's login messages for a failed sign-in. */
export function loginErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  if (code === NETWORK) return 'Server error, try again later';
  if (code === 'auth/too-many-requests') return 'Too many attempts, try again later';
  return 'Invalid email or password';
}

/** The spec's registration messages: the reason when we know it, else 'Registration failed'. */
export function registerErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  if (code === 'auth/email-already-in-use') return 'This email is already registered';
  if (code === 'auth/weak-password') return 'Password is too weak';
  if (code === 'auth/invalid-email') return 'Enter a valid email address';
  return 'Registration failed';
}
