// Placing an order (placeOrder, queueOrder), by a group commit per account (docs/decisions/0010-group-commit.md): an
// order tries its own transaction unless its account's queue is busy (joinsQueue); when it joins, or loses to
// concurrent transactions, it writes an intent (users/{uid}/orderIntents) and waits while any transaction of the
// account decides the pending intents in arrival order against the running balance (decide-placement.ts), writing
// their orders, ledger entries, one balance update, Idempotency-Key records and outcomes together. An intent is decided
// only by a transaction that read it pending, and expired, not accepted, when read too close to its `answerBy`.
import {
  type DocumentReference,
  type DocumentSnapshot,
  FieldPath,
  FieldValue,
  type QueryDocumentSnapshot,
  Timestamp,
} from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../lib/admin';
import { config, MAX_TRANSACTION_DEADLINE_MS } from '../../lib/config';
import { AppError, busy, isAppError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { getAllGrouped, getAllOf } from '../../lib/typed-collection';
import { ERROR_CODES } from '../../shared/errors';
import { MESSAGES } from '../../shared/messages';
import { toRupees } from '../../shared/money';
import { normalizeLink } from '../../shared/platforms';
import type { PlaceOrderBody } from '../../shared/schemas/orders';
import { type Identity, profileFromSnapshot, userRef } from '../accounts/users';
import { servicesCollection } from '../catalogue/catalogue';
import { planInTransaction, tiersFromSnapshot, tiersRef } from '../catalogue/pricing';
import {
  Contended,
  canonicalJson,
  claim,
  type Decided,
  idempotencyRef,
  isRemembered,
  type RecordReading,
  ReplayedRefusal,
  readRecord,
  recordBase,
  rememberRefusal,
  sha256,
  transact,
} from '../kernel/transactions';
import { postEntries } from '../money/ledger';
import { forwardingSettingsFromSnapshot, forwardingSettingsRef } from '../providers/forwarding-settings';
import { providersCollection, type ServiceLinkDoc, serviceLinkRef } from '../providers/provider-store';
import {
  decidePlacement,
  NUMBER_CANDIDATES_PER_ORDER,
  type Placement,
  type PlacementBody,
  type PlacementRequest,
  PlacementState,
  type PlaceOrderAnswer,
} from './decide-placement';
import { numberCandidates } from './order-numbers';
import { activeLinkKey, activeLinksCollection, ordersCollection, orderToWire } from './orders';

export interface PlaceOrderOptions {
  idempotencyKey?: string | undefined;
  /** API v2: refuse while an order for the same service and link is pending or processing. */
  refuseActiveLink?: boolean;
  /** Must settle before anything is written (see runInTransaction), e.g. the revocation check. */
  precondition?: Promise<unknown> | undefined;
}

/** The Idempotency-Key scope of placing an order. */
const SCOPE = 'order.place';

/**
 * Intents one transaction decides at most: each accepted one writes about seven documents (order,
 * fulfilment, ledger entry, active link, Idempotency-Key record, intent, and the shared balance), far
 * under Firestore's 500 writes per commit, and a batch stays a short transaction.
 */
export const BATCH_LIMIT = 20;
/**
 * The most intent bytes (comments are most of them) one transaction takes: each is written about
 * three times more (order, intent outcome, key record), under the 10 MiB of one commit.
 */
const BATCH_BYTES = 1_000_000;
/**
 * A pending intent this old is past its answerBy (a request's deadline runs from before its intent's
 * write, and is at most MAX_TRANSACTION_DEADLINE_MS): the sweep expires it (it never accepts one).
 */
export const STALE_INTENT_MS = MAX_TRANSACTION_DEADLINE_MS + 1_000;
/**
 * The longest a batch over the queue runs (its transaction's deadline, retries included; its commit is
 * sent before it). A batch decides only the intents whose answerBy is at or after its deadline, so a
 * short one leaves the intents ahead of the request running it to be decided, not expired.
 */
const BATCH_MS = 5_000;
/** How long a decided or withdrawn intent is kept (TTL on expiresAt): its requests read it within seconds. */
const INTENT_TTL_MS = 24 * 60 * 60 * 1000;
/** How often a waiting request reads its intent and the queue's head. */
const WATCH_MS = 100;
/** How long a head may stay put before the next in line runs batches itself (the head's request may have died). */
const LEAD_AFTER_MS = 2_000;
/** How long after an intent's arrival its account's new orders still join the queue directly (see joinsQueue). */
const HOT_MS = 3_000;
/** The places in the queue that take over one after another (see takesOver); the others together after them. */
const TAKEOVER_RANKS = 3;

export const intentsCollection = (uid: string) => userRef(uid).collection('orderIntents');
/** An account's pending intents in arrival order (ties by id). */
const pendingQuery = (uid: string) =>
  intentsCollection(uid).where('state', '==', 'pending').orderBy('arrivedAt').orderBy(FieldPath.documentId());

const timestamp = z.custom<Timestamp>((value) => value instanceof Timestamp, 'a Timestamp');

/**
 * The `status` an accepted intent's outcome stores, as it always has (its requests answer 201): requests
 * of the previous version, waiting on an intent during a deploy, read it.
 */
const STORED_ANSWER_STATUS = 201;

const outcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('answer'), status: z.number().int(), body: z.string(), replayed: z.boolean() }),
  z.object({
    kind: z.literal('refusal'),
    code: z.enum(ERROR_CODES),
    message: z.string(),
    field: z.string().optional(),
    replayed: z.boolean(),
  }),
]);
type Outcome = z.infer<typeof outcomeSchema>;

