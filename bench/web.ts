// Web figures: what the landing and order pages download (gzip, from the Vite manifest) and
// Lighthouse's mobile scores for them, against the app served by the Hosting emulator.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';
import { ROOT } from '../scripts/lib/emulators';
import { type Figure, withBudget } from './figures';

type Log = (line: string) => void;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const DIST = join(ROOT, 'web', 'dist');
/** What a page may load before it renders, gzip: a mid-range phone on a slow 4G link starts in about 2 s. */
const JS_BUDGET_KB = 150;
/**
 * Runs of each page. One run's score swings by several points with the machine (Lighthouse's own
 * variability guide: about half as much in the median of five); the budget is on the median score.
 */
const LIGHTHOUSE_RUNS = 5;
/**
 * What the bench reads of a Lighthouse result (lighthouse's `Result`). Lighthouse is the bench's own
 * install (bench/package.json, set up by bench/run.ts), not the root's: typed here, imported by name.
 */
interface LighthouseResult {
  finalDisplayedUrl: string;
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; details?: unknown }>;
}
type RunLighthouse = (
  url: string,
  flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[]; disableStorageReset: boolean },
) => Promise<{ lhr: LighthouseResult } | undefined>;
type LaunchChrome = (options: { chromePath: string; chromeFlags: string[] }) => Promise<{ port: number; kill: () => Promise<void> | void }>;
/** Imported through a name TypeScript does not resolve: the root install has neither package. */
const benchOnly = (name: string): Promise<unknown> => import(name);
/**
 * Lighthouse mobile: performance in the median of the runs on a quiet machine (the admin's pages, a console that
 * reads a lot at once, 90: issue 32), accessibility 100 on every page measured, best practices as before.
 */
const LIGHTHOUSE_BUDGETS = { performance: 95, accessibility: 100, 'best-practices': 90 } as const;
const ADMIN_PERFORMANCE_BUDGET = 90;
/** The pages measured, as whom: a visitor's, the demo customer's, the seeded admin's (second factor passed). */
const LIGHTHOUSE_PAGES = [
  { path: '/', as: null },
  { path: '/order', as: 'customer' },
  // /services as a visitor opens it: the function's page with the list in it, then the app.
  { path: '/services', as: null },
  { path: '/dashboard', as: 'customer' },
  { path: '/orders', as: 'customer' },
  { path: '/admin', as: 'admin' },
  { path: '/admin/top-ups', as: 'admin' },
] as const;
type SignedIn = 'customer' | 'admin';
/** Lighthouse mobile's first contentful paint of the pages a visitor lands on, in the median run. */
const FCP_BUDGET_MS = 1200;
const FCP_BUDGET_PATHS: readonly string[] = ['/', '/services'];

/** The files a route loads: the entry and the route's lazy chunk, with their static imports. */
export function routeFiles(manifest: Record<string, ManifestChunk>, routeSource: string | null): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  if (entry) visit(entry);
  if (routeSource) visit(routeSource);
  return { js, css };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Each generated segment of a source map: line, start column, and the index of its source (or -1). */
export function mappedSegments(mappings: string): { line: number; column: number; source: number }[] {
  const segments: { line: number; column: number; source: number }[] = [];
  let source = 0;
  mappings.split(';').forEach((text, line) => {
    let column = 0;
    for (const segment of text.split(',')) {
      if (!segment) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0] ?? 0;
      if (values.length > 1) source += values[1] ?? 0;
      segments.push({ line, column, source: values.length > 1 ? source : -1 });
    }
  });
  return segments;
}

/** The package (or `app` for our own code) a source path belongs to. */
export function packageOf(source: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return match?.[1] ?? 'app';
}

