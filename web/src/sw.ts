// The app's service worker, built to dist/sw.js by vite-plugin-pwa (injectManifest, vite.config.ts), which
// puts the precache list where `self.__WB_MANIFEST` is. It keeps the app shell for offline starts, the
// signed-in user's own answers (per user), and shows pushes. Registered in one place
// (components/pwa/update-prompt.tsx). Type-checked on its own, with the worker's globals
// (tsconfig.sw.json).
import type { NotificationKind } from '@shared/notifications';
import { BroadcastUpdatePlugin } from 'workbox-broadcast-update';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, CacheOnly, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { tokenClaims } from '@/lib/id-token';
// Where the signed-in user's own answers are kept for offline use, named once: sign-out clears it.
import { PRIVATE_CACHE } from '@/lib/private-cache';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// An update waits until the user presses Reload in the prompt: workbox-window then asks this (waiting)
// worker to take over. Never skipWaiting on its own.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first visit is controlled at once (so it works offline right away).
clientsClaim();

// The app shell only: every customer route's code and styles, the icons, app.html and index.html and the manifest
// (the list and its globs are in vite.config.ts). No directory index: `/` is a navigation like any other, answered
// with app.html below, never with the visitor's prerendered landing page (a signed-in customer goes to /order).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();

// Every navigation is answered with the app's page, app.html (index.html is it with the landing page prerendered,
// Hosting's page for `/` on a first visit: vite.config.ts). Firebase reserves /__/; /api/ is the function. Neither
// may ever be answered with the app's page.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/app.html'), { denylist: [/^\/api\//, /^\/__\//] }));

// Only the GETs below are ever stored. Anything else (admin answers, /api/contact, /api/api-key, /api/v2,
// every POST/PUT/DELETE) has no route here and goes straight to the network.

// The console's chunks (vite.config.ts names them admin-*; the precache leaves them out). Content-hashed
// names: a stored chunk never changes, and a new build brings new names.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/assets\/admin-[^/]+\.js$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'admin-code',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 60 })],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/__\/firebase\/init\.js(on)?$/.test(url.pathname),
  new StaleWhileRevalidate({ cacheName: 'firebase-config', plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);

// The catalogue's own path: a signed-in customer's request for it is answered with their own prices (issue 34), so
// theirs is kept with their private answers (below), a visitor's here.
const CATALOGUE_PATH = '/api/services';
/** A request that names its user (their token, or offline the uid): its answer is theirs alone. */
const namesUser = (request: Request) => request.headers.has('authorization') || request.headers.has('x-offline-uid');

// The catalogue the admin runs: online, always the server's answer (a price or a disabled service shows
// at once; no timeout, so a slow answer is waited for, never replaced by the saved one); offline, the
// last one saved.
registerRoute(
  // The terms and the updates feed too: what was in force online, the last one saved offline.
  ({ url, sameOrigin, request }) =>
    sameOrigin && /^\/api\/(services|terms|updates)$/.test(url.pathname) && !(url.pathname === CATALOGUE_PATH && namesUser(request)),
  new NetworkFirst({
    cacheName: 'api-public',
    // The answer says no-cache: the request revalidates (ETag) instead of taking the browser's copy.
    fetchOptions: { cache: 'no-cache' },
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 16 })],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/api\/(settings|review)$/.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'api-public',
    // The refresh asks the server, not the browser's HTTP cache (these answers say max-age=60).
    fetchOptions: { cache: 'no-cache' },
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 16 }),
      // When the background refresh brings a different answer (a new wallet number), the open pages are
      // told (postMessage) and refetch at once (lib/cache-updates.ts).
      new BroadcastUpdatePlugin(),
    ],
  }),
);

// Cache entries are keyed by URL, so private answers are stored under the uid of the user they belong
// to: the uid in the Bearer token (verified by the server before it answered 200), or, when the app has
// no fresh token offline, the uid it names in X-Offline-Uid (those requests are answered from the cache
// only, never sent on). One user's saved answers can therefore never answer another's request.
const perUserCacheKey: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    let uid = request.headers.get('x-offline-uid') ?? '';
    const token = /^Bearer (.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    if (token) {
      const claims = tokenClaims(token);
      uid = String(claims?.user_id ?? claims?.sub ?? '');
    }
    const url = new URL(request.url);
    url.searchParams.set('__uid', uid || 'nobody');
    return url.href;
  },
};

const PRIVATE_PATH = /^\/api\/(user\/profile|order\/my-orders|ledger|recharge-requests\/mine|pricing|referrals)$/;