const intentSchema = z.object({
  identity: z.object({ uid: z.string(), email: z.string(), name: z.string(), admin: z.boolean() }),
  body: z.object({
    serviceId: z.string(),
    link: z.string(),
    quantity: z.number().int(),
    price: z.number().optional(),
    comments: z.string().optional(),
    runs: z.number().int().optional(),
    interval: z.number().int().optional(),
  }),
  refuseActiveLink: z.boolean(),
  /** The Idempotency-Key (the intent's id is its record's, so a retry with it finds the intent). */
  key: z.string().optional(),
  requestHash: z.string(),
  /**
   * `withdrawn` by its request at its deadline, `expired` by a batch or the sweep that read it past its
   * answerBy: either way nothing was written for it and its key is free.
   */
  state: z.enum(['pending', 'decided', 'withdrawn', 'expired']),
  /** The commit time of its write: the arrival order (ties by id). */
  arrivedAt: timestamp,
  /**
   * Its request's deadline (that instance's clock): from then on the request no longer waits for a
   * batch, it settles the intent. Only a batch whose own deadline is not later accepts or refuses it;
   * none (before this field): expired by the first batch that reads it.
   */
  answerBy: timestamp.optional(),
  outcome: outcomeSchema.optional(),
  /** The commit time of the transaction that decided it, and its place in that transaction's order. */
  decidedAt: timestamp.optional(),
  position: z.number().int().optional(),
  expiresAt: timestamp.optional(),
  /** Written by a request settling an intent that is no longer its own, after a write of its own that may land late (see settle). */
  touchedAt: timestamp.optional(),
});
export type IntentDoc = z.infer<typeof intentSchema>;
/** An intent as a request makes it (state and times are the store's; answerBy its request's). */
type NewIntent = Pick<IntentDoc, 'identity' | 'body' | 'refuseActiveLink' | 'key' | 'requestHash'>;

const NO_RECORD: RecordReading = { kind: 'none' };

const parseIntent = (snap: DocumentSnapshot): IntentDoc | undefined => (snap.exists ? intentSchema.parse(snap.data()) : undefined);

/** The request an intent carries, as placement decides it. */
const requestOf = (intent: NewIntent): PlacementRequest => ({
  identity: intent.identity,
  body: intent.body,
  refuseActiveLink: intent.refuseActiveLink,
});

/** Places an order: the order and the balance after it (a replay marked so), or throws the refusal the customer sees. */
export async function placeOrder(
  identity: Identity,
  body: PlaceOrderBody,
  options: PlaceOrderOptions = {},
): Promise<Decided<PlaceOrderAnswer>> {
  const { ref, intent, placement } = intentOf(identity, body, options);
  const key = options.idempotencyKey;
  // Which provider the service is linked to, read before the transaction so that its document joins
  // the transaction's one batched read (the link is read again inside, which decides); beside it,
  // whether the order joins its account's queue instead (see joinsQueue).
  const linkPreRead = serviceLinkRef(body.serviceId).get();
  linkPreRead.catch(() => undefined);
  const deadline = Date.now() + config.transactionDeadlineMs;
  const grouped = config.groupCommit;
  const queued = grouped ? joinsQueue(identity.uid) : Promise.resolve(false);
  queued.catch(() => undefined);
  try {
    const [, joins] = await Promise.all([linkPreRead, queued]);
    if (joins) {
      // A retry of an order already answered: its key's record answers it at once, as the own
      // transaction would have (an intent would only wait for a batch to read that record).
      const recorded = key !== undefined ? await recordedOutcome(identity.uid, key, intent.requestHash) : undefined;
      if (recorded) {
        await options.precondition;
        return answerOf(recorded, false);
      }
      throw new Queued();
    }
    const batch = await decideBatch(
      identity.uid,
      { own: { ref, intent, linkPreRead }, queue: false, precondition: options.precondition },
      grouped ? Math.min(deadline, Date.now() + config.ownAttemptMs) : deadline,
      { once: grouped },
    );
    if (batch.own) return answerOf(batch.own.outcome, batch.own.creator);
    // Not decided: (astronomically rarely) no free order number.
    throw busy();
  } catch (error) {
    if (error instanceof OwnRefusal) {
      const refusal = new AppError(error.outcome.code, error.outcome.message, error.outcome.field);
      await options.precondition;
      if (key !== undefined && isRemembered(refusal.code)) {
        await rememberRefusal(
          idempotencyRef(SCOPE, identity.uid, key),
          { scope: SCOPE, uid: identity.uid, key, request: placement },
          intent.requestHash,
          refusal,
          deadline,
        );
      }
      throw refusal;
    }
    if (!grouped || !(error instanceof Contended || error instanceof Queued || isAppError(error, 'busy'))) throw error;
    // It found a queue or a burst, or lost to concurrent transactions of the account, and wrote nothing: it joins the queue.
  }
  await options.precondition;
  return waitInQueue(identity.uid, ref, intent, deadline);
}

