// What a customer pays per 1,000 of a service (issue 34): the list rate, less their tier's discount or the percent the
// admin set for them, or the fixed rate the admin set for that service; never below a provider-linked service's cost
// plus the admin's margin floor (Settings, forwarding). The one rule, imported by the function (placement, the
// service lists, API v2) and the web app (the admin's screens), so every surface shows the price the order is charged.
// zod-free: the web's chunks import it without a schema library.
import { decimalParts, divideRoundHalfUp, PAISA_PER_RUPEE, type Paisa } from './money';

export const PRICING_LIMITS = {
  /** Tiers the admin may define. */
  tiers: 10,
  /** A tier's name, in characters. */
  tierName: 30,
  /** A discount (a tier's or a customer's own), in percent. */
  maxPercent: 50,
  /** Fixed rates one customer may have. */
  rates: 200,
} as const;

/**
 * A tier as stored: crossing `thresholdPaisa` of lifetime credited top-ups earns `percent` off every list rate. `id`
 * stays when the admin renames it: customers hold tiers by id, so a rename keeps them where they are.
 */
export interface Tier {
  id: string;
  name: string;
  thresholdPaisa: Paisa;
  percent: number;
}

/** What the admin set for one customer: a tier by hand, a percent off everything, fixed rates per service. */
export interface CustomerPricing {
  /** A tier's id. */
  tier?: string;
  percent?: number;
  /** Service id → paisa per 1,000. */
  rates?: Record<string, Paisa>;
}

/** The pricing facts a profile holds (users/{uid}). */
export interface PricedProfile {
  /** Top-ups credited over the account's life (absent on accounts not credited since issue 34: see lifetimeCredited). */
  creditedPaisa?: Paisa | undefined;
  /** The highest tier reached by credits, by id (never lowered by itself). */
  tier?: string | undefined;
  pricing?: CustomerPricing | undefined;
}

/** Tiers from the lowest threshold up (the order every comparison walks them in). */
export function sortTiers(tiers: readonly Tier[]): Tier[] {
  return [...tiers].sort((a, b) => a.thresholdPaisa - b.thresholdPaisa);
}

const sameName = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en');

/** The tier named `name` (case-insensitively), or undefined: what the admin's requests name. */
export const tierNamed = (tiers: readonly Tier[], name: string | undefined): Tier | undefined =>
  name === undefined ? undefined : tiers.find((t) => sameName(t.name, name));

/** The tier of `id` (what profiles hold), or undefined: a tier the admin has removed since holds no one. */
export const tierById = (tiers: readonly Tier[], id: string | undefined): Tier | undefined =>
  id === undefined ? undefined : tiers.find((t) => t.id === id);

/**
 * The highest tier whose threshold `creditedPaisa` reaches, walking the thresholds in ascending order (a table the
 * admin saved out of order still reaches its top tier); undefined below the lowest one.
 */
export function tierForCredited(tiers: readonly Tier[], creditedPaisa: Paisa): Tier | undefined {
  let reached: Tier | undefined;
  for (const tier of sortTiers(tiers)) if (creditedPaisa >= tier.thresholdPaisa) reached = tier;
  return reached;
}

const rank = (tiers: readonly Tier[], tier: Tier | undefined) => (tier ? sortTiers(tiers).indexOf(tier) : -1);

/**
 * The tier credits have earned: the higher of the one stored (reached before; kept when the admin raises a threshold
 * later) and the one the lifetime total reaches under today's thresholds.
 */
export function earnedTier(tiers: readonly Tier[], profile: PricedProfile, creditedPaisa: Paisa): Tier | undefined {
  const stored = tierById(tiers, profile.tier);
  const byTotal = tierForCredited(tiers, creditedPaisa);
  return rank(tiers, byTotal) > rank(tiers, stored) ? byTotal : stored;
}

/** The tier in force: the one the admin set by hand (while it exists), else the one credits earned. */
export function tierInForce(tiers: readonly Tier[], profile: PricedProfile, creditedPaisa: Paisa): Tier | undefined {
  return tierById(tiers, profile.pricing?.tier) ?? earnedTier(tiers, profile, creditedPaisa);
}

/** The tier above `tier` (the lowest one when there is none yet), or undefined at the top. */
export function nextTier(tiers: readonly Tier[], tier: Tier | undefined): Tier | undefined {
  const sorted = sortTiers(tiers);
  return sorted[rank(tiers, tier) + 1];
}

