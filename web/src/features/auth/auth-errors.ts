import { authErrorCode } from '@/lib/auth';

const NETWORK = 'auth/network-request-failed';

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
