// The whole app as `npm start` runs it: Hosting → the `api` function on the Functions emulator →
// Firestore, from the built web app and functions bundle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../scripts/lib/emulators';
import { CSP, headersForEveryPath, parseCsp } from '../../scripts/lib/hosting-headers';

const { url, env, firebaseLog } = inject('stack');
Object.assign(process.env, env);

describe('the local stack', () => {
  it('runs the function on Node 22, its runtime in firebase.json (firebase-tools logs which Node it chose)', () => {
    const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as { functions: { runtime: string }[] };
    expect(config.functions[0]?.runtime).toBe('nodejs22');
    const log = readFileSync(firebaseLog, 'utf8');
    expect(log).not.toMatch(/doesn't match your global version/);
    expect(/Using node@(\d+) from/.exec(log)?.[1]).toBe('22');
  });

  it('serves the app shell at deep links and / with the landing page already in it, never cached', async () => {
    for (const path of ['/order', '/dashboard', '/welcome', '/app.html']) {
      const res = await fetch(`${url}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root"></div>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    // `/`: the app's first render for a visitor, painted before any script runs (the same page and scripts around it).
    const landing = await fetch(`${url}/`);
    expect(landing.headers.get('cache-control')).toBe('no-cache');
    const html = await landing.text();
    expect(html).toMatch(
      /<div id="root"><div class="flex min-h-dvh flex-col">.*<h1[^>]*>Grow your social media, the simple way\.<\/h1>.*Popular services/s,
    );
    // Its script is not needed for that paint: fetched at low priority (the app's page's, at the default), and
    // nothing of the app's code is asked for before the page has painted.
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/');
    expect(html).not.toContain('rel="modulepreload" crossorigin href="/assets/start-');
    // The app's page starts the app at once: it preloads the app's code beside its entry.
    const appPage = await (await fetch(`${url}/order`)).text();
    expect(appPage).toContain('<script type="module" crossorigin src="/assets/');
    expect(appPage).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/start-[\w-]+\.js" data-app-preload>/);
  });

  it('answers GET /api/services through the Hosting rewrite with the seeded catalogue, which no cache may keep unasked', async () => {
    const res = await fetch(`${url}/api/services`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { services: { _id: string }[] };
    expect(body.services.length).toBeGreaterThan(30);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers GET /services with the page rendered for a visitor, gzip-compressed, the same bytes while its catalogue is', async () => {
    const first = await fetch(`${url}/services?q=likes`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const html = await first.text();
    expect(html).toContain('<script type="application/json" id="prerendered-state">');
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/');
    expect(html).toContain('value="likes"');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // (Made once per address and catalogue read, kept 60 s: its ETag stays.)
    const again = await fetch(`${url}/services?q=likes`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(again.headers.get('etag')).toBe(etag);
    // A client that takes no gzip gets the same page unpacked.
    const plain = await fetch(`${url}/services?q=likes`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
  });

  it('never answers /api/ paths with the app shell', async () => {
    const res = await fetch(`${url}/api/no-such-endpoint`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('serves the service worker and manifest with no-cache, hashed assets immutable', async () => {
    expect((await fetch(`${url}/sw.js`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${url}/manifest.webmanifest`)).headers.get('cache-control')).toBe('no-cache');
    const html = await (await fetch(`${url}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    expect((await fetch(`${url}${asset}`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("serves firebase.json's security headers on every path, the policy allowing the Auth and Storage emulators besides", async () => {
    const production = headersForEveryPath(JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')));
    const productionCsp = parseCsp(production[CSP] ?? '');
    const html = await (await fetch(`${url}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0] ?? '/missing-asset';
    for (const path of ['/', '/order', '/admin', '/services', '/sw.js', '/manifest.webmanifest', asset]) {
      const res = await fetch(`${url}${path}`);
      expect(res.status, path).toBe(200);
      const served = parseCsp(res.headers.get('content-security-policy') ?? '');
      expect(served.get('connect-src'), path).toEqual([
        ...(productionCsp.get('connect-src') ?? []),
        `http://${env.FIREBASE_AUTH_EMULATOR_HOST}`,
        `http://${env.FIREBASE_STORAGE_EMULATOR_HOST}`,
      ]);
      expect(new Map([...served].filter(([directive]) => directive !== 'connect-src')), path).toEqual(
        new Map([...productionCsp].filter(([directive]) => directive !== 'connect-src')),
      );
      for (const name of [
        'X-Frame-Options',
        'Strict-Transport-Security',
        'Permissions-Policy',
        'X-Content-Type-Options',
        'Referrer-Policy',
      ]) {
        expect(res.headers.get(name), `${path} ${name}`).toBe(production[name]);
      }
    }
  });

  it('lets the demo customer sign in and place an order through the function', async () => {
    const auth = `http://${env.FIREBASE_AUTH_EMULATOR_HOST}`;
    const signIn = await fetch(`${auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'demo12345', returnSecureToken: true }),
    });
    const { idToken } = (await signIn.json()) as { idToken: string };
    const headers = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' };
    const before = (await (await fetch(`${url}/api/user/profile`, { headers })).json()) as { user: { balance: number } };
    const res = await fetch(`${url}/api/order/place`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ serviceId: 'tt-views-fast', link: 'https://www.tiktok.com/@demo/video/1', quantity: 1000, price: 20 }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { balance: number; order: { price: number; status: string } };
    expect(body.order).toMatchObject({ price: 20, status: 'pending' });
    expect(body.balance).toBe(before.user.balance - 20);
  });

  // The Functions host parses bodies before the function runs (lib/host-body.ts hides them from it):
  // what it would answer with its own HTML page, or read up to 32 MB of, must answer in our format.
  describe('bodies the host would have refused in its own format', () => {
    const post = (path: string, body: string, contentType = 'application/json') =>
      fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });

    it.each(['{"name":', '"str"', 'null', '1'])('/api answers %s with a JSON 400', async (body) => {
      const res = await post('/api/contact', body);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ code: 'invalid_json' });
    });

    it('/api answers a body over 64 KiB with a JSON 413', async () => {
      const res = await post('/api/contact', JSON.stringify({ name: 'a', email: 'a@example.com', message: 'x'.repeat(70_000) }));
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ code: 'body_too_large' });
    });

    it.each([
      ['malformed JSON', '{"key":', 'application/json'],
      ['a JSON scalar', '"str"', 'application/json'],
      ['a form over 64 KiB', `key=${'a'.repeat(70_000)}&action=balance`, 'application/x-www-form-urlencoded'],
    ])('/api/v2 answers %s with HTTP 200 {"error"}', async (_label, body, contentType) => {
      const res = await post('/api/v2', body, contentType);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ error: 'Incorrect request' });
    });

    it('/api/v2 still reads a normal form POST', async () => {
      const res = await post('/api/v2', 'key=0123456789abcdef0123456789abcdef01234567&action=balance', 'application/x-www-form-urlencoded');
      expect(await res.json()).toEqual({ error: 'Invalid API key' });
    });
  });
});
