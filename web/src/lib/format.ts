import { formatRupees, type Paisa, toPaisa } from '@shared/money';
import { PKT_OFFSET_MS, pakistanDayOf, pakistanDayStart } from '@shared/pakistan-clock';

// Money is written here and nowhere else (money-format.test.ts refuses a screen that calls toLocaleString or writes
// "Rs" itself): rupees as the ledger counts them, a provider's currency with its own decimals.

/**
 * Between a currency and its number, a space no line breaks at: "Rs" never ends a line with its amount on the next
 * (a narrow card, a long sentence). The API's own texts (messages, notifications) keep a plain space.
 */
const NBSP = '\u00a0';
/** A shared formatter's "Rs 1,234.50" (also "-Rs 5") as a screen writes it: unbroken. */
const unbroken = (text: string) => text.replace('Rs ', `Rs${NBSP}`);

/** "Rs 1,234.50" for a rupee amount from the API. */
export function formatAmount(rupees: number): string {
  return formatPaisa(toPaisa(rupees));
}

/** "Rs 1,234.50" for an amount in paisa (what the shared money rules compute). */
export function formatPaisa(paisa: Paisa): string {
  return unbroken(formatRupees(paisa));
}

/** Where an amount goes before it is known (a message written while the amount field is empty). */
export const AMOUNT_TO_COME = `Rs${NBSP}...`;

/** The number of decimals `currency` is written with (ISO 4217: USD 2, JPY 0, KWD 3), 2 for a code ICU does not know. */
function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Per currency, its amounts' format (built once: a provider's table writes one per row). */
const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    const digits = currency === 'PKR' ? 2 : currencyDigits(currency);
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: Math.max(digits, 4) });
    moneyFormats.set(currency, format);
  }
  return format;
}

/**
 * An amount in a provider's currency: "USD 1,234.50", with the currency's own decimals, more where the amount has
 * them (a rate per 1,000 of USD 0.0125), at most 4; rupees as formatAmount writes them.
 */
export function formatMoney(amount: number, currency: string): string {
  if (currency === 'PKR') return Number.isInteger(amount * 100) ? formatAmount(amount) : `Rs${NBSP}${moneyFormat('PKR').format(amount)}`;
  return `${currency}${NBSP}${moneyFormat(currency).format(amount)}`;
}

/** "1 USD = Rs 278.4512": what a provider's currency is worth in rupees, to 4 decimals. */
export function formatRateToPkr(currency: string, rateToPkr: number): string {
  return `1 ${currency} = ${formatMoney(rateToPkr, 'PKR')}`;
}

let compactFormat: Intl.NumberFormat | undefined;
/** "Rs 12.5K": a chart axis's rupees, short. */
export function formatCompactRupees(rupees: number): string {
  compactFormat ??= new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
  return `Rs${NBSP}${compactFormat.format(rupees)}`;
}

/**
 * Every time the app shows is Pakistan time, whatever the device's zone (issue 32: the same payment once showed
 * under two dates, the statement's PKT and the dashboard's device time); the layout's footer says so once.
 * Written out by hand as en-GB writes it in Asia/Karachi ("5 Sept 2026, 14:03", "2:03 pm"; format.test.ts holds
 * each to Intl's), not with Intl.DateTimeFormat: a fresh browser's first format in a time zone loads ICU's zone data,
 * 40–80 ms of a desktop's main thread (four times that on a phone) in the first render of any screen with a date.
 * Pakistan keeps UTC+5 all year (no daylight saving since 2009).
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The clock's reading of the instant `ms` in Pakistan (or, `utc`, of the UTC calendar: a day as written). */
function clock(ms: number, utc = false) {
  const date = new Date(utc ? ms : ms + PKT_OFFSET_MS);
  return {
    year: date.getUTCFullYear(),
    month: MONTHS[date.getUTCMonth()],
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
  };
}
const dayMonth = ({ day, month }: ReturnType<typeof clock>) => `${day} ${month}`;
const dayMonthYear = (parts: ReturnType<typeof clock>) => `${dayMonth(parts)} ${parts.year}`;
/** "2:05 pm". */
function twelveHour(ms: number): string {
  const { hour, minute } = clock(ms);
  return `${hour % 12 || 12}:${twoDigits(minute)} ${hour < 12 ? 'am' : 'pm'}`;
}

/** "5 Nov 2026". */
export function formatDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '—' : dayMonthYear(clock(time));
}

/** "5 Nov 2026, 14:03". */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '—';
  const parts = clock(time);
  return `${dayMonthYear(parts)}, ${twoDigits(parts.hour)}:${twoDigits(parts.minute)}`;
}

/** The start of the Pakistan day of `time`. */
function startOfDay(time: number): number {
  return pakistanDayStart(pakistanDayOf(time));
}

/** How long ago `at` was, for people: "a moment ago", "5 minutes ago", "today at 2:05 pm", "yesterday at…", "3 Jan at…". */
export function formatSavedAt(at: number, now = Date.now()): string {
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'a moment ago';
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const time = twelveHour(at);
  const days = Math.round((startOfDay(now) - startOfDay(at)) / 86_400_000);
  if (days === 0) return `today at ${time}`;
  if (days === 1) return `yesterday at ${time}`;
  const day = pakistanDayOf(at).slice(0, 4) === pakistanDayOf(now).slice(0, 4) ? dayMonth(clock(at)) : dayMonthYear(clock(at));
  return `${day} at ${time}`;
}

/** "24 Nov 2026, 23:30 PKT" for an instant: formatDateTime, labelled (the statement's and reports' times). */
export function formatPakistanDateTime(iso: string): string {
  const text = formatDateTime(iso);
  return text === '—' ? text : `${text} PKT`;
}

/** "24 Nov" (or "24 Nov 2026" with `withYear`) for a calendar day `YYYY-MM-DD`, the day as written. */
export function formatDay(day: string, withYear = false): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return '—';
  const parts = clock(time, true);
  return withYear ? dayMonthYear(parts) : dayMonth(parts);
}

/** "Nov 2026" for a calendar month `YYYY-MM` (a Pakistan month as the API counts it), the month as written. */
export function formatMonth(month: string): string {
  const time = /^\d{4}-\d{2}$/.test(month) ? Date.parse(`${month}-01T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(time)) return '—';
  const parts = clock(time, true);
  return `${parts.month} ${parts.year}`;
}

/** "26 Dec": the Pakistan day of an instant (e.g. the last day a refill may be asked). */
export function formatPakistanDayMonth(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '—' : dayMonth(clock(time));
}
