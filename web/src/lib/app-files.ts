// The files the app needs when it starts on a visitor's prerendered page (`/`, /services), named by the build
// (vite.config.ts) in a JSON data block of the page: the app's own and those of the page's screen. The entry
// (main.tsx) has them fetched once the page's first contentful paint was reported, as prefetches: into the HTTP cache,
// neither compiled nor run (a module preload compiles each on the main thread, a long task of its own on a phone), so
// that the visitor's first reach finds them there and the app takes the page over without waiting for the network.
export const APP_FILES_ID = 'app-files';

export interface AppFiles {
  /** The app's files (src/app/start.tsx and what it imports), beyond the entry's. */
  app: string[];
  /** By path: the files of the screen a prerendered page shows, beyond the app's. */
  screens: Record<string, string[]>;
}

function isFileList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((file) => typeof file === 'string' && file.startsWith('/assets/'));
}

/** The page's list, or null when it has none (a page built without it, or a list that is not one). */
export function readAppFiles(doc: Document = document): AppFiles | null {
  const text = doc.getElementById(APP_FILES_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<AppFiles>;
    const screens = value.screens ?? {};
    if (!isFileList(value.app) || !Object.values(screens).every(isFileList)) return null;
    return { app: value.app, screens };
  } catch {
    return null;
  }
}

/** Whether the browser fetches `<link rel="prefetch">` (Safari does not by default). */
function linkPrefetchSupported(doc: Document): boolean {
  try {
    return doc.createElement('link').relList.supports('prefetch');
  } catch {
    return false;
  }
}

/**
 * Prefetches the app's files and those of the screen at `pathname` (each once: none the page already links), one file
 * per task: starting a request costs the main thread a few milliseconds on a phone, and the page's files in one task
 * made a long one. A browser without link prefetch gets them with a low-priority fetch, into the same HTTP cache.
 */
export function prefetchAppFiles(pathname: string, doc: Document = document, withLinks: boolean = linkPrefetchSupported(doc)): void {
  const files = readAppFiles(doc);
  if (!files) return;
  const asked = new Set([...doc.querySelectorAll<HTMLLinkElement>('link[href]')].map((link) => link.getAttribute('href')));
  const next = [...new Set([...files.app, ...(files.screens[pathname] ?? [])])].filter((href) => !asked.has(href));
  const prefetchNext = () => {
    const href = next.shift();
    if (href === undefined) return;
    if (withLinks) {
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      doc.head.append(link);
    } else {
      fetch(href, { priority: 'low' } as RequestInit).catch(() => undefined);
    }
    setTimeout(prefetchNext, 0);
  };
  prefetchNext();
}
