// Status sync of sent orders (decision record 0008): per provider, under a lease on the provider so two
// runs never overlap, the orders due for a check, oldest due first, in `status` calls of up to 100 ids.
// A disabled provider takes no new order, but its orders already sent are still followed.
// An order the admin closed without its provider (refund-without-provider) is not moved by any answer.
// mapUpstreamStatus decides; a status change goes through updateOrderStatus (the one place an order's
// money moves, a refund exactly once); a flag only marks the order for the admin and moves no money.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { isAppError } from '../lib/errors';
import { logger } from '../lib/logger';
import { getAllOf } from '../lib/typed-collection';
import { claimLease, releaseLease } from '../services/kernel/lease';
import { runInTransaction } from '../services/kernel/transactions';
import { dueFulfilments, type FulfilmentDoc, fulfilmentRef } from '../services/orders/fulfilment';
import { type OrderProgress, ordersCollection, updateOrderStatus } from '../services/orders/orders';
import { providersCollection } from '../services/providers/provider-store';
import { API_V2_MAX_IDS } from '../shared/api-v2';
import { canTransition, isFinalStatus } from '../shared/order-status';
import type { StatusEntry } from '../upstream/answers';
import type { ProviderClient } from '../upstream/client';
import { mapUpstreamStatus } from '../upstream/status-mapping';
import type { ForwardDeps } from './forward';

/** How long a provider's sync lease holds (a run that dies frees the provider after it). */
export const SYNC_LEASE_MS = 4 * 60_000;
/** Batches per provider per run: the rest is due and taken first next minute (oldest first). */
const MAX_BATCHES = 5;
/** After a batch without a usable answer, its orders are asked again after this. */
const RETRY_AFTER_MS = 5 * 60_000;

/** The next check: about 2 min in an order's first hour, 10 min in its first day, an hour after, plus up to 20 % jitter. */
export function nextSyncDelayMs(ageMs: number, random = Math.random): number {
  const base = ageMs < 3_600_000 ? 2 * 60_000 : ageMs < 86_400_000 ? 10 * 60_000 : 60 * 60_000;
  return Math.round(base * (1 + 0.2 * random()));
}

export interface SyncResult {
  checked: number;
  changed: number;
  flagged: number;
}

const ts = (ms: number) => Timestamp.fromMillis(ms);

/**
 * Writes the fulfilment side of one checked order, if it is still the sent order that was asked about,
 * and the provider's start count and remains on the order (what its customer sees) when they changed.
 * The order's updatedAt stays: it is when its status last changed (a refill window counts from it).
 * `answered`: whether the provider gave a usable answer (else `unansweredSince` marks since when not).
 * An order closed meanwhile leaves the sync's query whatever `changes` say; one the admin closed without
 * its provider takes nothing from it (a late answer moves no money and no count).
 */
async function recordCheck(
  orderId: string,
  providerOrderId: string,
  changes: Record<string, unknown>,
  now: number,
  options: { answered: boolean; progress?: OrderProgress | undefined },
) {
  const ref = fulfilmentRef(orderId);
  const orderRef = ordersCollection().doc(orderId);
  const { progress } = options;
  await runInTransaction(null, async (tx) => {
    const [fSnap, orderSnap] = progress ? await getAllOf(tx, ref, orderRef) : [await tx.get(ref), undefined];
    const f = fSnap?.data();
    if (f?.state !== 'sent' || f.providerOrderId !== providerOrderId) return;
    if (f.closedWithoutProvider) {
      if (f.syncDueAt) tx.update(ref, { syncDueAt: FieldValue.delete() });
      return;
    }
    const unanswered = options.answered
      ? f.unansweredSince
        ? { unansweredSince: FieldValue.delete() }
        : {}
      : { unansweredSince: f.unansweredSince ?? ts(now) };
    const closed = f.open === false ? { syncDueAt: FieldValue.delete() } : {};
    tx.update(ref, { ...changes, ...unanswered, ...closed, updatedAt: ts(now) });
    const order = orderSnap?.data();
    // A count the provider got wrong this time is left out of `progress`: the last good one stays.
    const merged = progress && order ? { ...order.progress, ...progress } : undefined;
    if (merged && !sameProgress(order?.progress, merged)) tx.update(orderRef, { progress: merged });
  });
}

