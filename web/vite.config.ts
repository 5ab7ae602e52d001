import { existsSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_PRELOAD_ATTRIBUTE, visitorPage } from '../functions/src/shared/visitor-page';
import { APP_FILES_ID, type AppFiles } from './src/lib/app-files';

// The console's code (issue 13: customers never download it). Its chunks are named admin-*: a chunk
// holding any console module is reached from console routes only (customer code imports none), so all
// of it is the admin's. The precache leaves them out, and a runtime route keeps each one an admin's
// browser loads; the open console fetches every section's chunk when idle (admin/sections.ts), so each
// section opens offline once the admin has opened the console online.
const ADMIN_SOURCE = /\/src\/(app\/routes|features)\/admin\//;

// react-router's package exports resolve to its development build for every bundler, dev warnings on
// (and their code shipped); the build takes the production one, the same code with them off.
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * An App Check debug token lets whoever holds it past App Check: it is for `npm run dev` against a real
 * project, never in a bundle the site serves (issue 29).
 */
function refuseDebugTokenInBuild(command: string) {
  if (command === 'build' && process.env.VITE_APPCHECK_DEBUG_TOKEN) {
    throw new Error('VITE_APPCHECK_DEBUG_TOKEN would ship in the bundle: use it with `npm run dev` only, and build without it.');
  }
}

