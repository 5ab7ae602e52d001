// Recharge requests: a customer reports a wallet payment (amount, wallet, transaction id) and an admin
// approves it, which credits the balance through the one credit path, or rejects it. A transaction id
// is claimed once across all users by a document named after it, created in the request's transaction.
import type { Query, Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/admin';
import { fail, invalidInput, notFound } from '../lib/errors';
import { pageNewestFirst } from '../lib/pagination';
import { MESSAGES } from '../shared/messages';
import { type Paisa, toPaisa, toRupees } from '../shared/money';
import type { RechargeRequest, User } from '../shared/schemas';
import { writeAudit } from './audit';
import { writeCredit } from './recharges';
import { findWallet, type SettingsDoc, settingsFromDoc, settingsRef } from './settings';
import { runInTransaction } from './transactions';
import { accountFromSnapshot, type Identity, type UserDoc, userRef, userToWire } from './users';

export type RechargeRequestStatus = RechargeRequest['status'];

export interface RechargeRequestDoc {
  userId: string;
  user: { _id: string; name: string; email: string };
  amountPaisa: Paisa;
  /** The wallet provider as configured in settings. */
  method: string;
  /** The wallet transaction id as the customer typed it (trimmed). */
  reference: string;
  status: RechargeRequestStatus;
  createdAt: Timestamp;
  /** Who decided is in audit/ (admins only): the customer reads this document. */
  decidedAt?: Timestamp;
  note?: string;
  /** The recharge record an approval wrote. */
  rechargeId?: string;
}

interface ReferenceClaimDoc {
  requestId: string;
  userId: string;
  createdAt: Timestamp;
}

export const rechargeRequestsCollection = () => db.collection('rechargeRequests');
export const rechargeReferencesCollection = () => db.collection('rechargeReferences');

/** Transaction ids are letters and digits; case does not make a different payment. */
export const normalizeReference = (reference: string) => reference.trim().toUpperCase();

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
  };
}

export async function submitRechargeRequest(
  identity: Identity,
  body: { amount: number; method: string; reference: string },
  idempotencyKey?: string,
) {
  const amountPaisa = toPaisa(body.amount);
  const reference = body.reference.trim();
  const claimRef = rechargeReferencesCollection().doc(normalizeReference(reference));
  return runInTransaction<{ request: RechargeRequest }>(
    { scope: 'recharge-request.create', uid: identity.uid, key: idempotencyKey, request: { ...body, reference } },
    async (tx, now) => {
      const [settingsSnap, claimSnap, userSnap] = await Promise.all([
        tx.get(settingsRef()),
        tx.get(claimRef),
        tx.get(userRef(identity.uid)),
      ]);

      const wallet = findWallet(settingsFromDoc(settingsSnap.data() as SettingsDoc | undefined), body.method);
      if (!wallet) throw invalidInput(MESSAGES.unknownWallet, 'method');
      // Two racing submissions of one id both read "free"; the commit of one invalidates the other's
      // read, and its retry finds the claim.
      if (claimSnap.exists) throw fail('transaction_id_used', MESSAGES.transactionIdUsed, 'reference');

      const profile = userSnap.data() as UserDoc | undefined;
      const requestRef = rechargeRequestsCollection().doc();
      const request: RechargeRequestDoc = {
        userId: identity.uid,
        user: { _id: identity.uid, name: profile?.name ?? identity.name, email: profile?.email ?? identity.email },
        amountPaisa,
        method: wallet.provider,
        reference,
        status: 'pending',
        createdAt: now,
      };
      tx.create(claimRef, { requestId: requestRef.id, userId: identity.uid, createdAt: now } satisfies ReferenceClaimDoc);
      tx.create(requestRef, request);
      return { status: 201, body: { request: rechargeRequestToWire(requestRef.id, request) } };
    },
  );
}

