// Service sync: a provider's list, asked outside any transaction, then
// each linked service refreshed in bounded transactions: its cost, its min/max narrowed to what the
// provider accepts, its margin alert, and its availability. The sync only ever undoes what it did: a
// service it took out of sale carries `offBySync` on its link, and is put back only while that marker
// is there; an admin's own disable has none and stays. A broken list (refused, unknown, empty, far
// shorter than the last one) is not a withdrawal: it changes no availability and says why.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { fail } from '../lib/errors';
import { logger } from '../lib/logger';
import { getAllOf } from '../lib/typed-collection';
import { servicesCollection } from '../services/catalogue/catalogue';
import { recordServiceUpdates } from '../services/catalogue/updates';
import { type Actor, recordAudit } from '../services/kernel/audit';
import { claimLease, releaseLease } from '../services/kernel/lease';
import { runInTransaction } from '../services/kernel/transactions';
import { getForwardingSettings } from '../services/providers/forwarding-settings';
import {
  type MarginAlertDoc,
  marginAlertFor,
  marginAlertToWire,
  type ProviderDoc,
  providerRef,
  providersCollection,
  sameAlert,
  serviceLinkRef,
  serviceLinksCollection,
} from '../services/providers/provider-store';
import { MESSAGES } from '../shared/messages';
import { orderPrice } from '../shared/money';
import { PROVIDER_MESSAGES } from '../shared/providers';
import { SYNC_OFF_REASONS, type SyncOffReason } from '../shared/schemas/catalogue';
import { LIMITS } from '../shared/schemas/fields';
import type { ProviderService } from '../upstream/answers';
import { failureForLog } from '../upstream/result';
import type { ForwardDeps } from './forward';

/** Each provider's services are synced this often (a few times a day). */
export const SERVICES_SYNC_EVERY_MS = 6 * 60 * 60_000;
/** How long a provider's services-sync lease holds (a run that dies frees the provider after it). */
export const SERVICES_SYNC_LEASE_MS = 5 * 60_000;
/** A list under this share of the last count is taken for a broken answer, not withdrawals. */
export const SHORT_LIST_RATIO = 0.5;
/** Linked services per transaction. */
const BATCH = 25;

/** Who the audit trail names for the scheduled sync's changes. */
export const SYNC_ACTOR: Actor = { uid: 'system', email: 'service-sync' };

export interface ServiceSyncResult {
  /** Linked services looked at. */
  checked: number;
  /** Of them, those the sync changed (cost, min/max, alert or availability). */
  changed: number;
  disabled: number;
  enabled: number;
  /** Linked services under the margin threshold after the run (alerts in force). */
  alerts: number;
}

const emptyResult = (): ServiceSyncResult => ({ checked: 0, changed: 0, disabled: 0, enabled: 0, alerts: 0 });
const ts = (ms: number) => Timestamp.fromMillis(ms);

/**
 * Our min and max inside the provider's: never wider than it accepts. Ours already inside stay as the
 * admin set them (a narrower range is the admin's choice, and the sync never widens one); a range that
 * no longer overlaps the provider's becomes the provider's (within what one order may ask for).
 */
export function narrowedRange(ours: { min: number; max: number }, theirs: { min: number; max: number }): { min: number; max: number } {
  const min = Math.max(ours.min, theirs.min, 1);
  const max = Math.min(ours.max, theirs.max, LIMITS.maxQuantity);
  if (min <= max) return { min, max };
  return { min: Math.max(1, theirs.min), max: Math.min(theirs.max, LIMITS.maxQuantity) };
}

/** The smallest quantity whose price at `ratePer1000Paisa` is a paisa or more (half up: rate × q ≥ 500). */
export function smallestPaidQuantity(ratePer1000Paisa: number): number {
  return ratePer1000Paisa >= 1 ? Math.ceil(500 / ratePer1000Paisa) : Number.POSITIVE_INFINITY;
}

/**
 * The range the sync gives a service: narrowedRange, unless the smallest order would then cost nothing (a
 * range that no longer overlaps the provider's may lower our min, and a price that rounds to 0 is an
 * order nobody pays for). Then the min rises to the smallest quantity that costs a paisa, when the
 * provider takes it; null when it does not: the service goes out of sale (`free`), its range as it was.
 */
export function syncedRange(
  ours: { min: number; max: number },
  theirs: { min: number; max: number },
  ratePer1000Paisa: number,
): { min: number; max: number } | null {
  const range = narrowedRange(ours, theirs);
  if (orderPrice(ratePer1000Paisa, range.min) >= 1) return range;
  const min = Math.max(range.min, smallestPaidQuantity(ratePer1000Paisa));
  return min <= range.max ? { min, max: range.max } : null;
}