const ALIASES = [
  { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` },
  { find: /^@shared\//, replacement: `${fileURLToPath(new URL('../functions/src/shared', import.meta.url))}/` },
  // Zod switched to jitless before any schema is built (see the file): no CSP report, and no import
  // of it that must come first in main.tsx (which kept zod in the first render's code). The app and
  // the shared schemas use zod/mini (functions/src/shared/schemas/fields.ts says why; lint refuses `zod`).
  { find: /^zod\/mini$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) },
];

/** The module the entry (src/main.tsx) starts the app with, and the screens a visitor's prerendered page shows. */
const APP_MODULE = '/src/app/start.tsx';
const VISITOR_SCREENS: Record<string, string> = { '/services': '/src/app/routes/services.tsx' };

const APP_MODULE_PATH = fileURLToPath(new URL('./src/app/start.tsx', import.meta.url));
/** Per chunking pass (its module info, the same object throughout a pass): a rebuild in one process reads its own graph. */
const appClosures = new WeakMap<object, Set<string>>();
/** The modules APP_MODULE imports statically, itself among them. */
function appModules(context: Rolldown.ChunkingContext): Set<string> {
  const pass = context.getModuleInfo(APP_MODULE_PATH);
  const known = pass && appClosures.get(pass);
  if (known) return known;
  const modules = new Set<string>();
  const visit = (id: string) => {
    if (modules.has(id)) return;
    modules.add(id);
    for (const imported of context.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  visit(APP_MODULE_PATH);
  if (pass) appClosures.set(pass, modules);
  return modules;
}

/**
 * The app's files beyond the entry's (APP_MODULE and its static imports) and, by path, those of a prerendered page's
 * screen beyond them (src/lib/app-files.ts), as the page names them.
 */
export function appFiles(bundle: Rolldown.OutputBundle): AppFiles {
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const closure = (chunk: Rolldown.OutputChunk | undefined, known: Set<string>): string[] => {
    const files: string[] = [];
    const visit = (file: string) => {
      const item = bundle[file];
      if (known.has(file) || item?.type !== 'chunk') return;
      known.add(file);
      files.push(file);
      for (const imported of item.imports) visit(imported);
    };
    if (chunk) visit(chunk.fileName);
    return files;
  };
  const byModule = (suffix: string) => {
    // (A chunk of a group, as the app's is, has no facade module.)
    const chunk = chunks.find((item) => item.moduleIds.some((id) => id.endsWith(suffix)));
    if (!chunk) throw new Error(`The build has no chunk of ${suffix}`);
    return chunk;
  };
  const known = new Set<string>();
  closure(
    chunks.find((item) => item.isEntry),
    known,
  );
  const href = (file: string) => `/${file}`;
  const app = closure(byModule(APP_MODULE), known).map(href);
  const screens = Object.fromEntries(
    Object.entries(VISITOR_SCREENS).map(([path, module]) => [path, closure(byModule(module), new Set(known)).map(href)]),
  );
  return { app, screens };
}

/**
 * The app's page (app.html: every path but `/`, Hosting's fallback, the service worker's navigations, /services'
 * function) preloads the app's files beside its entry, which starts the app at once there; it names them, with the
 * prerendered pages' screens', in a JSON data block for a visitor's page (src/lib/app-files.ts). The landing page is
 * painted before any script runs (issue 31): index.html, which Hosting serves for `/` alone, is a visitor's page
 * (shared/visitor-page.ts) with the app's render of the landing page for a visitor in its root (src/prerender/pages.tsx,
 * from its server build, dist-ssr, the one /services is rendered with), which the app hydrates when the visitor
 * reaches for it (main.tsx).
 */
function prerenderLanding(): Plugin {
  return {
    name: 'shohrat-prerender-landing',
    apply: (_config, env) => env.command === 'build' || env.isPreview === true,
    enforce: 'post',
    // `vite preview` answers as Hosting does: index.html for `/` alone, the app's page for every other page.
    configurePreviewServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = (req.url ?? '/').split('?')[0] ?? '/';
        if (req.headers.accept?.includes('text/html') && path !== '/' && !/\.[a-z0-9]+$/i.test(path)) req.url = '/app.html';
        next();
      });
    },
    async generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset') throw new Error('The build has no index.html to prerender the landing page into');
      const built = String(page.source);
      if (!built.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
      const entry = /<script type="module" crossorigin src="[^"]+"><\/script>/.exec(built)?.[0];
      if (!entry) throw new Error('index.html has no module script');
      const files = appFiles(bundle);
      const preloads = files.app
        .map((href) => `\n    <link rel="modulepreload" crossorigin href="${href}" ${APP_PRELOAD_ATTRIBUTE}>`)
        .join('');
      const list = `\n    <script type="application/json" id="${APP_FILES_ID}">${JSON.stringify(files)}</script>`;
      const shell = built.replace(entry, () => `${entry}${preloads}${list}`);
      this.emitFile({ type: 'asset', fileName: 'app.html', source: shell });
      // The server build /services is rendered with (built first: web's build script), so both pages are one render.
      const server = new URL('./dist-ssr/pages.js', import.meta.url);
      if (!existsSync(server)) throw new Error('No dist-ssr/pages.js to render the landing page with: build with `npm run build -w web`');
      const { renderLanding } = (await import(server.href)) as { renderLanding: () => Promise<string> };
      const landing = await renderLanding();
      page.source = visitorPage(shell).replace('<div id="root"></div>', () => `<div id="root">${landing}</div>`);
    },
  };
}

/**
 * `vite build --ssr src/prerender/pages.tsx` (web's build script): the prerendered pages for Node, every package in
 * them (dist-ssr/pages.js and its screens' chunks), which the function imports to render /services
 * (functions/build.mjs copies them beside it).
 */
const serverBuild = (): UserConfig => ({
  resolve: { alias: ALIASES },
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    // The screens stay chunks of their own: the function loads the ones a page renders.
    rolldownOptions: { output: { entryFileNames: 'pages.js', chunkFileNames: 'chunks/[name]-[hash].js' } },
  },
});

export default defineConfig(({ command, isSsrBuild }) => {
  refuseDebugTokenInBuild(command);
  if (isSsrBuild) return serverBuild();
  return {
    resolve: {
      alias: [
        ...ALIASES,
        ...(command === 'build'
          ? [
              { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
              { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
            ]
          : []),
      ],
    },
    plugins: [
      react(),
      tailwindcss(),
      prerenderLanding(),
      // Registered in one place (components/pwa/update-prompt.tsx); updates wait for the user's Reload.
      VitePWA({
        registerType: 'prompt',
        injectRegister: false,
        // The icons are in the precache through globPatterns below; listing them again would duplicate them.
        includeManifestIcons: false,
        manifest: {
          id: '/',
          name: 'Shohrat — Social Media Growth',
          short_name: 'Shohrat',
          description: 'Followers, likes and views for TikTok, Instagram and Facebook, paid from your Rs balance.',
          lang: 'en',
          dir: 'ltr',
          theme_color: '#4f46e5',
          background_color: '#ffffff',
          display: 'standalone',
          start_url: '/',
          scope: '/',
          categories: ['business', 'social', 'shopping'],
          // Made from public/icon.svg by `npm run icons -w web` (pwa-assets.config.ts).
          icons: [
            { src: '/pwa-64x64.png', sizes: '64x64', type: 'image/png' },
            { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
            { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
            { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
          // Captured from the running app by scripts/pwa-screenshots.ts; kept out of the precache.
          screenshots: [
            {
              src: '/screenshots/order-narrow.webp',
              sizes: '720x1280',
              type: 'image/webp',
              form_factor: 'narrow',
              label: 'Order followers, likes and views from your balance',
            },
            {
              src: '/screenshots/dashboard-wide.webp',
              sizes: '1280x720',
              type: 'image/webp',
              form_factor: 'wide',
              label: 'Your balance, recharges and orders at a glance',
            },
          ],
        },
        // The worker is src/sw.ts (precache, runtime caches, pushes); the build writes it to sw.js, the
        // name the app registers and the Hosting headers keep uncached, and fills in its precache list.
        strategies: 'injectManifest',
        srcDir: 'src',
        filename: 'sw.ts',
        injectManifest: {
          // One classic script with its own scope (the app registers it as a classic worker).
          rollupFormat: 'iife',
          // The app shell only: every route's code and styles, the icons and index.html. No source maps,
          // no screenshots (the install sheet fetches those itself), no console code (sw.ts keeps each
          // console chunk an admin's browser loads).
          globPatterns: ['**/*.{js,css,html,ico,png,svg,woff2}'],
          globIgnores: ['screenshots/**', 'assets/admin-*.js'],
        },
      }),
    ],
    server: {
      // The Hosting emulator of `npm start` answers /api and the Firebase config under /__/.
      proxy: { '/api': 'http://127.0.0.1:5000', '/__': 'http://127.0.0.1:5000' },
    },
    build: {
      manifest: true,
      sourcemap: true,
      // The entry's own imports are preloaded from index.html; a lazy chunk's JavaScript imports are not.
      // Vite's helper would look up and add a <link rel=modulepreload> per dependency in the import() call
      // itself, on the main thread right after the first paint, when a phone is busiest: on /order that one
      // task was 15–55 ms (×4 on Lighthouse's phone, its largest blocking time, issue 16). The browser
      // fetches a chunk's imports as soon as it has parsed it (one round trip more, only on the very first
      // visit: the service worker precaches every customer chunk). A lazy chunk's CSS (none today) would
      // still come through the helper: nothing else loads it.
      modulePreload: {
        resolveDependencies: (_file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) =>
          hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
      },
      rolldownOptions: {
        output: {
          // Zod, with the module that configures it (src/lib/zod.ts), is one chunk of its own, shared by
          // every screen that parses.
          // Everything the entry imports statically is one chunk with it ($initial; zod's group wins for
          // zod): left to itself, Rolldown split each module that a lazy screen shares with the entry into a
          // small chunk of its own, so the first render waited for 16 requests instead of 2 (issue 16).
          // The app (src/app/start.tsx, which the entry imports when it starts the app: main.tsx) is likewise one
          // chunk with everything it imports statically but the entry's.
          codeSplitting: {
            groups: [
              { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod\.ts$/, priority: 3 },
              { name: 'index', tags: ['$initial'], priority: 2 },
              { name: (id, context) => (appModules(context).has(id) ? 'start' : null), priority: 1 },
            ],
          },
          chunkFileNames: (chunk) =>
            chunk.moduleIds.some((id) => ADMIN_SOURCE.test(id)) ? 'assets/admin-[name]-[hash].js' : 'assets/[name]-[hash].js',
        },
      },
    },
  };
});
