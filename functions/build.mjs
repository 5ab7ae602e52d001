// Bundles the function and the shared code it imports into lib/index.js, so `firebase deploy`
// uploads one self-contained file; npm packages stay external and are installed from package.json.
// The web app's built page (web/dist/app.html, the page of every path but `/`) goes beside it as lib/shell.html, and
// its server build (web/dist-ssr: pages.js and its chunks) as lib/pages: GET /services renders the app's page with it
// (routes/services-page.ts), so build the web app first (`npm run build` does).
import { copyFileSync, cpSync, existsSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const webPage = new URL('../web/dist/app.html', import.meta.url);
const shell = new URL('lib/shell.html', import.meta.url);
const webRender = new URL('../web/dist-ssr/', import.meta.url);
const pages = new URL('lib/pages/', import.meta.url);

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  logLevel: 'warning',
});

if (existsSync(webPage)) {
  copyFileSync(webPage, shell);
} else {
  rmSync(shell, { force: true });
  console.warn('web/dist/app.html is missing: /services is not served until the web app is built first (npm run build)');
}
rmSync(pages, { recursive: true, force: true });
if (existsSync(new URL('pages.js', webRender))) {
  cpSync(webRender, pages, { recursive: true });
} else if (existsSync(webPage)) {
  // The page without the render that goes with it: a web build of another kind (`vite build` alone). Its /services
  // would be the app's page without its list, a visitor's first paint empty: refused.
  throw new Error('web/dist has the app but web/dist-ssr/pages.js is missing: build the web app with `npm run build -w web`');
}
