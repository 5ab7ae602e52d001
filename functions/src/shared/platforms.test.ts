import { describe, expect, it } from 'vitest';
import { canonicalLink, isAccountLevel, isPlatformLink, normalizeLink } from './platforms';

describe('platform links', () => {
  it.each([
    ['tiktok', 'https://www.tiktok.com/@user/video/123', true],
    ['tiktok', 'https://vm.tiktok.com/ZMabc/', true],
    ['tiktok', 'http://tiktok.com/@user', true],
    ['tiktok', 'https://tiktok.com.evil.example/@user', false],
    ['tiktok', 'https://nottiktok.com/@user', false],
    ['tiktok', 'javascript:alert(1)', false],
    ['tiktok', 'ftp://tiktok.com/x', false],
    ['tiktok', 'https://user:pw@tiktok.com/x', false],
    // No platform serves pages on another port: such a link is one no provider can deliver to.
    ['tiktok', 'https://www.tiktok.com:8080/@user', false],
    ['instagram', 'http://instagram.com:8443/p/x', false],
    ['instagram', 'https://www.instagram.com/p/abc/', true],
    ['instagram', 'https://www.tiktok.com/@user', false],
    ['facebook', 'https://www.facebook.com/page', true],
    ['facebook', 'https://m.facebook.com/story.php?id=1', true],
    ['facebook', 'https://fb.watch/abc/', true],
    ['facebook', 'https://fb.com/page', true],
    ['facebook', 'not a url', false],
  ] as const)('%s %s → %s', (platform, link, ok) => {
    expect(isPlatformLink(platform, link)).toBe(ok);
  });

  it('normalizes the host case and drops the fragment, keeping path and query', () => {
    expect(normalizeLink('  https://WWW.TikTok.com/@User/video/1?lang=en#x ')).toBe('https://www.tiktok.com/@User/video/1?lang=en');
  });

  it.each([
    ['https://www.tiktok.com/@u/video/1?', 'https://www.tiktok.com/@u/video/1'],
    ['https://www.tiktok.com/@u/video/1?#top', 'https://www.tiktok.com/@u/video/1'],
    ['https://www.tiktok.com:443/@u/video/1', 'https://www.tiktok.com/@u/video/1'],
    ['http://tiktok.com:80/@u', 'http://tiktok.com/@u'],
    ['https://www.tiktok.com./@u/video/1', 'https://www.tiktok.com/@u/video/1'],
    ['HTTPS://WWW.TIKTOK.COM/@u/video/1', 'https://www.tiktok.com/@u/video/1'],
    ['https://www.tiktok.com/@%75/video/%31', 'https://www.tiktok.com/@u/video/1'],
    ['https://www.instagram.com/p/abc/?igsh=%2f%7e', 'https://www.instagram.com/p/abc/?igsh=%2F~'],
  ])('gives %s and its variants one form: %s', (variant, canonical) => {
    expect(normalizeLink(variant)).toBe(canonical);
    expect(normalizeLink(canonical)).toBe(canonical);
  });
});

describe('canonicalLink: links as customers type them', () => {
  const followers = { platform: 'tiktok', category: 'Followers' } as const;
  const views = { platform: 'tiktok', category: 'Views' } as const;
  const igFollowers = { platform: 'instagram', category: 'Followers' } as const;
  const igLikes = { platform: 'instagram', category: 'Likes' } as const;
  const fbPage = { platform: 'facebook', category: 'Page Likes + Followers' } as const;
  const fbLikes = { platform: 'facebook', category: 'Likes' } as const;

  it.each([
    [views, 'www.tiktok.com/@user/video/1', 'https://www.tiktok.com/@user/video/1'],
    [views, ' vm.tiktok.com/ZMabc/ ', 'https://vm.tiktok.com/ZMabc/'],
    [igLikes, 'instagram.com/p/x', 'https://instagram.com/p/x'],
    [igLikes, 'Instagram.com/p/x/?igsh=1#c', 'https://instagram.com/p/x/?igsh=1'],
    [fbLikes, 'm.facebook.com/story.php?id=1', 'https://m.facebook.com/story.php?id=1'],
    [fbLikes, '//fb.watch/abc/', 'https://fb.watch/abc/'],
    [followers, 'tiktok.com:443/@user', 'https://tiktok.com/@user'],
    [followers, '@user', 'https://www.tiktok.com/@user'],
    [followers, 'user.name_1', 'https://www.tiktok.com/@user.name_1'],
    [igFollowers, '@shop.pk', 'https://www.instagram.com/shop.pk/'],
    [igFollowers, 'shop_pk', 'https://www.instagram.com/shop_pk/'],
    [fbPage, '@mypage', 'https://www.facebook.com/mypage'],
    [fbPage, 'my.page', 'https://www.facebook.com/my.page'],
  ] as const)('%o reads %j as %s', (service, typed, canonical) => {
    expect(canonicalLink(service, typed)).toBe(canonical);
    // What it stores is already canonical: the same link again gives itself.
    expect(canonicalLink(service, canonical)).toBe(canonical);
  });

  it.each([
    [views, '@user'],
    [igLikes, 'shop_pk'],
    [fbLikes, '@mypage'],
    [followers, 'instagram.com/user'],
    [followers, 'javascript:alert(1)'],
    [followers, 'ftp://tiktok.com/x'],
    [followers, 'user:pw@tiktok.com/x'],
    [followers, 'https//tiktok.com/@user'],
    [followers, 'tiktok.com.evil.example/@user'],
    [followers, '@us er'],
    [followers, '@'],
    [followers, '...'],
    [followers, ''],
    [followers, `tiktok.com/${'a'.repeat(2048)}`],
  ] as const)('%o refuses %j', (service, typed) => {
    expect(canonicalLink(service, typed)).toBeNull();
  });

  // A bare word that is one of the platform's own pages is no account: ordering followers for
  // instagram.com/explore/ would charge for a link no provider can deliver to.
  it.each([
    [igFollowers, '@p'],
    [igFollowers, 'explore'],
    [igFollowers, 'Reel'],
    [igFollowers, 'accounts'],
    [igFollowers, 'stories'],
    [fbPage, 'profile.php'],
    [fbPage, '@groups'],
    [fbPage, 'watch'],
  ] as const)('%o refuses the reserved path %j as a username', (service, typed) => {
    expect(canonicalLink(service, typed)).toBeNull();
  });

  it('keeps full URLs exactly as normalizeLink gives them', () => {
    for (const link of ['https://www.tiktok.com/@User/video/1?lang=en#x', 'http://tiktok.com:80/@u', 'HTTPS://WWW.TIKTOK.COM/@u/video/1']) {
      expect(canonicalLink(followers, link)).toBe(normalizeLink(link));
    }
    expect(canonicalLink(followers, 'https://www.instagram.com/user')).toBeNull();
  });

  it.each([
    ['Followers', true],
    ['Page Likes + Followers', true],
    ['Page Follows', true],
    ['Subscribers', true],
    ['Likes', false],
    ['Views', false],
    ['Comments', false],
    ['Video Reactions', false],
  ])('%s is account-level: %s', (category, accountLevel) => {
    expect(isAccountLevel({ category })).toBe(accountLevel);
  });
});
