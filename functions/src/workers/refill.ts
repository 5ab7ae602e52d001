// Refills of provider orders (decision record 0008): a refill request of an order sent to a provider
// is asked of that provider in three steps, as an order is sent (claim `queued` → `sending` under a
// lease in a transaction, call `refill` outside any, record the answer in another); an unknown answer
// is never asked again by itself. Sent refills are then followed with `refill_status`, oldest due
// first: Completed completes ours, Rejected/Canceled rejects it, through the same transaction as the
// admin's decision (decided once, whoever gets there first). No money moves here.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { isAppError } from '../lib/errors';
import { logger } from '../lib/logger';
import { leaseHeld, leaseIsOurs, newLease } from '../services/kernel/lease';
import { runInTransaction } from '../services/kernel/transactions';
import { decideRefillByProvider, type RefillDoc, refillsCollection } from '../services/orders/refills';
import type { RefillStatus } from '../shared/api-v2';
import type { ProviderClient } from '../upstream/client';
import { failureForLog } from '../upstream/result';
import { normalizeStatusWord } from '../upstream/status-mapping';
import { type ForwardDeps, LEASE_MS, SWEEP_SEND_BUDGET_MS } from './forward';
import { callProvider } from './provider-call';

/** A sent refill's first status check, and the time between checks while the provider works on it. */
export const REFILL_CHECK_EVERY_MS = 10 * 60_000;
/** After a status answer we could not use (no answer, or an error), asked again after this. */
const RETRY_AFTER_MS = 15 * 60_000;
/** Refills handled per run (the next run takes the rest, oldest due first). */
const BATCH = 50;

export const REFILL_REASONS = {
  leaseExpired: 'No answer before the claim ran out: the provider may have taken the refill',
} as const;

export type RefillOutcome =
  | { kind: 'sent'; providerRefillId: string }
  | { kind: 'failed'; error: string }
  | { kind: 'unknown'; reason: string }
  | { kind: 'skipped'; state: string }
  | { kind: 'late'; state: string };

const ts = (ms: number) => Timestamp.fromMillis(ms);

/** The provider's refill status word → our decision; anything else (Pending, In progress…) waits. */
export function refillDecisionOf(word: string): Exclude<RefillStatus, 'pending'> | null {
  const normalized = normalizeStatusWord(word);
  if (normalized === 'completed') return 'completed';
  if (normalized === 'rejected' || normalized === 'canceled' || normalized === 'cancelled') return 'rejected';
  return null;
}

/** Asks the provider for one queued refill; safe to call any number of times, concurrently. */
export async function sendRefill(refillId: string, deps: ForwardDeps): Promise<RefillOutcome> {
  const ref = refillsCollection().doc(refillId);
  const { value: claim } = await runInTransaction<{ token: string; providerId: string; providerOrderId: string } | { skipped: string }>(
    null,
    async (tx) => {
      const now = deps.now();
      const refill = (await tx.get(ref)).data();
      const up = refill?.upstream;
      if (!refill || !up || up.state !== 'queued') return { skipped: up?.state ?? 'none' };
      // Decided by hand while queued: nothing to ask.
      if (refill.status !== 'pending') {
        tx.update(ref, { 'upstream.dueAt': FieldValue.delete() });
        return { skipped: 'decided' };
      }
      const lease = newLease(now, LEASE_MS);
      tx.update(ref, { 'upstream.state': 'sending', 'upstream.lease': lease, 'upstream.dueAt': lease.until });
      return { token: lease.token, providerId: up.providerId, providerOrderId: up.providerOrderId };
    },
  );
  if ('skipped' in claim) return { kind: 'skipped', state: claim.skipped };

  const result = await callProvider(deps, claim.providerId, (client) => client.refill(claim.providerOrderId), { refillId });
  if (!result.ok && result.kind === 'unknown') logger.warn('No usable answer to a refill', { refillId, ...failureForLog(result) });

  const { value } = await runInTransaction<RefillOutcome>(null, async (tx) => {
    const now = deps.now();
    const refill = (await tx.get(ref)).data();
    const up = refill?.upstream;
    if (!refill || !up) throw new Error(`Refill ${refillId} lost its upstream part`);
    const ours = up.state === 'sending' && leaseIsOurs(up.lease, claim.token);
    // Decided by hand meanwhile: the id is still worth keeping, but nothing more is asked.
    const next = refill.status === 'pending' ? ts(now + REFILL_CHECK_EVERY_MS) : FieldValue.delete();
    if (result.ok && (ours || up.state === 'unknown')) {
      tx.update(ref, {
        'upstream.state': 'sent',
        'upstream.providerRefillId': result.value.refill,
        'upstream.dueAt': next,
        'upstream.lease': FieldValue.delete(),
        'upstream.error': FieldValue.delete(),
      });
      return { kind: 'sent', providerRefillId: result.value.refill };
    }
    if (!ours) return { kind: 'late', state: up.state ?? 'none' };
    const done = { 'upstream.lease': FieldValue.delete(), 'upstream.dueAt': FieldValue.delete() };
    if (!result.ok && result.kind === 'refused') {
      tx.update(ref, { ...done, 'upstream.state': 'failed', 'upstream.error': result.error });
      return { kind: 'failed', error: result.error };
    }
    const reason = result.ok ? '' : result.reason;
    tx.update(ref, { ...done, 'upstream.state': 'unknown', 'upstream.error': reason });
    return { kind: 'unknown', reason };
  });
  return value;
}

