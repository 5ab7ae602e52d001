// Web figures: what the landing and order pages download (gzip, from the Vite manifest) and
// Lighthouse's mobile scores for them, against the app served by the Hosting emulator.
import { existsSync, readFileSync } from 'node:fs';
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
/** Lighthouse mobile: performance in a quiet run (no other load on the machine), the others as before. */
const LIGHTHOUSE_BUDGETS = { performance: 95, accessibility: 90, 'best-practices': 90 } as const;

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

const gzipKb = (files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length, 0) / 1024;

export async function webFigures(url: string, log: Log): Promise<Figure[]> {
  const figures: Figure[] = [];
  const manifestPath = join(DIST, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error('web/dist/.vite/manifest.json is missing: build the web app first (npm run build).');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  for (const [label, source] of [
    ['Landing page (/)', 'src/app/routes/landing.tsx'],
    ['Order page (/order)', 'src/app/routes/order.tsx'],
  ] as const) {
    const files = routeFiles(manifest, manifest[source] ? source : null);
    const js = gzipKb(files.js);
    figures.push(withBudget({ name: `${label}: JavaScript, gzip`, value: js, unit: 'KB' }, '<=', JS_BUDGET_KB));
    figures.push({ name: `${label}: CSS, gzip`, value: gzipKb(files.css), unit: 'KB' });
  }

  if (!existsSync(CHROMIUM_PATH)) {
    log(`Lighthouse skipped: no Chromium at ${CHROMIUM_PATH}`);
    figures.push({ name: 'Lighthouse', value: Number.NaN, unit: '', budget: 'runs', pass: false, note: `no Chromium at ${CHROMIUM_PATH}` });
    return figures;
  }
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  for (const path of ['/', '/order']) {
    log(`Lighthouse (mobile) on ${path}…`);
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
    try {
      const result = await lighthouse(`${url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      const categories = result?.lhr.categories ?? {};
      for (const [id, label] of [
        ['performance', 'performance'],
        ['accessibility', 'accessibility'],
        ['best-practices', 'best practices'],
      ] as const) {
        const score = Math.round((categories[id]?.score ?? Number.NaN) * 100);
        figures.push(withBudget({ name: `Lighthouse ${label}, ${path}`, value: score, unit: '' }, '>=', LIGHTHOUSE_BUDGETS[id]));
      }
    } finally {
      await chrome.kill();
    }
  }
  return figures;
}
