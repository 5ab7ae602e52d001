import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { preloadScreensAt } from '@/app/router';
import { listenForInstallPrompt } from '@/components/pwa/install-events';
import { readCachedUser } from '@/lib/auth';
import { afterContentfulPaint } from '@/lib/first-paint';
import { startOnFirstReach } from '@/lib/first-reach';
import './index.css';

listenForInstallPrompt();

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/** The user this device remembers as signed in, if any (storage refused: nobody). */
const remembered = () => {
  try {
    return readCachedUser() !== null;
  } catch {
    return false;
  }
};
// A page that came with its content (`/` rendered at build time, /services by the function: src/prerender/pages.tsx)
// is a visitor's. Someone signed in sees their own render instead, which takes its place once the visitor's has
// painted: started at once, its first render (one long task on a phone) would hold that paint back. A page opened
// in a background tab paints nothing (and gets no frames): it starts at once.
const replace = () => {
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(() => createRoot(root).render(app), 0));
  else createRoot(root).render(app);
};

if (!root.firstElementChild) {
  createRoot(root).render(app);
} else if (remembered()) {
  replace();
} else {
  // A visitor reads the page as it came, a complete page with working links; the app takes it over (hydrates it,
  // nothing drawn again) the moment they reach for it: a touch, a scroll, a key, the pointer. Until then none of the
  // app runs (this page's script was fetched at low priority, after the page: fetchpriority) but the code of the
  // page's screen loading, so that a tap which starts the app finds the screen ready to hydrate. Someone who signed
  // in meanwhile (another tab) gets their own render.
  // (After the page's first contentful paint was reported: a request started before it is one Lighthouse's phone
  // counts that paint waiting for.)
  afterContentfulPaint(() => preloadScreensAt(window.location.pathname));
  startOnFirstReach(() => (remembered() ? replace() : hydrateRoot(root, app)));
}
