import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call } from '../../../tests/support/api';
import { db } from '../lib/admin';
import { BUILT_IN_CATEGORIES, CATALOGUE } from '../shared/catalogue';
import { forgetServicesPage, type PagesRenderer, useServicesPageSources } from './services-page';

const api = apiServerForFile();

describe('GET /api/services', () => {
  it('serves every active catalogue service from Firestore, priced in rupees', async () => {
    const res = await call(api.url, 'GET', '/api/services');
    expect(res.status).toBe(200);
    expect(res.body.services).toHaveLength(CATALOGUE.length);
    const followers = res.body.services.find((s: { _id: string }) => s._id === 'tt-followers-real');
    expect(followers).toMatchObject({
      platform: 'tiktok',
      category: 'Followers',
      ratePer1000: 900,
      min: 10,
      defaultQuantity: 50,
      active: true,
    });
    // Each platform's categories, in the seed's order until the admin orders them.
    expect(res.body.categories.tiktok).toEqual(BUILT_IN_CATEGORIES.filter((c) => c !== 'Page Likes + Followers'));
  });

  it('is never kept by a cache unasked (no-cache, revalidated by its ETag): a change of the catalogue is the next answer', async () => {
    const first = await call(api.url, 'GET', '/api/services');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    // As a cache revalidates (fetch would add `Cache-Control: no-cache`, which asks for a full answer).
    const revalidate = { 'if-none-match': etag, 'cache-control': 'max-age=0' };
    expect((await call(api.url, 'GET', '/api/services', { headers: revalidate })).status).toBe(304);
    await db.collection('services').doc('tt-views-fast').update({ ratePer1000Paisa: 2100 });
    const changed = await call(api.url, 'GET', '/api/services', { headers: revalidate });
    expect(changed.status).toBe(200);
    expect(changed.body.services.find((s: { _id: string }) => s._id === 'tt-views-fast').ratePer1000).toBe(21);
  });
});

describe('GET /services (Hosting rewrites it to the function)', () => {
  // The web app's page and its render, as a stand-in for the build's (built beside these tests): what they are
  // given and how the function composes the page is what is tested here; the real render is the web app's own
  // (web/src/prerender/pages.test.tsx) and the browser tests'.
  const SHELL = '<!doctype html><html><head><title>Shohrat</title></head><body><div id="root"></div></body></html>';
  const rendered: { location: string; answer: unknown; readAt: number }[] = [];
  const renderer: PagesRenderer = {
    renderServices: async (location, answer, readAt) => {
      rendered.push({ location, answer, readAt });
      const { services } = answer as { services: { _id: string; number: number }[] };
      return { html: `<ul>${services.map((s) => `<li>${s.number} ${s._id}</li>`).join('')}</ul>`, state: { services: services.length } };
    },
  };
  beforeAll(() => useServicesPageSources({ shell: SHELL, renderer }));
  afterAll(() => useServicesPageSources(undefined));

  it('renders the page of its address from the active services (revalidated by caches, as the app’s pages); a service taken out of sale is not on it', async () => {
    await db.collection('services').doc('fb-page-likes-pk').update({ active: false });
    forgetServicesPage();
    const res = await fetch(`${api.url}/services?q=likes`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const html = await res.text();
    const followers = CATALOGUE.find((s) => s.id === 'tt-followers-real');
    expect(html).toContain(`<li>${followers?.number} tt-followers-real</li>`);
    expect(html).not.toContain('fb-page-likes-pk');
    expect(html).toContain(`<script type="application/json" id="prerendered-state">{"services":${CATALOGUE.length - 1}}</script>`);
    expect(rendered.at(-1)?.location).toBe('/services?q=likes');
    // The answer GET /api/services gives, and when it was read.
    expect(rendered.at(-1)?.answer).toEqual((await call(api.url, 'GET', '/api/services')).body);
    expect(rendered.at(-1)?.readAt).toBeLessThanOrEqual(Date.now());
  });

  it('makes a page once per address and catalogue read: the same again is not rendered again', async () => {
    forgetServicesPage();
    const count = rendered.length;
    const first = await (await fetch(`${api.url}/services?q=views`)).text();
    const again = await (await fetch(`${api.url}/services?q=views`)).text();
    expect(again).toBe(first);
    expect(rendered.length).toBe(count + 1);
  });

  it('is the app’s page as it is (not kept) when the render fails', async () => {
    useServicesPageSources({ shell: SHELL, renderer: { renderServices: () => Promise.reject(new Error('render failed')) } });
    try {
      const res = await fetch(`${api.url}/services`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toBe(SHELL);
    } finally {
      useServicesPageSources({ shell: SHELL, renderer });
    }
  });
});

describe('GET /api/review', () => {
  it.each([[{ t: 1e15, id: 'x' }], [{ t: 1, id: 'a/b' }], [{ t: 1, id: '.' }], [{ t: 1, id: '__x__' }]])(
    'refuses the cursor %j with 400 Invalid cursor',
    async (data) => {
      const cursor = Buffer.from(JSON.stringify(data)).toString('base64url');
      const res = await call(api.url, 'GET', `/api/review?cursor=${cursor}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Invalid cursor', code: 'invalid_input', field: 'cursor' });
    },
  );
});