/** The intent of a request to place an order, and where it is stored when it joins the queue. */
function intentOf(identity: Identity, body: PlaceOrderBody, options: PlaceOrderOptions) {
  const placement: PlacementBody = {
    serviceId: body.serviceId,
    link: normalizeLink(body.link),
    quantity: body.quantity,
    ...(body.price !== undefined ? { price: body.price } : {}),
    ...(body.comments !== undefined ? { comments: body.comments } : {}),
    ...(body.runs !== undefined ? { runs: body.runs } : {}),
    ...(body.interval !== undefined ? { interval: body.interval } : {}),
  };
  const intent: NewIntent = {
    identity: { uid: identity.uid, email: identity.email, name: identity.name, admin: identity.admin },
    body: placement,
    refuseActiveLink: options.refuseActiveLink === true,
    ...(options.idempotencyKey !== undefined ? { key: options.idempotencyKey } : {}),
    requestHash: sha256(canonicalJson(placement)),
  };
  const key = options.idempotencyKey;
  const ref =
    key !== undefined
      ? intentsCollection(identity.uid).doc(idempotencyRef(SCOPE, identity.uid, key).id)
      : intentsCollection(identity.uid).doc();
  return { ref, intent, placement };
}

/**
 * Only the first half of the queue path: writes the order's intent (pending) and returns. A request
 * that dies after this is what the queue's other requests and the sweep decide for it; tests use it to
 * line up a known arrival order.
 */
export async function queueOrder(
  identity: Identity,
  body: PlaceOrderBody,
  options: PlaceOrderOptions = {},
  deadlineMs: number = config.transactionDeadlineMs,
): Promise<DocumentReference> {
  const { ref, intent } = intentOf(identity, body, options);
  const joined = await enqueue(identity.uid, ref, intent, Date.now() + deadlineMs);
  if (!('creator' in joined) || !joined.creator) throw new Error(`An intent under this key is already queued or decided: ${ref.path}`);
  return ref;
}

/** One batch over an account's queue; how many intents it decided (expired ones not counted), and whether more wait. */
export async function decideQueue(uid: string): Promise<{ decided: number; more: boolean }> {
  const batch = await decideBatch(uid, { queue: true }, Date.now() + config.transactionDeadlineMs);
  return { decided: batch.decided.size, more: batch.more };
}

/**
 * What an Idempotency-Key's record answers a request, if anything (read outside a transaction: a
 * record is never replaced before it expires).
 */
async function recordedOutcome(uid: string, key: string, requestHash: string): Promise<Outcome | undefined> {
  const reading = readRecord(await idempotencyRef(SCOPE, uid, key).get(), SCOPE, requestHash, Timestamp.now());
  return reading.kind === 'none' ? undefined : outcomeOfRecord(reading);
}

/** What a key's record answers for a request (not `none`): its conflict, or the replay of its answer or refusal. */
function outcomeOfRecord(reading: Exclude<RecordReading, { kind: 'none' }>): Outcome {
  if (reading.kind === 'conflict') {
    return {
      kind: 'refusal',
      code: 'idempotency_conflict',
      message: MESSAGES.idempotencyConflict,
      field: 'Idempotency-Key',
      replayed: false,
    };
  }
  if (reading.kind === 'answer')
    return { kind: 'answer', status: STORED_ANSWER_STATUS, body: JSON.stringify(reading.value), replayed: true };
  return { kind: 'refusal', ...reading.refusal, replayed: true };
}

function answerOf(outcome: Outcome, creator: boolean): Decided<PlaceOrderAnswer> {
  const replayed = outcome.replayed || !creator;
  if (outcome.kind === 'refusal') {
    if (outcome.code === 'idempotency_conflict' || !replayed) throw new AppError(outcome.code, outcome.message, outcome.field);
    throw new ReplayedRefusal(outcome.code, outcome.message, outcome.field);
  }
  return { value: JSON.parse(outcome.body) as PlaceOrderAnswer, replayed };
}

interface OwnRequest {
  ref: DocumentReference;
  intent: NewIntent;
  linkPreRead: Promise<DocumentSnapshot<ServiceLinkDoc>>;
}

interface BatchEntry {
  ref: DocumentReference;
  intent: NewIntent;
  /** A stored intent (pending in the queue); otherwise the request's own, decided in its own transaction. */
  stored: boolean;
  /** A stored intent's answerBy (ms). */
  answerBy?: number;
}

interface BatchResult {
  /**
   * The outcome of every stored intent this batch decided, by id, with the body it decided (an id is a
   * key's: the intent under it may be another request's, queued after the one a waiter read expired).
   */
  decided: Map<string, { outcome: Outcome; requestHash: string }>;
  /** Ids of the stored intents it expired (read past their answerBy: nothing written). */
  expired: Set<string>;
  /** The own request's outcome, when decided (`creator`: false when a stored intent with its key decided it). */
  own?: { outcome: Outcome; creator: boolean };
  /** Ids of the pending intents read. */
  seen: Set<string>;
  /** Pending intents remain after this batch. */
  more: boolean;
}

/** An order that finds its account's queue non-empty (or a burst on) joins it (the queue's leader decides it in turn). */
class Queued extends Error {}

/**
 * Whether a new order of the account joins its queue rather than trying its own transaction: intents
 * wait in it (the order must not pass them), or one arrived within HOT_MS, a burst is on: its own
 * transaction would only abort, and make the batches' commits wait on its locks.
 */
