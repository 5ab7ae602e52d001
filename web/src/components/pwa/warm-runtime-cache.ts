// On the very first visit the page starts before the service worker controls it, so what it fetched
// then (the Firebase config under /__/firebase/, the public catalogue and settings) went past the
// worker and was not kept. Once the worker takes control, those requests are made again through it,
// so the app can start offline after a single visit.

const KEPT_FOR_OFFLINE = /^\/(__\/firebase\/init\.js(on)?|api\/(services|settings))$/;

export function requestsToWarm(entries: readonly Pick<PerformanceEntry, 'name'>[], origin: string): string[] {
  const urls = new Set<string>();
  for (const { name } of entries) {
    const url = new URL(name, origin);
    if (url.origin === origin && KEPT_FOR_OFFLINE.test(url.pathname)) urls.add(url.href);
  }
  return [...urls];
}

/** Asks again, through the worker, for what the page fetched before the worker controlled it. */
export function warmRuntimeCacheOnFirstControl(container: ServiceWorkerContainer = navigator.serviceWorker): void {
  if (container.controller) return;
  container.addEventListener(
    'controllerchange',
    () => {
      for (const url of requestsToWarm(performance.getEntriesByType('resource'), location.origin)) {
        fetch(url, { credentials: 'same-origin' }).catch(() => {
          // Offline already: nothing to keep this time.
        });
      }
    },
    { once: true },
  );
}
