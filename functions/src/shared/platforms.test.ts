import { describe, expect, it } from 'vitest';
import { isPlatformLink, normalizeLink } from './platforms';

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
