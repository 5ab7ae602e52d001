// Price tiers and per-customer rates (issue 34; the rule is shared/pricing.ts). The tier table is an admin settings
// document (settings/tiers); a customer's lifetime credited total, earned tier and the admin's pricing live on their
// profile, where placement already reads it, so an order is priced from the reads of its own transaction.
import { randomUUID } from 'node:crypto';
import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod/mini';
import { fail } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { getAllGrouped } from '../../lib/typed-collection';
import type { Service } from '../../shared/answers';
import { serviceLabel } from '../../shared/catalogue';
import { MESSAGES } from '../../shared/messages';
import { type Paisa, toPaisa, toRupees } from '../../shared/money';
import { PLATFORM_LABELS } from '../../shared/platforms';
import {
  type CustomerPricing,
  type CustomerRate,
  customerRate,
  earnedTier,
  isListPlan,
  LIST_PRICES,
  marginFloorPaisa,
  nextTier,
  PRICING_LIMITS,
  type PricedProfile,
  type PricePlan,
  pricePlan,
  shownListRate,
  sortTiers,
  type Tier,
  tierById,
  tierInForce,
  tierNamed,
} from '../../shared/pricing';
import type { AdminPricing, MyPricing, PricedService, TiersBody, TierWire, UserPricingBody } from '../../shared/schemas/pricing';
import { isUid, type UserDoc, userRef } from '../accounts/users';
import { adminSettingsDocument } from '../kernel/admin-settings';
import { type Actor, recordAudit } from '../kernel/audit';
import { runInTransaction } from '../kernel/transactions';
import { ledgerCollection } from '../money/ledger';
import { getForwardingSettings } from '../providers/forwarding-settings';
import { type ProviderDoc, providersCollection, type ServiceLinkDoc, serviceLinksCollection } from '../providers/provider-store';
import { listActiveServices, type ServiceDoc, servicesCollection } from './catalogue';

const tierDocSchema = z.object({ id: z.string(), name: z.string(), thresholdPaisa: z.number(), percent: z.number() });
const tiersDocSchema = z.object({ tiers: z.array(tierDocSchema) });

const tiersDocument = adminSettingsDocument<{ tiers: Tier[] }>('tiers', tiersDocSchema, { tiers: [] });

export const tiersRef = tiersDocument.ref;

/** The tier table in force, lowest threshold first; inside a transaction when given one. */
export async function getTiers(tx?: Transaction): Promise<Tier[]> {
  return sortTiers((await tiersDocument.get(tx)).tiers);
}

/** The table from a snapshot read with other documents (placement's one round trip). */
export const tiersFromSnapshot = (snap: DocumentSnapshot | undefined): Tier[] => sortTiers(tiersDocument.fromSnapshot(snap).tiers);

/** A percent as kept: two decimals (the schema's check allows a float's noise, as 2.999999999). */
const roundPercent = (percent: number) => Math.round(percent * 100) / 100;

/**
 * The plan of a profile read in `tx` with the tier table: the lifetime total is read only when a tier can depend on
 * it (an account not credited since it was kept, with tiers defined and no percent of its own).
 */
export async function planInTransaction(tx: Transaction, uid: string, profile: UserDoc | undefined, tiers: Tier[]): Promise<PricePlan> {
  const needsTotal = profile !== undefined && tiers.length > 0 && profile.pricing?.percent === undefined;
  return pricePlan(tiers, profile, needsTotal ? await lifetimeCredited(uid, profile, tx) : (profile?.creditedPaisa ?? 0));
}

export const tierToWire = (tier: Tier): TierWire => ({
  id: tier.id,
  name: tier.name,
  threshold: toRupees(tier.thresholdPaisa),
  percent: tier.percent,
});

/**
 * PUT /api/admin/tiers: the whole table replaced, audited (a `settings` entry). Future prices only. A row that names
 * a tier's `id` is that tier (renamed, moved): its customers keep it; a row without one is a new tier, and a tier left
 * out is removed (its customers go by their credits again).
 */
export async function updateTiers(admin: Actor, body: TiersBody): Promise<Tier[]> {
  const tiers = sortTiers(
    body.tiers.map((t) => ({
      id: t.id ?? randomUUID().slice(0, 8),
      name: t.name,
      thresholdPaisa: toPaisa(t.threshold),
      percent: roundPercent(t.percent),
    })),
  );
  return (await tiersDocument.update(admin, { tiers })).tiers;
}

/**
 * Top-ups credited to `uid` over the account's life: the profile's running figure, or for an account not credited
 * since it was kept, the sum of its ledger's credit entries (inside `tx` when given: a credit then writes the figure).
 */
