// Sending an order to its provider exactly once (decision record 0008): claim it in a transaction
// (`queued` → `sending` under a lease), call `add` outside any transaction, record the answer in another.
// The claim is the only gate: a second trigger delivery, an overlapping sweep or a restart finds the
// order `sending` (or past it) and stops. Nothing here moves money: a failed or unknown order waits for
// the admin (Resend, Mark sent, or a cancel through updateOrderStatus, which refunds once).
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { logger } from '../lib/logger';
import { getAllOf } from '../lib/typed-collection';
import { leaseHeld, leaseIsOurs, newLease } from '../services/kernel/lease';
import { runInTransaction } from '../services/kernel/transactions';
import { dueFulfilments, type FulfilmentDoc, fulfilmentRef, REASONS, WAIT_RETRY_MS } from '../services/orders/fulfilment';
import { ordersCollection } from '../services/orders/orders';
import { claimedOf, type ProviderDoc, providerClaimsRef, providersCollection } from '../services/providers/provider-store';
import type { ProviderClient } from '../upstream/client';
import { failureForLog, type UpstreamResult } from '../upstream/result';
import { callProvider } from './provider-call';

/** The client's deadline for `add`: shorter than the lease, so an answer arrives while the lease is ours. */
export const ADD_TIMEOUT_MS = 20_000;
/** How long a claim holds: past it, the sweeper turns `sending` into `unknown` (the call may have landed). */
export const LEASE_MS = ADD_TIMEOUT_MS + 40_000;
/** The first status check of a sent order. */
export const FIRST_SYNC_AFTER_MS = 2 * 60_000;
/** Orders each sweep handles per kind (the next run takes the rest). */
const SWEEP_BATCH = 50;
/**
 * How long a sweep starts new sends (one call after another, each up to ADD_TIMEOUT_MS): a backlog must
 * not take the scheduled run's whole time, starving the refunds and the status sync after it, nor have
 * the run cut off mid-call (that order would become unknown). The rest is the next run's, oldest first.
 */
export const SWEEP_SEND_BUDGET_MS = 2 * 60_000;

export interface ForwardDeps {
  /** Milliseconds: the leases and due times are read and written by this clock. */
  now: () => number;
  /** A client for the provider (its URL and key), with a deadline under LEASE_MS. */
  clientFor: (providerId: string) => Promise<ProviderClient>;
}

// The waiting reasons live with the fulfilment (services read them to count waiting orders).
export { REASONS };

export type ForwardOutcome =
  | { kind: 'sent'; providerOrderId: string }
  | { kind: 'failed'; error: string }
  | { kind: 'unknown'; reason: string }
  /** Not claimed: not queued (already claimed, sent…), or kept queued with a reason. */
  | { kind: 'skipped'; state: string; reason?: string }
  /** The answer came after the claim was lost (the sweeper or an admin moved on): see recordAnswer. */
  | { kind: 'late'; state: string };

interface Claim {
  token: string;
  attempt: number;
  providerId: string;
  providerServiceId: string;
  link: string;
  quantity: number;
  /** A Custom Comments order's, one per line. */
  comments?: string;
}

const ts = (ms: number) => Timestamp.fromMillis(ms);

/** The fields to write (FieldValue.delete() removes one) with the time. */
function fulfilmentUpdate(changes: Record<string, unknown>, now: Timestamp) {
  return { ...changes, updatedAt: now };
}

/** What the provider can still pay for, in paisa: its cached balance less the orders claimed since it was read. */
export function availablePaisa(provider: Pick<ProviderDoc, 'balance' | 'rateToPkr'>, claimedPaisa: number): number {
  if (provider.balance === null) return Number.POSITIVE_INFINITY;
  return provider.balance * provider.rateToPkr * 100 - claimedPaisa;
}