async function joinsQueue(uid: string): Promise<boolean> {
  const [pending, latest] = await Promise.all([
    pendingQuery(uid).select().limit(1).get(),
    intentsCollection(uid).orderBy('arrivedAt', 'desc').select('arrivedAt').limit(1).get(),
  ]);
  if (!pending.empty) return true;
  const arrivedAt = latest.docs[0]?.get('arrivedAt');
  return arrivedAt instanceof Timestamp && Date.now() - arrivedAt.toMillis() < HOT_MS;
}

/** Thrown out of a batch that decided only its own order, a refusal: nothing is committed. */
class OwnRefusal extends Error {
  constructor(readonly outcome: Extract<Outcome, { kind: 'refusal' }>) {
    super('own order refused');
  }
}

const intentBytes = (intent: NewIntent) => 1_000 + (intent.body.comments?.length ?? 0) + intent.body.link.length;

/**
 * One transaction over an account's queue: the pending intents in arrival order (up to a batch), then
 * the own request when nothing is left waiting before it; each decided in turn against the running
 * balance, everything written in one commit. `queue: false` decides the own request alone (the
 * switch off: one transaction per order, as before the group commit).
 *
 * A batch over the queue runs at most BATCH_MS, and a stored intent whose answerBy comes before the
 * batch's deadline is expired, not decided (its request may answer before this commit, or have been
 * cut off: a client without a key would send the order again). So an intent is accepted only by a
 * commit sent before its request stops waiting, which that request reads and answers.
 */
