// Everything the app keeps of a signed-in user's answers: the service worker's private runtime cache
// (named here, used by sw.ts) and TanStack Query's cache. Cleared on sign-out and whenever a different
// user signs in on this device.
import type { QueryClient } from '@tanstack/react-query';

export const PRIVATE_CACHE = 'api-private';

/** Deletes the service worker's saved private answers (each stored under its user's uid). */
export async function clearPrivateCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(PRIVATE_CACHE);
  } catch {
    // Cache Storage refused (e.g. an opaque origin): there is nothing of ours in it then.
  }
}

/** Forgets every private answer: the query cache (in-flight requests first) and the saved answers. */
export async function clearPrivateData(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.clear();
  await clearPrivateCache();
}