export async function lifetimeCredited(uid: string, profile: PricedProfile | undefined, tx?: Transaction): Promise<Paisa> {
  if (!profile) return 0;
  if (profile.creditedPaisa !== undefined) return profile.creditedPaisa;
  if (tx) return sumCredits(tx, uid);
  // Read outside a credit: the total is kept from now on (written once, in a transaction, only while still absent),
  // so an account's ledger is summed once, not on every list it asks for.
  const { value } = await runInTransaction(null, async (backfill) => {
    const ref = userRef(uid);
    const kept = (await backfill.get(ref)).data()?.creditedPaisa;
    if (kept !== undefined) return kept;
    const total = await sumCredits(backfill, uid);
    backfill.update(ref, { creditedPaisa: total });
    return total;
  });
  return value;
}

async function sumCredits(tx: Transaction, uid: string): Promise<Paisa> {
  const snap = await tx.get(ledgerCollection(uid).where('type', '==', 'credit'));
  return snap.docs.reduce((sum, d) => sum + d.data().amountPaisa, 0);
}

/** What a credit needs to move the tier: the table and the total before it (read in the credit's transaction). */
export interface CreditTiers {
  tiers: Tier[];
  creditedPaisa: Paisa;
}

export async function readCreditTiers(tx: Transaction, uid: string, profile: UserDoc | undefined): Promise<CreditTiers> {
  const [tiers, creditedPaisa] = await Promise.all([getTiers(tx), lifetimeCredited(uid, profile, tx)]);
  return { tiers, creditedPaisa };
}

/**
 * The profile fields a credit of `amountPaisa` changes: the lifetime total, and the earned tier when the new total
 * reaches a higher one (never lower: a tier is kept when the admin raises thresholds later). `moved` names the
 * tiers for the audit entry when it moved.
 */
export function tierAfterCredit(
  read: CreditTiers,
  profile: UserDoc | undefined,
  amountPaisa: Paisa,
): { update: { creditedPaisa: Paisa; tier?: string }; moved: { from: string | null; to: string } | null } {
  const creditedPaisa = read.creditedPaisa + amountPaisa;
  const before = earnedTier(read.tiers, profile ?? {}, read.creditedPaisa);
  const after = earnedTier(read.tiers, profile ?? {}, creditedPaisa);
  // The tier earned is kept (by id) whenever it is not the one stored, so one reached under a lowered threshold stays
  // when the threshold is raised again; the audit records a move only.
  const keep = after && after.id !== profile?.tier ? { tier: after.id } : {};
  const moved = after && after !== before ? { from: before?.name ?? null, to: after.name } : null;
  return { update: { creditedPaisa, ...keep }, moved };
}

/** Each linked service's floor inputs: what placement and the lists read. */
export interface FloorReads {
  links: ReadonlyMap<string, ServiceLinkDoc | undefined>;
  providers: ReadonlyMap<string, ProviderDoc | undefined>;
  marginThresholdPercent: number;
}

/** A service's floor (null: no provider, so nothing to hold a discount up). */
export function floorOf(serviceId: string, reads: FloorReads): Paisa | null {
  const link = reads.links.get(serviceId);
  const provider = link ? reads.providers.get(link.providerId) : undefined;
  if (!link || !provider) return null;
  try {
    return marginFloorPaisa(link.cost, provider.rateToPkr, reads.marginThresholdPercent);
  } catch (error) {
    // A cost or currency rate that is not a decimal: no discount at all (the list rate), never one past a floor unknown.
    logger.error('No margin floor for a linked service: its list rate holds', { serviceId, error: String(error) });
    return Number.MAX_SAFE_INTEGER;
  }
}

/** The customer's rate for a service: the plan, held at the floor. */
export const rateFor = (
  serviceId: string,
  service: Pick<ServiceDoc, 'ratePer1000Paisa' | 'min'>,
  plan: PricePlan,
  floors: FloorReads,
): CustomerRate =>
  customerRate(serviceId, service.ratePer1000Paisa, plan, isListPlan(plan) ? null : floorOf(serviceId, floors), service.min);

/** Every provider link and provider, and the margin threshold: the floors of a whole list. */
async function readAllFloors(): Promise<FloorReads> {
  const [links, providers, settings] = await Promise.all([
    serviceLinksCollection().get(),
    providersCollection().get(),
    getForwardingSettings(),
  ]);
  return {
    links: new Map(links.docs.map((d) => [d.id, d.data()])),
    providers: new Map(providers.docs.map((d) => [d.id, d.data()])),
    marginThresholdPercent: settings.marginThresholdPercent,
  };
}

