// Stale-while-revalidate shows the saved settings and reviews at once and refreshes them in the
// background. When that refresh brings a different answer, the service worker says so
// (workbox-broadcast-update) and the matching query refetches, so a changed wallet account number is
// on screen within a moment, not after the query's stale time. (The catalogue is network-first: never
// stale online.)
import type { QueryClient } from '@tanstack/react-query';

/** The query (first key part) that shows each stale-while-revalidate answer. */
const QUERY_OF_PATH: Record<string, string> = { '/api/settings': 'settings', '/api/review': 'reviews' };

interface CacheUpdatedMessage {
  type: 'CACHE_UPDATED';
  meta: 'workbox-broadcast-update';
  payload: { cacheName: string; updatedURL: string };
}

function isCacheUpdated(data: unknown): data is CacheUpdatedMessage {
  const message = data as Partial<CacheUpdatedMessage> | null;
  return (
    message?.type === 'CACHE_UPDATED' && message.meta === 'workbox-broadcast-update' && typeof message.payload?.updatedURL === 'string'
  );
}

/** Refetches the query of every answer the worker reports changed; returns a function that stops. */
export function refetchOnCacheUpdates(
  queryClient: QueryClient,
  container: Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'> | undefined = globalThis.navigator?.serviceWorker,
): () => void {
  if (!container) return () => {};
  const onMessage = (event: MessageEvent) => {
    if (!isCacheUpdated(event.data)) return;
    const query = QUERY_OF_PATH[new URL(event.data.payload.updatedURL, 'http://localhost').pathname];
    if (query) void queryClient.invalidateQueries({ queryKey: [query] });
  };
  container.addEventListener('message', onMessage as EventListener);
  return () => container.removeEventListener('message', onMessage as EventListener);
}