/** Sends one order to its provider if it is queued; safe to call any number of times, concurrently. */
export async function forwardOrder(orderId: string, deps: ForwardDeps): Promise<ForwardOutcome> {
  const ref = fulfilmentRef(orderId);
  const { value: claimed } = await runInTransaction<{ claim: Claim } | { skipped: ForwardOutcome }>(null, async (tx) => {
    const now = deps.now();
    const [orderSnap, fulfilmentSnap] = await getAllOf(tx, ordersCollection().doc(orderId), ref);
    const order = orderSnap?.data();
    const f = fulfilmentSnap?.data();
    if (!order || !f || f.state !== 'queued') return { skipped: { kind: 'skipped', state: f?.state ?? 'none' } };
    const wait = (reason: string, changes: Record<string, unknown> = { sweepAt: ts(now + WAIT_RETRY_MS) }) => {
      tx.update(ref, fulfilmentUpdate({ reason, ...changes }, ts(now)));
      return { skipped: { kind: 'skipped' as const, state: 'queued', reason } };
    };
    // Cancelled (and refunded) while queued: nothing to send; out of the sweeper's query for good.
    if (order.status !== 'pending') return wait(REASONS.notPending, { sweepAt: FieldValue.delete() });
    if (!f.providerId || !f.providerServiceId) throw new Error(`Order ${orderId} is queued without a provider`);
    const claimsRef = providerClaimsRef(f.providerId);
    const [providerSnap, claimsSnap] = await getAllOf(tx, providersCollection().doc(f.providerId), claimsRef);
    const provider = providerSnap?.data();
    const claimedPaisa = claimedOf(claimsSnap);
    if (!provider) return wait(REASONS.providerMissing);
    if (!provider.active) return wait(REASONS.providerInactive);
    // The cached balance (the last check) less what was claimed since: a provider without funds would
    // only refuse, and a burst must not spend the same cached balance once per order.
    const counted = provider.balance !== null && f.costPaisa !== undefined;
    if (counted && availablePaisa(provider, claimedPaisa) < (f.costPaisa as number)) return wait(REASONS.lowBalance);
    if (counted) tx.set(claimsRef, { claimedPaisa: claimedPaisa + (f.costPaisa as number) });
    const lease = newLease(now, LEASE_MS);
    const { token } = lease;
    const attempt = (f.attempt ?? 0) + 1;
    tx.update(
      ref,
      fulfilmentUpdate(
        {
          state: 'sending',
          attempt,
          lease,
          sweepAt: FieldValue.delete(),
          reason: FieldValue.delete(),
          error: FieldValue.delete(),
        },
        ts(now),
      ),
    );
    const claim = {
      token,
      attempt,
      providerId: f.providerId,
      providerServiceId: f.providerServiceId,
      link: order.link,
      quantity: order.quantity,
      ...(order.comments !== undefined ? { comments: order.comments } : {}),
    };
    return { claim };
  });
  if ('skipped' in claimed) return claimed.skipped;
  const { claim } = claimed;

  const result = await callProvider(
    deps,
    claim.providerId,
    (client) =>
      client.add({
        service: claim.providerServiceId,
        link: claim.link,
        quantity: claim.quantity,
        ...(claim.comments !== undefined ? { comments: claim.comments } : {}),
      }),
    { orderId },
  );
  // The order records the one text of no answer (result.ts); the log says which it was.
  if (!result.ok && result.kind === 'unknown') logger.warn('No usable answer to an add', { orderId, ...failureForLog(result) });
  return recordAnswer(orderId, claim, result, deps);
}

/**
 * Records `add`'s answer. With the lease still ours: ok → sent, refused → failed, unknown → unknown.
 * Without it, only an `ok` matters (the provider did place it): recorded as sent when the same attempt
 * was marked unknown meanwhile (the truth wins); kept in the history and flagged when the admin has
 * started another attempt since (two provider orders: the admin cancels one).
 */