const sameProgress = (a: OrderProgress | undefined, b: OrderProgress) => a?.startCount === b.startCount && a?.remains === b.remains;

/** The provider's counts as a customer may see them: whole, not negative, remains within the quantity. */
function progressOf(entry: StatusEntry, quantity: number): OrderProgress | undefined {
  if (entry.kind !== 'status') return undefined;
  const { startCount, remains } = entry.status;
  const progress: OrderProgress = {
    ...(startCount !== null && startCount >= 0 ? { startCount } : {}),
    ...(remains !== null && remains >= 0 && remains <= quantity ? { remains } : {}),
  };
  return Object.keys(progress).length > 0 ? progress : undefined;
}

/** Applies one provider answer to one order; returns whether the order's status changed, or 'flag'. */
async function applyEntry(orderId: string, f: FulfilmentDoc, entry: StatusEntry, now: number): Promise<'changed' | 'flag' | 'same'> {
  const providerOrderId = f.providerOrderId as string;
  const order = (await ordersCollection().doc(orderId).get()).data();
  if (!order) return 'same';
  const mapping = mapUpstreamStatus(entry, order.quantity);
  const age = now - order.createdAt.toMillis();
  const nextDue = ts(now + nextSyncDelayMs(age));
  if (mapping.action === 'flag') {
    await recordCheck(orderId, providerOrderId, { flag: `${mapping.reason}: ${mapping.detail}`, syncDueAt: nextDue }, now, {
      answered: true,
    });
    return 'flag';
  }
  const counts =
    entry.kind === 'status'
      ? {
          ...(entry.status.startCount !== null ? { startCount: entry.status.startCount } : {}),
          ...(entry.status.remains !== null ? { remains: entry.status.remains } : {}),
        }
      : {};
  let changed = false;
  if (mapping.status !== order.status && !isFinalStatus(order.status) && canTransition(order.status, mapping.status)) {
    try {
      await updateOrderStatus(orderId, mapping.status, mapping.status === 'partial' ? mapping.remains : undefined, {
        source: 'provider',
        pushLater: true,
      });
      changed = true;
    } catch (error) {
      // Another actor (the admin, an API v2 cancel) got there first: its change stands, refunded once.
      if (!isAppError(error) || error.code !== 'order_final') throw error;
    }
  }
  // A final order (ours) leaves the sync: nothing the provider says can change it any more.
  const final = changed ? isFinalStatus(mapping.status) : isFinalStatus(order.status);
  await recordCheck(orderId, providerOrderId, { ...counts, syncDueAt: final ? FieldValue.delete() : nextDue }, now, {
    answered: true,
    progress: progressOf(entry, order.quantity),
  });
  return changed ? 'changed' : 'same';
}

/**
 * The provider's answer for each id: an entry, or null when it gave none usable (asked again later). A
 * refusal of the whole call (`{"error": …}`, as some panels answer when one id of the list is bad) is
 * asked again id by id, so one bad id does not hold the others up for ever: its own refusal flags it.
 */
async function askStatuses(client: ProviderClient, ids: string[]): Promise<Map<string, StatusEntry | null>> {
  const answer = await client.statuses(ids);
  if (answer.ok) return new Map(ids.map((id) => [id, answer.value.get(id) ?? { kind: 'missing' }]));
  const entries = new Map<string, StatusEntry | null>(ids.map((id) => [id, null]));
  if (answer.kind !== 'refused') return entries;
  if (ids.length === 1) return new Map([[ids[0] as string, { kind: 'error', error: answer.error }]]);
  for (const id of ids) {
    const one = await client.status(id);
    // No usable answer: the provider is struggling; the rest wait for the next batch that is due.
    if (!one.ok && one.kind !== 'refused') break;
    entries.set(id, one.ok ? { kind: 'status', status: one.value } : { kind: 'error', error: one.error });
  }
  return entries;
}