async function decideBatch(
  uid: string,
  { own, queue, precondition }: { own?: OwnRequest; queue: boolean; precondition?: Promise<unknown> | undefined },
  requestDeadline: number,
  options: { once?: boolean; stop?: () => boolean } = {},
): Promise<BatchResult> {
  const deadline = queue ? Math.min(requestDeadline, Date.now() + BATCH_MS) : requestDeadline;
  return transact(
    deadline,
    async (tx, beforeCommit) => {
      const now = Timestamp.now();
      const [pendingDocs, ownLink] = await Promise.all([
        queue ? tx.get(pendingQuery(uid).limit(BATCH_LIMIT)).then((snap) => snap.docs) : Promise.resolve([] as QueryDocumentSnapshot[]),
        own?.linkPreRead.then((snap) => snap.data()),
      ]);

      const entries: BatchEntry[] = [];
      const unreadable: DocumentReference[] = [];
      let bytes = 0;
      let cut = false;
      for (const doc of pendingDocs) {
        const parsed = intentSchema.safeParse(doc.data());
        if (!parsed.success) {
          // Never written by this version: decided as a failure (no money moves) rather than left to block the queue.
          logger.error('Unreadable order intent', { path: doc.ref.path, error: parsed.error.message });
          unreadable.push(doc.ref);
          continue;
        }
        const size = intentBytes(parsed.data);
        if (entries.length > 0 && bytes + size > BATCH_BYTES) {
          cut = true;
          break;
        }
        bytes += size;
        const answerBy = (parsed.data.answerBy ?? parsed.data.arrivedAt).toMillis();
        entries.push({ ref: doc.ref, intent: parsed.data, stored: true, answerBy });
      }
      const everything = !cut && pendingDocs.length < BATCH_LIMIT;
      let ownEntry: BatchEntry | undefined;
      if (own) {
        // A stored intent under the same key is this request (sent twice): its decision answers both.
        ownEntry = entries.find((entry) => entry.ref.id === own.ref.id);
        if (!ownEntry && everything) {
          ownEntry = { ref: own.ref, intent: own.intent, stored: false };
          entries.push(ownEntry);
        }
      }

      // Every read in one round trip: the account, the catalogue, the active links, the keys' records,
      // the own service's provider and the order-number candidates.
      const serviceIds = [...new Set(entries.map((entry) => entry.intent.body.serviceId))];
      const linkKeys = [
        ...new Set(entries.map(({ intent }) => activeLinkKey(intent.identity.uid, intent.body.serviceId, intent.body.link))),
      ];
      const keyed = entries.filter((entry) => entry.intent.key !== undefined);
      const knownProviders = ownLink ? [ownLink.providerId] : [];
      const read =
        entries.length === 0
          ? undefined
          : await getAllGrouped(tx, {
              user: [userRef(uid)],
              services: serviceIds.map((id) => servicesCollection().doc(id)),
              links: serviceIds.map((id) => serviceLinkRef(id)),
              activeLinks: linkKeys.map((linkKey) => activeLinksCollection().doc(linkKey)),
              records: keyed.map((entry) => idempotencyRef(SCOPE, uid, entry.intent.key as string)),
              providers: knownProviders.map((id) => providersCollection().doc(id)),
              candidates: numberCandidates(ordersCollection(), NUMBER_CANDIDATES_PER_ORDER * entries.length),
              // The customer's price: the tier table, and the margin floor a discount stops at.
              settings: [tiersRef(), forwardingSettingsRef()],
            });
      const userSnap = read?.user[0];
      const services = new Map((read?.services ?? []).map((snap) => [snap.id, snap.data()]));
      const providerLinks = new Map((read?.links ?? []).map((snap) => [snap.id, snap.data()]));
      const activeLinks = new Map((read?.activeLinks ?? []).map((snap) => [snap.id, snap.data()]));
      const records = read?.records ?? [];
      const providers = new Map((read?.providers ?? []).map((snap) => [snap.id, snap.data()]));
      const candidates = read?.candidates ?? [];
      const tiers = tiersFromSnapshot(read?.settings[0]);
      const forwarding = forwardingSettingsFromSnapshot(read?.settings[1]);
      // Providers of the queued orders' services (or of a link changed since the pre-read): read on their own.
      const missing = [
        ...new Set([...providerLinks.values()].flatMap((link) => (link && !providers.has(link.providerId) ? [link.providerId] : []))),
      ];
      if (missing.length > 0) {
        for (const snap of await getAllOf(tx, ...missing.map((id) => providersCollection().doc(id)))) {
          providers.set(snap.id, snap.data());
        }
      }

      const plan = await planInTransaction(tx, uid, userSnap?.data(), tiers);

      const decided = new Map<string, { outcome: Outcome; requestHash: string }>();
      const expired: DocumentReference[] = [];
      const placements: Placement[] = [];
      const recordsToWrite: (() => void)[] = [];
      let ownOutcome: Outcome | undefined;
      let stopped = false;
      const last = entries.at(-1);
      const state = userSnap && last ? new PlacementState(userSnap, activeLinks, candidates, now, last.intent.identity) : undefined;
      for (const entry of state ? entries : []) {
        const { intent } = entry;
        // Its request may stop waiting before this commit: skipped, nothing written (it answers busy).
        if (entry.stored && (entry.answerBy ?? 0) < deadline) {
          expired.push(entry.ref);
          continue;
        }
        const recordIndex = keyed.indexOf(entry);
        const recordRef = intent.key !== undefined ? idempotencyRef(SCOPE, uid, intent.key) : undefined;
        const reading = recordIndex >= 0 ? readRecord(records[recordIndex], SCOPE, intent.requestHash, now) : NO_RECORD;
        let outcome: Outcome;
        if (reading.kind !== 'none') {
          outcome = outcomeOfRecord(reading);
        } else {
          try {
            const placement = decidePlacement(
              requestOf(intent),
              { services, providerLinks, providers, plan, marginThresholdPercent: forwarding.marginThresholdPercent },
              state as PlacementState,
              now,
            );
            placements.push(placement);
            // Every read is done: its documents are written now, the debits and the balance after the loop.
            const written = placement.write(tx);
            const answer: PlaceOrderAnswer = {
              message: MESSAGES.orderPlaced,
              order: orderToWire(placement.orderRef.id, written),
              balance: toRupees(placement.balanceAfterPaisa),
            };
            outcome = { kind: 'answer', status: STORED_ANSWER_STATUS, body: JSON.stringify(answer), replayed: false };
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            // Not a decision (no free order number): this one and those after it wait for the next batch.
            if (!isRemembered(error.code)) {
              stopped = true;
              break;
            }
            outcome = {
              kind: 'refusal',
              code: error.code,
              message: error.message,
              ...(error.field ? { field: error.field } : {}),
              replayed: false,
            };
          }
          if (recordRef) {
            const answer =
              outcome.kind === 'answer'
                ? { body: outcome.body }
                : { refusal: { code: outcome.code, message: outcome.message, ...(outcome.field ? { field: outcome.field } : {}) } };
            const base = recordBase({ scope: SCOPE, uid, request: null }, intent.requestHash, now);
            const replaced = reading.record;
            recordsToWrite.push(() => claim(tx, recordRef, replaced, { ...base, ...answer }));
          }
        }
        if (entry.stored) decided.set(entry.ref.id, { outcome, requestHash: intent.requestHash });
        if (entry === ownEntry) ownOutcome = outcome;
      }

      // The own order refused and nothing else decided: it rolls back, as a lone refusal always did (a
      // refused transaction that commits holds its locks on the balance longer); its key remembers the
      // refusal in a transaction of its own.
      if (
        ownOutcome?.kind === 'refusal' &&
        !ownOutcome.replayed &&
        ownEntry &&
        !ownEntry.stored &&
        decided.size === 0 &&
        expired.length === 0 &&
        unreadable.length === 0
      ) {
        throw new OwnRefusal(ownOutcome);
      }

      // The writes: the accepted orders, the active links, the profile, the ledger with one balance
      // update, the keys' records, the intents' outcomes.
      for (const [linkKey, doc] of state?.changedLinks ?? []) tx.set(activeLinksCollection().doc(linkKey), doc);
      if (placements.length > 0 && userSnap && state?.profileFrom) {
        const { user, write } = profileFromSnapshot(userSnap, state.profileFrom, now);
        write(tx);
        const balances = postEntries(
          tx,
          { uid, ref: userSnap.ref, balancePaisa: user.balancePaisa ?? 0 },
          placements.map((placement) => placement.debit),
        );
        placements.forEach((placement, i) => {
          if (placement.balanceAfterPaisa !== balances[i]) throw new Error('The ledger disagrees with the placements decided');
        });
      }
      for (const write of recordsToWrite) write();
      const expiresAt = Timestamp.fromMillis(now.toMillis() + INTENT_TTL_MS);
      let position = 0;
      for (const entry of entries) {
        const outcome = decided.get(entry.ref.id)?.outcome;
        if (entry.stored && outcome) {
          tx.update(entry.ref, { state: 'decided', outcome, decidedAt: FieldValue.serverTimestamp(), position: position++, expiresAt });
        }
      }
      for (const ref of expired) tx.update(ref, { state: 'expired', decidedAt: FieldValue.serverTimestamp(), expiresAt });
      for (const ref of unreadable) {
        const outcome: Outcome = { kind: 'refusal', code: 'internal', message: MESSAGES.internal, replayed: false };
        tx.update(ref, { state: 'decided', outcome, decidedAt: FieldValue.serverTimestamp(), expiresAt });
      }
      if (ownEntry && ownOutcome) await precondition;
      beforeCommit();
      return {
        decided,
        expired: new Set(expired.map((ref) => ref.id)),
        ...(ownEntry && ownOutcome ? { own: { outcome: ownOutcome, creator: !ownEntry.stored } } : {}),
        seen: new Set(pendingDocs.map((doc) => doc.id)),
        more: !everything || stopped,
      };
    },
    options,
  );
}

