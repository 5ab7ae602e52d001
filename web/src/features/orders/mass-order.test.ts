import { describe, expect, it } from 'vitest';
import { CUSTOM_COMMENTS_LINE, lineIdempotencyKey, MALFORMED_LINE, parseMassLine, parseMassOrder } from '@/features/orders/mass-order';
import { builtInCatalogue } from '@/testing/catalogue';

const services = builtInCatalogue.services;

describe('parseMassOrder', () => {
  it('reads service ID | link | quantity and service ID | quantity | link alike, by where the link is', () => {
    const [a, b] = parseMassOrder('101 | https://www.tiktok.com/@ali | 100\n121|1000|https://www.tiktok.com/@ali/video/1', services);
    expect(a).toMatchObject({ ok: true, lineNo: 1, link: 'https://www.tiktok.com/@ali', quantity: 100, pricePaisa: 9000 });
    expect(a?.service?._id).toBe('tt-followers-real');
    expect(b).toMatchObject({ ok: true, lineNo: 2, link: 'https://www.tiktok.com/@ali/video/1', quantity: 1000, pricePaisa: 2000 });
    expect(b?.service?._id).toBe('tt-views-fast');
  });

  it('reads links as the order page does: without a scheme, and a bare @username for followers', () => {
    const [a, b, c] = parseMassOrder('121 | tiktok.com/@ali/video/1 | 1000\n101 | 100 | @ali\n101 | 100 | 200', services);
    expect(a).toMatchObject({ ok: true, link: 'https://tiktok.com/@ali/video/1', quantity: 1000 });
    expect(b).toMatchObject({ ok: true, link: 'https://www.tiktok.com/@ali', quantity: 100 });
    // Two numbers: the first order of fields, the first one a username.
    expect(c).toMatchObject({ ok: true, link: 'https://www.tiktok.com/@100', quantity: 200 });
  });

  it('numbers lines as the box shows them, skipping blank ones', () => {
    const lines = parseMassOrder('\n  \n101 | https://www.tiktok.com/@ali | 100\n\n', services);
    expect(lines.map((l) => l.lineNo)).toEqual([3]);
  });

  it('says what is wrong with a line: malformed, unknown service, bad link, quantity out of range', () => {
    const error = (content: string) => {
      const line = parseMassLine(1, content, services);
      return line.ok ? null : line.error;
    };
    expect(error('hello')).toBe(MALFORMED_LINE);
    expect(error('101 | https://www.tiktok.com/@ali')).toBe(MALFORMED_LINE);
    expect(error('101 | https://www.tiktok.com/@ali | 10 | 5')).toBe(MALFORMED_LINE);
    expect(error('tt-followers-real | https://www.tiktok.com/@ali | 100')).toBe(MALFORMED_LINE);
    expect(error('101 | https://www.tiktok.com/@ali | ten')).toBe(MALFORMED_LINE);
    expect(error('999 | https://www.tiktok.com/@ali | 100')).toBe('Unknown service ID 999');
    expect(error('101 | https://www.instagram.com/ali | 100')).toMatch(/^Enter a TikTok link/);
    expect(error('101 | not a link | 100')).toBe('Enter a TikTok link (tiktok.com) or @username');
    expect(error('121 | @ali | 1000')).toBe('Enter a TikTok link (tiktok.com)');
    expect(error('101 | https://www.tiktok.com/@ali | 5')).toBe('Quantity must be between 10 and 100,000');
    expect(error('101 | https://www.tiktok.com/@ali | 100001')).toBe('Quantity must be between 10 and 100,000');
  });

  it('sends a Custom Comments service to the order page, where its comments are written', () => {
    const withCustom = services.map((s) => (s.number === 101 ? { ...s, type: 'Custom Comments' as const } : s));
    expect(parseMassLine(1, '101 | https://www.tiktok.com/@ali | 10', withCustom)).toMatchObject({
      ok: false,
      error: CUSTOM_COMMENTS_LINE,
    });
  });

  it('knows no inactive service', () => {
    const inactive = services.map((s) => (s.number === 101 ? { ...s, active: false } : s));
    expect(parseMassLine(1, '101 | https://www.tiktok.com/@ali | 100', inactive)).toMatchObject({
      ok: false,
      error: 'Unknown service ID 101',
    });
  });
});

describe('lineIdempotencyKey', () => {
  it('is the same for the same batch, line number and content, and differs when any of them does', () => {
    const line = { lineNo: 2, content: '101 | https://www.tiktok.com/@ali | 100' };
    const key = lineIdempotencyKey('batch-1', line);
    expect(lineIdempotencyKey('batch-1', { ...line })).toBe(key);
    expect(lineIdempotencyKey('batch-2', line)).not.toBe(key);
    expect(lineIdempotencyKey('batch-1', { ...line, lineNo: 3 })).not.toBe(key);
    expect(lineIdempotencyKey('batch-1', { ...line, content: '101 | https://www.tiktok.com/@ali | 101' })).not.toBe(key);
  });

  it('stays within the server’s key length whatever the link', () => {
    const key = lineIdempotencyKey(crypto.randomUUID(), {
      lineNo: 100,
      content: `101 | https://www.tiktok.com/@${'a'.repeat(2000)} | 100`,
    });
    expect(key.length).toBeLessThanOrEqual(80);
  });
});