function assertPending(request: RechargeRequestDoc) {
  if (request.status === 'approved') throw fail('already_decided', MESSAGES.requestAlreadyApproved, 'status');
  if (request.status === 'rejected') throw fail('already_decided', MESSAGES.requestAlreadyRejected, 'status');
}

/**
 * Credits the request's amount exactly once: the status check and the credit are one transaction,
 * so of any number of concurrent approvals one commits and the rest find it approved (409).
 */
export async function approveRechargeRequest(admin: { uid: string; email: string }, requestId: string) {
  if (!isRequestId(requestId)) throw notFound(MESSAGES.requestNotFound);
  const answer = await runInTransaction<{ message: string; request: RechargeRequest; user: User }>(null, async (tx, now) => {
    const ref = rechargeRequestsCollection().doc(requestId);
    const snap = await tx.get(ref);
    const request = snap.data() as RechargeRequestDoc | undefined;
    if (!request) throw notFound(MESSAGES.requestNotFound);
    assertPending(request);
    const profileSnap = await tx.get(userRef(request.userId));
    // The email the request was filed with may be out of date: an existing profile keeps its own.
    const email = (profileSnap.data() as UserDoc | undefined)?.email ?? request.user.email;
    const owner: Identity = { uid: request.userId, email, name: request.user.name, admin: false };
    const { account, user, createIfMissing } = accountFromSnapshot(tx, profileSnap, owner, now);

    createIfMissing();
    const rechargeId = writeCredit(
      tx,
      account,
      { _id: request.userId, name: user.name, email: user.email },
      { amountPaisa: request.amountPaisa, method: request.method, reference: request.reference, by: admin, requestId },
      now,
    );
    const decision = { status: 'approved' as const, decidedAt: now, rechargeId };
    tx.update(ref, decision);
    writeAudit(tx, ref, 'approve', admin, now);
    const credited: UserDoc = {
      ...user,
      balancePaisa: account.balancePaisa,
      lastRecharge: { amountPaisa: request.amountPaisa, date: now },
    };
    return {
      status: 200,
      body: {
        message: MESSAGES.requestApproved,
        request: rechargeRequestToWire(requestId, { ...request, ...decision }),
        user: userToWire(request.userId, credited),
      },
    };
  });
  return answer.body;
}

export async function rejectRechargeRequest(admin: { uid: string; email: string }, requestId: string, note?: string) {
  if (!isRequestId(requestId)) throw notFound(MESSAGES.requestNotFound);
  const answer = await runInTransaction<{ message: string; request: RechargeRequest }>(null, async (tx, now) => {
    const ref = rechargeRequestsCollection().doc(requestId);
    const snap = await tx.get(ref);
    const request = snap.data() as RechargeRequestDoc | undefined;
    if (!request) throw notFound(MESSAGES.requestNotFound);
    assertPending(request);
    // The transaction id stays claimed: the contract refuses any id a request already used.
    const decision = { status: 'rejected' as const, decidedAt: now, ...(note ? { note } : {}) };
    tx.update(ref, decision);
    writeAudit(tx, ref, 'reject', admin, now);
    return {
      status: 200,
      body: { message: MESSAGES.requestRejected, request: rechargeRequestToWire(requestId, { ...request, ...decision }) },
    };
  });
  return answer.body;
}

type Page = { limit: number; cursor?: string | undefined };

export async function listMyRechargeRequests(uid: string, page: Page) {
  const query = rechargeRequestsCollection().where('userId', '==', uid);
  return pageNewestFirst(query, 'createdAt', page, (d) => rechargeRequestToWire(d.id, d.data() as RechargeRequestDoc));
}

export async function listRechargeRequests(page: Page & { status?: RechargeRequestStatus | undefined }) {
  let query: Query = rechargeRequestsCollection();
  if (page.status) query = query.where('status', '==', page.status);
  return pageNewestFirst(query, 'createdAt', page, (d) => rechargeRequestToWire(d.id, d.data() as RechargeRequestDoc));
}
