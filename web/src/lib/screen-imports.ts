// Whether a navigation waits for a screen's code: what the progress bar above the layout shows.
// A navigation is a React transition (react-router's BrowserRouter sets its location in
// startTransition), so the screen shown stays until the next one's chunk is there; the lazy screens of
// router.tsx report here while their chunk loads. No bar while the screen's loading state (the Suspense
// fallback below the layout) shows instead, as on the first load: the data router had no navigation
// then either.

let importing = 0;
let fallbacks = 0;
const listeners = new Set<() => void>();

// A screen's import starts while React renders it: listeners hear of it after that render (React may
// not update one component while it renders another).
const notify = () =>
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });

/** Counts the import while it runs; resolves and rejects as it does. */
export function trackScreenImport<T>(load: Promise<T>): Promise<T> {
  importing += 1;
  notify();
  return load.finally(() => {
    importing -= 1;
    notify();
  });
}

/** The screen's loading state is on screen until the returned function is called. */
export function showingScreenFallback(): () => void {
  fallbacks += 1;
  notify();
  return () => {
    fallbacks -= 1;
    notify();
  };
}

export function subscribeScreenImports(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const awaitingNextScreen = () => importing > 0 && fallbacks === 0;

let screenShown: () => void = () => undefined;
const firstScreen = new Promise<void>((resolve) => {
  screenShown = resolve;
});

/** A screen has rendered (hydrated) with its code: router.tsx's boundary says so from its first commit on. */
export function markScreenShown(): void {
  screenShown();
}

/** Resolves once the first screen has rendered (a prerendered one: hydrated) with its code. */
export const firstScreenShown = (): Promise<void> => firstScreen;
