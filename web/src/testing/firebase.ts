import { vi } from 'vitest';

/**
 * lib/firebase for a screen that calls the API itself (its fetches carry the session's token): in
 * `vi.mock('@/lib/firebase', async () => (await import('@/testing/firebase')).signedInFirebase(uid, token))`.
 */
export function signedInFirebase(uid: string, idToken: string) {
  return {
    currentIdToken: vi.fn(async () => idToken),
    currentUid: vi.fn(async () => uid),
    currentAppCheckToken: vi.fn(async () => null),
  };
}