/**
 * The queue path: writes the intent (or finds the one a request with the same key wrote), then waits
 * until a batch decides it. The request whose intent heads the queue runs the batches (one leader, so
 * batches do not fight each other over the balance); the others take over in turn when the head does
 * not move (see takesOver). At its deadline (the intent's answerBy) a request settles its intent (see
 * settle): it answers `busy` only once its withdrawal or an expiry has committed, so `busy` still means
 * nothing was written, and no batch accepts the intent after that deadline.
 */
async function waitInQueue(uid: string, ref: DocumentReference, intent: NewIntent, deadline: number): Promise<Decided<PlaceOrderAnswer>> {
  const joined = await enqueue(uid, ref, intent, deadline).catch((error: unknown) => {
    // A refusal (the key's conflict) or `busy` wrote nothing. Any other failure may come after the
    // intent's write was sent, which may still land and be decided: it is settled like any other.
    if (error instanceof AppError) throw error;
    logger.warn('Could not queue an order intent', { path: ref.path, error: messageOf(error) });
    return { creator: true, unsure: true };
  });
  if ('outcome' in joined) return answerOf(joined.outcome, false);
  // Nothing was written for this request: `busy`, unless its key's record holds this body's answer (an
  // earlier request with the key placed the order, or was refused): then its replay, as a retry gets it.
  const nothingWritten = async (): Promise<Decided<PlaceOrderAnswer>> => {
    const recorded =
      intent.key !== undefined ? await recordedOutcome(uid, intent.key, intent.requestHash).catch(() => undefined) : undefined;
    if (recorded?.replayed) return answerOf(recorded, false);
    throw busy();
  };
  const decided = 'unsure' in joined ? undefined : await waitForDecision(uid, ref, intent.requestHash, deadline);
  if (decided === 'ended') return nothingWritten();
  const outcome = decided ?? (await settle(ref, intent, deadline + config.settleMs, 'unsure' in joined));
  if (outcome) return answerOf(outcome, joined.creator);
  return nothingWritten();
}

/**
 * Waits until the deadline for a batch to decide the intent, running batches when it heads the queue
 * (or takes over). Its outcome; `ended` when a request with the same key withdrew it or a batch
 * expired it (nothing was written); undefined when the deadline came first.
 */
async function waitForDecision(
  uid: string,
  ref: DocumentReference,
  requestHash: string,
  deadline: number,
): Promise<Outcome | 'ended' | undefined> {
  const head = pendingQuery(uid).select().limit(1);
  // The head as last seen and since when: a head that stays put is not being decided (its request died).
  let seenHead: string | undefined;
  let seenSince = Date.now();
  // Where it stands among the waiters beyond the first places (see takesOver): drawn once per wait.
  const spread = Math.random();
  // Whether it has run a batch over a head not its own: the queue's front was dead, and it leads it now.
  let tookOver = false;
  while (Date.now() < deadline) {
    try {
      const [own, first] = await Promise.all([ref.get(), head.get()]);
      const found = parseIntent(own);
      // Withdrawn by a request with the same key at its deadline, or expired (and perhaps queued again
      // by another request under the key since): nothing was written for this one.
      if (found && found.requestHash !== requestHash) return 'ended';
      if (found?.state === 'decided' && found.outcome) return found.outcome;
      if (found?.state !== 'pending') return 'ended';
      const headId = first.docs[0]?.id;
      if (headId !== seenHead) {
        seenHead = headId;
        seenSince = Date.now();
      }
      if (headId !== ref.id && !(await takesOver(uid, ref.id, Date.now() - seenSince, spread, tookOver))) {
        await sleep(WATCH_MS * (0.5 + Math.random()));
        continue;
      }
      let batch: BatchResult;
      tookOver ||= headId !== ref.id;
      try {
        batch = await decideBatch(uid, { queue: true }, deadline);
      } catch (error) {
        // The batch ran out of its time (the balance's locks held): another, until the deadline.
        if (isAppError(error, 'busy')) continue;
        throw error;
      }
      // Decided under its id with another body: its own was expired or withdrawn since its read above,
      // and another request queued under the key (nothing was written for this one).
      const decided = batch.decided.get(ref.id);
      if (decided) return decided.requestHash === requestHash ? decided.outcome : 'ended';
      if (batch.expired.has(ref.id)) return 'ended';
    } catch (error) {
      // A read or a batch failed (a batch's commit perhaps after it was sent): the intent is read
      // again, until the deadline.
      logger.warn('Waiting for an order intent failed', { path: ref.path, error: messageOf(error) });
      await sleep(WATCH_MS);
    }
  }
  return undefined;
}