async function recordAnswer(orderId: string, claim: Claim, result: UpstreamResult<{ order: string }>, deps: ForwardDeps) {
  const ref = fulfilmentRef(orderId);
  const { value } = await runInTransaction<ForwardOutcome>(null, async (tx) => {
    const now = deps.now();
    const f = (await tx.get(ref)).data();
    if (!f) throw new Error(`Order ${orderId} lost its fulfilment`);
    const ours = f.state === 'sending' && leaseIsOurs(f.lease, claim.token);
    const at = ts(now);
    if (ours) {
      const done = { lease: FieldValue.delete() };
      if (result.ok) {
        tx.update(
          ref,
          fulfilmentUpdate({ ...done, state: 'sent', providerOrderId: result.value.order, syncDueAt: ts(now + FIRST_SYNC_AFTER_MS) }, at),
        );
        return { kind: 'sent', providerOrderId: result.value.order };
      }
      if (result.kind === 'refused') {
        // failedAt: the automatic refund (if the admin set one) counts its hours from here.
        tx.update(ref, fulfilmentUpdate({ ...done, state: 'failed', error: result.error, failedAt: at }, at));
        return { kind: 'failed', error: result.error };
      }
      tx.update(ref, fulfilmentUpdate({ ...done, state: 'unknown', error: result.reason }, at));
      return { kind: 'unknown', reason: result.reason };
    }
    if (result.ok) {
      if (f.attempt === claim.attempt && f.state === 'unknown') {
        // Closed meanwhile (cancelled, or refunded without the provider): the provider's order is recorded and
        // flagged for the admin to cancel there, but not synced: nothing it says moves a closed order.
        const closed = f.open === false;
        tx.update(
          ref,
          fulfilmentUpdate(
            {
              state: 'sent',
              providerOrderId: result.value.order,
              error: FieldValue.delete(),
              ...(closed
                ? { flag: `Placed at the provider after the order was closed: provider order ${result.value.order} (cancel it there)` }
                : { syncDueAt: ts(now + FIRST_SYNC_AFTER_MS) }),
            },
            at,
          ),
        );
        return { kind: 'sent', providerOrderId: result.value.order };
      }
      if (f.providerOrderId !== result.value.order) {
        const late = {
          attempt: claim.attempt,
          state: 'sent' as const,
          providerId: claim.providerId,
          providerOrderId: result.value.order,
          at,
        };
        tx.update(
          ref,
          fulfilmentUpdate(
            {
              history: FieldValue.arrayUnion(late),
              flag: `A late answer of attempt ${claim.attempt}: provider order ${result.value.order} exists too`,
            },
            at,
          ),
        );
      }
    }
    logger.warn('An add answer after its claim was lost', { orderId, attempt: claim.attempt, state: f.state, ok: result.ok });
    return { kind: 'late', state: f.state };
  });
  return value;
}

/** A `sending` order whose lease ran out becomes `unknown` (the call may have reached the provider), never `queued`. */
async function expireLease(orderId: string, deps: ForwardDeps): Promise<boolean> {
  const ref = fulfilmentRef(orderId);
  const { value } = await runInTransaction<boolean>(null, async (tx) => {
    const now = deps.now();
    const f = (await tx.get(ref)).data();
    if (f?.state !== 'sending' || !f.lease || leaseHeld(f.lease, now)) return false;
    tx.update(ref, fulfilmentUpdate({ state: 'unknown', error: REASONS.leaseExpired, lease: FieldValue.delete() }, ts(now)));
    return true;
  });
  return value;
}

export interface SweepResult {
  sent: number;
  expired: number;
}

/**
 * The every-minute safety net: `sending` orders whose lease ran out → `unknown`; `queued` orders due
 * (`sweepAt`: their trigger was lost, or they wait for their provider) → forwardOrder.
 * Oldest first; each order through its own transactions, so an overlapping sweep changes nothing twice.
 */
export async function sweep(deps: ForwardDeps, sendBudgetMs = SWEEP_SEND_BUDGET_MS): Promise<SweepResult> {
  const now = deps.now();
  const expiredSnap = await dueFulfilments('state', 'sending', 'lease.until', now, SWEEP_BATCH);
  let expired = 0;
  for (const doc of expiredSnap.docs) if (await expireLease(doc.id, deps)) expired += 1;

  const queuedSnap = await dueFulfilments('state', 'queued', 'sweepAt', now, SWEEP_BATCH);
  let sent = 0;
  for (const doc of queuedSnap.docs) {
    if (deps.now() - now >= sendBudgetMs) break;
    try {
      const outcome = await forwardOrder(doc.id, deps);
      if (outcome.kind === 'sent') sent += 1;
    } catch (error) {
      // One order's failure (busy, say) leaves it queued for the next sweep; the others go on.
      logger.error('Sweep could not forward an order', { orderId: doc.id, error: String(error) });
    }
  }
  return { sent, expired };
}

/**
 * Whether an order write is one the trigger sends: its fulfilment became `queued` (a placement, or a
 * Resend, which starts a new attempt). Any other write (the claim, a status change) is not.
 */
export function becameQueued(prev: FulfilmentDoc | undefined, next: FulfilmentDoc | undefined): boolean {
  if (next?.state !== 'queued') return false;
  return prev?.state !== 'queued' || prev.queuedAt?.toMillis() !== next.queuedAt?.toMillis();
}