/** One customer's price plan as stored now (list prices for an account without a profile). */
export async function readPlan(uid: string, known?: UserDoc): Promise<PricePlan> {
  // A caller that has read the profile already (API v2's request) passes it: one read fewer.
  const [profile, tiers] = await Promise.all([
    known ??
      userRef(uid)
        .get()
        .then((snap) => snap.data()),
    getTiers(),
  ]);
  return pricePlan(tiers, profile, await lifetimeCredited(uid, profile));
}

/**
 * A price function for lists shown to one customer: each service's rate per 1,000 (paisa) for them. List prices
 * need no more reads; a discount reads the floors once for the whole list.
 */
export async function customerRates(
  uid: string | null,
  profile?: UserDoc,
): Promise<(serviceId: string, service: Pick<ServiceDoc, 'ratePer1000Paisa' | 'min'>) => Paisa> {
  const plan = uid ? await readPlan(uid, profile) : LIST_PRICES;
  if (isListPlan(plan)) return (_id, service) => service.ratePer1000Paisa;
  const floors = await readAllFloors();
  return (id, service) => rateFor(id, service, plan, floors).ratePaisa;
}

/** GET /api/services: the active catalogue at `uid`'s prices (a visitor's: the list rates). */
export async function listServicesFor(uid: string | null) {
  const [catalogue, rateOf] = await Promise.all([listActiveServices(), customerRates(uid)]);
  if (!uid) return catalogue;
  const services = catalogue.services.map((s) =>
    pricedForCustomer(s, rateOf(s._id, { ratePer1000Paisa: toPaisa(s.ratePer1000), min: s.min })),
  );
  return { ...catalogue, services };
}

/** A service on the wire as one customer sees it: their rate, and the list rate where it is higher (a discount). */
export function pricedForCustomer(service: Service, ratePaisa: Paisa): Service {
  const listPaisa = toPaisa(service.ratePer1000);
  if (ratePaisa === listPaisa) return service;
  const shown = shownListRate(listPaisa, ratePaisa);
  return { ...service, ratePer1000: toRupees(ratePaisa), ...(shown !== undefined ? { listRatePer1000: toRupees(shown) } : {}) };
}

async function readProfile(uid: string): Promise<UserDoc> {
  if (!isUid(uid)) throw fail('user_not_found', MESSAGES.userNotFound);
  const profile = (await userRef(uid).get()).data();
  if (!profile) throw fail('user_not_found', MESSAGES.userNotFound);
  return profile;
}

/** GET /api/pricing: the customer's tier, what the next one needs, and the ladder. */
export async function myPricing(uid: string): Promise<MyPricing> {
  const [snap, tiers] = await Promise.all([userRef(uid).get(), getTiers()]);
  const profile = snap.data();
  const credited = await lifetimeCredited(uid, profile);
  const tier = tierInForce(tiers, profile ?? {}, credited);
  const setByHand = tierById(tiers, profile?.pricing?.tier) !== undefined;
  // The ladder's next step is what credits can earn: none while the admin holds the tier by hand.
  const next = setByHand ? undefined : nextTier(tiers, tier);
  return {
    credited: toRupees(credited),
    tier: tier ? { name: tier.name, percent: tier.percent } : null,
    next: next
      ? {
          name: next.name,
          percent: next.percent,
          threshold: toRupees(next.thresholdPaisa),
          remaining: toRupees(Math.max(0, next.thresholdPaisa - credited)),
        }
      : null,
    percent: profile?.pricing?.percent ?? null,
    rates: Object.keys(profile?.pricing?.rates ?? {}).length,
    tiers: tiers.map(tierToWire),
  };
}

const pricedServiceToWire = (id: string, service: ServiceDoc | undefined, rate: CustomerRate | null): PricedService => ({
  serviceId: id,
  service: service ? serviceLabel(PLATFORM_LABELS[service.platform], service.category, service.name) : '',
  listRatePer1000: service ? toRupees(service.ratePer1000Paisa) : 0,
  plannedRatePer1000: rate ? toRupees(rate.plannedPaisa) : 0,
  ratePer1000: rate ? toRupees(rate.ratePaisa) : 0,
  clamped: rate?.clamped ?? false,
});

