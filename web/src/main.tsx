// The entry: small, and no more than decides when the app (app/start.tsx) starts. A page that came without content
// (everything but the prerendered pages) starts it at once; the page's HTML preloads its files (vite.config.ts), so
// the import asks for nothing the page is not already fetching.
import { listenForInstallPrompt } from '@/components/pwa/install-events';
import { prefetchAppFiles } from '@/lib/app-files';
import { afterContentfulPaint } from '@/lib/first-paint';
import { holdButtonClicks, startOnFirstReach } from '@/lib/first-reach';
import { readCachedUser } from '@/lib/session-cache';
import './index.css';

listenForInstallPrompt();

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
const page: HTMLElement = root;
const app = () => import('@/app/start');

/** The user this device remembers as signed in, if any (storage refused: nobody). */
const remembered = () => {
  try {
    return readCachedUser() !== null;
  } catch {
    return false;
  }
};
const render = () =>
  app()
    .then((start) => start.renderApp(page))
    .catch((error: unknown) => console.error('The app could not start', error));

// A page that came with its content (`/` rendered at build time, /services by the function: src/prerender/pages.tsx)
// is a visitor's. Someone signed in sees their own render instead, which takes its place once the visitor's has
// painted: started at once, its first render (one long task on a phone) would hold that paint back. A page opened
// in a background tab paints nothing (and gets no frames): it starts at once.
const replace = () => {
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(render, 0));
  else void render();
};

// A visitor reads the page as it came, a complete page with working links; the app takes it over (hydrates it,
// nothing drawn again) the moment they reach for it: a touch, a scroll, a key, a focus, the pointer. Until then none
// of the app runs (this script was fetched at low priority, after the page: fetchpriority), and the app's files and
// its screen's are fetched, neither compiled nor run, once the page's first contentful paint was reported (a request
// started before it is one Lighthouse's phone counts that paint waiting for: lib/app-files.ts). A tap on a button while the app starts is
// answered once it has. Someone who signed in meanwhile (another tab) gets their own render.
const hydrate = () => {
  const started = app().then((start) => start.hydrateApp(page));
  holdButtonClicks(page, started);
  started.catch((error: unknown) => console.error('The app could not start', error));
};

if (!page.firstElementChild) void render();
else if (remembered()) replace();
else {
  afterContentfulPaint(() => prefetchAppFiles(window.location.pathname));
  startOnFirstReach(() => (remembered() ? replace() : hydrate()));
}