/**
 * Whether a waiting request runs a batch although its intent is not the head: the head has not moved
 * for LEAD_AFTER_MS times its place in the queue, so the second in line takes over first, the third
 * only if the second's request died too, and takeovers do not all contend at once. The waiters from
 * the TAKEOVER_RANKS-th place on take over between TAKEOVER_RANKS and TAKEOVER_RANKS + 1 times
 * LEAD_AFTER_MS, each at its own moment (`spread`, 0 to 1): a whole instance's requests die together,
 * and live requests behind a queue headed by many of them must not wait for the sweep (answering
 * busy), nor all start batches at once (batches over one balance abort each other). One that has
 * taken over (`led`) goes on as second in line: the next head gets LEAD_AFTER_MS to move, not its
 * place's wait again (after which the dead intents further back would be past their answerBy).
 */
async function takesOver(uid: string, id: string, stuckMs: number, spread: number, led: boolean): Promise<boolean> {
  if (stuckMs < LEAD_AFTER_MS) return false;
  if (led) return true;
  const ids = (await pendingQuery(uid).select().limit(TAKEOVER_RANKS).get()).docs.map((doc) => doc.id);
  const place = ids.indexOf(id);
  return stuckMs >= LEAD_AFTER_MS * (place >= 0 ? place : TAKEOVER_RANKS + spread);
}

/**
 * Writes the pending intent; a request with the same key and body finds the one already written (and
 * joins it, or reads its outcome). Otherwise the key's record answers, as placeOrder's own transaction
 * would have (a replay of this body's answer or refusal, or the conflict); without one, an intent of
 * another body waiting under the key holds it (the conflict), and one withdrawn, expired or decided
 * is replaced by this request's.
 */
async function enqueue(
  uid: string,
  ref: DocumentReference,
  intent: NewIntent,
  deadline: number,
): Promise<{ creator: boolean } | { outcome: Outcome }> {
  const pending = { ...intent, state: 'pending', arrivedAt: FieldValue.serverTimestamp(), answerBy: Timestamp.fromMillis(deadline) };
  try {
    await ref.create(pending);
    return { creator: true };
  } catch (error) {
    if ((error as { code?: unknown }).code !== 6) throw error; // ALREADY_EXISTS: written under this key before
  }
  // Most often a request with the same key sent at the same time: its intent is pending or decided.
  // (A decided one past its expiresAt, which TTL has not yet deleted, is as good as gone.)
  const mine = (found: IntentDoc | undefined) =>
    found?.requestHash === intent.requestHash &&
    (found.state === 'pending' || (found.state === 'decided' && (found.expiresAt?.toMillis() ?? Number.POSITIVE_INFINITY) > Date.now()))
      ? found
      : undefined;
  const joinOrRead = (found: IntentDoc): { creator: boolean } | { outcome: Outcome } =>
    found.state === 'decided' && found.outcome ? { outcome: found.outcome } : { creator: false };
  const known = mine(parseIntent(await ref.get()));
  if (known) return joinOrRead(known);
  const recordRef = intent.key !== undefined ? idempotencyRef(SCOPE, uid, intent.key) : undefined;
  return transact(deadline, async (tx, beforeCommit) => {
    const now = Timestamp.now();
    const [snap, recordSnap] = await getAllOf(tx, ref, ...(recordRef ? [recordRef] : []));
    const found = parseIntent(snap as DocumentSnapshot);
    const own = mine(found);
    const reading = own ? NO_RECORD : readRecord(recordSnap, SCOPE, intent.requestHash, now);
    if (!own && reading.kind === 'none') {
      if (found?.state === 'pending') throw new AppError('idempotency_conflict', MESSAGES.idempotencyConflict, 'Idempotency-Key');
      tx.set(ref, pending);
    }
    beforeCommit();
    if (own) return joinOrRead(own);
    return reading.kind === 'none' ? { creator: true } : { outcome: outcomeOfRecord(reading) };
  });
}

/** How long one attempt to settle an intent (a read, or the withdrawal's write) may take before it is tried again. */
const SETTLE_ATTEMPT_MS = 5_000;

/**
 * Once its deadline has passed, a request settles its intent: it withdraws it (null: nothing written,
 * `busy`) unless a batch decided it first (that outcome: its commit was sent before this deadline) or
 * expired it (null). It answers only once one of them has committed. A batch whose leader died after reading the intent holds Firestore's locks on it until
 * the dead transaction expires (60 s after its last operation), and the withdrawal waits for them;
 * so it keeps trying, each attempt bounded and the intent read again, with backoff, until `until`
 * (config.settleMs past the deadline, well above that expiry). The withdrawal is a write conditional
 * on the version read, so an attempt abandoned while it waits may land later without harm: only on
 * that pending version, and the next read sees it. An intent not found (its create failed, or is
 * still on its way) is created withdrawn, so a late create fails. Past `until` (Firestore unavailable
 * all along) the outcome is unknown: an error (500), never `busy`. `unsure`: the intent's write failed
 * in a way that may still land (enqueue re-queueing under a key over an expired or withdrawn intent,
 * conditional on the version it read): nothing of this request's is taken as settled from a read alone,
 * but only once a write conditional on the version read has committed (a touch), so that write failing
 * means the version changed (the late write landed, perhaps) and the intent is read again.
 */
