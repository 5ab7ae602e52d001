// Providers' balances kept fresh by the scheduled work: each active provider whose balance
// is older than BALANCE_MAX_AGE_MS is asked again, all at once, each call under its own deadline (one
// slow provider holds none of the others). The call is made outside any transaction and its answer
// recorded in one. A refusal or no answer keeps the old balance and records why (`balanceError`).
// A balance that arrives releases the orders waiting for funds on the sweep that follows.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { logger } from '../lib/logger';
import { getAllOf } from '../lib/typed-collection';
import { runInTransaction } from '../services/kernel/transactions';
import { fulfilmentCollection } from '../services/orders/fulfilment';
import { claimedOf, type ProviderDoc, providerClaimsRef, providersCollection } from '../services/providers/provider-store';
import { MESSAGES } from '../shared/messages';
import type { ProviderBalance } from '../upstream/answers';
import { failureForLog, thrownResult, type UpstreamResult, unknownResult } from '../upstream/result';
import { type ForwardDeps, REASONS } from './forward';

/** A balance older than this is asked again (and an error is retried after as long). */
export const BALANCE_MAX_AGE_MS = 10 * 60_000;
/** The deadline of one provider's `balance` call in the scheduled run. */
export const BALANCE_TIMEOUT_MS = 10_000;
/** Waiting orders made due again per provider per refresh (the sweep takes 50 a run anyway). */
const RELEASE_BATCH = 100;

export interface BalanceResult {
  /** Providers asked. */
  asked: number;
  /** Of which without a balance (refused, no answer, another currency). */
  failed: number;
}

const ts = (ms: number) => Timestamp.fromMillis(ms);

/** The last time the balance was asked, answered or not. */
function lastAsked(doc: ProviderDoc): number {
  return Math.max(doc.balanceCheckedAt?.toMillis() ?? 0, doc.balanceErrorAt?.toMillis() ?? 0);
}

/** The call, cut off at `ms`: the abandoned call only reads, so dropping it is harmless. */
async function withDeadline<T>(call: Promise<UpstreamResult<T>>, ms: number): Promise<UpstreamResult<T>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<UpstreamResult<T>>((resolve) => {
    timer = setTimeout(() => resolve(unknownResult(`no answer within ${ms} ms (the balance refresh's deadline)`)), ms);
  });
  try {
    return await Promise.race([call, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function askBalance(
  id: string,
  doc: ProviderDoc,
  deps: ForwardDeps,
  timeoutMs: number,
): Promise<{ balance: number } | { error: string; log: Record<string, unknown> }> {
  let result: UpstreamResult<ProviderBalance>;
  try {
    const client = await deps.clientFor(id);
    result = await withDeadline(client.balance(), timeoutMs);
  } catch (error) {
    result = thrownResult(error);
  }
  // The client cut the key out of both texts; no answer reads the same whatever the cause (result.ts).
  if (!result.ok)
    return { error: result.kind === 'refused' ? `${MESSAGES.providerRefused}${result.error}` : result.reason, log: failureForLog(result) };
  const theirs = result.value.currency?.trim().toUpperCase();
  if (theirs && theirs !== doc.currency) {
    const error = `The provider’s balance is in ${theirs}, not ${doc.currency}`;
    return { error, log: { currency: theirs } };
  }
  return { balance: result.value.balance };
}

/** Asks one provider and records the answer; true when a balance arrived. */
async function refreshOne(id: string, doc: ProviderDoc, deps: ForwardDeps, timeoutMs: number): Promise<boolean> {
  // The claims counted before the call: the provider's answer reflects them (their `add` went out
  // before it); those claimed while it was under way stay counted against the new balance.
  const claimedBefore = claimedOf(await providerClaimsRef(id).get());
  const answer = await askBalance(id, doc, deps, timeoutMs);
  const ref = providersCollection().doc(id);
  const at = ts(deps.now());
  await runInTransaction(null, async (tx) => {
    const [snap, claimsSnap] = await getAllOf(tx, ref, providerClaimsRef(id));
    const current = snap?.data();
    if (!current) return;
    if ('error' in answer) {
      tx.update(ref, { balanceError: answer.error, balanceErrorAt: at });
    } else {
      tx.set(providerClaimsRef(id), { claimedPaisa: Math.max(0, claimedOf(claimsSnap) - claimedBefore) });
      tx.update(ref, {
        balance: answer.balance,
        balanceCheckedAt: at,
        balanceError: FieldValue.delete(),
        balanceErrorAt: FieldValue.delete(),
      });
    }
  });
  if ('error' in answer) {
    logger.warn('A provider’s balance could not be read', { providerId: id, error: answer.error, ...answer.log });
    return false;
  }
  await releaseWaiting(id, at);
  return true;
}

/**
 * The orders waiting for this provider's funds become due now, so the sweep that follows tries them
 * against the new balance (the claim decides; nothing is sent from here). No money here: a due time.
 */
async function releaseWaiting(providerId: string, at: Timestamp): Promise<void> {
  const query = fulfilmentCollection()
    .where('providerId', '==', providerId)
    .where('state', '==', 'queued')
    .where('reason', '==', REASONS.lowBalance)
    .limit(RELEASE_BATCH);
  await runInTransaction(null, async (tx) => {
    const waiting = await tx.get(query);
    for (const d of waiting.docs) tx.update(d.ref, { sweepAt: at });
  });
}

/** Every active provider whose balance is due, at once, each call cut off at `timeoutMs`. */
export async function refreshBalances(deps: ForwardDeps, timeoutMs = BALANCE_TIMEOUT_MS): Promise<BalanceResult> {
  const now = deps.now();
  const active = await providersCollection().where('active', '==', true).get();
  const due = active.docs.filter((d) => lastAsked(d.data()) <= now - BALANCE_MAX_AGE_MS);
  const outcomes = await Promise.all(
    due.map((d) =>
      refreshOne(d.id, d.data(), deps, timeoutMs).catch((error: unknown) => {
        logger.error('Balance refresh of a provider failed', { providerId: d.id, error: String(error) });
        return false;
      }),
    ),
  );
  return { asked: due.length, failed: outcomes.filter((ok) => !ok).length };
}
