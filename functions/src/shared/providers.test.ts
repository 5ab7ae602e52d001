import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { decimalParts } from './money';
import {
  costPaisaCeil,
  createProviderBody,
  importedRatePaisa,
  isBelowCost,
  isLowBalance,
  isUnderMargin,
  marginPercent,
  updateProviderBody,
} from './providers';

describe('decimalParts', () => {
  it.each([
    ['0.0125', 125n, 4],
    [0.0125, 125n, 4],
    ['12', 12n, 0],
    ['12.50', 125n, 1],
    [1e-7, 1n, 7],
    ['.5', 5n, 1],
  ] as const)('%s → %s / 10^%s', (value, units, scale) => {
    expect(decimalParts(value)).toEqual({ units, scale });
  });
  it.each(['', '.', '-1', '1e3', 'abc', Number.NaN, -0.5, Number.POSITIVE_INFINITY])('%s is not one', (value) => {
    expect(decimalParts(value)).toBeNull();
  });
});

describe('importedRatePaisa: cost × rateToPkr × (1 + markup/100), to the paisa, half up, exactly', () => {
  it.each([
    // 0.145 rupees is 14.5 paisa: half up gives 15 (0.145 * 100 in floats is 14.499999999999998).
    [0.145, 1, 0, 15],
    [0.12345, 278.5, 12.5, 3868],
    [20, 1, 50, 3000],
    [0.005, 1, 0, 1],
    [0.004, 1, 0, 0],
    [1.15, 1, 10, 127],
  ])('%s × %s, markup %s: %s paisa', (cost, rate, markup, paisa) => {
    expect(importedRatePaisa(cost, rate, markup)).toBe(paisa);
  });
});

describe('the cost in rupees', () => {
  it('a fraction of a paisa below it is below it', () => {
    expect(isBelowCost(3438, 0.12345, 278.5)).toBe(true);
    expect(isBelowCost(3439, 0.12345, 278.5)).toBe(false);
    expect(isBelowCost(50, 0.5, 1)).toBe(false);
    expect(costPaisaCeil(0.12345, 278.5)).toBe(3439);
    expect(costPaisaCeil(0.5, 1)).toBe(50);
  });
  it('low balance: under the threshold, or under Rs 1,000 without one', () => {
    expect(isLowBalance(3, 280, null)).toBe(true);
    expect(isLowBalance(4, 280, null)).toBe(false);
    expect(isLowBalance(4, 280, 5)).toBe(true);
    expect(isLowBalance(null, 280, 5)).toBe(false);
  });
});

describe('marginPercent and isUnderMargin: (rate − cost in PKR) / cost, exactly', () => {
  it.each([
    // Rs 300 over 0.95 × 280 = Rs 266: 12.78 %.
    [30_000, 0.95, 280, 12.78],
    [28_000, 1, 280, 0],
    [27_300, 1, 280, -2.5],
    // 0.12345 × 278.5 = Rs 34.380825; Rs 34.38 is a hair under.
    [3438, 0.12345, 278.5, 0],
    [100, 0, 280, null],
  ])('%s paisa over %s × %s: %s %', (rate, cost, toPkr, percent) => {
    expect(marginPercent(rate, cost, toPkr)).toBe(percent);
  });

  it('is decided on exact values, never on the rounded percent; below cost is under any threshold', () => {
    // Exactly 10 % over Rs 280 is Rs 308: not under 10 %; a paisa less is.
    expect(isUnderMargin(30_800, 1, 280, 10)).toBe(false);
    expect(isUnderMargin(30_799, 1, 280, 10)).toBe(true);
    // 34.38 rounds to a 0 % margin but is below the cost: under a threshold of 0.
    expect(isUnderMargin(3438, 0.12345, 278.5, 0)).toBe(true);
    expect(isUnderMargin(3439, 0.12345, 278.5, 0)).toBe(false);
    expect(isUnderMargin(1, 0, 280, 10)).toBe(false);
  });
});

describe('a provider’s API key', () => {
  const body = { name: 'P', url: 'https://p.example/api/v2', currency: 'USD', rateToPkr: 280 };
  const keyIssues = (schema: z.ZodMiniType, value: unknown) => {
    const parsed = z.safeParse(schema, value);
    return parsed.success ? [] : parsed.error.issues.filter((i) => i.path[0] === 'key').map((i) => i.message);
  };

  it('is at least 8 characters: a shorter one would be all but shown by its hint, and too short to cut out of texts', () => {
    expect(keyIssues(createProviderBody, { ...body, key: 'abcdefg' })).toEqual(['API key must be at least 8 characters']);
    expect(keyIssues(updateProviderBody, { key: ' 1234 ' })).toEqual(['API key must be at least 8 characters']);
    expect(keyIssues(createProviderBody, { ...body, key: 'abcdefgh' })).toEqual([]);
    expect(keyIssues(createProviderBody, { ...body, key: '   ' })).toEqual(['API key is required']);
  });
});
