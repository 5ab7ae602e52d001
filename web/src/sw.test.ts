// sw.ts writes out what it shares with the app (its modules would bring zod and React Query into the
// worker): its kinds, its test of an app path and the message it posts must stay those of the contract.
// And which of its caches keeps which answer: the routes it registers, asked as Workbox's router asks them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appPath, NOTIFICATION_KINDS } from '@shared/notifications';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkboxPlugin } from 'workbox-core';
import { CacheOnly, NetworkFirst, type Strategy } from 'workbox-strategies';
import { PUSH_MESSAGE_TYPE } from '@/lib/unread-notifications';

// The worker's setup (precache, navigation, taking control) needs a worker: only its routes are read here.
vi.mock('workbox-core', () => ({ clientsClaim: vi.fn() }));
vi.mock('workbox-precaching', () => ({ precacheAndRoute: vi.fn(), cleanupOutdatedCaches: vi.fn(), createHandlerBoundToURL: vi.fn() }));
vi.mock('workbox-routing', () => ({ registerRoute: vi.fn(), NavigationRoute: vi.fn() }));

// (The tests run from the repository's root.)
const source = readFileSync(join(process.cwd(), 'web', 'src', 'sw.ts'), 'utf8');

describe('sw.ts', () => {
  it('knows the contract’s kinds', () => {
    const kinds = /const KINDS: readonly string\[\] = (\[[^\]]*\])/.exec(source)?.[1] ?? '';
    expect(JSON.parse(kinds.replace(/'/g, '"'))).toEqual([...NOTIFICATION_KINDS]);
  });

  it('tests an app path as the contract does', () => {
    const pattern = /const APP_PATH = \/(.+)\/;/.exec(source)?.[1];
    const regex = appPath.def.checks?.map((check) => (check as unknown as { _zod: { def: { pattern?: RegExp } } })._zod.def.pattern)[0];
    expect(regex?.source).toBe(String.raw`^\/(?!\/)[^\s\\]*$`);
    expect(pattern).toBe(regex?.source);
  });

  it('tells the open pages of a push as the app listens for it', () => {
    expect(/const PUSH_MESSAGE_TYPE = '([^']+)';/.exec(source)?.[1]).toBe(PUSH_MESSAGE_TYPE);
  });
});

type Match = (options: { url: URL; sameOrigin: boolean; request: Request }) => boolean;

/** The routes sw.ts registers, in its order (Workbox's router answers a request with the first that matches). */
let routes: { match: Match; strategy: Strategy }[] = [];

beforeAll(async () => {
  const { registerRoute } = await import('workbox-routing');
  // Not a literal: the page's type-check would follow it into the worker's code (tsconfig.sw.json checks that).
  const worker = './sw';
  await import(/* @vite-ignore */ worker);
  routes = vi
    .mocked(registerRoute)
    .mock.calls.filter((call): call is [Match, Strategy] => typeof call[0] === 'function')
    .map(([match, strategy]) => ({ match, strategy }));
});

/** An ID token whose payload names `uid` (the worker reads it, unverified, to key the user's answers). */
const tokenOf = (uid: string) => `header.${btoa(JSON.stringify({ user_id: uid, sub: uid })).replace(/=+$/, '')}.signature`;

/** The strategy that answers a same-origin GET of `path` with `headers`, or undefined (the network's, untouched). */
function strategyFor(path: string, headers: Record<string, string> = {}) {
  const url = new URL(path, 'https://shohrat.test');
  const request = new Request(url, { headers });
  return routes.find((route) => route.match({ url, sameOrigin: true, request }))?.strategy;
}

const timeoutOf = (strategy: Strategy | undefined) => (strategy as unknown as { _networkTimeoutSeconds?: number })._networkTimeoutSeconds;

/** The cache key sw.ts stores and reads `request`'s answer under. */
async function cacheKeyOf(strategy: Strategy | undefined, request: Request) {
  const plugin = strategy?.plugins.find((p) => p.cacheKeyWillBeUsed);
  // The callback's other arguments (the event, the state) are not read.
  return plugin?.cacheKeyWillBeUsed?.({ request, mode: 'read' } as Parameters<NonNullable<WorkboxPlugin['cacheKeyWillBeUsed']>>[0]);
}

describe("sw.ts's caches", () => {
  it('keeps a visitor’s catalogue in the shared cache: always the network’s answer online, no timeout', () => {
    const strategy = strategyFor('/api/services');
    expect(strategy).toBeInstanceOf(NetworkFirst);
    expect(strategy?.cacheName).toBe('api-public');
    expect(timeoutOf(strategy)).toBe(0);
  });

  it('keeps a signed-in customer’s catalogue (their own prices) with their private answers, under their uid: no timeout either', async () => {
    const request = new Request('https://shohrat.test/api/services', { headers: { authorization: `Bearer ${tokenOf('u1')}` } });
    const strategy = strategyFor('/api/services', { authorization: `Bearer ${tokenOf('u1')}` });
    expect(strategy).toBeInstanceOf(NetworkFirst);
    expect(strategy?.cacheName).toBe('api-private');
    expect(timeoutOf(strategy)).toBe(0);
    expect(strategy?.fetchOptions).toEqual({ cache: 'no-cache' });
    expect(await cacheKeyOf(strategy, request)).toBe('https://shohrat.test/api/services?__uid=u1');
  });

  it('answers an offline customer’s catalogue (no fresh token, their uid named) from their saved one only', async () => {
    const strategy = strategyFor('/api/services', { 'x-offline-uid': 'u1' });
    expect(strategy).toBeInstanceOf(CacheOnly);
    expect(strategy?.cacheName).toBe('api-private');
    const request = new Request('https://shohrat.test/api/services', { headers: { 'x-offline-uid': 'u1' } });
    expect(await cacheKeyOf(strategy, request)).toBe('https://shohrat.test/api/services?__uid=u1');
  });

  it('keeps the terms and the updates feed in the shared cache, token or not (the same answer for everyone)', () => {
    for (const path of ['/api/terms', '/api/updates']) {
      expect(strategyFor(path, { authorization: `Bearer ${tokenOf('u1')}` })?.cacheName).toBe('api-public');
      expect(strategyFor(path)?.cacheName).toBe('api-public');
    }
  });

  it.each(['/api/pricing', '/api/referrals'])('keeps %s with the customer’s private answers (3 s, then the saved one)', (path) => {
    const strategy = strategyFor(path, { authorization: `Bearer ${tokenOf('u1')}` });
    expect(strategy?.cacheName).toBe('api-private');
    expect(timeoutOf(strategy)).toBe(3);
    expect(strategyFor(path, { 'x-offline-uid': 'u1' })).toBeInstanceOf(CacheOnly);
  });

  it('stores nothing of the admin’s answers or of another origin', () => {
    expect(strategyFor('/api/admin/users', { authorization: `Bearer ${tokenOf('a1')}` })).toBeUndefined();
    const url = new URL('https://elsewhere.test/api/services');
    expect(routes.some((route) => route.match({ url, sameOrigin: false, request: new Request(url) }))).toBe(false);
  });
});
