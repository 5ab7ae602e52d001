import { describe, expect, it } from 'vitest';
import { isPakistanDay, pakistanDayEnd, pakistanDayOf, pakistanDayStart } from './pakistan-days';

describe('Pakistan days (UTC+5)', () => {
  it('begin at 19:00 UTC the day before and last 24 hours', () => {
    expect(new Date(pakistanDayStart('2025-03-01')).toISOString()).toBe('2025-02-28T19:00:00.000Z');
    expect(new Date(pakistanDayEnd('2025-03-01')).toISOString()).toBe('2025-03-01T19:00:00.000Z');
  });

  it('name the day an instant falls in, in Pakistan', () => {
    expect(pakistanDayOf(Date.parse('2025-02-28T18:59:59.999Z'))).toBe('2025-02-28');
    expect(pakistanDayOf(Date.parse('2025-02-28T19:00:00.000Z'))).toBe('2025-03-01');
    expect(pakistanDayOf(pakistanDayStart('2024-12-31'))).toBe('2024-12-31');
    expect(pakistanDayOf(pakistanDayEnd('2024-12-31') - 1)).toBe('2024-12-31');
  });

  it.each(['2025-02-29', '2025-13-01', '2025-1-01', '25-01-01', '2025-01-01T00:00', '', '1999-12-31', '2024-02-30'])(
    'refuse %j as a day',
    (day) => {
      expect(isPakistanDay(day)).toBe(false);
    },
  );

  it.each(['2024-02-29', '2025-12-31', '2000-01-01'])('accept %s', (day) => {
    expect(isPakistanDay(day)).toBe(true);
  });
});
