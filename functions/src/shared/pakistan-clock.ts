// Calendar days in Pakistan (PKT, UTC+5 all year, no daylight saving): "today" on the admin's overview
// and the orders list's date range mean the admin's day, whatever the server's or browser's zone. Without zod (the
// schema is pakistan-days.ts'): the web app's first render formats times with these and must not load zod.
export const PKT_OFFSET_MS = 5 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A day as `YYYY-MM-DD`. */
export type PakistanDay = string;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `day` is a real calendar day written `YYYY-MM-DD` (no 2025-02-30), from year 2000 to 9998. */
export function isPakistanDay(day: string): boolean {
  const match = DAY_PATTERN.exec(day);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && y <= 9998 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The instant (ms) the day begins in Pakistan: 00:00 PKT is 19:00 UTC the day before. */
export function pakistanDayStart(day: PakistanDay): number {
  return Date.parse(`${day}T00:00:00.000Z`) - PKT_OFFSET_MS;
}

/** The instant (ms) the next day begins: a day is [start, end). */
export const pakistanDayEnd = (day: PakistanDay) => pakistanDayStart(day) + DAY_MS;

/** The Pakistan day that holds the instant `ms`. */
export function pakistanDayOf(ms: number): PakistanDay {
  return new Date(ms + PKT_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `days` after `day` (before, when negative). */
export function addDays(day: PakistanDay, days: number): PakistanDay {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The days from `from` to `to`, both included. */
export function daysOf(from: PakistanDay, to: PakistanDay): PakistanDay[] {
  const days: PakistanDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** "2026-01-31 23:59:59": the instant `ms` as a clock in Pakistan reads it. */
export const pakistanTimeOf = (ms: number) => new Date(ms + PKT_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
