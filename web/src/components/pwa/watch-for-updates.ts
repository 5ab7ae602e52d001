// When to look for a new version of the app: the browser checks on every load (and on registration);
// this adds a check whenever the app comes back to the foreground and every hour, because a
// home-screen app (iOS above all) can stay open for days and would otherwise keep the old version.

export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** Focus and visibility changes come in bursts; one check per this long is enough. */
export const MIN_CHECK_GAP_MS = 60 * 1000;

interface Environment {
  window: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setInterval' | 'clearInterval'>;
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  navigator: Pick<Navigator, 'onLine'>;
  fetch: typeof fetch;
  now: () => number;
}

const browser = (): Environment => ({ window, document, navigator, fetch: (...args) => fetch(...args), now: Date.now });

/** Starts the checks for `registration`; returns a function that stops them. */
export function watchForUpdates(
  swUrl: string,
  registration: Pick<ServiceWorkerRegistration, 'update' | 'installing'>,
  env: Environment = browser(),
): () => void {
  let lastCheck = env.now();

  const check = async () => {
    if (!env.navigator.onLine || registration.installing) return;
    if (env.now() - lastCheck < MIN_CHECK_GAP_MS) return;
    lastCheck = env.now();
    // Asked first with a plain fetch: update() rejects noisily when the server cannot be reached.
    try {
      const res = await env.fetch(swUrl, { cache: 'no-store', headers: { 'cache-control': 'no-cache' } });
      if (res.status === 200) await registration.update();
    } catch {
      // No connection or no server: the next check tries again.
    }
  };

  const onVisibility = () => {
    if (env.document.visibilityState === 'visible') void check();
  };
  const onFocus = () => void check();
  env.document.addEventListener('visibilitychange', onVisibility);
  env.window.addEventListener('focus', onFocus);
  const timer = env.window.setInterval(() => {
    lastCheck = 0;
    void check();
  }, UPDATE_CHECK_INTERVAL_MS);

  return () => {
    env.document.removeEventListener('visibilitychange', onVisibility);
    env.window.removeEventListener('focus', onFocus);
    env.window.clearInterval(timer);
  };
}
