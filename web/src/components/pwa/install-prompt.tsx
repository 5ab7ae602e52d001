// The install offer: an Install button where the browser fires `beforeinstallprompt`, and
// "Add to Home Screen" steps on iOS, once the person has tapped or typed on the page (install-events.ts).
// Dismissed, it stays away for two weeks. A card over the page's foot
// (root-layout.tsx): the browser's offer comes after the page has painted, and must not push it down.
import { useState, useSyncExternalStore } from 'react';
import {
  hasEngaged,
  installPromptEvent,
  isIos,
  isStandalone,
  promptInstall,
  subscribeInstallPrompt,
} from '@/components/pwa/install-events';
import { Button } from '@/components/ui/button';
import { OutlineIcon } from '@/components/ui/outline-icon';
import { dismissedWithin, rememberDismissal } from '@/lib/dismissal';

export const DISMISSED_KEY = 'installOfferDismissedAt';
const QUIET_FOR_MS = 14 * 24 * 60 * 60 * 1000;

function ShareIcon() {
  return (
    <OutlineIcon className="inline size-4 align-text-bottom">
      <path d="M12 3v12M8 7l4-4 4 4M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" strokeLinecap="round" strokeLinejoin="round" />
    </OutlineIcon>
  );
}

export function InstallPrompt() {
  const event = useSyncExternalStore(subscribeInstallPrompt, installPromptEvent, () => null);
  const engaged = useSyncExternalStore(subscribeInstallPrompt, hasEngaged, () => false);
  const [hidden, setHidden] = useState(() => dismissedWithin(DISMISSED_KEY, QUIET_FOR_MS) || isStandalone());
  const [ios] = useState(() => isIos());

  if (hidden || !engaged || (!event && !ios)) return null;

  const dismiss = () => {
    rememberDismissal(DISMISSED_KEY);
    setHidden(true);
  };

  const install = async () => {
    const outcome = await promptInstall();
    if (outcome === 'dismissed') dismiss();
  };

  return (
    <section aria-label="Install the app" className="pointer-events-auto rounded-2xl bg-brand-50 p-4 shadow-xl ring-1 ring-brand-100">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-800">
        {event ? (
          <>
            <p className="flex-1">
              <span className="font-semibold">Install Shohrat</span> on your phone: one tap to open, and your balance and orders even
              offline.
            </p>
            <Button size="sm" onClick={() => void install()}>
              Install
            </Button>
          </>
        ) : (
          <p className="flex-1">
            <span className="font-semibold">Add Shohrat to your Home Screen:</span> tap Share <ShareIcon /> in the browser bar, then “Add to
            Home Screen”.
          </p>
        )}
        <Button size="sm" variant="ghost" onClick={dismiss}>
          Not now
        </Button>
      </div>
    </section>
  );
}
