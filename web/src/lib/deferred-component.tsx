// A component whose code is not the app's first: loaded once something renders it (after that render, in an
// effect), rendering nothing until then. For what never belongs to a page's first paint: the install and push
// offers, the update notice. Unlike React.lazy it never suspends, so a page the app hydrates has the same tree
// before and after the code came (a prerendered page renders nothing in its place either).
import { type ComponentType, useEffect, useState } from 'react';

/** After a load that failed (a chunk that did not come on a bad connection), how long until it is asked for again. */
export const DEFERRED_RETRY_MS = 15_000;

export function deferredComponent<P extends object>(load: () => Promise<ComponentType<P>>, what: string): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  return function Deferred(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [attempt, setAttempt] = useState(0);
    // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger of a retry, not read
    useEffect(() => {
      if (Component) return;
      let shown = true;
      let retry: ReturnType<typeof setTimeout> | undefined;
      loading ??= load().then((component) => (loaded = component));
      loading.then(
        (component) => {
          if (shown) setComponent(() => component);
        },
        (error: unknown) => {
          // Only this part is missing: the page works without it, and asks for it again while it is shown (the
          // update notice, which registers the service worker, is shown for the app's whole life).
          loading = null;
          console.warn(`${what} could not be loaded`, error);
          if (shown) retry = setTimeout(() => setAttempt((count) => count + 1), DEFERRED_RETRY_MS);
        },
      );
      return () => {
        shown = false;
        clearTimeout(retry);
      };
    }, [Component, attempt]);
    return Component ? <Component {...props} /> : null;
  };
}
