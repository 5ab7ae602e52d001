// Ranges of Pakistan days (`YYYY-MM-DD`, both ends included) for the reports and the statement: the
// presets count from today in Pakistan (shared/pakistan-days.ts), whatever zone the browser is in, so
// an admin in Dubai at 23:30 PKT sees Pakistan's day, not theirs.
import { addDays, isPakistanDay, type PakistanDay, pakistanDayOf } from '@shared/pakistan-days';

export { addDays };

export const RANGE_PRESETS = ['today', '7d', '30d', 'this-month', 'last-month', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const RANGE_LABELS: Record<RangePreset, string> = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  'this-month': 'This month',
  'last-month': 'Last month',
  custom: 'Custom',
};

export interface DayRange {
  from: PakistanDay;
  to: PakistanDay;
}

/** Today in Pakistan at the instant `now` (ms). */
export const pakistanToday = (now: number = Date.now()): PakistanDay => pakistanDayOf(now);

/** The days a preset covers, today included; a custom range is not a preset's (null). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: PakistanDay): DayRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'this-month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'last-month': {
      const lastOfPrevious = addDays(`${today.slice(0, 8)}01`, -1);
      return { from: `${lastOfPrevious.slice(0, 8)}01`, to: lastOfPrevious };
    }
  }
}

/** A day from the URL, or undefined when it is not one (the form shows the field empty then). */
export const dayParam = (value: string | null): PakistanDay | undefined => (value && isPakistanDay(value) ? value : undefined);
