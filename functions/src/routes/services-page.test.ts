import { describe, expect, it } from 'vitest';
import type { CategoryOrder, Service } from '../shared/answers';
import { escapeHtml, servicesMarkup, servicesPage } from './services-page';

const service = (over: Partial<Service> & Pick<Service, '_id' | 'platform' | 'category' | 'name'>): Service => ({
  number: 1,
  ratePer1000: 20,
  min: 10,
  max: 1000,
  defaultQuantity: 100,
  active: true,
  ...over,
});
const categories: CategoryOrder = { tiktok: ['Views', 'Followers'], instagram: ['Likes'], facebook: [] };
const SHELL =
  '<!doctype html><html><head><meta name="description" content="Shohrat: app" />\n<title>Shohrat — Social Media Growth</title></head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>';

describe('the services page as HTML', () => {
  const services = [
    service({
      _id: 'tt-followers',
      number: 101,
      platform: 'tiktok',
      category: 'Followers',
      name: 'Real',
      ratePer1000: 900,
      refillDays: 30,
      cancel: true,
      figures: {
        new: false,
        timePer1000: 7800,
        medianStart: 240,
        completedPercent: 96,
        orders30Days: 48,
        asOf: '2026-11-20T12:00:00.000Z',
      },
      badges: ['HQ <b>'],
    }),
    service({
      _id: 'tt-views',
      number: 121,
      platform: 'tiktok',
      category: 'Views',
      name: 'Fast <b>views</b>',
      ratePer1000: 1234.5,
      dripfeed: true,
    }),
    service({
      _id: 'ig-likes',
      number: 201,
      platform: 'instagram',
      category: 'Likes',
      name: `"><script>alert(1)</script>`,
      min: 1,
      max: 1_000_000,
    }),
  ];

  it('writes each platform’s services in the admin’s category order, every text escaped', () => {
    const html = servicesMarkup(services, categories);
    expect(html).toContain('<p>3 services</p>');
    expect(html.indexOf('Fast &lt;b&gt;views&lt;/b&gt;')).toBeLessThan(html.indexOf('<td>Real</td>'));
    expect(html.indexOf('<td>Real</td>')).toBeLessThan(html.indexOf('<h2>Instagram</h2>'));
    expect(html).not.toContain('<h2>Facebook</h2>');
    expect(html).toContain(
      '<tr><td>101</td><td>Followers</td><td>Real</td><td>Rs 900</td><td>10 / 1,000</td><td>30 days</td><td>2 h 10 min per 1,000 · starts in 4 min · 96% in full · HQ &lt;b&gt;</td><td>Yes</td><td>No</td><td><a href="/order?service=tt-followers">Order</a></td></tr>',
    );
    expect(html).toContain('<td>Rs 1,234.50</td>');
    expect(html).toContain(
      '<td>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</td><td>Rs 20</td><td>1 / 1,000,000</td><td>No refill</td>',
    );
    expect(html).not.toContain('<script>');
  });

  it('goes into the web app’s own page (its scripts and styles kept), with this page’s title and description', () => {
    const page = servicesPage(SHELL, servicesMarkup(services, categories));
    expect(page).toContain('<title>Services · Shohrat</title>');
    expect(page).toMatch(/<meta name="description" content="Every Shohrat service with its ID[^"]*" \/>/);
    expect(page).toContain('<div id="root"><main id="services-prerendered"');
    expect(page).toContain('<script type="module" src="/assets/index-abc.js"></script>');
    // A `$&` in a name is text, not a replacement pattern.
    expect(servicesPage(SHELL, escapeHtml('$& $` $1'))).toContain('<div id="root">$&amp; $` $1</div>');
  });

  it('is a page of its own when the function was built without the web app', () => {
    const page = servicesPage(null, servicesMarkup(services, categories));
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('<title>Services · Shohrat</title>');
    expect(page).toContain('<td>101</td>');
  });
});