// Offline without a fresh token: the saved answer of the user the app names, or nothing.
registerRoute(
  ({ url, sameOrigin, request }) =>
    sameOrigin && (PRIVATE_PATH.test(url.pathname) || url.pathname === CATALOGUE_PATH) && request.headers.has('x-offline-uid'),
  new CacheOnly({ cacheName: PRIVATE_CACHE, plugins: [perUserCacheKey] }),
);

// One expiration for the private cache, whichever route stores in it (two would each count the other's entries).
const privateExpiration = new ExpirationPlugin({ maxEntries: 32, maxAgeSeconds: 14 * 24 * 60 * 60 });

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && PRIVATE_PATH.test(url.pathname),
  new NetworkFirst({
    cacheName: PRIVATE_CACHE,
    networkTimeoutSeconds: 3,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), privateExpiration, perUserCacheKey],
  }),
);

// A signed-in customer's catalogue, their own prices: as the public one (online always the server's answer, no
// timeout: a price must be the one the order is charged), but kept under their uid and cleared at sign-out.
registerRoute(
  ({ url, sameOrigin, request }) => sameOrigin && url.pathname === CATALOGUE_PATH && request.headers.has('authorization'),
  new NetworkFirst({
    cacheName: PRIVATE_CACHE,
    // The answer says private, no-cache: the request revalidates (ETag) instead of taking the browser's copy.
    fetchOptions: { cache: 'no-cache' },
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), privateExpiration, perUserCacheKey],
  }),
);

// Pushes. FCM delivers a data message as {"data": {notificationId, kind, title, body, url, tag}, "from": …,
// "fcmMessageId": …}; anything else is ignored, and a notification opens only a path of this app (never
// another site). KINDS, APP_PATH and PUSH_MESSAGE_TYPE are written here, not imported (their modules
// bring zod and React Query): sw.test.ts checks them against functions/src/shared/notifications.ts and
// lib/unread-notifications.ts.
const KINDS: readonly string[] = ['order', 'topup', 'ticket', 'refill'] satisfies NotificationKind[];
const APP_PATH = /^\/(?!\/)[^\s\\]*$/;
const FIELDS = ['notificationId', 'kind', 'title', 'body', 'url', 'tag'] as const;
/** What the app's open pages get when a push arrives (lib/unread-notifications.ts): the bell refetches. */
const PUSH_MESSAGE_TYPE = 'shohrat:push';

type PushData = Record<(typeof FIELDS)[number], string>;

/** The push's data when it is one of ours and well formed, else null. */
function pushData(payload: unknown): PushData | null {
  const data: unknown = payload && typeof payload === 'object' ? (payload as { data?: unknown }).data : null;
  if (!data || typeof data !== 'object') return null;
  const fields = data as Record<string, unknown>;
  for (const field of FIELDS) if (typeof fields[field] !== 'string') return null;
  const push = fields as PushData;
  if (!KINDS.includes(push.kind) || !APP_PATH.test(push.url) || push.title.trim() === '') return null;
  return push;
}

/** The app URL a notification opens: its path on our origin, or null for anything else. */
function appUrl(path: unknown): URL | null {
  if (typeof path !== 'string' || !APP_PATH.test(path)) return null;
  const url = new URL(path, self.location.origin);
  return url.origin === self.location.origin ? url : null;
}

// A script-made event (the browser tests dispatch one) cannot be extended; the work still runs.
function keepAlive(event: ExtendableEvent, promise: Promise<void>): Promise<void> {
  try {
    event.waitUntil(promise);
  } catch {
    // Nothing to extend.
  }
  return promise;
}

self.addEventListener('push', (event) => {
  let payload: unknown = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  const data = pushData(payload);
  if (!data) return;
  keepAlive(
    event,
    (async () => {
      await self.registration.showNotification(data.title, {
        body: data.body,
        // The notification's id: the same push delivered twice replaces itself instead of showing twice.
        tag: data.tag,
        icon: '/pwa-192x192.png',
        badge: '/pwa-64x64.png',
        data: { url: data.url },
      });
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) client.postMessage({ type: PUSH_MESSAGE_TYPE, kind: data.kind, notificationId: data.notificationId });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = appUrl((event.notification.data as { url?: unknown } | null)?.url);
  if (!target) return;
  keepAlive(
    event,
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) {
        await self.clients.openWindow(target.href);
        return;
      }
      try {
        await open.focus();
      } catch {
        // Focus needs the click's user activation; the page still goes to the screen.
      }
      try {
        await open.navigate(target.href);
      } catch {
        // A page this worker does not control cannot be navigated from here: open the screen instead.
        await self.clients.openWindow(target.href);
      }
    })(),
  );
});
