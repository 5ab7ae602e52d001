import { formatRupees, type Paisa, toPaisa } from '@shared/money';
import { pakistanDayOf, pakistanDayStart } from '@shared/pakistan-clock';

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
 * A date format built on its first use. Building one is milliseconds of ICU's work, and this module is
 * in the first render's code, which builds none of them (docs/decisions/0014-web-bundle-budget.md).
 * Every time the app shows is Pakistan time, whatever the device's zone (issue 32: the same payment once showed
 * under two dates, the statement's PKT and the dashboard's device time); the layout's footer says so once.
 */
function dateTimeFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => {
    format ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Karachi', ...options });
    return format;
  };
}

const dateFormat = dateTimeFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const dateAndTimeFormat = dateTimeFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat().format(date);
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateAndTimeFormat().format(date);
}

const timeFormat = dateTimeFormat({ hour: 'numeric', minute: '2-digit', hour12: true });
const dayMonthFormat = dateTimeFormat({ day: 'numeric', month: 'short' });

/** The start of the Pakistan day of `time`. */
function startOfDay(time: number): number {
  return pakistanDayStart(pakistanDayOf(time));
}

/** How long ago `at` was, for people: "a moment ago", "5 minutes ago", "today at 2:05 pm", "yesterday at…", "3 Jan at…". */
export function formatSavedAt(at: number, now = Date.now()): string {
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'a moment ago';
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const time = timeFormat().format(at);
  const days = Math.round((startOfDay(now) - startOfDay(at)) / 86_400_000);
  if (days === 0) return `today at ${time}`;
  if (days === 1) return `yesterday at ${time}`;
  const day = pakistanDayOf(at).slice(0, 4) === pakistanDayOf(now).slice(0, 4) ? dayMonthFormat().format(at) : dateFormat().format(at);
  return `${day} at ${time}`;
}

/** "24 Nov 2026, 23:30 PKT" for an instant: formatDateTime, labelled (the statement's and reports' times). */
export function formatPakistanDateTime(iso: string): string {
  const text = formatDateTime(iso);
  return text === '—' ? text : `${text} PKT`;
}

const dayFormat = dateTimeFormat({ day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayWithYearFormat = dateTimeFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "24 Nov" (or "24 Nov 2026" with `withYear`) for a calendar day `YYYY-MM-DD`, the day as written. */
export function formatDay(day: string, withYear = false): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '—';
  return (withYear ? dayWithYearFormat : dayFormat)().format(date);
}

/** "26 Dec": the Pakistan day of an instant (e.g. the last day a refill may be asked). */
export function formatPakistanDayMonth(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dayMonthFormat().format(date);
}
