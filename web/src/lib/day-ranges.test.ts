import { describe, expect, it } from 'vitest';
import { addDays, pakistanToday, presetRange } from '@/lib/day-ranges';

// The instants are written in UTC: Pakistan is UTC+5, so 18:30 UTC is 23:30 PKT, 19:30 UTC is 00:30 PKT.
const at = (iso: string) => Date.parse(iso);

describe("today in Pakistan, whatever the browser's day", () => {
  it('is still the 30th at 23:30 PKT and already the 1st at 00:30 PKT (the browser in UTC says the 30th for both)', () => {
    expect(pakistanToday(at('2026-11-30T18:30:00Z'))).toBe('2026-11-30');
    expect(pakistanToday(at('2026-11-30T19:30:00Z'))).toBe('2026-12-01');
    // A browser far west (New York, 13:30 on the 30th) at the same instant: Pakistan's day all the same.
    expect(new Date(at('2026-11-30T19:30:00Z')).toLocaleDateString('en-CA', { timeZone: 'America/New_York' })).toBe('2026-11-30');
  });
});

describe('range presets', () => {
  it('counts today in: 7 days and 30 days end today', () => {
    expect(presetRange('today', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('7d', '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(presetRange('30d', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('takes this month from its 1st to today, and last month whole (February of a leap year, December of the year before)', () => {
    expect(presetRange('this-month', '2028-03-15')).toEqual({ from: '2028-03-01', to: '2028-03-15' });
    expect(presetRange('last-month', '2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('last-month', '2027-01-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('at 00:30 PKT on the 1st, this month is that one day and last month is the month the browser (UTC) is still in', () => {
    const today = pakistanToday(at('2026-11-30T19:30:00Z'));
    expect(presetRange('this-month', today)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(presetRange('last-month', today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetRange('today', pakistanToday(at('2026-11-30T18:30:00Z')))).toEqual({ from: '2026-11-30', to: '2026-11-30' });
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});
