// The catalogue in Firestore, run by the admin: services/{id}, each platform's category order
// (catalogue/categories) and the next service number (catalogue/numbers). The built-in catalogue
// (shared/catalogue) only seeds an empty store. Every change is one transaction with its audit entry.
import { FieldValue, type Timestamp, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../lib/admin';
import { definedFields } from '../../lib/defined-fields';
import { fail, invalidInput } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { exists, getAllOf, paisaSchema, typedCollection, typedDoc } from '../../lib/typed-collection';
import type { CategoryOrder, Service } from '../../shared/answers';
import { serviceFiguresSchema } from '../../shared/answers';
import {
  BUILT_IN_CATEGORIES,
  CATALOGUE,
  type CatalogueItem,
  refillDaysOf,
  SERVICE_ID_MAX_LENGTH,
  SERVICE_ID_PATTERN,
  SERVICE_LIMITS,
} from '../../shared/catalogue';
import { SERVICE_TYPES } from '../../shared/comments';
import { MESSAGES } from '../../shared/messages';
import { divideRoundHalfUp, formatRupees, type Paisa, toPaisa, toRupees } from '../../shared/money';
import { PLATFORMS, type Platform } from '../../shared/platforms';
import { costPaisaCeil, isBelowCost, isUnderMargin, marginPercent } from '../../shared/providers';
import {
  type AdminService,
  type BulkPriceBody,
  type CreateServiceBody,
  type PriceChange,
  type ProviderLink,
  quantityRuleIssue,
  smallestOrderIssue,
  type UpdateServiceBody,
} from '../../shared/schemas/catalogue';
import { badgeIssue, shownBadges } from '../../shared/service-figures';
import { type Actor, recordAudit } from '../kernel/audit';
import { runInTransaction } from '../kernel/transactions';
import { getForwardingSettings } from '../providers/forwarding-settings';
import {
  linkToWire,
  marginAlertFor,
  marginAlertToWire,
  providersCollection,
  readProvider,
  type ServiceLinkDoc,
  sameAlert,
  serviceLinkRef,
  serviceLinksCollection,
} from '../providers/provider-store';
import { recordServiceUpdates } from './updates';

export const serviceDocSchema = z.object({
  number: z.number().int(),
  platform: z.enum(PLATFORMS),
  /** Free text; the platform's order of categories is in catalogue/categories. */
  category: z.string(),
  name: z.string(),
  ratePer1000Paisa: paisaSchema,
  min: z.number().int(),
  max: z.number().int(),
  defaultQuantity: z.number().int(),
  description: z.string(),
  /** Whether refillDays > 0; kept for documents read by older code. */
  refill: z.boolean(),
  /** Days after completion a refill may be asked for; absent on services stored before it (see refillDaysOf). */
  refillDays: z.number().int().optional(),
  /** Whether a pending order may be cancelled by the customer (API v2 `cancel`). */
  cancel: z.boolean(),
  active: z.boolean(),
  /** API v2's service type; absent on services stored before types: Default (serviceTypeOf). */
  type: z.enum(SERVICE_TYPES).optional(),
  /** Orders may be drip-fed (runs and interval, services/orders/drip-feed.ts). Absent: no. */
  dripfeed: z.boolean().optional(),
  /** Set by a delete while it checks for orders (see deleteService); never on the wire. */
  deleteCheck: z.string().optional(),
  /** Created off sale and never on sale since: its first time on sale is news of a new service (updates.ts). */
  neverOnSale: z.literal(true).optional(),
  /** The admin's free-text badges (shown only while the service's facts do not contradict them). */
  badges: z.array(z.string()).optional(),
  /** Measured from its orders by the every-minute worker (service-figures.ts); absent until an order of it ends. */
  figures: z.optional(serviceFiguresSchema),
});
export type ServiceDoc = z.infer<typeof serviceDocSchema>;

/** catalogue/categories: each platform's order of categories (a platform the admin never ordered has none). */
const categoriesDocSchema = z.partialRecord(z.enum(PLATFORMS), z.array(z.string()));
type CategoriesDoc = z.infer<typeof categoriesDocSchema>;
/** catalogue/numbers: the next service number: only ever grows, so a deleted service's number is never given again. */
const numbersDocSchema = z.object({ next: z.number().int() });
type NumbersDoc = z.infer<typeof numbersDocSchema>;

export const servicesCollection = () => typedCollection('services', serviceDocSchema);
const categoriesRef = () => typedDoc('catalogue/categories', categoriesDocSchema);
const numbersRef = () => typedDoc('catalogue/numbers', numbersDocSchema);

export function catalogueItemToDoc(item: CatalogueItem): ServiceDoc {
  return {
    number: item.number,
    platform: item.platform,
    category: item.category,
    name: item.name,
    ratePer1000Paisa: toPaisa(item.ratePer1000),
    min: item.min,
    max: item.max,
    defaultQuantity: item.defaultQuantity,
    description: item.description,
    refill: item.refillDays > 0,
    refillDays: item.refillDays,
    cancel: item.cancel,
    active: true,
  };
}

export function serviceToWire(id: string, doc: ServiceDoc): Service {
  const refillDays = refillDaysOf(doc);
  return {
    _id: id,
    number: doc.number,
    platform: doc.platform,
    category: doc.category,
    name: doc.name,
    ratePer1000: toRupees(doc.ratePer1000Paisa),
    min: doc.min,
    max: doc.max,
    defaultQuantity: doc.defaultQuantity,
    description: doc.description,
    refill: refillDays > 0,
    refillDays,
    cancel: doc.cancel === true,
    active: doc.active,
    ...(doc.type ? { type: doc.type } : {}),
    ...(doc.dripfeed ? { dripfeed: true } : {}),
    ...(doc.figures ? { figures: doc.figures } : {}),
    badges: shownBadges(doc.badges, badgeFactsOf(doc)),
  };
}

/** What a service's badges are checked against: its own terms and its measured figures. */
export const badgeFactsOf = (doc: ServiceDoc) => ({
  refillDays: refillDaysOf(doc),
  cancel: doc.cancel === true,
  dripfeed: doc.dripfeed === true,
  figures: doc.figures,
});

/** The admin's view of a service: the public one and its provider link (null: a manual service). */
export const adminServiceToWire = (id: string, doc: ServiceDoc, link: ServiceLinkDoc | null | undefined): AdminService => ({
  ...serviceToWire(id, doc),
  // Every badge the admin wrote, those the figures now contradict too (the editor says which).
  badges: doc.badges ?? [],
  provider: link ? linkToWire(link) : null,
  // Only when there is one, as the sync leaves them (answers of unsynced services stay as they were).
  ...(link?.marginAlert ? { marginAlert: marginAlertToWire(link.marginAlert) } : {}),
  ...(link?.offBySync ? { offBySync: { reason: link.offBySync.reason, at: link.offBySync.at.toDate().toISOString() } } : {}),
});

/**
 * Each platform's categories of `services`: first those the admin ordered, in that order, then the
 * others by their first service number (without a stored order: the seed's order).
 */
export function categoryOrder(services: readonly Service[], stored: CategoriesDoc | undefined): CategoryOrder {
  const order = {} as CategoryOrder;
  for (const platform of PLATFORMS) {
    const first = new Map<string, number>();
    for (const s of services) {
      if (s.platform !== platform) continue;
      first.set(s.category, Math.min(first.get(s.category) ?? Number.POSITIVE_INFINITY, s.number ?? 0));
    }
    const placed = (stored?.[platform] ?? [...BUILT_IN_CATEGORIES]).filter((c) => first.has(c));
    const rest = [...first.keys()].filter((c) => !placed.includes(c)).sort((a, b) => (first.get(a) ?? 0) - (first.get(b) ?? 0));
    order[platform] = [...placed, ...rest];
  }
  return order;
}

const byNumber = (a: Service, b: Service) => (a.number ?? 0) - (b.number ?? 0);

/** What customers see: the active services and their categories' order. */
export async function listActiveServices(): Promise<{ services: Service[]; categories: CategoryOrder }> {
  const [snap, categories] = await Promise.all([servicesCollection().where('active', '==', true).get(), categoriesRef().get()]);
  const services = snap.docs.map((d) => serviceToWire(d.id, d.data())).sort(byNumber);
  return { services, categories: categoryOrder(services, categories.data()) };
}

/** The active services as stored, with their ids, by number (the listing of API v2's `services`). */
export async function listActiveServiceDocs(): Promise<{ id: string; service: ServiceDoc }[]> {
  const snap = await servicesCollection().where('active', '==', true).get();
  return snap.docs.map((d) => ({ id: d.id, service: d.data() })).sort((a, b) => a.service.number - b.service.number);
}

/** The active service with this number (API v2's service id), or null when none is. */
export async function findActiveServiceByNumber(number: number): Promise<{ id: string; service: ServiceDoc } | null> {
  const found = await servicesCollection().where('number', '==', number).limit(1).get();
  const doc = found.docs[0];
  const service = doc?.data();
  return doc && service?.active ? { id: doc.id, service } : null;
}

/**
 * The admin's list: every service, inactive too, filtered; the catalogue is small enough to read
 * whole (one answer, no pages), and the category order is of the whole catalogue.
 */
export async function listAdminServices(filter: {
  platform?: Platform | undefined;
  category?: string | undefined;
  active?: boolean | undefined;
}) {
  const [snap, stored, links] = await Promise.all([servicesCollection().get(), categoriesRef().get(), serviceLinksCollection().get()]);
  const linkOf = new Map(links.docs.map((d) => [d.id, d.data()]));
  const all = snap.docs.map((d) => adminServiceToWire(d.id, d.data(), linkOf.get(d.id))).sort(byNumber);
  const services = all.filter(
    (s) =>
      (filter.platform === undefined || s.platform === filter.platform) &&
      (!filter.category || s.category === filter.category) &&
      (filter.active === undefined || s.active === filter.active),
  );
  return { services, categories: categoryOrder(all, stored.data()) };
}

/** The fields of a service an audit entry shows, as the wire has them (rupees, refillDays, cancelAllowed). */
function auditFields(doc: ServiceDoc): Record<string, unknown> {
  // The figures are measured, not the admin's: never an audited change.
  const { _id, number, refill, cancel, figures, ...fields } = serviceToWire('', doc);
  // Drip-feed on and off both show (the wire only carries it on), and every badge as written.
  return { number, ...fields, cancelAllowed: cancel === true, dripfeed: doc.dripfeed === true, badges: doc.badges ?? [] };
}

/** Only the fields that differ, as they were and as they became. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return { before: Object.fromEntries(keys.map((k) => [k, before[k]])), after: Object.fromEntries(keys.map((k) => [k, after[k]])) };
}

/** The stored order with `category` placed last on `platform` when it is not there yet (a new category). */
function withCategory(stored: CategoriesDoc | undefined, platform: Platform, category: string): CategoriesDoc | null {
  const order = stored?.[platform];
  if (order?.includes(category)) return null;
  // Without a stored order the platform's categories follow categoryOrder's fallback until the admin orders them.
  if (!order) return null;
  return { ...stored, [platform]: [...order, category] };
}

export type NewServiceFields = Omit<ServiceDoc, 'number' | 'deleteCheck'>;

/**
 * The one way services are added (created by the admin, imported from a provider): the reads a new
 * service needs (the number counter, the highest number in use, the category order), made in `tx`
 * before its writes; then `add` writes each service with the next number and a stable id, and `finish`
 * (once, after the last `add`) the counter and the order with any new category placed last.
 */
export async function newServiceSlots(tx: Transaction, now: Timestamp) {
  const [numbers, highest, categories] = await Promise.all([
    tx.get(numbersRef()),
    tx.get(servicesCollection().orderBy('number', 'desc').limit(1)),
    tx.get(categoriesRef()),
  ]);
  // The counter may be missing (a store seeded before it) or behind: never below any number in use.
  let next = Math.max(numbers.data()?.next ?? 1, ((highest.docs[0]?.get('number') as number) ?? 0) + 1);
  let order = categories.data();
  let orderChanged = false;
  return {
    add(fields: NewServiceFields) {
      const number = next++;
      const ref = servicesCollection().doc(`svc-${number}`);
      const doc: ServiceDoc = { number, ...fields };
      tx.create(ref, doc);
      // On sale at once: news of the updates feed.
      recordServiceUpdates(tx, ref.id, null, doc, now, 'admin');
      const placed = withCategory(order, doc.platform, doc.category);
      if (placed) [order, orderChanged] = [placed, true];
      return { ref, doc };
    },
    finish() {
      tx.set(numbersRef(), { next } satisfies NumbersDoc);
      if (orderChanged && order) tx.set(categoriesRef(), order);
    },
  };
}

/** The fields of a new service from what the admin sent: rupees to paisa, the defaults filled in. */
function newServiceFields(body: CreateServiceBody): NewServiceFields {
  const refillDays = body.refillDays ?? 0;
  return {
    platform: body.platform,
    category: body.category,
    name: body.name,
    ratePer1000Paisa: toPaisa(body.ratePer1000),
    min: body.min,
    max: body.max,
    defaultQuantity: body.defaultQuantity,
    description: body.description ?? '',
    refill: refillDays > 0,
    refillDays,
    cancel: body.cancelAllowed ?? false,
    active: body.active ?? true,
    ...(body.type ? { type: body.type } : {}),
    ...(body.dripfeed ? { dripfeed: true } : {}),
    ...(body.badges && body.badges.length > 0 ? { badges: body.badges } : {}),
    ...(body.active === false ? { neverOnSale: true as const } : {}),
  };
}

/**
 * A badge that claims what the service's facts contradict is refused (`badges`): a new one, or one whose facts
 * this change moves (a badge the measured figures came to contradict since it was written stays, hidden, until edited).
 */
function assertBadgesTrue(next: ServiceDoc, before: ServiceDoc | null): void {
  for (const badge of next.badges ?? []) {
    const issue = badgeIssue(badge, badgeFactsOf(next));
    if (issue && (!before || !(before.badges ?? []).includes(badge) || badgeIssue(badge, badgeFactsOf(before)) !== issue))
      throw invalidInput(`The badge “${badge}” ${issue}`, 'badges');
  }
}

export async function createService(actor: Actor, body: CreateServiceBody, idempotencyKey?: string) {
  return runInTransaction<{ service: AdminService }>(
    { scope: 'service.create', uid: actor.uid, key: idempotencyKey, request: body },
    async (tx, now) => {
      const fields = newServiceFields(body);
      assertBadgesTrue({ number: 0, ...fields }, null);
      const slots = await newServiceSlots(tx, now);
      const { ref, doc } = slots.add(fields);
      slots.finish();
      recordAudit(tx, actor, now, { subject: ref, action: 'service_create', before: null, after: auditFields(doc) });
      return { service: adminServiceToWire(ref.id, doc, null) };
    },
  );
}

/**
 * A rate below a provider's cost is refused (`below_cost` on `field`): the catalogue never sells at a loss
 * by mistake. `cost` per 1000 in the provider's currency, `rateToPkr` its worth in rupees.
 */
export function assertNotBelowCost(ratePaisa: Paisa, cost: number, rateToPkr: number, field: string): void {
  if (isBelowCost(ratePaisa, cost, rateToPkr))
    throw fail('below_cost', `${MESSAGES.belowCost}${formatRupees(costPaisaCeil(cost, rateToPkr))} per 1000`, field);
}

async function readService(tx: Transaction, id: string) {
  // An id no service can have (a slash, `__x__`) would make Firestore throw: it names no service.
  if (id.length > SERVICE_ID_MAX_LENGTH || !SERVICE_ID_PATTERN.test(id)) throw fail('service_not_found', MESSAGES.serviceNotFound);
  const ref = servicesCollection().doc(id);
  const doc = (await tx.get(ref)).data();
  if (!doc) throw fail('service_not_found', MESSAGES.serviceNotFound);
  return { ref, doc };
}

export async function updateService(actor: Actor, id: string, patch: UpdateServiceBody): Promise<AdminService> {
  const answer = await runInTransaction<AdminService>(null, async (tx, now) => {
    // The service first: it refuses an id no document can have before the link is looked up by it.
    const { ref, doc } = await readService(tx, id);
    const [categories, linkSnap] = await Promise.all([tx.get(categoriesRef()), tx.get(serviceLinkRef(id))]);
    const link = linkSnap.data() ?? null;
    const refillDays = patch.refillDays ?? refillDaysOf(doc);
    const next: ServiceDoc = {
      ...doc,
      ...definedFields({ platform: patch.platform, category: patch.category, name: patch.name }),
      ...(patch.ratePer1000 !== undefined ? { ratePer1000Paisa: toPaisa(patch.ratePer1000) } : {}),
      ...definedFields({
        min: patch.min,
        max: patch.max,
        defaultQuantity: patch.defaultQuantity,
        description: patch.description,
        cancel: patch.cancelAllowed,
        active: patch.active,
        type: patch.type,
        dripfeed: patch.dripfeed,
      }),
      refill: refillDays > 0,
      refillDays,
    };
    if (patch.badges !== undefined) {
      if (patch.badges.length > 0) next.badges = patch.badges;
      else delete next.badges;
    }
    assertBadgesTrue(next, doc);
    const nextLink: ProviderLink | null = patch.provider !== undefined ? patch.provider : link && linkToWire(link);
    // A linked service's rate never goes below its cost (a new link, or a new rate on a linked service),
    // and its margin alert follows the new rate (the sync keeps it up to date with the cost).
    let alert = link?.marginAlert ?? null;
    // Only a rate or a link that changes is one the admin sets (the edit form sends every field as it stands:
    // taking a service out of sale must not be refused because a sync raised its cost since).
    const rateChanged = next.ratePer1000Paisa !== doc.ratePer1000Paisa;
    const same = patch.provider && link && patch.provider.id === link.providerId && patch.provider.serviceId === link.serviceId;
    const linkChanged = patch.provider !== undefined && !(same && patch.provider?.cost === link?.cost);
    if (nextLink && (linkChanged || rateChanged)) {
      const [{ doc: provider }, settings] = await Promise.all([readProvider(tx, nextLink.id), getForwardingSettings(tx)]);
      const field = patch.ratePer1000 !== undefined ? 'ratePer1000' : 'provider';
      assertNotBelowCost(next.ratePer1000Paisa, nextLink.cost, provider.rateToPkr, field);
      alert = marginAlertFor(next.ratePer1000Paisa, nextLink.cost, provider.rateToPkr, settings.marginThresholdPercent, now);
      if (sameAlert(alert, link?.marginAlert)) alert = link?.marginAlert ?? null;
    }
    // A delete checking for orders (see deleteService) took the service out of sale for a moment: a change
    // that says nothing of `active` leaves that to the check, which puts it back if the delete is refused;
    // a change of `active` is the admin's word and ends the check, and ends the service sync's hold too
    // (a service the admin disables stays disabled; one the admin enables is the admin's to keep).
    const settlesActive = patch.active !== undefined;
    if (settlesActive) delete next.deleteCheck;
    const syncOff = link?.offBySync;
    const endsSyncOff = settlesActive && syncOff !== undefined;
    // The rules of what may be ordered guard a service on sale and a change to the fields they read; taking
    // a service out of sale is never refused for fields it leaves as they are (a sync may have moved them).
    const ordering = next.active || (['ratePer1000Paisa', 'min', 'max', 'defaultQuantity'] as const).some((k) => next[k] !== doc[k]);
    const issue = ordering ? (quantityRuleIssue(next) ?? smallestOrderIssue(next.ratePer1000Paisa, next.min)) : null;
    if (issue) throw invalidInput(issue.message, issue.field);
    const { before, after } = changedFields(
      { ...auditFields(doc), provider: link && linkToWire(link), ...(syncOff ? { offBySync: syncOff.reason } : {}) },
      { ...auditFields(next), provider: nextLink, ...(syncOff ? { offBySync: endsSyncOff ? null : syncOff.reason } : {}) },
    );
    // Nothing the admin sees changed: no write, no entry.
    if (Object.keys(after).length === 0) return adminServiceToWire(id, doc, link);
    const order = withCategory(categories.data(), next.platform, next.category);
    // A field left out of an update stays as stored: what this change takes away is deleted.
    if (next.active) delete next.neverOnSale;
    tx.update(ref, {
      ...next,
      ...(settlesActive ? { deleteCheck: FieldValue.delete() } : {}),
      ...(doc.badges && !next.badges ? { badges: FieldValue.delete() } : {}),
      ...(doc.neverOnSale && !next.neverOnSale ? { neverOnSale: FieldValue.delete() } : {}),
    });
    if (order) tx.set(categoriesRef(), order);
    const nextLinkDoc: ServiceLinkDoc | null = nextLink
      ? {
          providerId: nextLink.id,
          serviceId: nextLink.serviceId,
          cost: nextLink.cost,
          linkedAt: patch.provider ? now : (link?.linkedAt ?? now),
          ...(alert ? { marginAlert: alert } : {}),
          ...(syncOff && !endsSyncOff ? { offBySync: syncOff } : {}),
        }
      : null;
    if ('provider' in after) {
      if (nextLinkDoc) tx.set(serviceLinkRef(id), nextLinkDoc);
      else tx.delete(serviceLinkRef(id));
    } else if (link && (endsSyncOff || alert !== (link.marginAlert ?? null))) {
      tx.update(serviceLinkRef(id), {
        marginAlert: alert ?? FieldValue.delete(),
        ...(endsSyncOff ? { offBySync: FieldValue.delete() } : {}),
      });
    }
    recordAudit(tx, actor, now, { subject: ref, action: 'service_update', before, after });
    recordServiceUpdates(tx, id, doc, next, now, 'admin');
    return adminServiceToWire(id, next, nextLinkDoc);
  });
  return answer.value;
}

/**
 * Deletes a service no order uses; refused with `service_in_use` otherwise (disable it instead).
 *
 * An order placed while the delete looks for orders must not slip through. Placing an order reads the
 * service in its transaction, so a transaction that writes the service is ordered against every
 * placement; a query for orders is not, if the database only locks documents. So: first a transaction
 * takes an active service out of sale (placements from then on are refused, placements before it have
 * committed), then a second one looks for an order: none, the service goes with its audit entry; one,
 * the service is put back as it was, unless an admin changed it meanwhile (the marker is gone).
 */
export async function deleteService(actor: Actor, id: string): Promise<void> {
  const marker = db.collection('services').doc().id;
  await runInTransaction(null, async (tx) => {
    const { ref, doc } = await readService(tx, id);
    if (doc.active) tx.update(ref, { active: false, deleteCheck: marker });
  });
  // Whether the service was deleted: not when it was put back in sale because an order uses it.
  const check = runInTransaction(null, async (tx, now) => {
    const { ref, doc } = await readService(tx, id);
    const used = await tx.get(db.collection('orders').where('serviceId', '==', id).limit(1));
    const suspended = doc.deleteCheck === marker;
    if (!used.empty) {
      if (suspended) {
        tx.update(ref, { active: true, deleteCheck: FieldValue.delete() });
        return false;
      }
      throw fail('service_in_use', MESSAGES.serviceInUse);
    }
    const before = auditFields(suspended ? { ...doc, active: true } : doc);
    tx.delete(ref);
    // Gone from sale for good: the feed says so (its `new` entry would stand alone otherwise).
    recordServiceUpdates(
      tx,
      id,
      suspended ? { ...doc, active: true } : doc,
      { ...doc, active: false, deleteCheck: undefined },
      now,
      'admin',
    );
    // Its provider link goes with it (admin-only data no service refers to any more).
    tx.delete(serviceLinkRef(id));
    recordAudit(tx, actor, now, { subject: ref, action: 'service_delete', before, after: null });
    return true;
  });
  let deleted: boolean;
  try {
    deleted = (await check).value;
  } catch (error) {
    // The check failed (busy, a lost connection): the service must not stay out of sale for it.
    await putBackInSale(id, marker).catch((restoreError: unknown) =>
      logger.error('A delete check failed and its service could not be put back in sale', { serviceId: id, error: String(restoreError) }),
    );
    throw error;
  }
  // Refused after the service was put back in sale: the refusal is answered once that is written.
  if (!deleted) throw fail('service_in_use', MESSAGES.serviceInUse);
}

/** Ends the delete check `marker` of service `id` if it is still the one in force: back in sale. */
async function putBackInSale(id: string, marker: string): Promise<void> {
  await runInTransaction(null, async (tx) => {
    const ref = servicesCollection().doc(id);
    const doc = (await tx.get(ref)).data();
    if (doc?.deleteCheck === marker) tx.update(ref, { active: true, deleteCheck: FieldValue.delete() });
  });
}

/** The stored category order and every service (the order's categories are those in use). */
async function readCategories(tx: Transaction): Promise<{ stored: CategoriesDoc | undefined; all: Service[] }> {
  const [snap, services] = await Promise.all([tx.get(categoriesRef()), tx.get(servicesCollection())]);
  return { stored: snap.data(), all: services.docs.map((d) => serviceToWire(d.id, d.data())) };
}

/** The admin's order of a platform's categories; categories it leaves out follow, as categoryOrder says. */
export async function reorderCategories(actor: Actor, platform: Platform, order: string[]): Promise<CategoryOrder> {
  const answer = await runInTransaction<CategoryOrder>(null, async (tx, now) => {
    const { stored, all } = await readCategories(tx);
    const next: CategoriesDoc = { ...stored, [platform]: order };
    tx.set(categoriesRef(), next);
    recordAudit(tx, actor, now, {
      subject: categoriesRef(),
      action: 'category_update',
      before: { platform, order: categoryOrder(all, stored)[platform] },
      after: { platform, order },
    });
    return categoryOrder(all, next);
  });
  return answer.value;
}

/**
 * Renames a category of a platform on every service in it and in the order, in one transaction (a
 * rename to an existing category merges the two, in the place of the existing one).
 */
export async function renameCategory(actor: Actor, platform: Platform, from: string, to: string) {
  if (from === to) throw invalidInput('The new name is the same as the old one', 'to');
  const answer = await runInTransaction<{ categories: CategoryOrder; renamed: number }>(null, async (tx, now) => {
    const { stored, all } = await readCategories(tx);
    const inCategory = all.filter((s) => s.platform === platform && s.category === from);
    const order = categoryOrder(all, stored)[platform];
    if (inCategory.length === 0 && !stored?.[platform]?.includes(from)) throw fail('not_found', MESSAGES.categoryNotFound, 'from');
    const renamed = order.flatMap((c) => (c === from ? (order.includes(to) ? [] : [to]) : [c]));
    const next: CategoriesDoc = { ...stored, [platform]: renamed };
    for (const s of inCategory) tx.update(servicesCollection().doc(s._id), { category: to });
    tx.set(categoriesRef(), next);
    recordAudit(tx, actor, now, {
      subject: categoriesRef(),
      action: 'category_update',
      before: { platform, category: from, order },
      after: { platform, category: to, order: renamed, services: inCategory.map((s) => s._id) },
    });
    const after = all.map((s) => (s.platform === platform && s.category === from ? { ...s, category: to } : s));
    return { categories: categoryOrder(after, next), renamed: inCategory.length };
  });
  return answer.value;
}

/** A rate changed by `percent` (2 decimals at most), rounded half up to the paisa, never below one paisa. */
export function changedRate(ratePaisa: Paisa, percent: number): Paisa {
  const basisPoints = Math.round(percent * 100);
  return Math.max(1, divideRoundHalfUp(ratePaisa * (10_000 + basisPoints), 10_000));
}

/**
 * Raises or lowers the rate of every service of a platform (and category), inactive ones too. A dry
 * run answers the changes and writes nothing (the preview); otherwise they are written in one
 * transaction with one audit entry listing them. Placed orders keep their price.
 */
/** Whether `changes` are exactly the previewed ones: the same services, from and to the same rates. */
function isPreviewed(changes: readonly PriceChange[], expected: Record<string, { from: number; to: number }>): boolean {
  if (changes.length !== Object.keys(expected).length) return false;
  return changes.every((c) => Object.hasOwn(expected, c._id) && expected[c._id]?.from === c.from && expected[c._id]?.to === c.to);
}

/** The cost in force of each linked service among `ids` (reads in `tx`), and the margin threshold. */
async function linkedCosts(tx: Transaction, ids: string[]) {
  const costOf = new Map<string, { cost: number; rateToPkr: number; hadAlert: boolean }>();
  const [linkSnaps, settings] = await Promise.all([
    ids.length > 0 ? getAllOf(tx, ...ids.map((id) => serviceLinkRef(id))) : Promise.resolve([]),
    getForwardingSettings(tx),
  ]);
  const links = linkSnaps.filter(exists).map((s) => ({ id: s.id, link: s.data() }));
  const providerIds = [...new Set(links.map((l) => l.link.providerId))];
  const providerSnaps = providerIds.length > 0 ? await getAllOf(tx, ...providerIds.map((id) => providersCollection().doc(id))) : [];
  const rateOf = new Map(providerSnaps.filter(exists).map((s) => [s.id, s.data().rateToPkr]));
  for (const { id, link } of links) {
    const rateToPkr = rateOf.get(link.providerId);
    if (rateToPkr !== undefined) costOf.set(id, { cost: link.cost, rateToPkr, hadAlert: link.marginAlert !== undefined });
  }
  return { costOf, threshold: settings.marginThresholdPercent };
}

export async function changePrices(actor: Actor, body: BulkPriceBody): Promise<{ changes: PriceChange[]; applied: boolean }> {
  const answer = await runInTransaction<{ changes: PriceChange[]; applied: boolean }>(null, async (tx, now) => {
    let query = servicesCollection().where('platform', '==', body.platform);
    if (body.category) query = query.where('category', '==', body.category);
    const snap = await tx.get(query);
    const docs = snap.docs.map((d) => ({ ref: d.ref, doc: d.data() })).sort((a, b) => a.doc.number - b.doc.number);
    const planned = docs.map(({ ref, doc }) => ({ ref, doc, to: changedRate(doc.ratePer1000Paisa, body.percent) }));
    if (planned.some((p) => p.to > SERVICE_LIMITS.maxRate * 100)) throw invalidInput(MESSAGES.bulkPriceTooHigh, 'percent');
    if (planned.some((p) => smallestOrderIssue(p.to, p.doc.min))) throw invalidInput(MESSAGES.bulkPriceTooLow, 'percent');
    const { costOf, threshold } = await linkedCosts(
      tx,
      planned.map((p) => p.ref.id),
    );
    const changes = planned
      .filter((p) => p.to !== p.doc.ratePer1000Paisa)
      .map((p) => {
        const linked = costOf.get(p.ref.id);
        // A linked service's new rate never goes below its cost, by hand no more than by mistake.
        if (linked && isBelowCost(p.to, linked.cost, linked.rateToPkr)) {
          const cost = formatRupees(costPaisaCeil(linked.cost, linked.rateToPkr));
          throw fail('below_cost', `${MESSAGES.bulkBelowCost}${p.doc.name} (cost ${cost} per 1000)`, 'percent');
        }
        const change: PriceChange = {
          _id: p.ref.id,
          name: p.doc.name,
          category: p.doc.category,
          from: toRupees(p.doc.ratePer1000Paisa),
          to: toRupees(p.to),
          ...(linked
            ? {
                marginPercent: marginPercent(p.to, linked.cost, linked.rateToPkr),
                underMargin: isUnderMargin(p.to, linked.cost, linked.rateToPkr, threshold),
              }
            : {}),
        };
        const alert = linked && marginAlertFor(p.to, linked.cost, linked.rateToPkr, threshold, now);
        return { ref: p.ref, doc: p.doc, to: p.to, change, linked, alert };
      });
    if (
      body.expected &&
      !isPreviewed(
        changes.map((c) => c.change),
        body.expected,
      )
    ) {
      throw fail('preview_outdated', MESSAGES.previewOutdated, 'percent');
    }
    if (body.dryRun || changes.length === 0) return { changes: changes.map((c) => c.change), applied: false };
    for (const { ref, doc, to, change, linked, alert } of changes) {
      tx.update(ref, { ratePer1000Paisa: toPaisa(change.to) });
      recordServiceUpdates(tx, ref.id, doc, { ...doc, ratePer1000Paisa: to }, now, 'admin');
      if (linked && (alert || linked.hadAlert)) tx.update(serviceLinkRef(ref.id), { marginAlert: alert || FieldValue.delete() });
    }
    recordAudit(tx, actor, now, {
      // No one document: the entry is about the catalogue, and lists each service it changed.
      subject: 'services',
      action: 'price_bulk',
      before: { rates: Object.fromEntries(changes.map(({ change }) => [change._id, change.from])) },
      after: {
        percent: body.percent,
        platform: body.platform,
        ...(body.category ? { category: body.category } : {}),
        rates: Object.fromEntries(changes.map(({ change }) => [change._id, change.to])),
      },
    });
    return { changes: changes.map((c) => c.change), applied: true };
  });
  return answer.value;
}

/**
 * Loads the built-in catalogue into an empty store (no service at all), with its category order and
 * number counter; a store that has any service is the admin's and is left as it is. Returns how many
 * services it wrote.
 */
export async function seedCatalogue(): Promise<number> {
  const answer = await runInTransaction<number>(null, async (tx) => {
    const any = await tx.get(servicesCollection().limit(1));
    if (!any.empty) return 0;
    for (const item of CATALOGUE) tx.create(servicesCollection().doc(item.id), catalogueItemToDoc(item));
    const order: CategoriesDoc = {};
    for (const platform of PLATFORMS) {
      order[platform] = BUILT_IN_CATEGORIES.filter((c) => CATALOGUE.some((item) => item.platform === platform && item.category === c));
    }
    tx.set(categoriesRef(), order);
    tx.set(numbersRef(), { next: Math.max(...CATALOGUE.map((item) => item.number)) + 1 } satisfies NumbersDoc);
    return CATALOGUE.length;
  });
  return answer.value;
}
