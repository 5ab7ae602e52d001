// The one place the service worker is registered. registerType 'prompt': a new version installs in
// the background and waits; the user is told and chooses when to reload into it.
import { useRegisterSW } from 'virtual:pwa-register/react';
import { warmRuntimeCacheOnFirstControl } from '@/components/pwa/warm-runtime-cache';
import { watchForUpdates } from '@/components/pwa/watch-for-updates';
import { Button } from '@/components/ui/button';

let watching = false;

export function UpdateNotice({ onReload, onLater }: { onReload: () => void; onLater: () => void }) {
  return (
    <section
      role="alert"
      aria-labelledby="update-title"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md rounded-2xl bg-slate-900 p-4 text-white shadow-xl sm:end-4 sm:start-auto"
    >
      <h2 id="update-title" className="font-semibold">
        A new version is available
      </h2>
      <p className="mt-1 text-sm text-slate-300">Reload to get the latest Shohrat. Anything you typed on this page will be cleared.</p>
      <div className="mt-3 flex gap-2">
        <Button size="sm" onClick={onReload}>
          Reload
        </Button>
        <Button size="sm" variant="ghost" className="text-slate-200 hover:bg-slate-800" onClick={onLater}>
          Later
        </Button>
      </div>
    </section>
  );
}

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(swUrl, registration) {
      if (!registration || watching) return;
      watching = true;
      warmRuntimeCacheOnFirstControl();
      watchForUpdates(swUrl, registration);
    },
    onRegisterError(error) {
      console.warn('The service worker could not be registered; the app works without offline support.', error);
    },
  });

  if (!needRefresh) return null;
  // The waiting worker takes over and the page reloads into the new version (workbox-window).
  return <UpdateNotice onReload={() => void updateServiceWorker(true)} onLater={() => setNeedRefresh(false)} />;
}
