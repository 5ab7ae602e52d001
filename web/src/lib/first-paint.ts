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
  // The frame after the first render's: its paint is done by then. A page opened in a background tab
  // gets no frames, hence the timer.
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, 250);
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
 * Whether the app's first render has painted (true from then on). Hydrating a prerendered page (src/prerender),
 * false as the page was rendered: its screens hydrate after the frame around them, by when it may be true.
 */
export function useFirstPaintDone(): boolean {
  return useSyncExternalStore(afterFirstPaint, isPainted, notPainted);
}
const isPainted = () => painted;
const notPainted = () => false;
