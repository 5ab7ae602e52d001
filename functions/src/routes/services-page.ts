// GET /services as HTML a search engine, or a phone's first paint, reads without running the app (Hosting
// rewrites the path to the function): the web app's own page (its app.html, copied beside the bundle at build:
// build.mjs) with the app's own render of the page for a visitor in its root and the catalogue it was rendered from
// beside it (web/src/prerender/pages.tsx, built for Node into dist-ssr and copied to lib/pages), which the app
// hydrates as it stands when the visitor reaches for it (web/src/main.tsx). Without the server build the app's page
// comes as it is and renders the list itself; without the page (a function built without the web app), 503.
// Hosting's rule for the app's paths says no-cache, so every load reaches the function: it keeps the catalogue it
// read, and the pages it made from it, for SERVICES_PAGE_MAX_AGE_S seconds, a catalogue change showing by then.
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { gunzip as zlibGunzip, gzip as zlibGzip } from 'node:zlib';
import { type Request, type Response, Router } from 'express';
import { logger } from '../lib/logger';
import { listActiveServices } from '../services/catalogue/catalogue';
import { visitorPage } from '../shared/visitor-page';

export const SERVICES_PAGE_MAX_AGE_S = 60;
const TITLE = 'Services · Shohrat';
const DESCRIPTION =
  'Every Shohrat service with its ID, price per 1,000, min and max, refill and cancel: TikTok, Instagram and Facebook followers, likes and views.';
/** The id of the JSON data block the app reads its first answers from (web/src/lib/prerendered.ts). */
export const PRERENDERED_STATE_ID = 'prerendered-state';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML: every character that could open a tag or end an attribute escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** A value as the text of a JSON data block: no `<` in it, so nothing in the data can end the block or open a comment. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** What the web app's server build renders (web/src/prerender/pages.tsx). */
export interface RenderedPage {
  html: string;
  state: unknown;
}
export interface PagesRenderer {
  renderServices(location: string, answer: unknown, readAt: number): Promise<RenderedPage>;
}

/**
 * The web app's page with the render in its root and its answers beside it, this page's title and description, as a
 * visitor's page: nothing of the app's is needed for its paint (shared/visitor-page.ts).
 */
export function servicesPage(shell: string, rendered: RenderedPage): string {
  return visitorPage(shell)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(TITLE)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escapeHtml(DESCRIPTION)}" />`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${rendered.html}</div><script type="application/json" id="${PRERENDERED_STATE_ID}">${jsonForScript(rendered.state)}</script>`,
    );
}

/** Set by the tests (useServicesPageSources). */
let given: { shell: string; renderer: PagesRenderer } | undefined;
let shell: string | null | undefined;
/** The web app's page (app.html) as built with this function (build.mjs), or null when it was built without it. */
function webShell(): string | null {
  if (given) return given.shell;
  if (shell !== undefined) return shell;
  try {
    shell = readFileSync(new URL('./shell.html', import.meta.url), 'utf8');
    if (!shell.includes('<div id="root"></div>')) throw new Error('shell.html has no empty #root');
  } catch (error) {
    logger.warn('No web app page beside the function (shell.html): /services answers 503', { error: String(error) });
    shell = null;
  }
  return shell;
}

let renderer: Promise<PagesRenderer | null> | undefined;
/** The web app's server build (lib/pages/pages.js, build.mjs), loaded with the first page, or null without it. */
function pagesRenderer(): Promise<PagesRenderer | null> {
  if (given) return Promise.resolve(given.renderer);
  renderer ??= import(new URL('./pages/pages.js', import.meta.url).href).then(
    (module: PagesRenderer) => module,
    (error: unknown) => {
      logger.warn("No web app render beside the function (pages/pages.js): /services is the app's page as it is", {
        error: String(error),
      });
      return null;
    },
  );
  return renderer;
}

export const servicesPageRouter = Router();

type Catalogue = Awaited<ReturnType<typeof listActiveServices>>;
/** The catalogue as read (or being read: one read for the requests that wait for it), and the pages made from it. */
let kept: { catalogue: Promise<Catalogue>; at: number; pages: Map<string, Promise<Buffer>> } | undefined;
/** Pages kept per catalogue read: one per address (`?q=` and the filters), the oldest dropped first. */
const KEPT_PAGES = 50;

/** The catalogue as GET /api/services answers it, read again once older than SERVICES_PAGE_MAX_AGE_S (per instance). */
function currentCatalogue(now: number): NonNullable<typeof kept> {
  if (kept && now - kept.at < SERVICES_PAGE_MAX_AGE_S * 1000) return kept;
  const read = { catalogue: listActiveServices(), at: now, pages: new Map<string, Promise<Buffer>>() };
  // A failed read is not kept: the next request reads again.
  read.catalogue.catch(() => {
    if (kept === read) kept = undefined;
  });
  kept = read;
  return read;
}

/** Forgets the kept catalogue and pages (tests change the catalogue between requests). */
export function forgetServicesPage(): void {
  kept = undefined;
}

/**
 * The page and the render to use instead of the built ones (undefined: the built ones again): for the function's
 * tests, which run its source, built beside them (the real render is web/src/prerender/pages.test.tsx's and the
 * browser tests').
 */
export function useServicesPageSources(sources: { shell: string; renderer: PagesRenderer } | undefined): void {
  given = sources;
  kept = undefined;
}

const gzip = promisify(zlibGzip);

/**
 * The page at `location`, gzip-compressed (the app's markup repeats its classes on every row: about 140 KB for 35
 * services, 7 KB compressed; what reaches the function through Hosting is not compressed for it), made once per
 * address and catalogue read: the same bytes, so the same ETag, until the catalogue is read again.
 */
function compressedPage(shell: string, renderer: PagesRenderer, location: string, now: number): Promise<Buffer> {
  const read = currentCatalogue(now);
  const made = read.pages.get(location);
  if (made) return made;
  const page = read.catalogue
    .then((catalogue) => renderer.renderServices(location, catalogue, read.at))
    .then((rendered) => gzip(servicesPage(shell, rendered)));
  read.pages.set(location, page);
  page.catch(() => read.pages.delete(location));
  if (read.pages.size > KEPT_PAGES) read.pages.delete(read.pages.keys().next().value as string);
  return page;
}

/** The page as it was made (gzip), or unpacked for a browser that does not take gzip. */
async function sendCompressed(req: Request, res: Response, page: Buffer): Promise<void> {
  res.type('html').vary('Accept-Encoding');
  if (req.acceptsEncodings('gzip')) res.set('Content-Encoding', 'gzip').send(page);
  else res.send(await gunzip(page));
}
const gunzip = promisify(zlibGunzip);

servicesPageRouter.get('/services', async (req, res) => {
  res.set('Cache-Control', 'no-cache');
  const shell = webShell();
  if (shell === null) {
    res
      .status(503)
      .type('html')
      .send('<!doctype html><title>Services · Shohrat</title><p>This page is not built: build the web app first.</p>');
    return;
  }
  const renderer = await pagesRenderer();
  if (!renderer) {
    // Without the render, the app's page as it is: it renders the list itself.
    res.type('html').send(shell);
    return;
  }
  try {
    await sendCompressed(req, res, await compressedPage(shell, renderer, req.originalUrl, Date.now()));
  } catch (error) {
    // The list could not be read or rendered: the app's page as it is, whose own screen says so and offers a retry.
    logger.error('The services page could not be rendered', { error: String(error) });
    res.set('Cache-Control', 'no-store');
    res.type('html').send(shell);
  }
});
