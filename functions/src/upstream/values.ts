// The values providers send, as they send them: numbers as JSON numbers or strings ("0.27", "100"),
// flags as booleans, 1/0 or "1"/"0", ids as numbers or strings. Each parser answers null for what it
// cannot read, so a caller decides whether that is fatal (a rate) or only flagged (a `remains`).
import { z } from 'zod';
import { PROVIDER_MAX_AMOUNT, PROVIDER_MAX_COUNT } from '../shared/providers';

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const INTEGER_TEXT = /^[+-]?\d+$/;
/** Longest number sent as text that is read (a 40-digit "balance" is no figure anyone means). */
const MAX_NUMBER_TEXT = 30;

/** A finite decimal: 0.27, "0.27", " 12 ", "-3.5"; not "", "1,5", "12abc", "1e30", NaN, Infinity or 31+ characters. */
export function parseDecimal(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text.length <= MAX_NUMBER_TEXT && DECIMAL.test(text) ? Number(text) : null;
}

/** A whole number: 100, "100", "100.0"; not "Unknown" or 1.5. */
export function parseInteger(value: unknown): number | null {
  if (typeof value === 'string' && INTEGER_TEXT.test(value.trim())) {
    const n = Number(value.trim());
    return value.trim().length <= MAX_NUMBER_TEXT && Number.isSafeInteger(n) ? n : null;
  }
  const n = parseDecimal(value);
  return n !== null && Number.isSafeInteger(n) ? n : null;
}

/**
 * An amount in the provider's currency (a balance, a rate per 1000, a charge): a decimal within
 * 0..PROVIDER_MAX_AMOUNT, else null (a caller treats it as an unusable answer, never stores it).
 */
export function parseAmount(value: unknown): number | null {
  const n = parseDecimal(value);
  if (n === null || n < 0 || n > PROVIDER_MAX_AMOUNT) return null;
  return n === 0 ? 0 : n;
}

/** A count (min, max, start_count, remains): a whole number within 0..PROVIDER_MAX_COUNT, else null. */
export function parseCount(value: unknown): number | null {
  const n = parseInteger(value);
  if (n === null || n < 0 || n > PROVIDER_MAX_COUNT) return null;
  return n === 0 ? 0 : n;
}

/** A flag: true/false, 1/0, "1"/"0", "true"/"false", "yes"/"no" (any case); null for anything else. */
export function parseFlag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (text === '1' || text === 'true' || text === 'yes') return true;
  if (text === '0' || text === 'false' || text === 'no' || text === '') return false;
  return null;
}

/** A short text (a name, a status word, an error message), trimmed; null when absent or not text. */
export function parseText(value: unknown, max = 500): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text.length > 0 ? text.slice(0, max) : null;
}

/** A value as the provider sent it, kept for the admin: strings and numbers as text, others as JSON. */
export function rawText(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === 'string') return value.slice(0, 100);
  return JSON.stringify(value)?.slice(0, 100) ?? null;
}

/** Any JSON object (not an array, not null). */
export const jsonObject = z.record(z.string(), z.unknown());
export type JsonObject = z.infer<typeof jsonObject>;

/** The provider's `{"error": "..."}` when `value` is one (a non-blank error text), else null. */
export function errorOf(value: unknown): string | null {
  const parsed = jsonObject.safeParse(value);
  return parsed.success ? parseText(parsed.data.error) : null;
}
