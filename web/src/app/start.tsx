// The app itself, which the entry (main.tsx) imports: at once on a page without content (signed in, or any page but
// the prerendered ones), and on a visitor's prerendered page (`/`, /services) only when they reach for it. Until
// then none of this module, React's DOM, the router or a screen runs on that page: their evaluation is the long task
// a phone's first seconds would otherwise hold.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { preloadScreensAt } from '@/app/router';
import { firstScreenShown } from '@/lib/screen-imports';

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

export function renderApp(root: HTMLElement): void {
  createRoot(root).render(app);
}

/**
 * Takes over the page's own render (nothing drawn again); resolves once its screen has hydrated, from when the
 * app answers what is done on it, or once its code has failed to load (the screen shows its error instead).
 */
export function hydrateApp(root: HTMLElement): Promise<void> {
  const loaded = preloadScreensAt(window.location.pathname);
  hydrateRoot(root, app);
  const failed = loaded.then((ok) => (ok ? new Promise<void>(() => undefined) : undefined));
  return Promise.race([firstScreenShown(), failed]);
}
