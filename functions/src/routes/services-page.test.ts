import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForScript, PRERENDERED_STATE_ID, servicesPage } from './services-page';

const SHELL =
  '<!doctype html><html><head><meta name="description" content="Shohrat: app" />\n<title>Shohrat — Social Media Growth</title><script type="module" crossorigin src="/assets/index-abc.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/start-def.js" data-app-preload>\n    <script type="application/json" id="app-files">{"app":["/assets/start-def.js"],"screens":{}}</script></head><body><div id="root"></div></body></html>';

describe('the services page as HTML', () => {
  const hostile = `</script><script>alert(1)</script><!-- $& $\` $1`;
  const rendered = { html: '<main><h1>Services</h1></main>', state: { queries: [{ name: hostile, rate: 1234.5 }] } };

  it('is the web app’s own page with the render in its root, this page’s title and description', () => {
    const page = servicesPage(SHELL, rendered);
    expect(page).toContain('<title>Services · Shohrat</title>');
    expect(page).toMatch(/<meta name="description" content="Every Shohrat service with its ID[^"]*" \/>/);
    expect(page).toContain('<div id="root"><main><h1>Services</h1></main></div>');
    // The page paints without the app: its script comes after, at low priority.
    expect(page).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js"></script>');
    // Nor the app's code: the page names it for later (its entry fetches it once the page has painted).
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<script type="application/json" id="app-files">{"app":["/assets/start-def.js"],"screens":{}}</script>');
  });

  it('carries the answers it was rendered from as a JSON block that nothing in them can end', () => {
    const page = servicesPage(SHELL, rendered);
    const block = new RegExp(`<script type="application/json" id="${PRERENDERED_STATE_ID}">([^<]*)</script>`).exec(page);
    expect(block?.[1]).toBeDefined();
    expect(JSON.parse(block?.[1] ?? '')).toEqual(rendered.state);
    // The one `</script>` after the root is the block's own end, and a `$&` in the data is text, not a pattern.
    expect(page.slice(page.indexOf('<div id="root">')).split('</script>')).toHaveLength(2);
    expect(jsonForScript(hostile)).not.toContain('<');
    expect(JSON.parse(jsonForScript(hostile))).toBe(hostile);
  });

  it('escapes text for HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
