import { describe, expect, it } from 'vitest';
import {
  customerRate,
  discountedRate,
  earnedTier,
  LIST_PRICES,
  marginFloorPaisa,
  nextTier,
  pricePlan,
  shownListRate,
  smallestOrderRate,
  type Tier,
  tierForCredited,
  tierInForce,
} from './pricing';

const BRONZE: Tier = { id: 'b', name: 'Bronze', thresholdPaisa: 0, percent: 0 };
const SILVER: Tier = { id: 's', name: 'Silver', thresholdPaisa: 2_500_000, percent: 3 };
const GOLD: Tier = { id: 'g', name: 'Gold', thresholdPaisa: 10_000_000, percent: 6 };
/** Saved out of order: the comparison must still walk them from the lowest threshold up. */
const TIERS = [GOLD, BRONZE, SILVER];

describe('tiers', () => {
  it('reaches the highest threshold the total passes, whatever order the table was saved in', () => {
    expect(tierForCredited(TIERS, 0)).toBe(BRONZE);
    expect(tierForCredited(TIERS, 2_499_999)).toBe(BRONZE);
    expect(tierForCredited(TIERS, 2_500_000)).toBe(SILVER);
    expect(tierForCredited(TIERS, 50_000_000)).toBe(GOLD);
    expect(tierForCredited([SILVER, GOLD], 100)).toBeUndefined();
  });

  it('keeps a tier reached before when its threshold is raised, and takes the higher of the two', () => {
    const raised = [BRONZE, { ...SILVER, thresholdPaisa: 5_000_000 }, GOLD];
    expect(earnedTier(raised, { tier: 's' }, 3_000_000)?.name).toBe('Silver');
    expect(earnedTier(raised, { tier: 's' }, 20_000_000)?.name).toBe('Gold');
    // Renamed, the tier is the same one: its customers keep it.
    expect(earnedTier([BRONZE, { ...SILVER, name: 'Argent', thresholdPaisa: 9_000_000 }, GOLD], { tier: 's' }, 3_000_000)?.name).toBe(
      'Argent',
    );
    // A stored tier the admin has since removed: the total decides.
    expect(earnedTier([BRONZE, GOLD], { tier: 's' }, 3_000_000)?.name).toBe('Bronze');
  });

  it('a tier set by hand wins while it exists; the next step follows the tier in force', () => {
    expect(tierInForce(TIERS, { pricing: { tier: 'b' } }, 50_000_000)).toBe(BRONZE);
    expect(tierInForce(TIERS, { pricing: { tier: 'Gone' } }, 50_000_000)).toBe(GOLD);
    expect(nextTier(TIERS, BRONZE)).toBe(SILVER);
    expect(nextTier(TIERS, GOLD)).toBeUndefined();
    expect(nextTier([SILVER], undefined)).toBe(SILVER);
  });
});

describe('a customer’s rate', () => {
  it('fixed rate over own percent over the tier', () => {
    expect(pricePlan(TIERS, { pricing: { percent: 10, rates: { a: 500 } } }, 50_000_000)).toEqual({ percent: 10, rates: { a: 500 } });
    expect(pricePlan(TIERS, {}, 50_000_000)).toEqual({ percent: 6, rates: {} });
    expect(pricePlan([], undefined, 0)).toEqual(LIST_PRICES);
    expect(customerRate('a', 1000, { percent: 10, rates: { a: 500 } }, null, 1).ratePaisa).toBe(500);
    expect(customerRate('b', 1000, { percent: 10, rates: { a: 500 } }, null, 1).ratePaisa).toBe(900);
  });

  it('rounds a discount half up to the paisa, never to nothing', () => {
    expect(discountedRate(1234, 3)).toBe(1197); // 1196.98
    expect(discountedRate(50, 3)).toBe(49); // 48.5 → 49
    expect(discountedRate(1, 50)).toBe(1);
    expect(discountedRate(100_000, 2.5)).toBe(97_500);
  });

  it('holds a discount at the floor, never past the list rate', () => {
    const plan = { percent: 50, rates: {} };
    expect(customerRate('a', 90_000, plan, 88_000, 1)).toEqual({ ratePaisa: 88_000, plannedPaisa: 45_000, clamped: true });
    // Listed under its floor by the admin: the discount goes no further than the list rate.
    expect(customerRate('a', 90_000, plan, 95_000, 1)).toEqual({ ratePaisa: 90_000, plannedPaisa: 45_000, clamped: true });
    expect(customerRate('a', 90_000, { percent: 1, rates: {} }, 88_000, 1)).toEqual({
      ratePaisa: 89_100,
      plannedPaisa: 89_100,
      clamped: false,
    });
    // A fixed rate above the list rate is the admin's choice: no floor applies.
    expect(customerRate('a', 90_000, { percent: 0, rates: { a: 99_000 } }, 120_000, 1).ratePaisa).toBe(99_000);
  });

  it('holds a discount where the smallest order still costs a paisa, and shows the list rate only above the price', () => {
    // 30 paisa per 1,000 with a minimum of 17: 6 % off (28) would price 17 at 0.476 paisa, 0 once rounded.
    expect(customerRate('a', 30, { percent: 6, rates: {} }, null, 17)).toEqual({ ratePaisa: 30, plannedPaisa: 28, clamped: true });
    expect(customerRate('a', 1000, { percent: 6, rates: {} }, null, 17)).toEqual({ ratePaisa: 940, plannedPaisa: 940, clamped: false });
    expect(smallestOrderRate(17)).toBe(30);
    expect(smallestOrderRate(1000)).toBe(1);
    expect(shownListRate(1000, 940)).toBe(1000);
    expect(shownListRate(1000, 1200)).toBeUndefined();
  });

  it('the floor is the cost in rupees plus the margin, rounded up to the paisa', () => {
    expect(marginFloorPaisa(800, 1, 10)).toBe(88_000);
    expect(marginFloorPaisa(0.0123, 278.5, 20)).toBe(412); // 0.0123 × 278.5 × 1.2 = 4.11066 rupees
    expect(marginFloorPaisa(1, 1, 0)).toBe(100);
  });
});
