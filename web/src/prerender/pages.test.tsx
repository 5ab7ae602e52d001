// @vitest-environment node
// The pages a visitor lands on as the server renders them (the function for /services, the build for `/`).
import { describe, expect, it } from 'vitest';
import { builtInCatalogue } from '@/testing/catalogue';
import { renderLanding, renderServices } from './pages';

const hostile = `</script><script>alert(1)</script> Real <b>Followers</b>`;
const answer = {
  services: builtInCatalogue.services.map((s, i) => (i === 0 ? { ...s, name: hostile } : s)),
  categories: builtInCatalogue.categories,
};
const first = builtInCatalogue.services[0];

describe('the prerendered pages', () => {
  it('renders /services as the app does for a visitor: every service with its ID and price, every text escaped', async () => {
    const { html, state } = await renderServices('/services', answer, 1_700_000_000_000);
    expect(html).toContain('<h1');
    expect(html).toContain('Services</h1>');
    expect(html).toContain(`${builtInCatalogue.services.length} services`);
    // Rendered for a visitor: Order signs them up first, the service kept.
    for (const s of builtInCatalogue.services) expect(html).toContain(`href="/register?service=${s._id}"`);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; Real &lt;b&gt;Followers&lt;/b&gt;');
    expect(html).not.toContain('<script');
    // The visitor's frame: the app's header and footer, no loading state where the list is.
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain('<table');
    expect(html).not.toContain('Loading...');
    // The answers the app's cache starts with, read as the app reads them.
    expect(state.queries).toHaveLength(1);
    expect(state.queries[0]?.queryKey).toEqual(['services', 'visitor']);
    const data = state.queries[0]?.state.data as { services: { _id: string; name: string }[] };
    expect(data.services.map((s) => s._id)).toEqual(builtInCatalogue.services.map((s) => s._id));
    expect(data.services[0]?.name).toBe(hostile);
    expect(state.queries[0]?.state.dataUpdatedAt).toBe(1_700_000_000_000);
  });

  it('renders the search in the URL (?q=) as the app would', async () => {
    const { html } = await renderServices(`/services?q=${first?.number}`, answer, 1_700_000_000_000);
    expect(html).toContain(`value="${first?.number}"`);
    expect(html).toMatch(/>1 service</);
    expect(html).not.toContain(`href="/register?service=${builtInCatalogue.services[1]?._id}"`);
  });

  it('refuses an answer that is not the catalogue', async () => {
    await expect(renderServices('/services', { services: [{ name: 'x' }] }, 0)).rejects.toThrow();
  });

  it('renders the landing page for a visitor, its prices left to the app', async () => {
    const html = await renderLanding();
    expect(html).toContain('Popular services');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/Rs\s?\d/);
  });
});