/** What one customer's prices follow: a fixed rate per service where set, else `percent` off the list rate. */
export interface PricePlan {
  percent: number;
  rates: Readonly<Record<string, Paisa>>;
}

export const LIST_PRICES: PricePlan = { percent: 0, rates: {} };

/** The customer's plan: their own percent wins over their tier's; their fixed rates win over both. */
export function pricePlan(tiers: readonly Tier[], profile: PricedProfile | undefined, creditedPaisa: Paisa): PricePlan {
  // An account with no profile yet is one with nothing credited: the tier of Rs 0, if the admin has one.
  const priced = profile ?? {};
  const percent = priced.pricing?.percent ?? tierInForce(tiers, priced, creditedPaisa)?.percent ?? 0;
  return { percent, rates: priced.pricing?.rates ?? {} };
}

/** Whether a plan can change any price (else every rate is the list rate, and nothing else need be read). */
export const isListPlan = (plan: PricePlan) => plan.percent === 0 && Object.keys(plan.rates).length === 0;

/** `ratePaisa` less `percent` (2 decimals at most), rounded half up to the paisa, never below one paisa. */
export function discountedRate(ratePaisa: Paisa, percent: number): Paisa {
  const basisPoints = Math.round(percent * 100);
  return Math.max(1, divideRoundHalfUp(ratePaisa * (10_000 - basisPoints), 10_000));
}

/**
 * The lowest rate a discount may reach on a provider-linked service: its cost per 1,000 in rupees (cost × rateToPkr)
 * plus `thresholdPercent`, rounded up to the paisa (exact on the decimals, as the margin alert compares them).
 */
export function marginFloorPaisa(cost: number, rateToPkr: number, thresholdPercent: number): Paisa {
  const c = decimalParts(cost);
  const r = decimalParts(rateToPkr);
  const basisPoints = Math.round(thresholdPercent * 100);
  if (!c || !r || basisPoints < 0) throw new RangeError('marginFloorPaisa needs non-negative decimals');
  const numerator = c.units * r.units * BigInt(PAISA_PER_RUPEE) * BigInt(10_000 + basisPoints);
  const denominator = 10n ** BigInt(c.scale + r.scale) * 10_000n;
  return Number((numerator + denominator - 1n) / denominator);
}

export interface CustomerRate {
  /** What the customer pays per 1,000, in paisa. */
  ratePaisa: Paisa;
  /** The plan's rate before the floor: differs from `ratePaisa` when the floor clamped it. */
  plannedPaisa: Paisa;
  clamped: boolean;
}

/** The lowest rate at which an order of `minQuantity` still costs a paisa (half up): a discount stops there too. */
export const smallestOrderRate = (minQuantity: number): Paisa => Math.ceil(500 / Math.max(1, minQuantity));

/**
 * The customer's rate for a service listed at `listPaisa`: their fixed rate for it, else their percent off. A rate
 * under the list rate is held at the floor (`floorPaisa`, null for a service with no provider) and at the rate where
 * the service's smallest order (`minQuantity`) still costs a paisa, but never raised past the list rate (a service
 * the admin lists under its floor keeps its list rate: a discount never goes further).
 */
export function customerRate(
  serviceId: string,
  listPaisa: Paisa,
  plan: PricePlan,
  floorPaisa: Paisa | null,
  minQuantity: number,
): CustomerRate {
  const fixed = Object.hasOwn(plan.rates, serviceId) ? plan.rates[serviceId] : undefined;
  const plannedPaisa = fixed ?? (plan.percent > 0 ? discountedRate(listPaisa, plan.percent) : listPaisa);
  const lowest = Math.max(floorPaisa ?? 0, smallestOrderRate(minQuantity));
  if (plannedPaisa >= listPaisa || plannedPaisa >= lowest) return { ratePaisa: plannedPaisa, plannedPaisa, clamped: false };
  return { ratePaisa: Math.min(lowest, listPaisa), plannedPaisa, clamped: true };
}

/** The list rate to show struck through beside a customer's rate: only where it is higher (a discount). */
export const shownListRate = (listPaisa: Paisa, ratePaisa: Paisa): Paisa | undefined => (listPaisa > ratePaisa ? listPaisa : undefined);
