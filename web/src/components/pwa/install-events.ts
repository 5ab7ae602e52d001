// What the browser offers for installing the app: Chromium's `beforeinstallprompt` (kept, so our own
// Install button can show the browser's dialog later), and on iOS, where there is no such event, the
// Share → Add to Home Screen route. Listened for from the start (main.tsx): the event may come early.

export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function listenForInstallPrompt(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Instead of the browser's own mini-infobar, our Install button (the browser shows its dialog then).
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

export function installPromptEvent(): BeforeInstallPromptEvent | null {
  return deferred;
}

/** Shows the browser's install dialog; the event is single-use, so it is forgotten either way. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  notify();
  await event.prompt();
  return (await event.userChoice).outcome;
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** iPhone, iPod or iPad (iPadOS reports itself as a Mac with touch). */
export function isIos(nav: Pick<Navigator, 'userAgent' | 'platform' | 'maxTouchPoints'> = navigator): boolean {
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
}

/** Already running as the installed app (home-screen icon), where no install offer makes sense. */
export function isStandalone(win: Pick<Window, 'matchMedia' | 'navigator'> = window): boolean {
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || win.matchMedia?.('(display-mode: standalone)').matches === true;
}
