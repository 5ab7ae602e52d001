import { describe, expect, it } from 'vitest';
import { decimalParts } from './money';
import { costPaisaCeil, importedRatePaisa, isBelowCost, isLowBalance } from './providers';

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
