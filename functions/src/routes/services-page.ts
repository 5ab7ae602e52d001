// GET /services as HTML a search engine, or a phone's first paint, reads without running the app (Hosting
// rewrites the path to the function): the web app's own page (its app.html, copied beside the bundle at
// build: build.mjs) with the active services written into its root, which the app, once it starts, replaces
// with the same list it renders itself. Without that page (a function built without the web app) it is a
// small page of its own. Hosting's rule for the app's paths says no-cache, so every load reaches the function:
// it keeps the list it read for SERVICES_PAGE_MAX_AGE_S seconds, a catalogue change showing by then.
import { readFileSync } from 'node:fs';
import { Router } from 'express';
import { logger } from '../lib/logger';
import { listActiveServices } from '../services/catalogue/catalogue';
import type { CategoryOrder, Service } from '../shared/answers';
import { refillWindowLabel } from '../shared/catalogue';
import { formatRupees, toPaisa } from '../shared/money';
import { formatNumber } from '../shared/numbers';
import { PLATFORM_LABELS, PLATFORMS } from '../shared/platforms';
import { FIGURES_EXPLAINED, figuresSummary } from '../shared/service-figures';

export const SERVICES_PAGE_MAX_AGE_S = 60;
const TITLE = 'Services · Shohrat';
const DESCRIPTION =
  'Every Shohrat service with its ID, price per 1,000, min and max, refill and cancel: TikTok, Instagram and Facebook followers, likes and views.';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML: every character that could open a tag or end an attribute escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** The list as HTML: a table per platform, its services in the admin's category order. */
export function servicesMarkup(services: readonly Service[], categories: CategoryOrder): string {
  const cell = (text: string) => `<td>${escapeHtml(text)}</td>`;
  const sections = PLATFORMS.flatMap((platform) => {
    const rank = (s: Service) => {
      const i = categories[platform].indexOf(s.category);
      return i < 0 ? Number.MAX_SAFE_INTEGER : i;
    };
    const rows = services
      .filter((s) => s.platform === platform)
      .sort((a, b) => rank(a) - rank(b) || (a.number ?? 0) - (b.number ?? 0))
      .map((s) =>
        [
          '<tr>',
          cell(s.number === undefined ? '—' : String(s.number)),
          cell(s.category),
          cell(s.name),
          cell(formatRupees(toPaisa(s.ratePer1000))),
          cell(`${formatNumber(s.min)} / ${formatNumber(s.max)}`),
          cell(refillWindowLabel(s)),
          cell([figuresSummary(s.figures), ...(s.badges ?? [])].join(' · ')),
          cell(s.cancel ? 'Yes' : 'No'),
          cell(s.dripfeed ? 'Yes' : 'No'),
          `<td><a href="/order?service=${encodeURIComponent(s._id)}">Order</a></td>`,
          '</tr>',
        ].join(''),
      );
    if (rows.length === 0) return [];
    const label = escapeHtml(PLATFORM_LABELS[platform]);
    return [
      `<section><h2>${label}</h2><table><caption>${label} services</caption>`,
      '<thead><tr><th scope="col">ID</th><th scope="col">Category</th><th scope="col">Service</th><th scope="col">Rate per 1,000</th>',
      '<th scope="col">Min / Max</th><th scope="col">Refill</th><th scope="col">Measured</th><th scope="col">Cancel</th><th scope="col">Drip-feed</th><th scope="col">Order</th></tr></thead>',
      `<tbody>${rows.join('')}</tbody></table></section>`,
    ];
  });
  return [
    '<main id="services-prerendered" class="mx-auto max-w-7xl px-4 py-8">',
    '<h1>Services</h1>',
    '<p>Every service we sell, with its ID (what Mass Order and the reseller API take), its price per 1,000 and its limits.</p>',
    `<p>${escapeHtml(FIGURES_EXPLAINED)}</p>`,
    `<p>${services.length === 1 ? '1 service' : `${formatNumber(services.length)} services`}</p>`,
    ...sections,
    '</main>',
  ].join('\n');
}

/** The web app's page with the list in its root, its title and description set for this page. */
export function servicesPage(shell: string | null, markup: string): string {
  if (shell === null || !shell.includes('<div id="root"></div>')) {
    return [
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" />',
      '<meta name="viewport" content="width=device-width, initial-scale=1.0" />',
      `<title>${escapeHtml(TITLE)}</title><meta name="description" content="${escapeHtml(DESCRIPTION)}" /></head>`,
      `<body>${markup}<p><a href="/">Shohrat</a></p></body></html>`,
    ].join('');
  }
  return shell
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(TITLE)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escapeHtml(DESCRIPTION)}" />`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
}

let shell: string | null | undefined;
/** The web app's page (app.html) as built with this function (build.mjs), or null when it was built without it. */
function webShell(): string | null {
  if (shell !== undefined) return shell;
  try {
    shell = readFileSync(new URL('./shell.html', import.meta.url), 'utf8');
  } catch {
    logger.warn('No web app page beside the function (shell.html): /services is served as a page of its own');
    shell = null;
  }
  return shell;
}

export const servicesPageRouter = Router();

let kept: { markup: string; at: number } | undefined;

/** The list's markup, read again once it is older than SERVICES_PAGE_MAX_AGE_S (each instance keeps its own). */
async function currentMarkup(now: number): Promise<string> {
  if (kept && now - kept.at < SERVICES_PAGE_MAX_AGE_S * 1000) return kept.markup;
  const { services, categories } = await listActiveServices();
  kept = { markup: servicesMarkup(services, categories), at: now };
  return kept.markup;
}

/** Forgets the kept list (tests change the catalogue between requests). */
export function forgetServicesPage(): void {
  kept = undefined;
}

servicesPageRouter.get('/services', async (_req, res) => {
  res.set('Cache-Control', 'no-cache');
  let markup: string;
  try {
    markup = await currentMarkup(Date.now());
  } catch (error) {
    // The list could not be read: the app's page as it is, whose own screen says so and offers a retry.
    logger.error('The services page could not read the catalogue', { error: String(error) });
    const shellPage = webShell();
    res.set('Cache-Control', 'no-store');
    if (shellPage) res.type('html').send(shellPage);
    else res.status(503).type('html').send(servicesPage(null, '<p>The services could not be loaded. Try again in a moment.</p>'));
    return;
  }
  res.type('html').send(servicesPage(webShell(), markup));
});
