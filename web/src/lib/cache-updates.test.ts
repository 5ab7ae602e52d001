import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { refetchOnCacheUpdates } from '@/lib/cache-updates';

const update = (updatedURL: string) =>
  new MessageEvent('message', {
    data: { type: 'CACHE_UPDATED', meta: 'workbox-broadcast-update', payload: { cacheName: 'api-public', updatedURL } },
  });

describe('refetchOnCacheUpdates', () => {
  it("refetches the query of an answer the service worker found changed, and only that one's", () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const worker = new EventTarget();
    const stop = refetchOnCacheUpdates(queryClient, worker as ServiceWorkerContainer);

    worker.dispatchEvent(update('https://shohrat.example/api/settings'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['settings'] });
    worker.dispatchEvent(update('https://shohrat.example/api/review?limit=20'));
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: ['reviews'] });

    invalidate.mockClear();
    worker.dispatchEvent(update('https://shohrat.example/api/other'));
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'SKIP_WAITING' } }));
    stop();
    worker.dispatchEvent(update('https://shohrat.example/api/services'));
    expect(invalidate).not.toHaveBeenCalled();
  });
});
