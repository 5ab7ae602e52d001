// Recharge requests: a customer reports a wallet payment (amount, wallet, transaction id) and an admin approves it,
// crediting through the one credit path (money/credits.ts), or rejects it. An id is credited at most once:
// rechargeReferences/{ID} records the approval that credited it, in that approval's transaction, so of two approvals
// naming one id one commits. Submitting claims nothing across customers (a refusal would let anyone squat an id before
// its payer, or probe which ids were submitted): the same document counts the pending requests naming the id, shown
// to the admin as duplicates, and rechargeReferences/{ID}/customers/{uid} stops one customer naming it twice.
import { type DocumentReference, FieldValue, type Query, type Timestamp, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../lib/admin';
import { fail, invalidInput, notFound } from '../../lib/errors';
import { pageNewestFirst, pageOldestFirst } from '../../lib/pagination';
import { exists, getAllGrouped, getAllOf, paisaSchema, timestampSchema, typedCollection } from '../../lib/typed-collection';
import { MESSAGES } from '../../shared/messages';
import { type Paisa, toPaisa, toRupees } from '../../shared/money';
import { topUpNotification } from '../../shared/notifications';
import { PROOF_MESSAGES } from '../../shared/payment-proof';
import type { User } from '../../shared/schemas/accounts';
import type { AdminRechargeRequest, RechargeRequest } from '../../shared/schemas/top-ups';
import { normalizePayerNumber } from '../../shared/wallet-sms';
import { WHOSE_PAYMENT_REASONS } from '../../shared/wallet-states';
import { accountFromSnapshot, assertNotBlocked, customerFields, type Identity, type UserDoc, userRef, userToWire } from '../accounts/users';
import { type Actor, writeAudit } from '../kernel/audit';
import { checkRateLimit } from '../kernel/rate-limit';
import { runInTransaction } from '../kernel/transactions';
import { readCreditEffects, writeCredit } from '../money/credits';
import { deliverNow, notificationId, readNotifier } from '../support/notifications';
import { checkProof, type ProofClaimDoc, proofClaimRef, storedProofSchema } from './payment-proofs';
import { findWallet, settingsFromDoc, settingsRef } from './public-settings';
import { isOpenEvent, requestSmsToWire, type WalletEventDoc, walletEventRef } from './wallet-events';

export type RechargeRequestStatus = RechargeRequest['status'];

export const rechargeRequestDocSchema = z.object({
  ...customerFields,
  amountPaisa: paisaSchema,
  /** The wallet provider as configured in settings. */
  method: z.string(),
  /** The wallet transaction id as the customer typed it (trimmed). */
  reference: z.string(),
  /**
   * normalizeReference(reference). Absent on legacy requests (made while an id was claimed at submission,
   * LegacyClaimDoc); the requests that have it are the ones counted in pendingRechargeRequests/{uid}.
   */
  referenceKey: z.string().optional(),
  status: z.enum(['pending', 'approved', 'rejected']),
  createdAt: timestampSchema,
  /** Who decided is in audit/ (admins only): the customer reads this document. */
  decidedAt: timestampSchema.optional(),
  note: z.string().optional(),
  /** The recharge record an approval wrote. */
  rechargeId: z.string().optional(),
  /** The payment screenshot the customer attached, checked when the request was made. */
  proof: storedProofSchema.optional(),
  /** The number the customer paid from (normalizePayerNumber), compared with the wallet SMS's payer (decision record 0015). */
  payerNumber: z.string().optional(),
  /** What was credited, when it differs from the amount requested (the admin credits what arrived). */
  creditedPaisa: paisaSchema.optional(),
  /** The wallet SMS this payment was matched with (walletEvents/). */
  walletEventId: z.string().optional(),
  /** Credited by the autopilot, not by an admin. */
  autoCredited: z.boolean().optional(),
  /** The deciding admin's email on requests older than issue 12 (`npm run migrate:issue-12` moves it to audit/). */
  decidedBy: z.string().optional(),
});
export type RechargeRequestDoc = z.infer<typeof rechargeRequestDocSchema>;

/** rechargeReferences/{ID}: the pending requests naming an id, and its credit (LegacyClaimDoc: the older shape). */
const referenceDocSchema = z.object({
  /** Pending requests naming this id, of any customers. */
  pending: z.number().int(),
  /** The approval that credited this id; there is never a second. */
  credited: z.object({ requestId: z.string(), userId: z.string(), rechargeId: z.string() }).nullable(),
});
export type ReferenceDoc = z.infer<typeof referenceDocSchema>;

/** rechargeReferences/{ID} in its legacy shape, still read, no longer written: a claim made when the first request was submitted. */
const legacyClaimDocSchema = z.object({ requestId: z.string(), userId: z.string(), createdAt: timestampSchema });
type LegacyClaimDoc = z.infer<typeof legacyClaimDocSchema>;

/** rechargeReferences/{ID}/customers/{uid}: this customer's pending or approved request for the id. */
const customerReferenceDocSchema = z.object({ requestId: z.string(), status: z.enum(['pending', 'approved']) });
export type CustomerReferenceDoc = z.infer<typeof customerReferenceDocSchema>;

/** pendingRechargeRequests/{uid}: how many of the customer's requests (legacy ones aside) wait. */
const pendingCountDocSchema = z.object({ count: z.number().int() });
type PendingCountDoc = z.infer<typeof pendingCountDocSchema>;

/** Requests a customer may have waiting at once. */
export const MAX_PENDING_RECHARGE_REQUESTS = 5;

export const rechargeRequestsCollection = () => typedCollection('rechargeRequests', rechargeRequestDocSchema);
export const rechargeReferencesCollection = () =>
  typedCollection('rechargeReferences', z.union([referenceDocSchema, legacyClaimDocSchema]));
/** rechargeReferences/{ID}/customers: the customers whose requests name the id. */
export const referenceCustomersOf = (referenceKey: string) =>
  typedCollection(rechargeReferencesCollection().doc(referenceKey).collection('customers'), customerReferenceDocSchema);
export const customerReferenceRef = (referenceKey: string, uid: string) => referenceCustomersOf(referenceKey).doc(uid);
const pendingCountRef = (uid: string) => typedCollection('pendingRechargeRequests', pendingCountDocSchema).doc(uid);

/** Transaction ids are letters and digits; case does not make a different payment. */
export const normalizeReference = (reference: string) => reference.trim().toUpperCase();

export interface ReferenceState extends ReferenceDoc {
  /** A request recorded only in a legacy claim, whose customer document is still to be written. */
  legacyCustomer: { uid: string; doc: CustomerReferenceDoc } | null;
}

/** A reference document as the current shape (a legacy claim is read through the request it names). */
export async function readReference(tx: Transaction, ref: DocumentReference<ReferenceDoc | LegacyClaimDoc>): Promise<ReferenceState> {
  const data = (await tx.get(ref)).data();
  if (!data) return { pending: 0, credited: null, legacyCustomer: null };
  if ('pending' in data) return { ...data, legacyCustomer: null };
  const claimed = (await tx.get(rechargeRequestsCollection().doc(data.requestId))).data();
  const customer = (status: CustomerReferenceDoc['status']) => ({ uid: data.userId, doc: { requestId: data.requestId, status } });
  if (claimed?.status === 'pending') return { pending: 1, credited: null, legacyCustomer: customer('pending') };
  if (claimed?.status === 'approved') {
    const credited = { requestId: data.requestId, userId: data.userId, rechargeId: claimed.rechargeId ?? '' };
    return { pending: 0, credited, legacyCustomer: customer('approved') };
  }
  // A rejected request's claim: a rejection now frees the id.
  return { pending: 0, credited: null, legacyCustomer: null };
}

/** The write phase for a reference: its document in the current shape, and a legacy claim's customer document. */
export function writeReference(tx: Transaction, ref: DocumentReference<ReferenceDoc | LegacyClaimDoc>, state: ReferenceState) {
  tx.set(ref, { pending: state.pending, credited: state.credited } satisfies ReferenceDoc);
  if (state.legacyCustomer) tx.set(customerReferenceRef(ref.id, state.legacyCustomer.uid), state.legacyCustomer.doc);
}

/** Auto ids are 20 letters and digits; anything else (a slash, dots) cannot name a request. */
const isRequestId = (id: string) => /^[A-Za-z0-9]{1,128}$/.test(id);

export function rechargeRequestToWire(id: string, doc: RechargeRequestDoc): RechargeRequest {
  return {
    _id: id,
    user: doc.user,
    amount: toRupees(doc.amountPaisa),
    method: doc.method,
    reference: doc.reference,
    status: doc.status,
    createdAt: doc.createdAt.toDate().toISOString(),
    ...(doc.decidedAt ? { decidedAt: doc.decidedAt.toDate().toISOString() } : {}),
    ...(doc.note ? { note: doc.note } : {}),
    ...(doc.proof ? { proof: { path: doc.proof.path } } : {}),
    ...(doc.payerNumber ? { payerNumber: doc.payerNumber } : {}),
    ...(doc.creditedPaisa !== undefined ? { creditedAmount: toRupees(doc.creditedPaisa) } : {}),
    ...(doc.autoCredited ? { autoCredited: true } : {}),
  };
}

export async function submitRechargeRequest(
  identity: Identity,
  body: { amount: number; method: string; reference: string; proof?: string | undefined; payerNumber?: string | undefined },
  idempotencyKey?: string,
) {
  const amountPaisa = toPaisa(body.amount);
  const payerNumber = body.payerNumber === undefined ? undefined : (normalizePayerNumber(body.payerNumber) ?? undefined);
  const reference = body.reference.trim();
  const referenceKey = normalizeReference(reference);
  const referenceRef = rechargeReferencesCollection().doc(referenceKey);
  // Storage is read before the transaction (no network call inside one); the claim below is in it.
  const proof = body.proof === undefined ? undefined : await checkProof(identity.uid, body.proof);
  const proofRef = proof ? proofClaimRef(proof.path) : null;
  return runInTransaction<{ request: RechargeRequest }>(
    { scope: 'recharge-request.create', uid: identity.uid, key: idempotencyKey, request: { ...body, reference } },
    async (tx, now) => {
      const [settingsSnap, mineSnap, userSnap, pendingSnap, state, limit, proofClaim] = await Promise.all([
        tx.get(settingsRef()),
        tx.get(customerReferenceRef(referenceKey, identity.uid)),
        tx.get(userRef(identity.uid)),
        tx.get(pendingCountRef(identity.uid)),
        readReference(tx, referenceRef),
        checkRateLimit(tx, 'rechargeRequest', { uid: identity.uid }, now),
        proofRef ? tx.get(proofRef) : Promise.resolve(null),
      ]);

      assertNotBlocked(userSnap.data());
      const wallet = findWallet(settingsFromDoc(settingsSnap.data()), body.method);
      if (!wallet) throw invalidInput(MESSAGES.unknownWallet, 'method');
      // The customer's own pending or approved request for this id. Two racing submissions both read
      // none; the commit of one invalidates the other's read, and its retry finds it.
      if (mineSnap.exists || state.legacyCustomer?.uid === identity.uid)
        throw fail('transaction_id_used', MESSAGES.transactionIdUsed, 'reference');
      const pending = pendingSnap.data()?.count ?? 0;
      if (pending >= MAX_PENDING_RECHARGE_REQUESTS) throw fail('too_many_pending', MESSAGES.tooManyPendingRecharges);
      // One screenshot, one request: two submissions naming it both read no claim, and the commit of one
      // invalidates the other's read, whose retry finds the claim.
      if (proofClaim?.exists) throw fail('proof_used', PROOF_MESSAGES.used, 'proof');

      const profile = userSnap.data();
      const requestRef = rechargeRequestsCollection().doc();
      const request: RechargeRequestDoc = {
        userId: identity.uid,
        user: { _id: identity.uid, name: profile?.name ?? identity.name, email: profile?.email ?? identity.email },
        amountPaisa,
        method: wallet.provider,
        reference,
        referenceKey,
        status: 'pending',
        createdAt: now,
        ...(proof ? { proof } : {}),
        ...(payerNumber ? { payerNumber } : {}),
      };
      limit.record();
      // The profile remembers the number, so the next recharge form starts with it, and every number it paid from
      // (a referral commission is never paid between two accounts that share one: money/referrals.ts).
      if (payerNumber && profile && (profile.payerNumber !== payerNumber || !profile.payerNumbers?.includes(payerNumber))) {
        tx.update(userSnap.ref, { payerNumber, payerNumbers: FieldValue.arrayUnion(payerNumber) });
      }
      if (proofRef) tx.create(proofRef, { requestId: requestRef.id, userId: identity.uid, createdAt: now } satisfies ProofClaimDoc);
      writeReference(tx, referenceRef, { ...state, pending: state.pending + 1 });
      tx.set(customerReferenceRef(referenceKey, identity.uid), {
        requestId: requestRef.id,
        status: 'pending',
      } satisfies CustomerReferenceDoc);
      tx.set(pendingCountRef(identity.uid), { count: pending + 1 } satisfies PendingCountDoc);
      tx.create(requestRef, request);
      return { request: rechargeRequestToWire(requestRef.id, request) };
    },
  );
}

/**
 * Reads, for a decision on `request`, its reference and (for requests counted there) the customer's
 * pending count; `write` records that the request no longer waits, as `status`.
 */
async function readForDecision(tx: Transaction, requestId: string, request: RechargeRequestDoc) {
  const referenceKey = request.referenceKey ?? normalizeReference(request.reference);
  const referenceRef = rechargeReferencesCollection().doc(referenceKey);
  const counted = request.referenceKey !== undefined;
  const [state, pendingSnap] = await Promise.all([
    readReference(tx, referenceRef),
    counted ? tx.get(pendingCountRef(request.userId)) : Promise.resolve(null),
  ]);
  const write = (decision: { status: 'rejected' } | { status: 'approved'; rechargeId: string }) => {
    const credited =
      decision.status === 'approved' ? { requestId, userId: request.userId, rechargeId: decision.rechargeId } : state.credited;
    // This customer's document is written below: a legacy claim of theirs needs no other.
    const legacyCustomer = state.legacyCustomer?.uid === request.userId ? null : state.legacyCustomer;
    writeReference(tx, referenceRef, { pending: Math.max(0, state.pending - 1), credited, legacyCustomer });
    const mine = customerReferenceRef(referenceKey, request.userId);
    // A rejection frees the id: its payer (this customer or another) may submit it again.
    if (decision.status === 'approved') tx.set(mine, { requestId, status: 'approved' } satisfies CustomerReferenceDoc);
    else tx.delete(mine);
    if (pendingSnap) {
      const count = pendingSnap.data()?.count ?? 0;
      tx.set(pendingCountRef(request.userId), { count: Math.max(0, count - 1) } satisfies PendingCountDoc);
    }
  };
  return { state, write };
}

export function assertPending(request: RechargeRequestDoc) {
  if (request.status === 'approved') throw fail('already_decided', MESSAGES.requestAlreadyApproved, 'status');
  if (request.status === 'rejected') throw fail('already_decided', MESSAGES.requestAlreadyRejected, 'status');
}

/** Where a request's transaction id may have come as an SMS (the wallet it names, the id as compared). */
export const requestEventRef = (request: RechargeRequestDoc) =>
  walletEventRef(request.method, request.referenceKey ?? normalizeReference(request.reference));

/** The SMS naming a request's transaction id, in every configured wallet (a hold may sit in another one). */
async function readEventsOfId(tx: Transaction, request: RechargeRequestDoc) {
  const tid = request.referenceKey ?? normalizeReference(request.reference);
  const wallets = settingsFromDoc((await tx.get(settingsRef())).data()).wallets.map((w) => w.provider);
  const providers = [...new Set([request.method, ...wallets])];
  const snaps = await getAllOf(tx, ...providers.map((provider) => walletEventRef(provider, tid)));
  return snaps.filter(exists).map((snap) => ({ ref: snap.ref, doc: snap.data() }));
}

export interface ApprovalInput {
  /** Who credits: an admin, or the autopilot (SYSTEM_ACTOR) naming the phone in `reason`. */
  actor: Actor;
  /** What is credited: the amount actually received, which may differ from the request's. */
  amountPaisa: Paisa;
  /** Why, in the audit entry (an automatic match names the phone, an attach the SMS). */
  reason?: string | undefined;
  /** Fields recorded on the request with the decision (autoCredited). */
  extra?: Pick<RechargeRequestDoc, 'autoCredited'>;
}

export interface Approval {
  request: RechargeRequestDoc;
  profile: UserDoc | undefined;
  /** The SMS that names this payment (by the request's wallet and id, or the one being attached), if any. */
  event: { ref: DocumentReference; doc: WalletEventDoc } | null;
  /** A credit already recorded on the request's transaction id (or the attached SMS's): never a second. */
  credited: boolean;
  /** The write phase: the credit, the request approved, its id(s) credited, the SMS matched, audit and notification. */
  write(
    tx: Transaction,
    now: Timestamp,
    input: ApprovalInput,
  ): { push: DocumentReference | null; request: RechargeRequest; user: User; rechargeId: string };
}

/**
 * The read phase of crediting a pending request (an admin's Approve, the autopilot's match, an admin
 * attaching an SMS): its owner's profile, its transaction id's reference (and the attached SMS's, when that
 * names another id), its notification and the SMS that names it. One code for all three, so each does
 * exactly what Approve does.
 */
export async function readApproval(
  tx: Transaction,
  requestId: string,
  request: RechargeRequestDoc,
  attached?: { ref: DocumentReference; doc: WalletEventDoc },
): Promise<Approval> {
  const notification = notificationId.topUp(requestId);
  const requestKey = request.referenceKey ?? normalizeReference(request.reference);
  const otherKey = attached?.doc.tid && attached.doc.tid !== requestKey ? attached.doc.tid : null;
  const otherRef = otherKey ? rechargeReferencesCollection().doc(otherKey) : null;
  const [profileSnap, reference, notifier, eventSnap, other] = await Promise.all([
    tx.get(userRef(request.userId)),
    readForDecision(tx, requestId, request),
    readNotifier(tx, request.userId, [notification]),
    attached ? Promise.resolve(null) : tx.get(requestEventRef(request)),
    otherRef ? readReference(tx, otherRef) : Promise.resolve(null),
  ]);
  const eventDoc = eventSnap?.data();
  const found = eventSnap && eventDoc ? { ref: eventSnap.ref, doc: eventDoc } : null;
  const event = attached ?? found;
  const profile = profileSnap.data();
  const effects = await readCreditEffects(tx, request.userId, profile);
  return {
    request,
    profile,
    event,
    credited: reference.state.credited !== null || (other?.credited ?? null) !== null,
    write(tx, now, input) {
      // The email the request was filed with may be out of date: an existing profile keeps its own.
      const owner: Identity = { uid: request.userId, email: profile?.email ?? request.user.email, name: request.user.name, admin: false };
      const { account, user, createIfMissing } = accountFromSnapshot(tx, profileSnap, owner, now);
      createIfMissing();
      const rechargeId = writeCredit(
        tx,
        account,
        { _id: request.userId, name: user.name, email: user.email },
        {
          amountPaisa: input.amountPaisa,
          method: request.method,
          reference: request.reference,
          by: input.actor,
          requestId,
          payerNumber: request.payerNumber,
        },
        now,
        effects,
      );
      const requestRef = rechargeRequestsCollection().doc(requestId);
      const decision = {
        status: 'approved' as const,
        decidedAt: now,
        rechargeId,
        ...(input.amountPaisa !== request.amountPaisa ? { creditedPaisa: input.amountPaisa } : {}),
        ...(event ? { walletEventId: event.ref.id } : {}),
        ...input.extra,
      };
      tx.update(requestRef, decision);
      writeAudit(tx, requestRef, 'approve', input.actor, now, {
        before: { status: 'pending' },
        after: {
          status: 'approved',
          userId: request.userId,
          amount: toRupees(input.amountPaisa),
          ...(input.amountPaisa !== request.amountPaisa ? { requested: toRupees(request.amountPaisa) } : {}),
          rechargeId,
          ...(event ? { walletEventId: event.ref.id } : {}),
        },
        reason: input.reason,
      });
      reference.write({ status: 'approved', rechargeId });
      if (otherRef && other) writeReference(tx, otherRef, { ...other, credited: { requestId, userId: request.userId, rechargeId } });
      // The SMS of this payment is settled by this credit, whoever got here first.
      if (event && isOpenEvent(event.doc)) {
        tx.update(event.ref, { status: 'matched', requestId, rechargeId, decidedAt: now, reason: FieldValue.delete() });
      }
      const push = notifier.add(tx, notification, topUpNotification({ decision: 'approved', amountPaisa: input.amountPaisa }), now);
      const credited: UserDoc = {
        ...user,
        balancePaisa: account.balancePaisa,
        lastRecharge: { amountPaisa: input.amountPaisa, date: now },
      };
      return {
        push,
        rechargeId,
        request: rechargeRequestToWire(requestId, { ...request, ...decision }),
        user: userToWire(request.userId, credited),
      };
    },
  };
}

/** Reads a request for a decision: 404 for an id that names none. */
export async function readRequest(tx: Transaction, requestId: string) {
  if (!isRequestId(requestId)) throw notFound(MESSAGES.requestNotFound);
  const ref = rechargeRequestsCollection().doc(requestId);
  const request = (await tx.get(ref)).data();
  if (!request) throw notFound(MESSAGES.requestNotFound);
  return request;
}

/**
 * Credits the request exactly once: the status check and the credit are one transaction, so of any
 * number of concurrent approvals one commits and the rest find it approved (409). Its transaction id is
 * credited once too: the approval records the credit on the id's document, which a concurrent approval
 * of another request naming the id has read, so that one retries and finds it credited (409). The
 * admin may credit what actually arrived (`amountPaisa`), which the web console asks for.
 */
export async function approveRechargeRequest(admin: Actor, requestId: string, amountPaisa?: Paisa) {
  let push: DocumentReference | null = null;
  const { value } = await runInTransaction<{ message: string; request: RechargeRequest; user: User }>(null, async (tx, now) => {
    push = null;
    const request = await readRequest(tx, requestId);
    assertPending(request);
    const approval = await readApproval(tx, requestId, request);
    // Another request naming this transaction id was credited: the payment is not credited twice.
    if (approval.credited) throw fail('transaction_id_credited', MESSAGES.transactionIdCredited, 'reference');
    const written = approval.write(tx, now, { actor: admin, amountPaisa: amountPaisa ?? request.amountPaisa });
    push = written.push;
    return { message: MESSAGES.requestApproved, request: written.request, user: written.user };
  });
  if (push) await deliverNow([push]);
  return value;
}

export async function rejectRechargeRequest(admin: Actor, requestId: string, note?: string) {
  let push: DocumentReference | null = null;
  const { value } = await runInTransaction<{ message: string; request: RechargeRequest }>(null, async (tx, now) => {
    push = null;
    const ref = rechargeRequestsCollection().doc(requestId);
    const request = await readRequest(tx, requestId);
    assertPending(request);
    const notification = notificationId.topUp(requestId);
    const [reference, notifier, events] = await Promise.all([
      readForDecision(tx, requestId, request),
      readNotifier(tx, request.userId, [notification]),
      readEventsOfId(tx, request),
    ]);
    const decision = { status: 'rejected' as const, decidedAt: now, ...(note ? { note } : {}) };
    tx.update(ref, decision);
    // An SMS held because it may not be this customer's payment (another payer, two customers naming the
    // id, another wallet or amount) is free again: its real payer may still name it (the autopilot looks
    // again after this commit). A hold about the customer or the limits stays the admin's.
    const freed = events.filter(
      ({ doc }) =>
        doc.status === 'held' &&
        doc.reason !== undefined &&
        WHOSE_PAYMENT_REASONS.includes(doc.reason) &&
        (doc.requestId === requestId || doc.reason === 'duplicate_tid'),
    );
    for (const { ref: eventRef } of freed) {
      tx.update(eventRef, {
        status: 'unmatched',
        reason: FieldValue.delete(),
        reasonText: FieldValue.delete(),
        requestId: FieldValue.delete(),
      });
    }
    writeAudit(tx, ref, 'reject', admin, now, {
      before: { status: 'pending' },
      after: {
        status: 'rejected',
        userId: request.userId,
        amount: toRupees(request.amountPaisa),
        ...(freed.length > 0 ? { freedSms: freed.map((e) => e.ref.id) } : {}),
      },
      reason: note,
    });
    reference.write({ status: 'rejected' });
    push = notifier.add(tx, notification, topUpNotification({ decision: 'rejected', amountPaisa: request.amountPaisa, note }), now);
    return { message: MESSAGES.requestRejected, request: rechargeRequestToWire(requestId, { ...request, ...decision }) };
  });
  if (push) await deliverNow([push]);
  return value;
}

type Page = { limit: number; cursor?: string | undefined };

export async function listMyRechargeRequests(uid: string, page: Page) {
  const query = rechargeRequestsCollection().where('userId', '==', uid);
  return pageNewestFirst(query, 'createdAt', page, (d) => rechargeRequestToWire(d.id, d.data()));
}

/**
 * A request is a duplicate when another request naming its transaction id is pending or was credited.
 * A legacy claim means no other request ever named the id.
 */
function isDuplicate(requestId: string, request: RechargeRequestDoc, reference: ReferenceDoc | LegacyClaimDoc | undefined): boolean {
  if (!reference || !('pending' in reference)) return false;
  const others = reference.pending - (request.status === 'pending' ? 1 : 0);
  return others > 0 || (reference.credited !== null && reference.credited.requestId !== requestId);
}

/**
 * Admin list: each request flagged when its transaction id is also claimed by another request. The
 * pending ones are a queue, oldest first (the longest-waiting customer is on the first page); any other
 * selection is a history, newest first.
 */
export async function listRechargeRequests(
  page: Page & { status?: RechargeRequestStatus | undefined },
): Promise<{ items: AdminRechargeRequest[]; nextCursor: string | null }> {
  let query: Query<RechargeRequestDoc> = rechargeRequestsCollection();
  if (page.status) query = query.where('status', '==', page.status);
  const pager = page.status === 'pending' ? pageOldestFirst : pageNewestFirst;
  const { items, nextCursor } = await pager(query, 'createdAt', page, (d) => ({
    id: d.id,
    doc: d.data(),
  }));
  const keys = [...new Set(items.map(({ doc }) => doc.referenceKey ?? normalizeReference(doc.reference)))];
  const references = new Map<string, ReferenceDoc | LegacyClaimDoc | undefined>();
  // The SMS naming each request's id in its wallet ("SMS received ✓" or "no SMS yet"), in the same read.
  const eventRefs = items.map(({ doc }) => requestEventRef(doc));
  const events = new Map<string, WalletEventDoc>();
  if (keys.length > 0) {
    const snaps = await getAllGrouped(db, { references: keys.map((key) => rechargeReferencesCollection().doc(key)), events: eventRefs });
    for (const snap of snaps.references) references.set(snap.id, snap.data());
    for (const snap of snaps.events.filter(exists)) events.set(snap.id, snap.data());
  }
  return {
    items: items.map(({ id, doc }, index) => {
      const eventId = eventRefs[index]?.id ?? '';
      const event = events.get(eventId);
      return {
        ...rechargeRequestToWire(id, doc),
        duplicate: isDuplicate(id, doc, references.get(doc.referenceKey ?? normalizeReference(doc.reference))),
        sms: event ? requestSmsToWire(eventId, event) : null,
      };
    }),
    nextCursor,
  };
}
