// The providers the admin runs (other panels we resell through API v2) and the import of their services
// into our catalogue. Every call to a provider is made through the provider port (provider-port.ts),
// outside any transaction (a transaction may run more than once), with the upstream client's deadline;
// what it answered is then written in one transaction with its audit entry. The key is read from providerSecrets only to make a call, and no
// answer, audit entry or client-readable document ever holds it (provider-store.ts).
import { FieldValue, type Timestamp } from 'firebase-admin/firestore';
import { definedFields } from '../../lib/defined-fields';
import { fail, invalidInput } from '../../lib/errors';
import { parseId } from '../../shared/api-v2';
import { DEFAULT_QUANTITY, REFILL_DAYS, SERVICE_LIMITS } from '../../shared/catalogue';
import { MESSAGES } from '../../shared/messages';
import { type Paisa, toPaisa } from '../../shared/money';
import {
  type CreateProviderBody,
  type ImportServicesBody,
  importedRatePaisa,
  isLowBalance,
  keyHint,
  PROVIDER_MESSAGES,
  type Provider,
  type ProviderServiceItem,
  type UpdateProviderBody,
} from '../../shared/providers';
import { type AdminService, smallestOrderIssue } from '../../shared/schemas/catalogue';
import { LIMITS } from '../../shared/schemas/fields';
import { adminServiceToWire, assertNotBelowCost, type NewServiceFields, newServiceSlots } from '../catalogue/catalogue';
import { type Actor, recordAudit } from '../kernel/audit';
import { runInTransaction } from '../kernel/transactions';
// The waiting reasons are the forwarding claim's own words: the counts find its orders by them.
import { fulfilmentCollection, REASONS } from '../orders/fulfilment';
import type { ProviderPort } from './provider-port';
import {
  claimedOf,
  type ProviderDoc,
  type ProviderSecretDoc,
  providerClaimsRef,
  providerRef,
  providerSecretRef,
  providersCollection,
  readProvider,
  type ServiceLinkDoc,
  serviceLinkRef,
  serviceLinksCollection,
} from './provider-store';

/** A provider's own settings as the admin sees them, in the list and in audit entries: never the key, only its hint. */
const settingsOf = (doc: ProviderDoc) => ({
  name: doc.name,
  url: doc.url,
  keyHint: doc.keyHint,
  currency: doc.currency,
  rateToPkr: doc.rateToPkr,
  active: doc.active,
});

/** Orders waiting for funds count as a low balance too: the threshold may be fine while orders cost more. */
export function providerToWire(id: string, doc: ProviderDoc, counts: OrderCounts, marginAlerts?: number): Provider {
  return {
    _id: id,
    ...settingsOf(doc),
    balance: doc.balance,
    balanceCheckedAt: doc.balanceCheckedAt ? doc.balanceCheckedAt.toDate().toISOString() : null,
    lowBalance: isLowBalance(doc.balance, doc.rateToPkr, doc.lowBalanceBelow) || counts.waitingForFunds > 0,
    lowBalanceBelow: doc.lowBalanceBelow,
    serviceCount: doc.serviceCount,
    balanceError: doc.balanceError ?? null,
    orders: { waiting: counts.waitingForFunds + counts.waitingDisabled, failed: counts.failed, unknown: counts.unknown },
    // Only once the services sync ran, and in the list (answers from before the sync stay as they were).
    ...(doc.servicesSyncedAt
      ? { servicesSync: { at: doc.servicesSyncedAt.toDate().toISOString(), problem: doc.servicesSyncProblem ?? null } }
      : {}),
    ...(marginAlerts !== undefined ? { marginAlerts } : {}),
  };
}

interface OrderCounts {
  waitingForFunds: number;
  waitingDisabled: number;
  failed: number;
  unknown: number;
}

/** A provider just added has no order. */
const NO_ORDERS: OrderCounts = { waitingForFunds: 0, waitingDisabled: 0, failed: 0, unknown: 0 };

/** Its orders the admin must look at, counted by aggregation (equality filters only: no composite index). */
async function orderCounts(providerId: string): Promise<OrderCounts> {
  // Open orders only: a failed or unknown order the admin (or the automatic refund) closed is done.
  const mine = fulfilmentCollection().where('providerId', '==', providerId).where('open', '==', true);
  const count = async (query: FirebaseFirestore.Query) => (await query.count().get()).data().count;
  const queued = mine.where('state', '==', 'queued');
  const [waitingForFunds, waitingDisabled, failed, unknown] = await Promise.all([
    count(queued.where('reason', '==', REASONS.lowBalance)),
    count(queued.where('reason', '==', REASONS.providerInactive)),
    count(mine.where('state', '==', 'failed')),
    count(mine.where('state', '==', 'unknown')),
  ]);
  return { waitingForFunds, waitingDisabled, failed, unknown };
}

