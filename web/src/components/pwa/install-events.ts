// What the browser offers for installing the app: Chromium's `beforeinstallprompt` (kept, so our own
// Install button can show the browser's dialog later), and on iOS, where there is no such event, the
// Share → Add to Home Screen route. Listened for from the start (main.tsx): the event may come early.
// The offer waits for the person's first tap or key on the page (engaged), once it is over (a click, a key let go:
// the card never comes under a finger still on the glass): nobody is asked to install what they have not used yet,
// and a card over a page that has just opened would be the largest thing it paints.

export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let engaged = false;
const ENGAGING = ['click', 'keyup'] as const;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function listenForInstallPrompt(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): void {
  const engage = () => {
    for (const type of ENGAGING) target.removeEventListener(type, engage, true);
    engaged = true;
    notify();
  };
  for (const type of ENGAGING) target.addEventListener(type, engage, { capture: true, passive: true });
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

/** Whether the person has tapped or typed on the page since it opened (the offer waits for it). */
export function hasEngaged(): boolean {
  return engaged;
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
