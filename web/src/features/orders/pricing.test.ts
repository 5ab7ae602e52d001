import { orderPrice, toPaisa } from '@shared/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isShort, orderTotalPaisa } from '@/features/orders/pricing';

describe('orderTotalPaisa', () => {
  it('is quantity / 1000 × rate, in paisa', () => {
    expect(orderTotalPaisa(900, 1000)).toBe(90_000);
    expect(orderTotalPaisa(900, 50)).toBe(4_500);
    expect(orderTotalPaisa(20, 1000)).toBe(2_000);
    expect(orderTotalPaisa(1500, 1)).toBe(150);
  });

  it('rounds to the paisa half up, like the server', () => {
    // 25 × 1 / 1000 rupees = 2.5 paisa → 3; 25 × 3 / 1000 = 7.5 paisa → 8; 20 × 1 = 2 paisa.
    expect(orderTotalPaisa(25, 1)).toBe(3);
    expect(orderTotalPaisa(25, 3)).toBe(8);
    expect(orderTotalPaisa(20, 1)).toBe(2);
    expect(orderTotalPaisa(0.01, 499)).toBe(0);
    expect(orderTotalPaisa(0.01, 500)).toBe(1);
  });

  it('agrees with the shared orderPrice for any rate and quantity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500_000 }), fc.integer({ min: 1, max: 10_000_000 }), (ratePaisa, quantity) => {
        expect(orderTotalPaisa(ratePaisa / 100, quantity)).toBe(orderPrice(ratePaisa, quantity));
      }),
    );
  });

  it('has no total for a missing or non-integer quantity', () => {
    expect(orderTotalPaisa(900, Number.NaN)).toBeNull();
    expect(orderTotalPaisa(900, 0)).toBeNull();
    expect(orderTotalPaisa(900, 1.5)).toBeNull();
  });
});

describe('isShort', () => {
  it('compares in paisa, so a balance of exactly the total is enough', () => {
    expect(isShort(45, toPaisa(45))).toBe(false);
    expect(isShort(44.99, toPaisa(45))).toBe(true);
    expect(isShort(0.1 + 0.2, 30)).toBe(false);
  });
});