async function clearStaleDue(orderId: string) {
  const ref = fulfilmentRef(orderId);
  await runInTransaction(null, async (tx) => {
    const f = (await tx.get(ref)).data();
    if (f && f.state !== 'sent' && f.syncDueAt) tx.update(ref, { syncDueAt: FieldValue.delete() });
  });
}

/** One provider's due orders, oldest due first. */
export async function syncProvider(providerId: string, deps: ForwardDeps): Promise<SyncResult> {
  const result: SyncResult = { checked: 0, changed: 0, flagged: 0 };
  // `providers/{id}.syncLease`; none while another run holds it (or without the provider).
  const token = await claimLease(providersCollection().doc(providerId), 'syncLease', SYNC_LEASE_MS, deps.now());
  if (!token) return result;
  try {
    // No client (its key or address gone): its orders are unanswered, pushed back and marked, like a provider that is down.
    const client = await deps.clientFor(providerId).catch((error: unknown) => {
      logger.warn('No client for a provider to sync', { providerId, error: String(error) });
      return null;
    });
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const now = deps.now();
      const due = await dueFulfilments('providerId', providerId, 'syncDueAt', now, API_V2_MAX_IDS);
      const all = due.docs.map((d) => ({ id: d.id, f: d.data() }));
      const sent = all.filter((o) => o.f.state === 'sent' && o.f.providerOrderId !== undefined);
      // A due time left on an order no longer sent would hold a place at the head of this query for ever.
      for (const stale of all.filter((o) => !sent.includes(o))) await clearStaleDue(stale.id);
      if (sent.length === 0) {
        if (all.length < API_V2_MAX_IDS) break;
        continue;
      }
      const ids = sent.map((o) => o.f.providerOrderId as string);
      const answers = client ? await askStatuses(client, ids) : new Map(ids.map((id) => [id, null]));
      for (const { id, f } of sent) {
        const entry = answers.get(f.providerOrderId as string);
        if (!entry) {
          await recordCheck(id, f.providerOrderId as string, { syncDueAt: ts(now + RETRY_AFTER_MS) }, now, { answered: false });
          continue;
        }
        const outcome = await applyEntry(id, f, entry, now);
        result.checked += 1;
        if (outcome === 'changed') result.changed += 1;
        if (outcome === 'flag') result.flagged += 1;
      }
      if ([...answers.values()].some((entry) => entry === null) || all.length < API_V2_MAX_IDS) break;
    }
  } catch (error) {
    logger.error('Status sync of a provider failed', { providerId, error: String(error) });
  } finally {
    await releaseLease(providersCollection().doc(providerId), 'syncLease', token);
  }
  return result;
}

/** Whether any of the provider's orders is due for a check (the sync's own query, one document). */
async function hasDueOrders(providerId: string, now: number): Promise<boolean> {
  const due = await dueFulfilments('providerId', providerId, 'syncDueAt', now, 1);
  return !due.empty;
}

/**
 * Every provider in turn. A disabled one too: disabling stops new orders going there, not the orders it
 * already has, whose status (and refund, or delivery) still comes from it; it is claimed only when one of
 * its orders is due, so a provider long disabled costs one small query a run.
 */
export async function syncAll(deps: ForwardDeps): Promise<SyncResult> {
  const providers = await providersCollection().get();
  const total: SyncResult = { checked: 0, changed: 0, flagged: 0 };
  for (const p of providers.docs) {
    if (p.data().active !== true && !(await hasDueOrders(p.id, deps.now()))) continue;
    const r = await syncProvider(p.id, deps);
    total.checked += r.checked;
    total.changed += r.changed;
    total.flagged += r.flagged;
  }
  return total;
}
