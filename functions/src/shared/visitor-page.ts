// A visitor's prerendered page (`/`, built by web/vite.config.ts; /services, rendered by the function) made from the
// web app's page (app.html). That page preloads the app's files at once (the app starts at once on it); a visitor's
// page paints before any of the app is needed, so it goes without those preloads (its entry fetches them once the
// page has painted: web/src/lib/app-files.ts) and fetches its entry at low priority, after the page.

/** The attribute the app's page marks its app preloads with. */
export const APP_PRELOAD_ATTRIBUTE = 'data-app-preload';

const APP_PRELOADS = new RegExp(`\\s*<link rel="modulepreload"[^>]* ${APP_PRELOAD_ATTRIBUTE}>`, 'g');

export function visitorPage(appPage: string): string {
  return appPage.replace(APP_PRELOADS, '').replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ');
}
