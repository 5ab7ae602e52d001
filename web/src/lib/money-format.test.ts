// One way to write money (issue 32): lib/format.ts and the shared formatters write every amount; a screen that calls
// toLocaleString or builds an Intl number format, or writes "Rs" beside a number itself, is refused here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AMOUNT_TO_COME, formatAmount, formatCompactRupees, formatMoney, formatPaisa, formatRateToPkr } from '@/lib/format';

const SRC = join(import.meta.dirname, '..');
/** Where numbers and money may be formatted: the formatters themselves. */
const FORMATTERS = new Set(['lib/format.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The file's code without its comments (what a comment says of money is not money written). */
const codeOf = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('money and numbers on screen', () => {
  const files = sources(SRC).filter((path) => !FORMATTERS.has(relative(SRC, path)));

  it('are formatted by the formatters alone: no screen calls toLocaleString or builds an Intl number format', () => {
    const offenders = files.filter((path) => /\.toLocaleString\(|Intl\.NumberFormat/.test(codeOf(readFileSync(path, 'utf8'))));
    expect(offenders.map((path) => relative(SRC, path))).toEqual([]);
  });

  it('never have "Rs" written beside a number by a screen', () => {
    const offenders = files.filter((path) => /['"`]Rs\s|Rs \$\{|Rs\{' '\}|>\s*Rs\s*\{/.test(codeOf(readFileSync(path, 'utf8'))));
    expect(offenders.map((path) => relative(SRC, path))).toEqual([]);
  });

  it('are written by the screens’ formatters, never by the shared ones (whose texts break a line after "Rs")', () => {
    const offenders = files.filter((path) => /\bformatRupees\b/.test(codeOf(readFileSync(path, 'utf8'))));
    expect(offenders.map((path) => relative(SRC, path))).toEqual([]);
  });

  it('finds the screens it checks (the scan is not empty)', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files.some((path) => path.endsWith('providers-panel.tsx'))).toBe(true);
  });
});

/** Between a currency and its amount: a space no line breaks at ("Rs" never ends a line alone). */
const _ = '\u00a0';

describe('the formatters', () => {
  it('write rupees one way, "Rs" and its amount never split over two lines', () => {
    expect(formatAmount(1234.5)).toBe(`Rs${_}1,234.50`);
    expect(formatAmount(-500)).toBe(`-Rs${_}500`);
    expect(formatPaisa(12_345)).toBe(`Rs${_}123.45`);
    expect(formatMoney(900, 'PKR')).toBe(`Rs${_}900`);
    expect(formatMoney(900.125, 'PKR')).toBe(`Rs${_}900.125`);
    expect(formatRateToPkr('USD', 278.4512)).toBe(`1 USD = Rs${_}278.4512`);
    expect(formatCompactRupees(12_500)).toBe(`Rs${_}12.5K`);
    expect(AMOUNT_TO_COME).toBe(`Rs${_}...`);
  });

  it('write a provider’s currency with its own decimals, more where the amount has them (at most 4)', () => {
    expect(formatMoney(1234.5, 'USD')).toBe(`USD${_}1,234.50`);
    expect(formatMoney(0.0125, 'USD')).toBe(`USD${_}0.0125`);
    expect(formatMoney(1500, 'JPY')).toBe(`JPY${_}1,500`);
    expect(formatMoney(1.5, 'KWD')).toBe(`KWD${_}1.500`);
    // A code ICU does not know: two decimals.
    expect(formatMoney(3, 'XYZ1')).toBe(`XYZ1${_}3.00`);
    // A provider's balance of 10^30 is written out, grouped.
    expect(formatMoney(1e30, 'USD')).toBe(`USD${_}1,000,000,000,000,000,000,000,000,000,000.00`);
  });
});
