import { describe, expect, it } from 'vitest';
import { BUILT_IN_CATEGORIES, CATALOGUE, DEFAULT_QUANTITY, FEATURED } from './catalogue';
import { PLATFORMS } from './platforms';

describe('the catalogue', () => {
  it('has unique ids and unique stable numbers', () => {
    expect(new Set(CATALOGUE.map((s) => s.id)).size).toBe(CATALOGUE.length);
    expect(new Set(CATALOGUE.map((s) => s.number)).size).toBe(CATALOGUE.length);
  });

  it('gives every platform Followers, Likes, Views, Comments, Share/Post Reel and Video Reactions, and Facebook Page Likes + Followers', () => {
    for (const platform of PLATFORMS) {
      const categories = new Set(CATALOGUE.filter((s) => s.platform === platform).map((s) => s.category));
      for (const category of ['Followers', 'Likes', 'Views', 'Comments', 'Share/Post Reel', 'Video Reactions'] as const) {
        expect(categories, `${platform} ${category}`).toContain(category);
      }
    }
    expect(CATALOGUE.some((s) => s.platform === 'facebook' && s.category === 'Page Likes + Followers')).toBe(true);
    expect(CATALOGUE.filter((s) => s.name.includes('[Targeted]')).length).toBeGreaterThanOrEqual(PLATFORMS.length);
  });

  it('prices from Rs 20 (views, shares) to Rs 4500 (targeted likes) per 1000', () => {
    const rates = CATALOGUE.map((s) => s.ratePer1000);
    expect(Math.min(...rates)).toBe(20);
    expect(Math.max(...rates)).toBe(4500);
    expect(CATALOGUE.filter((s) => s.ratePer1000 === 20).map((s) => s.category)).toEqual(
      expect.arrayContaining(['Views', 'Share/Post Reel']),
    );
    expect(CATALOGUE.filter((s) => s.ratePer1000 === 4500).every((s) => s.category === 'Likes' && s.name.includes('[Targeted]'))).toBe(
      true,
    );
  });

  it('preselects 50 for Followers and Likes, 1000 for Views, 1 for Comments, always within min..max', () => {
    expect(DEFAULT_QUANTITY.Followers).toBe(50);
    expect(DEFAULT_QUANTITY.Likes).toBe(50);
    expect(DEFAULT_QUANTITY.Views).toBe(1000);
    expect(DEFAULT_QUANTITY.Comments).toBe(1);
    for (const s of CATALOGUE) {
      expect(s.defaultQuantity).toBeGreaterThanOrEqual(s.min);
      expect(s.defaultQuantity).toBeLessThanOrEqual(s.max);
      expect(BUILT_IN_CATEGORIES).toContain(s.category);
    }
  });

  it('features 7 home cards, each with at least one service', () => {
    expect(FEATURED).toHaveLength(7);
    for (const card of FEATURED) expect(CATALOGUE.some((s) => s.platform === card.platform && s.category === card.category)).toBe(true);
  });
});
