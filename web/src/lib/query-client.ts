import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error';
import { syncInitialOnlineState } from '@/lib/network';

export function createQueryClient() {
  syncInitialOnlineState();
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        // Offline, a query still runs once: the service worker may answer it from its cache. Only
        // the retries wait for the connection.
        networkMode: 'offlineFirst',
        // Back online, everything on screen refetches, even answers the cache gave a moment ago.
        refetchOnReconnect: 'always',
        // A definite answer (4xx) will not change on retry; a lost connection or a 5xx may.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
      // A money action runs now or fails now: never queued offline to fire later on its own.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