/** The admin's view of one customer's pricing, against the catalogue and floors as they are now. */
async function adminPricingOf(uid: string, profile: UserDoc): Promise<AdminPricing> {
  const [tiers, services, floors, credited] = await Promise.all([
    getTiers(),
    servicesCollection().get(),
    readAllFloors(),
    lifetimeCredited(uid, profile),
  ]);
  const plan = pricePlan(tiers, profile, credited);
  const byId = new Map(services.docs.map((d) => [d.id, d.data()]));
  const rates = Object.keys(plan.rates)
    .map((id) => {
      const service = byId.get(id);
      return pricedServiceToWire(id, service, service ? rateFor(id, service, plan, floors) : null);
    })
    .sort((a, b) => (byId.get(a.serviceId)?.number ?? 0) - (byId.get(b.serviceId)?.number ?? 0));
  const clamped = services.docs
    .map((d) => ({ id: d.id, service: d.data(), rate: rateFor(d.id, d.data(), plan, floors) }))
    .filter(({ rate }) => rate.clamped)
    .sort((a, b) => a.service.number - b.service.number)
    .map(({ id, service, rate }) => pricedServiceToWire(id, service, rate));
  const tier = tierInForce(tiers, profile, credited);
  return {
    credited: toRupees(credited),
    tier: tier ? { name: tier.name, percent: tier.percent } : null,
    earnedTier: earnedTier(tiers, profile, credited)?.name ?? null,
    setTier: tierById(tiers, profile.pricing?.tier)?.name ?? null,
    percent: profile.pricing?.percent ?? null,
    rates,
    clamped,
  };
}

/** GET /api/admin/users/{uid}/pricing. */
export async function getAdminPricing(uid: string): Promise<AdminPricing> {
  return adminPricingOf(uid, await readProfile(uid));
}

/** The stored pricing after `body` (what is sent changes, `null` clears, what is left out stays). */
function changedPricing(before: CustomerPricing, body: UserPricingBody, tiers: readonly Tier[]): CustomerPricing {
  const next: CustomerPricing = { ...before };
  if (body.tier === null) delete next.tier;
  else if (body.tier !== undefined) {
    const tier = tierNamed(tiers, body.tier);
    if (!tier) throw fail('invalid_input', MESSAGES.noSuchTier, 'tier');
    next.tier = tier.id;
  }
  if (body.percent === null) delete next.percent;
  else if (body.percent !== undefined) next.percent = roundPercent(body.percent);
  if (body.rates === null) delete next.rates;
  else if (body.rates !== undefined) {
    const rates = { ...before.rates };
    for (const [id, rate] of Object.entries(body.rates)) {
      if (rate === null) delete rates[id];
      else rates[id] = toPaisa(rate);
    }
    if (Object.keys(rates).length > PRICING_LIMITS.rates) throw fail('invalid_input', MESSAGES.tooManyRates, 'rates');
    if (Object.keys(rates).length > 0) next.rates = rates;
    else delete next.rates;
  }
  return next;
}

/** PUT /api/admin/users/{uid}/pricing: one transaction, audited (`pricing_update`, before and after). */
export async function updateUserPricing(admin: Actor, uid: string, body: UserPricingBody): Promise<AdminPricing> {
  if (!isUid(uid)) throw fail('user_not_found', MESSAGES.userNotFound);
  const ref = userRef(uid);
  const setIds = Object.entries(body.rates ?? {}).flatMap(([id, rate]) => (rate === null ? [] : [id]));
  await runInTransaction(null, async (tx, now) => {
    const read = await getAllGrouped(tx, {
      user: [ref],
      tiers: [tiersRef()],
      services: setIds.map((id) => servicesCollection().doc(id)),
    });
    const profile = read.user[0]?.data();
    if (!profile) throw fail('user_not_found', MESSAGES.userNotFound);
    const unknown = read.services.find((snap) => !snap.exists);
    if (unknown) throw fail('service_not_found', `${MESSAGES.serviceNotFound}: ${unknown.id}`, 'rates');
    const before = profile.pricing ?? {};
    const tiers = tiersFromSnapshot(read.tiers[0]);
    const after = changedPricing(before, body, tiers);
    tx.update(ref, { pricing: after });
    recordAudit(tx, admin, now, {
      subject: ref,
      action: 'pricing_update',
      before: pricingForAudit(before, tiers),
      after: { ...pricingForAudit(after, tiers), email: profile.email },
    });
  });
  return getAdminPricing(uid);
}

/** Rupees in the audit trail, as every other entry shows money. */
const pricingForAudit = (pricing: CustomerPricing, tiers: readonly Tier[]) => ({
  tier: tierById(tiers, pricing.tier)?.name ?? null,
  percent: pricing.percent ?? null,
  rates: Object.fromEntries(Object.entries(pricing.rates ?? {}).map(([id, paisa]) => [id, toRupees(paisa)])),
});