interface Plan {
  /** The provider's entry for the linked id; null when the list does not name it. */
  theirs: ProviderService | null;
  /** Whether availability may change in this run (a trustworthy list). */
  availability: boolean;
  /** Whether a missing id means withdrawn (false when some entries were unreadable: it may be one of them). */
  missingIsWithdrawn: boolean;
}

/** One linked service, read and written in `tx`; returns what changed. */
async function syncOne(
  tx: FirebaseFirestore.Transaction,
  serviceId: string,
  plan: Plan,
  context: { providerId: string; rateToPkr: number; threshold: number; disableBelowMargin: boolean; actor: Actor; now: Timestamp },
  counts: ServiceSyncResult,
): Promise<() => void> {
  const serviceRef = servicesCollection().doc(serviceId);
  const [serviceSnap, linkSnap] = await getAllOf(tx, serviceRef, serviceLinkRef(serviceId));
  const doc = serviceSnap?.data();
  const link = linkSnap?.data();
  // Deleted, unlinked or linked elsewhere meanwhile: not this run's business.
  if (!doc || !link || link.providerId !== context.providerId) return () => undefined;
  counts.checked += 1;
  const { theirs } = plan;
  const cost = theirs ? theirs.rate : link.cost;
  const synced = theirs ? syncedRange(doc, theirs, doc.ratePer1000Paisa) : null;
  // Out of sale for nothing-cost orders keeps our range (the provider's would make them free).
  const range = synced ?? { min: doc.min, max: doc.max };
  const defaultQuantity = Math.min(range.max, Math.max(range.min, doc.defaultQuantity));
  const found = marginAlertFor(doc.ratePer1000Paisa, cost, context.rateToPkr, context.threshold, context.now);
  const alert: MarginAlertDoc | null = sameAlert(found, link.marginAlert) ? (link.marginAlert ?? null) : found;

  // Why the sync wants the service out of sale now, if it does.
  const withdrawn = !theirs && plan.missingIsWithdrawn;
  const free = theirs !== null && synced === null;
  const wantOff: SyncOffReason | null = withdrawn ? 'withdrawn' : free ? 'free' : alert && context.disableBelowMargin ? 'margin' : null;
  let active = doc.active;
  let offBySync = link.offBySync ?? null;
  // A delete checking for orders holds the service for a moment (catalogue.deleteService): leave it be.
  if (plan.availability && doc.deleteCheck === undefined) {
    if (wantOff && doc.active) {
      active = false;
      offBySync = { reason: wantOff, at: context.now };
    } else if (wantOff && offBySync && offBySync.reason !== wantOff) {
      offBySync = { reason: wantOff, at: context.now };
    } else if (!wantOff && offBySync) {
      // Only what the sync took out comes back; the marker is gone once the admin settles `active`.
      if (!doc.active) active = true;
      offBySync = null;
    }
  }
  if (alert) counts.alerts += 1;

  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const note = (key: string, from: unknown, to: unknown) => {
    if (JSON.stringify(from) === JSON.stringify(to)) return;
    before[key] = from;
    after[key] = to;
  };
  note('cost', link.cost, cost);
  note('min', doc.min, range.min);
  note('max', doc.max, range.max);
  note('defaultQuantity', doc.defaultQuantity, defaultQuantity);
  note('active', doc.active, active);
  note('offBySync', link.offBySync ? SYNC_OFF_REASONS[link.offBySync.reason] : null, offBySync ? SYNC_OFF_REASONS[offBySync.reason] : null);
  const alertChanged = alert !== (link.marginAlert ?? null);
  if (alertChanged) {
    note('marginAlert', link.marginAlert ? marginAlertToWire(link.marginAlert) : null, alert ? marginAlertToWire(alert) : null);
  }
  if (Object.keys(after).length === 0) return () => undefined;

  return () => {
    counts.changed += 1;
    if (doc.active && !active) counts.disabled += 1;
    if (!doc.active && active) counts.enabled += 1;
    if (doc.min !== range.min || doc.max !== range.max || doc.defaultQuantity !== defaultQuantity || doc.active !== active) {
      tx.update(serviceRef, { min: range.min, max: range.max, defaultQuantity, active });
    }
    // Taken out of sale or back: news of the updates feed.
    recordServiceUpdates(tx, serviceId, doc, { ...doc, active }, context.now, 'sync');
    tx.update(serviceLinkRef(serviceId), {
      cost,
      marginAlert: alert ?? FieldValue.delete(),
      offBySync: offBySync ?? FieldValue.delete(),
    });
    recordAudit(tx, context.actor, context.now, {
      subject: serviceRef,
      action: 'service_sync',
      before,
      after,
      ...(doc.active && !active && offBySync ? { reason: SYNC_OFF_REASONS[offBySync.reason] } : {}),
    });
  };
}

