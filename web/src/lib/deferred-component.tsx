// A component whose code is not the app's first: loaded once something renders it (after that render, in an
// effect), rendering nothing until then. For what never belongs to a page's first paint: the install and push
// offers, the update notice. Unlike React.lazy it never suspends, so a page the app hydrates has the same tree
// before and after the code came (a prerendered page renders nothing in its place either).
import { type ComponentType, useEffect, useState } from 'react';

export function deferredComponent<P extends object>(load: () => Promise<ComponentType<P>>, what: string): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  return function Deferred(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (Component) return;
      let shown = true;
      loading ??= load().then((component) => (loaded = component));
      loading.then(
        (component) => {
          if (shown) setComponent(() => component);
        },
        (error: unknown) => {
          // Only this part is missing (a chunk that did not come): the page works without it; the next render tries again.
          loading = null;
          console.warn(`${what} could not be loaded`, error);
        },
      );
      return () => {
        shown = false;
      };
    }, [Component]);
    return Component ? <Component {...props} /> : null;
  };
}