const withCounts = async (id: string, doc: ProviderDoc, marginAlerts?: number) =>
  providerToWire(id, doc, await orderCounts(id), marginAlerts);

/** What an audit entry shows of a provider: never the key, only its hint. */
const auditFields = (doc: ProviderDoc) => ({ ...settingsOf(doc), lowBalanceBelow: doc.lowBalanceBelow });

/**
 * What the URL tells without DNS (upstream/addresses.ts, through the port): https in production (http on
 * the emulators, for the tests' stubs and the local demo provider), and no address we never call (private,
 * loopback in production, link-local, the metadata server…, however spelt). A name is checked at each call.
 */
function assertUrlAllowed(providers: ProviderPort, url: string): void {
  const problem = providers.urlProblem(url);
  if (problem === null) return;
  throw invalidInput(problem === 'address' ? PROVIDER_MESSAGES.publicAddress : MESSAGES.providerHttps, 'url');
}

/** The balance a provider answered, refused when it names a currency other than the one the admin gave. */
export function balanceIn(answer: { balance: number; currency: string | null }, currency: string): number {
  const theirs = answer.currency?.trim().toUpperCase();
  if (theirs && theirs !== currency) throw invalidInput(`${MESSAGES.providerCurrency}${theirs}, not ${currency}`, 'currency');
  return answer.balance;
}

/** Its balance asked now (the port's errors), in the admin's currency (balanceIn). */
const fetchBalance = async (providers: ProviderPort, url: string, key: string, currency: string): Promise<number> =>
  balanceIn(await providers.balance({ url, key }), currency);

/** The provider and its key, read outside a transaction (to call it). */
export async function readProviderWithKey(id: string): Promise<{ doc: ProviderDoc; key: string }> {
  const [snap, secretSnap] = await Promise.all([providerRef(id).get(), providerSecretRef(id).get()]);
  const doc = snap.data();
  const secret = secretSnap.data();
  if (!doc || !secret) throw fail('provider_not_found', MESSAGES.providerNotFound);
  return { doc, key: secret.key };
}

export async function listProviders(): Promise<Provider[]> {
  const [snap, alerted] = await Promise.all([
    providersCollection().orderBy('createdAt').get(),
    serviceLinksCollection().where('marginAlert', '!=', null).get(),
  ]);
  const alerts = new Map<string, number>();
  for (const link of alerted.docs) {
    const providerId = link.data().providerId;
    alerts.set(providerId, (alerts.get(providerId) ?? 0) + 1);
  }
  return Promise.all(snap.docs.map((d) => withCounts(d.id, d.data(), alerts.get(d.id) ?? 0)));
}

/** Adds a provider once its `balance` call answers (so a wrong URL or key is found now, not on an order). */
export async function createProvider(actor: Actor, body: CreateProviderBody, providers: ProviderPort): Promise<Provider> {
  assertUrlAllowed(providers, body.url);
  const balance = await fetchBalance(providers, body.url, body.key, body.currency);
  const { value } = await runInTransaction<Provider>(null, async (tx, now) => {
    const ref = providersCollection().doc();
    const doc: ProviderDoc = {
      name: body.name,
      url: body.url,
      keyHint: keyHint(body.key),
      currency: body.currency,
      rateToPkr: body.rateToPkr,
      active: true,
      balance,
      balanceCheckedAt: now,
      serviceCount: null,
      lowBalanceBelow: null,
      createdAt: now,
    };
    tx.create(ref, doc);
    tx.create(providerSecretRef(ref.id), { key: body.key } satisfies ProviderSecretDoc);
    recordAudit(tx, actor, now, { subject: ref, action: 'provider_create', before: null, after: auditFields(doc) });
    return providerToWire(ref.id, doc, NO_ORDERS);
  });
  return value;
}

/**
 * Changes a provider. A new URL, key or currency is first tried with a `balance` call, as on creation:
 * a change that would leave the provider unreachable is refused with nothing written.
 */