/** A `sending` refill whose lease ran out becomes `unknown` (the call may have reached the provider), never `queued`. */
async function expireLease(refillId: string, deps: ForwardDeps): Promise<boolean> {
  const ref = refillsCollection().doc(refillId);
  const { value } = await runInTransaction<boolean>(null, async (tx) => {
    const up = (await tx.get(ref)).data()?.upstream;
    if (up?.state !== 'sending' || !up.lease || leaseHeld(up.lease, deps.now())) return false;
    tx.update(ref, {
      'upstream.state': 'unknown',
      'upstream.error': REFILL_REASONS.leaseExpired,
      'upstream.lease': FieldValue.delete(),
      'upstream.dueAt': FieldValue.delete(),
    });
    return true;
  });
  return value;
}

/** Writes what a status check found, if the refill is still the pending, sent one that was asked about. */
async function recordCheck(refillId: string, providerRefillId: string, changes: Record<string, unknown>) {
  const ref = refillsCollection().doc(refillId);
  await runInTransaction(null, async (tx) => {
    const refill = (await tx.get(ref)).data();
    const up = refill?.upstream;
    if (refill?.status === 'pending' && up?.state === 'sent' && up.providerRefillId === providerRefillId) tx.update(ref, changes);
  });
}

/** Asks the provider how a sent refill stands; returns whether it decided ours. */
async function checkRefill(refillId: string, refill: RefillDoc, client: ProviderClient, deps: ForwardDeps): Promise<boolean> {
  const providerRefillId = refill.upstream?.providerRefillId;
  if (!providerRefillId) return false;
  const result = await client.refillStatus(providerRefillId);
  const now = deps.now();
  if (!result.ok) {
    const error = result.kind === 'refused' ? result.error : result.reason;
    await recordCheck(refillId, providerRefillId, { 'upstream.error': error, 'upstream.dueAt': ts(now + RETRY_AFTER_MS) });
    return false;
  }
  const decision = refillDecisionOf(result.value.status);
  if (decision) {
    try {
      await decideRefillByProvider(refillId, decision, result.value.status);
      return true;
    } catch (error) {
      // The admin decided first: theirs stands.
      if (!isAppError(error, 'already_decided')) throw error;
      return false;
    }
  }
  await recordCheck(refillId, providerRefillId, {
    'upstream.status': result.value.status,
    'upstream.error': FieldValue.delete(),
    'upstream.dueAt': ts(now + REFILL_CHECK_EVERY_MS),
  });
  return false;
}

export interface RefillWorkResult {
  sent: number;
  checked: number;
  decided: number;
  expired: number;
}

/**
 * The every-minute run: the refills due (`upstream.dueAt`), oldest due first, at most BATCH: a queued
 * one is asked of its provider (its trigger was lost), a `sending` one whose lease ran out becomes
 * unknown, a sent one is checked. Each through its own transactions, so an overlapping run changes
 * nothing twice.
 */
export async function runRefillWork(deps: ForwardDeps, budgetMs = SWEEP_SEND_BUDGET_MS): Promise<RefillWorkResult> {
  const result: RefillWorkResult = { sent: 0, checked: 0, decided: 0, expired: 0 };
  const started = deps.now();
  const due = await refillsCollection().where('upstream.dueAt', '<=', ts(started)).orderBy('upstream.dueAt').limit(BATCH).get();
  const clients = new Map<string, Promise<ProviderClient>>();
  const clientOf = (providerId: string) => {
    let client = clients.get(providerId);
    if (!client) {
      client = deps.clientFor(providerId);
      clients.set(providerId, client);
    }
    return client;
  };
  for (const doc of due.docs) {
    // As the sweep: a backlog of slow calls must not take the whole run (the rest stay due, oldest first).
    if (deps.now() - started >= budgetMs) break;
    const refill = doc.data();
    try {
      if (refill.upstream?.state === 'queued') {
        if ((await sendRefill(doc.id, deps)).kind === 'sent') result.sent += 1;
      } else if (refill.upstream?.state === 'sending') {
        if (await expireLease(doc.id, deps)) result.expired += 1;
      } else if (refill.upstream?.state === 'sent' && refill.status === 'pending') {
        result.checked += 1;
        if (await checkRefill(doc.id, refill, await clientOf(refill.upstream.providerId), deps)) result.decided += 1;
      }
    } catch (error) {
      // One refill's failure (busy, a provider without a key) leaves it due; the others go on.
      logger.error('Refill work failed for a refill', { refillId: doc.id, error: String(error) });
    }
  }
  return result;
}

/** Whether a refill write is one the trigger acts on: its upstream part became queued. */
export function refillBecameQueued(prev: RefillDoc | undefined, next: RefillDoc | undefined): boolean {
  return next?.upstream?.state === 'queued' && prev?.upstream?.state !== 'queued';
}
