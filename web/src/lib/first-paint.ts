// Work that must not come before the first paint (docs/decisions/0014-web-bundle-budget.md): the chunks a page needs only after it
// shows (Firebase Auth, the screens the URL opens, the landing page's prices) start loading once the
// first render has painted. Lighthouse's simulated slow 4G counts every request started before a
// paint as something that paint waited for; in a real load this costs one frame.
import { useSyncExternalStore } from 'react';

let painted = false;
let scheduled = false;
const waiting = new Set<() => void>();

function schedule() {
  if (scheduled) return;
  scheduled = true;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    painted = true;
    // One that throws must not keep the others (Firebase Auth among them) from ever starting.
    for (const fn of [...waiting]) {
      waiting.delete(fn);
      try {
        fn();
      } catch (error) {
        console.error('Work after the first paint failed', error);
      }
    }
  };
  // The frame after the first render's: its paint is done by then. A page in a background tab gets no frames
  // (and paints nothing): it runs at once, or when it is hidden before its frame came. No timer for a visible page:
  // one that fires while the first paint is still held back (a slow phone) starts the work before it after all.
  const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';
  if (typeof requestAnimationFrame !== 'function' || hidden()) {
    setTimeout(run, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(run, 0));
  const onHide = () => {
    if (!hidden()) return;
    document.removeEventListener('visibilitychange', onHide);
    setTimeout(run, 0);
  };
  document.addEventListener('visibilitychange', onHide);
}

/** Runs `fn` once the app's first render has painted (at once after that); returns what cancels it. */
export function afterFirstPaint(fn: () => void): () => void {
  if (painted) {
    fn();
    return () => undefined;
  }
  waiting.add(fn);
  schedule();
  return () => {
    waiting.delete(fn);
  };
}

/**
 * Runs `fn` once the browser has reported the page's first contentful paint (its paint timing entry, which comes
 * after that paint was shown): for work a page that came with its content starts on its own, so that no request of
 * it is one that paint could have waited for, however late the paint comes. A browser without paint timing:
 * afterFirstPaint. A page that never paints (a background tab) never runs it.
 */
export function afterContentfulPaint(fn: () => void): void {
  const supported = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!supported) {
    afterFirstPaint(fn);
    return;
  }
  const painted = (entries: PerformanceEntryList) => entries.some((entry) => entry.name === 'first-contentful-paint');
  if (painted(performance.getEntriesByType('paint'))) {
    setTimeout(fn, 0);
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!painted(list.getEntries())) return;
    observer.disconnect();
    setTimeout(fn, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
}

/**
 * Whether the app's first render has painted (true from then on). Hydrating a prerendered page (src/prerender),
 * false as the page was rendered: its screens hydrate after the frame around them, by when it may be true.
 */
export function useFirstPaintDone(): boolean {
  return useSyncExternalStore(afterFirstPaint, isPainted, notPainted);
}
const isPainted = () => painted;
const notPainted = () => false;
