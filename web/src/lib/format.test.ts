import { describe, expect, it } from 'vitest';
import { formatSavedAt } from '@/lib/format';

const now = new Date(2026, 4, 20, 15, 30).getTime();

describe('formatSavedAt', () => {
  it('says "a moment ago" under a minute (and for a server clock slightly ahead)', () => {
    expect(formatSavedAt(now - 20_000, now)).toBe('a moment ago');
    expect(formatSavedAt(now + 5_000, now)).toBe('a moment ago');
  });

  it('counts minutes for the first hour', () => {
    expect(formatSavedAt(now - 60_000, now)).toBe('1 minute ago');
    expect(formatSavedAt(now - 45 * 60_000, now)).toBe('45 minutes ago');
  });

  it('names today and yesterday with the time', () => {
    expect(formatSavedAt(new Date(2026, 4, 20, 9, 5).getTime(), now)).toBe('today at 9:05 am');
    expect(formatSavedAt(new Date(2026, 4, 19, 21, 40).getTime(), now)).toBe('yesterday at 9:40 pm');
  });

  it('gives the date for older data, with the year only when it is not this one', () => {
    expect(formatSavedAt(new Date(2026, 0, 3, 14, 5).getTime(), now)).toBe('3 Jan at 2:05 pm');
    expect(formatSavedAt(new Date(2025, 11, 30, 8, 0).getTime(), now)).toBe('30 Dec 2025 at 8:00 am');
  });
});
