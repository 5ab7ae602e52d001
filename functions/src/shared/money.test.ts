import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue';
import {
  divideRoundHalfUp,
  divideRoundHalfUpBig,
  formatRupees,
  hasAtMostTwoDecimals,
  MAX_PAISA,
  orderPrice,
  partialRefund,
  toPaisa,
  toRupees,
} from './money';

// Printed by fast-check on failure together with the counterexample, so a failure reproduces.
const params = { numRuns: 2000 };

describe('pricing', () => {
  it('is quantity / 1000 × rate, rounded to the paisa, half up', () => {
    expect(orderPrice(90_000, 100)).toBe(9_000); // Rs 900 per 1000 × 100 = Rs 90
    expect(orderPrice(2_000, 1000)).toBe(2_000); // Rs 20 per 1000 × 1000 = Rs 20
    expect(orderPrice(2_000, 1)).toBe(2); // Rs 0.02
    expect(orderPrice(150_000, 1)).toBe(150); // Rs 1.50 per comment
    expect(orderPrice(2_500, 1)).toBe(3); // 2.5 paisa rounds half up to 3
    expect(orderPrice(2_499, 1)).toBe(2); // 2.499 paisa rounds down
  });

  it('matches the exact rational price within half a paisa, for every catalogue service and quantity', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CATALOGUE), fc.nat(), (service, seed) => {
        const quantity = service.min + (seed % (service.max - service.min + 1));
        const rate = toPaisa(service.ratePer1000);
        const price = orderPrice(rate, quantity);
        expect(Number.isSafeInteger(price)).toBe(true);
        // |price − rate·q/1000| ≤ 1/2, with ties going up: 2000·price − 2·rate·q ∈ (−1000, 1000]
        const diff = 2000 * price - 2 * rate * quantity;
        expect(diff).toBeGreaterThan(-1000);
        expect(diff).toBeLessThanOrEqual(1000);
      }),
      params,
    );
  });

  it('never charges less for more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1000 }),
        (rate, q, extra) => {
          expect(orderPrice(rate, q + extra)).toBeGreaterThanOrEqual(orderPrice(rate, q));
        },
      ),
      params,
    );
  });
});

describe('partial refunds', () => {
  it('never exceed the price, never go negative, and are the exact share rounded half up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 45_000_000 }), fc.integer({ min: 2, max: 10_000_000 }), fc.nat(), (price, quantity, seed) => {
        const remains = 1 + (seed % (quantity - 1));
        const refund = partialRefund(price, remains, quantity);
        expect(Number.isSafeInteger(refund)).toBe(true);
        expect(refund).toBeGreaterThanOrEqual(0);
        expect(refund).toBeLessThanOrEqual(price);
        // within half a paisa of the exact share
        const diff = 2 * refund * quantity - 2 * price * remains;
        expect(diff).toBeGreaterThan(-quantity);
        expect(diff).toBeLessThanOrEqual(quantity);
      }),
      params,
    );
  });

  it('split the price with the refund of the delivered part: together exactly the price, a paisa more only on two exact halves', () => {
    // Refunding the undelivered `remains` and, as if it were undelivered, the delivered rest: the two
    // shares are price·r/q and price·(q−r)/q, so rounding must not lose or make a paisa between them,
    // except when both are exactly x.5 paisa and each rounds up.
    expect(partialRefund(3, 1, 2) + partialRefund(3, 1, 2)).toBe(4); // 1.5 + 1.5, both half up
    expect(partialRefund(10, 1, 3) + partialRefund(10, 2, 3)).toBe(10); // 3.33 + 6.67
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 45_000_000 }), fc.integer({ min: 2, max: 10_000_000 }), fc.nat(), (price, quantity, seed) => {
        const remains = 1 + (seed % (quantity - 1));
        const bothExactHalves = 2 * ((price * remains) % quantity) === quantity;
        expect(partialRefund(price, remains, quantity) + partialRefund(price, quantity - remains, quantity)).toBe(
          price + (bothExactHalves ? 1 : 0),
        );
      }),
      params,
    );
  });

  it('stay exact when price × remains passes 2^53 (a large drip-feed stopped after its first run)', () => {
    // Rs 4,000 a run × 100 runs of 4,000,000: 99 runs not started are 99 run prices to the paisa.
    expect(partialRefund(40_000_000, 99 * 4_000_000, 100 * 4_000_000)).toBe(99 * 400_000);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e11 }), fc.integer({ min: 2, max: 1e9 }), fc.nat(), (price, quantity, seed) => {
        const remains = 1 + (seed % (quantity - 1));
        const exact = divideRoundHalfUpBig(BigInt(price) * BigInt(remains), BigInt(quantity));
        expect(partialRefund(price, remains, quantity)).toBe(Number(exact));
      }),
      params,
    );
  });

  it('refuses remains outside 0 < remains < quantity', () => {
    expect(() => partialRefund(1000, 0, 10)).toThrow(RangeError);
    expect(() => partialRefund(1000, 10, 10)).toThrow(RangeError);
    expect(() => partialRefund(1000, 1.5, 10)).toThrow(RangeError);
  });
});

describe('rupees and paisa', () => {
  it('round-trip every paisa amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PAISA }), (paisa) => {
        expect(toPaisa(toRupees(paisa))).toBe(paisa);
        expect(hasAtMostTwoDecimals(toRupees(paisa))).toBe(true);
      }),
      params,
    );
  });

  it('refuses amounts with more than 2 decimals and non-finite numbers', () => {
    expect(() => toPaisa(12.005)).toThrow(RangeError);
    expect(() => toPaisa(Number.NaN)).toThrow(RangeError);
    expect(() => toPaisa(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(toPaisa(12.5)).toBe(1250);
    expect(toPaisa(0.1 + 0.2)).toBe(30);
    expect(hasAtMostTwoDecimals(1e308)).toBe(false);
  });

  it('divides half up', () => {
    expect(divideRoundHalfUp(5, 10)).toBe(1);
    expect(divideRoundHalfUp(4, 10)).toBe(0);
    expect(divideRoundHalfUp(15, 10)).toBe(2);
    expect(() => divideRoundHalfUp(-1, 10)).toThrow(RangeError);
  });

  it('formats for people', () => {
    expect(formatRupees(50_000)).toBe('Rs 500');
    expect(formatRupees(123_450)).toBe('Rs 1,234.50');
    expect(formatRupees(5)).toBe('Rs 0.05');
  });
});