export async function updateProvider(actor: Actor, id: string, patch: UpdateProviderBody, providers: ProviderPort): Promise<Provider> {
  let freshBalance: number | null = null;
  let claimedBefore = 0;
  if (patch.url !== undefined || patch.key !== undefined || patch.currency !== undefined) {
    const current = await readProviderWithKey(id);
    claimedBefore = claimedOf(await providerClaimsRef(id).get());
    const url = patch.url ?? current.doc.url;
    const key = patch.key ?? current.key;
    assertUrlAllowed(providers, url);
    freshBalance = await fetchBalance(providers, url, key, patch.currency ?? current.doc.currency);
  }
  const { value } = await runInTransaction<ProviderDoc>(null, async (tx, now) => {
    const { ref, doc } = await readProvider(tx, id);
    const claimsSnap = freshBalance !== null ? await tx.get(providerClaimsRef(id)) : undefined;
    const { balanceError: _error, balanceErrorAt: _errorAt, ...kept } = doc;
    const next: ProviderDoc = {
      ...(freshBalance !== null ? kept : doc),
      ...definedFields({ name: patch.name, url: patch.url }),
      ...(patch.key !== undefined ? { keyHint: keyHint(patch.key) } : {}),
      ...definedFields({
        currency: patch.currency,
        rateToPkr: patch.rateToPkr,
        active: patch.active,
        lowBalanceBelow: patch.lowBalanceBelow,
      }),
      ...(freshBalance !== null ? { balance: freshBalance, balanceCheckedAt: now } : {}),
    };
    const before = auditFields(doc);
    const after = auditFields(next);
    const changed = Object.keys(after).filter(
      (k) => JSON.stringify(before[k as keyof typeof before]) !== JSON.stringify(after[k as keyof typeof after]),
    );
    // A new key with the same last characters changes no field the admin sees: the entry says so.
    const keyChanged = patch.key !== undefined;
    if (changed.length === 0 && !keyChanged) return doc;
    tx.set(ref, next);
    if (claimsSnap) tx.set(providerClaimsRef(id), { claimedPaisa: claimedSince(claimedOf(claimsSnap), claimedBefore) });
    if (patch.key !== undefined) tx.set(providerSecretRef(id), { key: patch.key });
    recordAudit(tx, actor, now, {
      subject: ref,
      action: 'provider_update',
      before: Object.fromEntries(changed.map((k) => [k, before[k as keyof typeof before]])),
      after: {
        ...Object.fromEntries(changed.map((k) => [k, after[k as keyof typeof after]])),
        ...(keyChanged ? { keyChanged: true } : {}),
      },
    });
    return next;
  });
  return withCounts(id, value);
}

/**
 * Records what a provider's check found (workers/provider-check.ts asked it, outside any transaction):
 * its balance and its list's length, the last balance error cleared (no audit: nothing the admin changed).
 * `claimedBefore`: the claims counted when the call started (claimedSince).
 */
export async function recordProviderCheck(
  id: string,
  found: { balance: number; serviceCount: number; claimedBefore: number },
): Promise<Provider> {
  const { balance, serviceCount, claimedBefore } = found;
  const { value } = await runInTransaction<ProviderDoc>(null, async (tx, now) => {
    const { ref, doc: current } = await readProvider(tx, id);
    const claimsSnap = await tx.get(providerClaimsRef(id));
    const { balanceError: _error, balanceErrorAt: _errorAt, ...kept } = current;
    tx.update(ref, {
      balance,
      balanceCheckedAt: now,
      serviceCount,
      balanceError: FieldValue.delete(),
      balanceErrorAt: FieldValue.delete(),
    });
    tx.set(providerClaimsRef(id), { claimedPaisa: claimedSince(claimedOf(claimsSnap), claimedBefore) });
    return { ...kept, balance, balanceCheckedAt: now, serviceCount };
  });
  return withCounts(id, value);
}

/**
 * The claims still to count against a balance just read: those made while the call was under way
 * (the answer reflects the ones counted before it). See workers/balances.ts.
 */
function claimedSince(claimedNow: number, claimedBefore: number): number {
  return Math.max(0, claimedNow - claimedBefore);
}

/** The provider's own list, as it answers now (its ids, names, rates in its currency, min, max…). */
export async function listProviderServices(
  id: string,
  providers: ProviderPort,
): Promise<{ services: ProviderServiceItem[]; skipped: number }> {
  const { doc, key } = await readProviderWithKey(id);
  return providers.services({ url: doc.url, key });
}

/**
 * One service of a provider's list as it answers now (outside any transaction), for a Resend of an
 * order to it: refused when the provider does not list the id (400 `provider_service_not_found`).
 */
export async function findProviderService(providerId: string, serviceId: string, providers: ProviderPort): Promise<ProviderServiceItem> {
  const { services } = await listProviderServices(providerId, providers);
  const wanted = parseId(serviceId) ?? serviceId;
  const found = services.find((s) => s.service === wanted);
  if (!found) throw fail('provider_service_not_found', `${MESSAGES.providerServiceMissing} (${serviceId})`, 'providerServiceId');
  return found;
}

/** A provider's service name as one line our catalogue accepts (providers put emoji, tabs, anything). */
function serviceName(name: string, fallback: string): string {
  const line = name
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...line].reduce((out, char) => (out.length + char.length > SERVICE_LIMITS.name ? out : out + char), '') || fallback;
}

