import { describe, expect, it } from 'vitest';
import { orderPrice } from '../shared/money';
import { LIMITS } from '../shared/schemas/fields';
import { narrowedRange, smallestPaidQuantity, syncedRange } from './service-sync';

describe('narrowedRange: ours inside the provider’s, never wider', () => {
  it.each([
    // Wider than theirs: cut to theirs.
    [
      { min: 50, max: 100_000 },
      { min: 100, max: 40_000 },
      { min: 100, max: 40_000 },
    ],
    // Already inside: the admin's narrower range stays (the sync never widens).
    [
      { min: 500, max: 1000 },
      { min: 10, max: 90_000 },
      { min: 500, max: 1000 },
    ],
    // Partly outside: the overlap.
    [
      { min: 10, max: 5000 },
      { min: 100, max: 90_000 },
      { min: 100, max: 5000 },
    ],
    // No overlap any more: the provider's.
    [
      { min: 10, max: 50 },
      { min: 100, max: 1000 },
      { min: 100, max: 1000 },
    ],
    // A provider's 0 and its huge max stay within what an order here may ask.
    [
      { min: 1, max: LIMITS.maxQuantity },
      { min: 0, max: 999_999_999 },
      { min: 1, max: LIMITS.maxQuantity },
    ],
  ])('%o within %o → %o', (ours, theirs, expected) => {
    expect(narrowedRange(ours, theirs)).toEqual(expected);
  });
});

describe('syncedRange: the smallest order never costs nothing', () => {
  it('finds the smallest quantity that costs a paisa (half up)', () => {
    for (const rate of [1, 2, 3, 7, 499, 500, 501, 999, 1000, 12_345]) {
      const q = smallestPaidQuantity(rate);
      expect(orderPrice(rate, q)).toBeGreaterThanOrEqual(1);
      if (q > 1) expect(orderPrice(rate, q - 1)).toBe(0);
    }
  });

  it('a narrowed range whose smallest order costs a paisa or more is narrowedRange’s', () => {
    expect(syncedRange({ min: 50, max: 100_000 }, { min: 100, max: 40_000 }, 300)).toEqual({ min: 100, max: 40_000 });
  });

  // Rs 0.01 per 1000 (1 paisa): an order under 500 costs nothing.
  it('a provider range that would lower our min into free orders raises it to the first paid quantity', () => {
    // Ours starts at 1000 (1 paisa); the provider now takes 10..900: no overlap, and its range would sell 10 for nothing.
    expect(narrowedRange({ min: 1000, max: 5000 }, { min: 10, max: 900 })).toEqual({ min: 10, max: 900 });
    expect(syncedRange({ min: 1000, max: 5000 }, { min: 10, max: 900 }, 1)).toEqual({ min: 500, max: 900 });
  });

  it('none when the provider’s max is under the first paid quantity: the service goes out of sale', () => {
    expect(syncedRange({ min: 1000, max: 5000 }, { min: 10, max: 400 }, 1)).toBeNull();
  });
});