async function settle(ref: DocumentReference, intent: NewIntent, until: number, unsure = false): Promise<Outcome | null> {
  let pauseMs = 100;
  let failure: unknown;
  // The withdrawal (or touch) in flight: the version it is conditional on, and whether it failed.
  let inFlight: { version: Timestamp; write: Promise<unknown>; failed: boolean } | undefined;
  // A write conditional on `version`, reused while in flight (an abandoned one may land later, harmless).
  const conditional = async (version: Timestamp, data: Record<string, unknown>, bound: number) => {
    if (!inFlight || inFlight.failed || !inFlight.version.isEqual(version)) {
      const attempt = { version, write: ref.update(data, { lastUpdateTime: version }), failed: false };
      attempt.write.catch(() => {
        attempt.failed = true;
      });
      inFlight = attempt;
    }
    await within(inFlight.write, bound);
  };
  const withdrawn = () => ({ state: 'withdrawn', expiresAt: Timestamp.fromMillis(Date.now() + INTENT_TTL_MS) });
  while (Date.now() < until) {
    const bound = Math.max(1, Math.min(SETTLE_ATTEMPT_MS, until - Date.now()));
    try {
      const snap = await within(ref.get(), bound);
      const found = parseIntent(snap);
      if (!found) {
        await within(ref.create({ ...intent, arrivedAt: FieldValue.serverTimestamp(), ...withdrawn() }), bound);
        return null;
      }
      // Expired by a batch, or another request's, queued under the key after this one was withdrawn or
      // expired: nothing of this one's left.
      if (found.requestHash !== intent.requestHash || found.state === 'withdrawn' || found.state === 'expired') {
        // This request's write may still land over this version: it no longer can once the touch has.
        if (unsure) await conditional(snap.updateTime as Timestamp, { touchedAt: FieldValue.serverTimestamp() }, bound);
        return null;
      }
      if (found.state === 'decided') {
        if (found.outcome) return found.outcome;
        failure = new Error('decided without an outcome'); // never written so: not busy either
        break;
      }
      await conditional(snap.updateTime as Timestamp, withdrawn(), bound);
      return null;
    } catch (error) {
      // The locks still held (the attempt ran out of time), or the intent changed since read (decided,
      // most likely: FAILED_PRECONDITION): read it again.
      failure = error;
      await sleep(Math.min(pauseMs * (0.5 + Math.random()), Math.max(0, until - Date.now())));
      pauseMs = Math.min(pauseMs * 2, 5_000);
    }
  }
  // Whether it was decided is unknown: not `busy` (which says nothing was written). A retry with the
  // same Idempotency-Key learns the outcome.
  logger.error('Could not settle an order intent', { path: ref.path, error: messageOf(failure) });
  throw new Error(`Order intent ${ref.path} neither withdrawn nor decided`);
}

/** The promise's outcome, or a rejection once `ms` have passed (the promise itself goes on). */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  promise.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeUp]).finally(() => clearTimeout(timer));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The sweep (every minute): expires the intents past their answerBy that are still pending (their
 * request died, or is settling them; nothing is written for them either way). It never accepts one:
 * every live request runs batches for its own. Returns how many it expired.
 */
export async function decideStaleIntents(nowMs = Date.now()): Promise<number> {
  const stale = await db
    .collectionGroup('orderIntents')
    .where('state', '==', 'pending')
    .where('arrivedAt', '<', Timestamp.fromMillis(nowMs - STALE_INTENT_MS))
    .limit(100)
    .get();
  const byAccount = new Map<string, DocumentReference[]>();
  for (const doc of stale.docs) {
    const uid = doc.ref.parent.parent?.id;
    if (uid !== undefined) byAccount.set(uid, [...(byAccount.get(uid) ?? []), doc.ref]);
  }
  let count = 0;
  for (const [uid, refs] of byAccount) {
    try {
      count += await expireIntents(refs, nowMs);
    } catch (error) {
      // Busy: the intents are locked, by a batch whose instance died perhaps (its locks expire within a
      // minute): the next run expires them.
      const log = isAppError(error, 'busy') ? logger.warn : logger.error;
      log('Could not expire an account’s order intents', { uid, error: messageOf(error) });
    }
  }
  return count;
}

/** Expires those of the intents still pending and past their answerBy at `nowMs`, in one transaction; how many. */
async function expireIntents(refs: DocumentReference[], nowMs: number): Promise<number> {
  return transact(Date.now() + BATCH_MS, async (tx, beforeCommit) => {
    const expiresAt = Timestamp.fromMillis(nowMs + INTENT_TTL_MS);
    let count = 0;
    for (const snap of await getAllOf(tx, ...refs)) {
      const parsed = intentSchema.safeParse(snap.data());
      // One never written by this version is left to the account's next batch (which decides it a failure).
      if (!parsed.success || parsed.data.state !== 'pending') continue;
      if ((parsed.data.answerBy ?? parsed.data.arrivedAt).toMillis() > nowMs) continue;
      tx.update(snap.ref, { state: 'expired', decidedAt: FieldValue.serverTimestamp(), expiresAt });
      count++;
    }
    beforeCommit();
    return count;
  });
}