/**
 * Creates our services from a provider's, linked to it (`serviceProviders/{id}`), through the
 * catalogue's one creation path (numbers, categories), with a `service_import` entry each, in one
 * transaction. The list is fetched now (outside the transaction): each cost is the provider's rate of
 * this moment. Our rate is the fixed one, or cost × rateToPkr × (1 + markup/100) to the paisa, half up;
 * a rate below the cost in rupees is refused (400 on the item), and nothing is created.
 */
export async function importServices(actor: Actor, body: ImportServicesBody, providers: ProviderPort, idempotencyKey?: string) {
  const { doc: fetchedProvider, key } = await readProviderWithKey(body.providerId);
  const { services } = await providers.services({ url: fetchedProvider.url, key });
  const byId = new Map(services.map((s) => [s.service, s]));
  const chosen = body.items.map((item, i) => {
    const theirs = byId.get(parseId(item.providerServiceId) ?? item.providerServiceId);
    if (!theirs) throw invalidInput(`${MESSAGES.providerServiceMissing} (${item.providerServiceId})`, `items.${i}.providerServiceId`);
    return { item, theirs };
  });

  return runInTransaction<{ services: AdminService[] }>(
    { scope: 'service.import', uid: actor.uid, key: idempotencyKey, request: body },
    async (tx, now) => {
      // The rate to PKR as it is now (the admin may have changed it since the list was fetched).
      const [{ ref: providerDocRef, doc: provider }, slots] = await Promise.all([
        readProvider(tx, body.providerId),
        newServiceSlots(tx, now),
      ]);
      const planned = chosen.map(({ item, theirs }, i) => {
        const field = (name: string) => `items.${i}.${name}`;
        const ratePaisa: Paisa =
          item.ratePer1000 !== undefined
            ? toPaisa(item.ratePer1000)
            : importedRatePaisa(theirs.rate, provider.rateToPkr, item.markupPercent ?? 0);
        const rateField = field(item.ratePer1000 !== undefined ? 'ratePer1000' : 'markupPercent');
        assertNotBelowCost(ratePaisa, theirs.rate, provider.rateToPkr, rateField);
        if (ratePaisa > SERVICE_LIMITS.maxRate * 100)
          throw invalidInput(`Rate must be at most ${SERVICE_LIMITS.maxRate.toLocaleString('en-US')}`, rateField);
        // Our bounds: at least 1, at most what one order may ask for.
        const min = Math.max(1, theirs.min);
        const max = Math.min(theirs.max, LIMITS.maxQuantity);
        if (min > max) throw invalidInput('The provider’s min and max do not fit an order here', field('providerServiceId'));
        const issue = smallestOrderIssue(ratePaisa, min);
        if (issue) throw invalidInput(issue.message, rateField);
        const usual = DEFAULT_QUANTITY[item.category as keyof typeof DEFAULT_QUANTITY] ?? min;
        const refillDays = theirs.refill ? REFILL_DAYS : 0;
        const fields: NewServiceFields = {
          platform: item.platform,
          category: item.category,
          name: item.name ?? serviceName(theirs.name, `Service ${theirs.service}`),
          ratePer1000Paisa: ratePaisa,
          min,
          max,
          defaultQuantity: Math.min(max, Math.max(min, usual)),
          description: '',
          refill: refillDays > 0,
          refillDays,
          cancel: theirs.cancel,
          // A Custom Comments service is ordered with comments there: so it is here. Other types (packages,
          // polls…) are sold as Default, as before types existed.
          ...(theirs.type.trim().toLowerCase() === 'custom comments' ? { type: 'Custom Comments' as const } : {}),
          // Drip-feed as the provider offers it (the admin may change it): runs are sent as orders of their own.
          ...(theirs.dripfeed ? { dripfeed: true } : {}),
          // Imported services go on sale at once, as the admin chose them; they can be disabled like any.
          active: true,
        };
        const link = { providerId: providerDocRef.id, serviceId: theirs.service, cost: theirs.rate, linkedAt: now as Timestamp };
        return { fields, link };
      });
      const created = planned.map(({ fields, link }) => {
        const { ref, doc } = slots.add(fields);
        tx.create(serviceLinkRef(ref.id), link satisfies ServiceLinkDoc);
        const wire = adminServiceToWire(ref.id, doc, link);
        const { _id, refill, cancel, ...shown } = wire;
        recordAudit(tx, actor, now, {
          subject: ref,
          action: 'service_import',
          before: null,
          after: { ...shown, cancelAllowed: cancel === true },
        });
        return wire;
      });
      slots.finish();
      return { services: created };
    },
  );
}