/**
 * Syncs one provider's linked services with its list. `actor` names who asked (the admin on demand, the
 * system when scheduled). Throws `services_sync_running` when another run holds the provider.
 */
export async function syncProviderServices(providerId: string, deps: ForwardDeps, actor: Actor = SYNC_ACTOR): Promise<ServiceSyncResult> {
  const token = await claimLease(providerRef(providerId), 'servicesSyncLease', SERVICES_SYNC_LEASE_MS, deps.now(), {
    missing: () => fail('provider_not_found', MESSAGES.providerNotFound),
  });
  if (!token) throw fail('services_sync_running', MESSAGES.servicesSyncRunning);
  const result = emptyResult();
  const done: Record<string, unknown> = {};
  try {
    // The lease's claim found it, and providers are never deleted.
    const provider = (await providerRef(providerId).get()).data() as ProviderDoc;
    const answer = await (await deps.clientFor(providerId)).services();
    const links = await serviceLinksCollection().where('providerId', '==', providerId).get();
    let problem: string | null = null;
    let theirs = new Map<string, ProviderService>();
    if (!answer.ok) {
      problem = answer.kind === 'refused' ? `${MESSAGES.syncNoAnswer}${answer.error}` : PROVIDER_MESSAGES.syncNoList;
      if (answer.kind === 'unknown') logger.warn('No usable services list from a provider', { providerId, ...failureForLog(answer) });
    } else {
      theirs = new Map(answer.value.services.map((s) => [s.service, s]));
      const listed = answer.value.services.length;
      if (listed === 0) problem = MESSAGES.syncEmptyList;
      else if (provider.serviceCount !== null && listed < provider.serviceCount * SHORT_LIST_RATIO) problem = MESSAGES.syncShortList;
    }
    // No list at all: nothing to refresh; the console says why.
    if (answer.ok) {
      const plan = (serviceId: string): Plan => {
        const link = links.docs.find((d) => d.id === serviceId)?.data();
        return {
          theirs: (link && theirs.get(link.serviceId)) ?? null,
          availability: problem === null,
          missingIsWithdrawn: answer.value.skipped === 0,
        };
      };
      const ids = links.docs.map((d) => d.id);
      for (let i = 0; i < ids.length; i += BATCH) {
        const batch = ids.slice(i, i + BATCH);
        const counts = emptyResult();
        await runInTransaction(null, async (tx, now) => {
          // Counts of a transaction that runs again start over.
          Object.assign(counts, emptyResult());
          const [current, settings] = await Promise.all([tx.get(providerRef(providerId)), getForwardingSettings(tx)]);
          const rateToPkr = current.data()?.rateToPkr ?? provider.rateToPkr;
          const context = {
            providerId,
            rateToPkr,
            threshold: settings.marginThresholdPercent,
            disableBelowMargin: settings.disableBelowMargin,
            actor,
            now,
          };
          const writes: (() => void)[] = [];
          for (const id of batch) writes.push(await syncOne(tx, id, plan(id), context, counts));
          for (const write of writes) write();
        });
        for (const key of Object.keys(result) as (keyof ServiceSyncResult)[]) result[key] += counts[key];
      }
      if (problem === null) done.serviceCount = answer.value.services.length;
    }
    done.servicesSyncProblem = problem;
    done.servicesSyncedAt = ts(deps.now());
  } catch (error) {
    logger.error('Service sync of a provider failed', { providerId, error: String(error) });
    // Due again in 6 hours (or on demand), not every minute; some batches may have been written.
    Object.assign(done, { servicesSyncProblem: MESSAGES.syncStopped, servicesSyncedAt: ts(deps.now()) });
    throw error;
  } finally {
    // Frees the lease if still ours, with when it ran and what was wrong with the list.
    await releaseLease(providerRef(providerId), 'servicesSyncLease', token, done);
  }
  return result;
}

/** Every active provider whose last services sync is 6 hours old or more (or never ran), in turn. */
export async function syncDueProviderServices(deps: ForwardDeps): Promise<ServiceSyncResult> {
  const total = emptyResult();
  const providers = await providersCollection().where('active', '==', true).get();
  const now = deps.now();
  for (const p of providers.docs) {
    const last = p.data().servicesSyncedAt;
    if (last && now - last.toMillis() < SERVICES_SYNC_EVERY_MS) continue;
    try {
      const r = await syncProviderServices(p.id, deps);
      for (const key of Object.keys(total) as (keyof ServiceSyncResult)[]) total[key] += r[key];
    } catch {
      // Held by another run, or failed (logged): the next minute's run finds it due again.
    }
  }
  return total;
}