/** What the files hold, per package, gzip KB of each package's code on its own (the sum is near the whole). */
function byPackage(files: Iterable<string>): [string, number][] {
  const code = new Map<string, string[]>();
  for (const file of files) {
    const mapPath = join(DIST, `${file}.map`);
    if (!existsSync(mapPath)) continue;
    const lines = readFileSync(join(DIST, file), 'utf8').split('\n');
    const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[]; mappings: string };
    const segments = mappedSegments(map.mappings);
    segments.forEach((segment, i) => {
      const next = segments[i + 1];
      const end = next && next.line === segment.line ? next.column : undefined;
      const name = segment.source < 0 ? 'app' : packageOf(map.sources[segment.source] ?? '');
      const parts = code.get(name) ?? [];
      parts.push((lines[segment.line] ?? '').slice(segment.column, end));
      code.set(name, parts);
    });
  }
  return [...code]
    .map(([name, parts]): [string, number] => [name, gzipSync(parts.join(''), { level: 9 }).length / 1024])
    .sort((a, b) => b[1] - a[1]);
}

/** The built files that hold code of `pkg` (from their source maps). */
function filesHolding(pkg: string, files: Iterable<string>): Set<string> {
  const holding = new Set<string>();
  for (const file of files) {
    const mapPath = join(DIST, `${file}.map`);
    if (!existsSync(mapPath)) continue;
    const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[] };
    if (map.sources.some((source) => packageOf(source) === pkg)) holding.add(file);
  }
  return holding;
}

/**
 * The screens (route modules under src/app/routes) whose opening loads any of `files`: the entry, the
 * route's chunk and their static imports. A file reached only through a dynamic import is not counted.
 */
export function routesLoading(manifest: Record<string, ManifestChunk>, files: Set<string>): string[] {
  return Object.keys(manifest)
    .filter((key) => key.startsWith('src/app/routes/'))
    .filter((key) => [...routeFiles(manifest, key).js].some((file) => files.has(file)));
}

const gzipKb = (files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length, 0) / 1024;

