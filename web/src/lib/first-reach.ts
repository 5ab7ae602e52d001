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

/**
 * Between the first reach and the app's taking over the page (`until` resolved), a click on one of its buttons, which
 * only the app answers (a submit button's form would leave the page), is held, and done again once the app answers
 * it: a visitor's first tap is not lost to the app's start. Should the app fail to start, the held clicks are done
 * as the page alone does them (a form submits).
 */
export function holdButtonClicks(root: HTMLElement, until: Promise<unknown>, target: Window = window): void {
  const held: HTMLButtonElement[] = [];
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(button);
  };
  target.addEventListener('click', hold, true);
  const release = () => {
    target.removeEventListener('click', hold, true);
    for (const button of held.splice(0)) if (button.isConnected) button.click();
  };
  until.then(release, release);
}
