import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatSavedAt } from '@/lib/format';

/** An instant given as Pakistan's wall clock (UTC+5). */
const pkt = (wall: string) => Date.parse(`${wall}+05:00`);
const now = pkt('2026-05-20T15:30');

describe('formatSavedAt', () => {
  it('says "a moment ago" under a minute (and for a server clock slightly ahead)', () => {
    expect(formatSavedAt(now - 20_000, now)).toBe('a moment ago');
    expect(formatSavedAt(now + 5_000, now)).toBe('a moment ago');
  });

  it('counts minutes for the first hour', () => {
    expect(formatSavedAt(now - 60_000, now)).toBe('1 minute ago');
    expect(formatSavedAt(now - 45 * 60_000, now)).toBe('45 minutes ago');
  });

  it('names today and yesterday with the time, by Pakistan’s days', () => {
    expect(formatSavedAt(pkt('2026-05-20T09:05'), now)).toBe('today at 9:05 am');
    expect(formatSavedAt(pkt('2026-05-19T21:40'), now)).toBe('yesterday at 9:40 pm');
    // 00:10 in Pakistan is still the day before in UTC: today all the same.
    expect(formatSavedAt(pkt('2026-05-20T00:10'), now)).toBe('today at 12:10 am');
  });

  it('gives the date for older data, with the year only when it is not this one', () => {
    expect(formatSavedAt(pkt('2026-01-03T14:05'), now)).toBe('3 Jan at 2:05 pm');
    expect(formatSavedAt(pkt('2025-12-30T08:00'), now)).toBe('30 Dec 2025 at 8:00 am');
  });
});

describe('dates and times', () => {
  it('are Pakistan’s, whatever the device’s zone: a payment at 01:30 PKT is on its Pakistan day', () => {
    // 20:30 UTC on the 27th is 01:30 on the 28th in Pakistan (the statement's day for it).
    expect(formatDate('2026-11-27T20:30:00.000Z')).toBe('28 Nov 2026');
    expect(formatDateTime('2026-11-27T20:30:00.000Z')).toBe('28 Nov 2026, 01:30');
    expect(formatDate('not a date')).toBe('—');
  });
});
