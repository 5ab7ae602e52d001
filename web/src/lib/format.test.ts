import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatMonth, formatPakistanDayMonth, formatSavedAt } from '@/lib/format';

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

  it('write a month as the API names it (YYYY-MM, Pakistan’s month already)', () => {
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatMonth('2026-09')).toBe('Sept 2026');
    expect(formatMonth('2027-01')).toBe('Jan 2027');
    expect(formatMonth('2026-13')).toBe('—');
    expect(formatMonth('Nov')).toBe('—');
  });
});

describe('written by hand, as Intl writes them (en-GB, Asia/Karachi)', () => {
  const intl = (options: Intl.DateTimeFormatOptions, timeZone = 'Asia/Karachi') =>
    new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
  const date = intl({ day: 'numeric', month: 'short', year: 'numeric' });
  const dateTime = intl({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  const dayMonth = intl({ day: 'numeric', month: 'short' });
  const time = intl({ hour: 'numeric', minute: '2-digit', hour12: true });
  const utcDay = intl({ day: 'numeric', month: 'short', year: 'numeric' }, 'UTC');
  // Every month (September is "Sept"), both sides of midnight and noon in Pakistan, the turn of a year, and a spread
  // of instants from 2010 (Pakistan's last daylight saving was 2009) to 2040.
  const instants = [
    ...Array.from({ length: 12 }, (_, month) => Date.UTC(2026, month, 15, 6, 7)),
    pkt('2026-12-31T23:59'),
    pkt('2027-01-01T00:00'),
    pkt('2026-06-01T11:59'),
    pkt('2026-06-01T12:00'),
    pkt('2026-06-01T12:59'),
    pkt('2026-06-01T00:59'),
    ...Array.from(
      { length: 500 },
      (_, i) => Date.UTC(2010, 0, 1) + Math.floor(((i * 7919) % 500) * 0.002 * 30 * 365.25 * 86_400_000) + i * 60_013,
    ),
  ];

  it('writes every instant as Intl does', () => {
    for (const at of instants) {
      const iso = new Date(at).toISOString();
      expect(formatDate(iso), iso).toBe(date.format(at));
      expect(formatDateTime(iso), iso).toBe(dateTime.format(at));
      expect(formatPakistanDayMonth(iso), iso).toBe(dayMonth.format(at));
      expect(formatSavedAt(at, at + 90 * 60_000), iso).toMatch(new RegExp(`at ${time.format(at)}$`));
      expect(formatDay(iso.slice(0, 10), true), iso).toBe(utcDay.format(at));
    }
  });
});
