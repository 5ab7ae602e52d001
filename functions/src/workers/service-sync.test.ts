import { describe, expect, it } from 'vitest';
import { LIMITS } from '../shared/schemas';
import { narrowedRange } from './service-sync';

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
