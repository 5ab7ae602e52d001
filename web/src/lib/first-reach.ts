// A visitor's prerendered page (main.tsx) starts the app the moment they reach for it, not before: the page is
// complete and its links work without it, and its start (one long task on a phone) would otherwise land while
// they read. Anything a person does first to a page counts: a touch, a scroll, a key, a focus, the pointer moving.
export const FIRST_REACH_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'] as const;

/** Runs `start` once, at the first of FIRST_REACH_EVENTS on `target`. */
export function startOnFirstReach(start: () => void, target: Window = window): void {
  const options = { capture: true, passive: true } as const;
  const once = () => {
    for (const type of FIRST_REACH_EVENTS) target.removeEventListener(type, once, options);
    start();
  };
  for (const type of FIRST_REACH_EVENTS) target.addEventListener(type, once, options);
}
