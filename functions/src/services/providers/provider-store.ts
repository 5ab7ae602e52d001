// Where providers live in Firestore, read by the providers service and the catalogue (a service's link).
// Three collections, so that what a client may read never holds a secret or a cost:
// - providers/{id}: what the admin sees of a provider (no key): admins read it;
// - providerSecrets/{id}: its API key only: no client reads it, admins included;
// - serviceProviders/{serviceId}: a service's link (provider, its service id, the cost): admins read it.
//   Not on services/{id}, which anyone reads while the service is active.
import type { Timestamp, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { fail } from '../../lib/errors';
import { keyOf, paisaSchema, timestampSchema, typedCollection } from '../../lib/typed-collection';
import { MESSAGES } from '../../shared/messages';
import { toRupees } from '../../shared/money';
import { isUnderMargin, marginPercent } from '../../shared/providers';
import { type MarginAlert, PROVIDER_ID_PATTERN, type ProviderLink, SYNC_OFF_REASONS } from '../../shared/schemas/catalogue';
import { leaseSchema } from '../kernel/lease';

export const providerDocSchema = z.object({
  name: z.string(),
  url: z.string(),
  keyHint: z.string(),
  /** ISO 4217 code of the provider's prices and balance. */
  currency: z.string(),
  /** Rupees per unit of the provider's currency. */
  rateToPkr: z.number(),
  /** The admin's low-balance threshold in the provider's currency; null: DEFAULT_LOW_BALANCE_PKR's worth. */
  lowBalanceBelow: z.number().nullable(),
  active: z.boolean(),
  /** In the provider's currency, from the last successful balance call (null before any). */
  balance: z.number().nullable(),
  balanceCheckedAt: timestampSchema.nullable(),
  serviceCount: z.number().int().nullable(),
  createdAt: timestampSchema,
  /** Why the last scheduled balance call got no balance (the old one is kept), and when; absent once one succeeds. */
  balanceError: z.string().optional(),
  balanceErrorAt: timestampSchema.optional(),
  /** Held while the status sync of this provider's orders runs (workers/sync.ts). */
  syncLease: leaseSchema.optional(),
  /** The last service sync (workers/service-sync.ts): due again 6 hours after; absent before the first. */
  servicesSyncedAt: timestampSchema.optional(),
  /** What that sync found wrong with the list (empty, refused, far shorter), null when it was usable. */
  servicesSyncProblem: z.string().nullable().optional(),
  /** Held while a service sync of this provider runs (never two at once). */
  servicesSyncLease: leaseSchema.optional(),
});
export type ProviderDoc = z.infer<typeof providerDocSchema>;

/**
 * providerClaims/{providerId}: the costs (paisa) of the orders claimed for sending since the provider's
 * balance was last read. The claim checks an order against balance − these, so a burst cannot spend the
 * cached balance more than once. Its own document, not a field of the provider's: every claim writes it,
 * and every placement reads the provider's document in its transaction (the rate that freezes the cost),
 * so a per-claim write there would make each placement wait on forwarding.
 */
const providerClaimsDocSchema = z.object({ claimedPaisa: paisaSchema });
export type ProviderClaimsDoc = z.infer<typeof providerClaimsDocSchema>;

const providerSecretDocSchema = z.object({ key: z.string() });
export type ProviderSecretDoc = z.infer<typeof providerSecretDocSchema>;

const marginAlertDocSchema = z.object({
  /** Per 1000 in the provider's currency, as when the alert was raised. */
  cost: z.number(),
  ourRatePaisa: paisaSchema,
  marginPercent: z.number().nullable(),
  at: timestampSchema,
});
export type MarginAlertDoc = z.infer<typeof marginAlertDocSchema>;

export const serviceLinkDocSchema = z.object({
  providerId: z.string(),
  /** The provider's id of the service. */
  serviceId: z.string(),
  /** Per 1000, in the provider's currency, as last fetched or set. */
  cost: z.number(),
  linkedAt: timestampSchema,
  /** Our margin over the cost is under the admin's threshold (set and cleared by the sync and by rate changes). */
  marginAlert: marginAlertDocSchema.optional(),
  /** The sync took the service out of sale, and why: it alone puts it back (an admin's change of `active` ends it). */
  offBySync: z.object({ reason: keyOf(SYNC_OFF_REASONS), at: timestampSchema }).optional(),
});
export type ServiceLinkDoc = z.infer<typeof serviceLinkDocSchema>;

export const providersCollection = () => typedCollection('providers', providerDocSchema);
export const providerSecretRef = (id: string) => typedCollection('providerSecrets', providerSecretDocSchema).doc(id);
export const providerClaimsRef = (id: string) => typedCollection('providerClaims', providerClaimsDocSchema).doc(id);
export const claimedOf = (snap: FirebaseFirestore.DocumentSnapshot<ProviderClaimsDoc> | undefined) => snap?.data()?.claimedPaisa ?? 0;
export const serviceLinksCollection = () => typedCollection('serviceProviders', serviceLinkDocSchema);
export const serviceLinkRef = (serviceId: string) => serviceLinksCollection().doc(serviceId);

/** The provider's document ref; 404 `provider_not_found` for an id no provider can have (a slash, `__x__`). */
export function providerRef(id: string) {
  if (!PROVIDER_ID_PATTERN.test(id)) throw fail('provider_not_found', MESSAGES.providerNotFound);
  return providersCollection().doc(id);
}

/** Reads a provider inside `tx`; 404 when there is none. */
export async function readProvider(
  tx: Transaction,
  id: string,
): Promise<{ ref: FirebaseFirestore.DocumentReference<ProviderDoc>; doc: ProviderDoc }> {
  const ref = providerRef(id);
  const doc = (await tx.get(ref)).data();
  if (!doc) throw fail('provider_not_found', MESSAGES.providerNotFound);
  return { ref, doc };
}

export const linkToWire = (link: ServiceLinkDoc): ProviderLink => ({ id: link.providerId, serviceId: link.serviceId, cost: link.cost });

/** The alert a rate deserves over a cost, or null when the margin is at or over the threshold. */
export function marginAlertFor(
  ratePaisa: number,
  cost: number,
  rateToPkr: number,
  thresholdPercent: number,
  now: Timestamp,
): MarginAlertDoc | null {
  if (!isUnderMargin(ratePaisa, cost, rateToPkr, thresholdPercent)) return null;
  return { cost, ourRatePaisa: ratePaisa, marginPercent: marginPercent(ratePaisa, cost, rateToPkr), at: now };
}

export const marginAlertToWire = (alert: MarginAlertDoc): MarginAlert => ({
  cost: alert.cost,
  ourRate: toRupees(alert.ourRatePaisa),
  marginPercent: alert.marginPercent,
  at: alert.at.toDate().toISOString(),
});

/** Whether two alerts say the same (the time aside): an unchanged alert is not rewritten. */
export const sameAlert = (a: MarginAlertDoc | null | undefined, b: MarginAlertDoc | null | undefined) =>
  (a ?? null) === (b ?? null) || (!!a && !!b && a.cost === b.cost && a.ourRatePaisa === b.ourRatePaisa);