export async function webFigures(url: string, log: Log): Promise<Figure[]> {
  const figures: Figure[] = [];
  const manifestPath = join(DIST, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error('web/dist/.vite/manifest.json is missing: build the web app first (npm run build).');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  for (const [label, source] of [
    // The landing page is in the app's chunk (src/app/start.tsx, which every screen imports); its priced cards (the
    // catalogue's client) are the chunk it loads.
    ['Landing page (/)', 'src/features/home/components/priced-service-cards.tsx'],
    ['Order page (/order)', 'src/app/routes/order.tsx'],
    ['My Orders (/orders)', 'src/app/routes/orders.tsx'],
    ['Services (/services)', 'src/app/routes/services.tsx'],
    ['Updates (/updates)', 'src/app/routes/updates.tsx'],
  ] as const) {
    const files = routeFiles(manifest, manifest[source] ? source : null);
    const js = gzipKb(files.js);
    const parts = byPackage(files.js)
      .slice(0, 6)
      .map(([name, kb]) => `${name} ${kb.toFixed(1)}`)
      .join(', ');
    figures.push(
      withBudget({ name: `${label}: JavaScript, gzip`, value: js, unit: 'KB', note: `largest parts (KB): ${parts}` }, '<=', JS_BUDGET_KB),
    );
    figures.push({ name: `${label}: CSS, gzip`, value: gzipKb(files.css), unit: 'KB' });
  }

  // The charting library comes with the admin reports' charts alone (their lazy chunk), never with a
  // screen's own code: the reports page asks for it after its figures, no other page at all.
  const chartFiles = filesHolding(
    'chart.js',
    Object.values(manifest).map((chunk) => chunk.file),
  );
  const chartLoaders = routesLoading(manifest, chartFiles);
  figures.push(
    withBudget(
      {
        name: 'Screens whose code includes Chart.js',
        value: chartLoaders.length,
        unit: '',
        note: chartLoaders.length
          ? chartLoaders.join(', ')
          : `none: it is in ${[...chartFiles].join(', ') || 'no file'}, gzip ${gzipKb(chartFiles).toFixed(1)} KB`,
      },
      '<=',
      0,
    ),
  );

  if (!existsSync(CHROMIUM_PATH)) {
    log(`Lighthouse skipped: no Chromium at ${CHROMIUM_PATH}`);
    figures.push({ name: 'Lighthouse', value: Number.NaN, unit: '', budget: 'runs', pass: false, note: `no Chromium at ${CHROMIUM_PATH}` });
    return figures;
  }
  const { default: lighthouse } = (await benchOnly('lighthouse')) as { default: RunLighthouse };
  const chromeLauncher = (await benchOnly('chrome-launcher')) as { launch: LaunchChrome };
  const paths = LIGHTHOUSE_PAGES.map((page) => page.path);
  const runs = new Map<string, LighthouseResult[]>(paths.map((path) => [path, []]));
  const quiet = await waitForQuietMachine();
  log(quiet ? `Lighthouse starts: ${quiet}` : 'The machine is still busy after a minute: Lighthouse runs anyway');
  // Several runs of each page, the pages in turn (a passing disturbance of the machine falls on both),
  // each in a Chromium of its own; the figures are those of the run with the median score.
  for (let round = 1; round <= LIGHTHOUSE_RUNS; round++) {
    for (const { path, as } of LIGHTHOUSE_PAGES) {
      log(`Lighthouse (mobile) on ${path}, run ${round} of ${LIGHTHOUSE_RUNS}…`);
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
      try {
        // A signed-in page sends a visitor to /login: it is measured signed in (the session kept, nothing else of
        // the visit: no service worker, no cache).
        const signedIn = as !== null;
        if (signedIn) await signInKeepingOnlyTheSession(chrome.port, url, as);
        const result = await lighthouse(`${url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          disableStorageReset: signedIn,
        });
        if (!result) throw new Error(`Lighthouse on ${path} gave no result`);
        const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
        if (landed !== path) throw new Error(`Lighthouse on ${path} measured ${landed}`);
        runs.get(path)?.push(result.lhr);
      } finally {
        await chrome.kill();
      }
    }
  }
  for (const path of paths) {
    const lhrs = runs.get(path) ?? [];
    const scores = lhrs.map(performanceScore);
    const median = medianRun(lhrs);
    const categories = median.categories;
    for (const [id, label] of [
      ['performance', 'performance'],
      ['accessibility', 'accessibility'],
      ['best-practices', 'best practices'],
    ] as const) {
      const score = Math.round((categories[id]?.score ?? Number.NaN) * 100);
      const note = id === 'performance' ? `the median of ${lhrs.length} runs; every run: ${scores.join(', ')}` : undefined;
      figures.push(
        withBudget(
          { name: `Lighthouse ${label}, ${path}`, value: score, unit: '', ...(note ? { note } : {}) },
          '>=',
          id === 'performance' && path.startsWith('/admin') ? ADMIN_PERFORMANCE_BUDGET : LIGHTHOUSE_BUDGETS[id],
        ),
      );
    }
    figures.push(
      ...lighthouseMetrics(median, path).map((figure) =>
        // The pages a visitor lands on paint their first content quickly on a phone (issue 31).
        FCP_BUDGET_PATHS.includes(path) && figure.name.startsWith('Lighthouse first contentful paint')
          ? withBudget(figure, '<=', FCP_BUDGET_MS)
          : figure,
      ),
    );
    // The median run's whole report, for a look at what the figures leave out (git ignores bench/results/*.json).
    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(
      join(ROOT, 'bench', 'results', `lighthouse${path === '/' ? '-landing' : path.replace(/\//g, '-')}.json`),
      JSON.stringify(median),
    );
  }
  return figures;
}

const performanceScore = (lhr: LighthouseResult) => Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100);

/** The run with the median performance score (of an even count, the lower middle one). */
export function medianRun<T extends { categories: { performance?: { score: number | null } } }>(runs: T[]): T {
  const sorted = [...runs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse run');
  return median;
}

/**
 * Waits until the machine's processors have been at most 15% busy for three seconds in a row (up to a
 * minute), so that Lighthouse does not measure what the emulators still do after the API figures (its
 * timings are the browser's main thread, on the same two cores). Says how long it waited, or null when
 * the machine stayed busy. Linux only (/proc/stat); elsewhere it does not wait.
 */
async function waitForQuietMachine(): Promise<string | null> {
  if (!existsSync('/proc/stat')) return 'no /proc/stat: not waited for';
  const sample = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
  };
  const started = Date.now();
  let quietSeconds = 0;
  let previous = sample();
  while (Date.now() - started < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const current = sample();
    const total = current.total - previous.total;
    const busy = total > 0 ? 1 - (current.idle - previous.idle) / total : 0;
    previous = current;
    quietSeconds = busy <= 0.15 ? quietSeconds + 1 : 0;
    if (quietSeconds >= 3) return `the machine was quiet after ${Math.round((Date.now() - started) / 1000)} s`;
  }
  return null;
}

/** The table or list items of an audit's details, loosely typed (Lighthouse's own union is wide). */
function detailItems(details: unknown): Record<string, unknown>[] {
  const items = (details as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? (items as Record<string, unknown>[]) : [];
}

function nodeLabel(node: unknown): string | undefined {
  const n = node as { nodeLabel?: string; snippet?: string } | undefined;
  return (n?.nodeLabel ?? n?.snippet)?.split('\n')[0]?.slice(0, 80);
}

/**
 * What the performance score is made of, reported without budgets: the metrics Lighthouse weighs (in
 * its simulated slow-4G mobile), the element of the largest paint, the element that shifted most, and
 * the scripts that kept the main thread busiest. They say where the time goes when the score misses.
 */
export function lighthouseMetrics(lhr: { audits: Record<string, { numericValue?: number; details?: unknown }> }, path: string): Figure[] {
  const audit = (id: string) => lhr.audits[id];
  const lcpNode = detailItems(audit('lcp-breakdown-insight')?.details).find((item) => item.type === 'node');
  const shifted = detailItems(audit('layout-shifts')?.details)[0];
  const bootup = detailItems(audit('bootup-time')?.details)
    .slice(0, 3)
    .map((item) => `${String(item.url).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(Number(item.total))} ms`)
    .join(', ');
  // Every script the load fetched until the page went quiet (compressed, as sent), lazy ones included:
  // the route's figure above counts what the page needs to render, this one what a phone downloads.
  const scripts = detailItems(audit('network-requests')?.details).filter((item) => item.resourceType === 'Script');
  const scriptKb = scripts.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0) / 1024;
  const metric = (id: string, name: string, note: string | undefined, unit = 'ms'): Figure => {
    const value = audit(id)?.numericValue ?? Number.NaN;
    return { name: `Lighthouse ${name}, ${path}`, value: unit === 'ms' ? Math.round(value) : value, unit, ...(note ? { note } : {}) };
  };
  return [
    metric('first-contentful-paint', 'first contentful paint', undefined),
    metric('largest-contentful-paint', 'largest contentful paint', lcpNode ? `the largest paint: ${nodeLabel(lcpNode)}` : undefined),
    metric('total-blocking-time', 'total blocking time', bootup ? `busiest scripts: ${bootup}` : undefined),
    metric('speed-index', 'speed index', undefined),
    { name: `Lighthouse JavaScript downloaded, ${path}`, value: scriptKb, unit: 'KB', note: `${scripts.length} files, lazy ones included` },
    metric(
      'cumulative-layout-shift',
      'cumulative layout shift',
      shifted ? `most shifted: ${nodeLabel(shifted.node)} (${Number(shifted.score).toFixed(3)})` : undefined,
      '',
    ),
  ];
}

/**
 * Signs the demo customer or the seeded admin in through /login in the Chromium at `port`, then clears everything
 * of the visit but the session (Firebase Auth keeps it in IndexedDB): the service worker, its caches, the HTTP
 * cache. Lighthouse then loads the page as a returning customer's (admin's) within the hour of their last token would:
 * the app calls the API with the token it remembers, Firebase's SDK not loaded (web/src/lib/session-cache.ts).
 */
async function signInKeepingOnlyTheSession(port: number, url: string, as: SignedIn): Promise<void> {
  const { chromium } = await import('playwright-core');
  const { DEMO_ADMIN, DEMO_USER } = await import('../scripts/lib/demo');
  const { signInThroughUi } = await import('../tests/e2e/browser');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    // The admin passes the second factor as a person does (a code of the demo admin's authenticator).
    await signInThroughUi(page, as === 'admin' ? DEMO_ADMIN : DEMO_USER, as === 'admin' ? '**/admin' : '**/dashboard');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'service_workers,cache_storage' });
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}
