// Reviews, held for the admin's approval. reviews/{id} holds the published ones (anyone reads it; GET /api/review lists
// it, newest first); a posted review waits in reviewQueue/{id}, which no client reads: approval moves it to reviews/{id}
// under the same id, rejection leaves it in the queue as rejected. So a review is in one place at a time and the public
// list needs no filter on a state, which reviews published before approvals existed lack: they count as approved.
import type { DocumentReference, Timestamp, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { fail, notFound } from '../../lib/errors';
import { pageNewestFirst, pageOldestFirst } from '../../lib/pagination';
import { getAllOf, timestampSchema, typedCollection } from '../../lib/typed-collection';
import { MESSAGES } from '../../shared/messages';
import type { AdminReview, Review, ReviewStatus } from '../../shared/schemas/support';
import { type Actor, writeAudit } from '../kernel/audit';
import { checkRateLimit } from '../kernel/rate-limit';
import { runInTransaction } from '../kernel/transactions';

/** What a review says, posted or published. */
const reviewTextSchema = z.object({
  name: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  /** When it was posted. */
  createdAt: timestampSchema,
  decidedAt: timestampSchema.optional(),
});

/** reviews/{id}: a published review. */
export const reviewDocSchema = reviewTextSchema.extend({
  /** Absent on reviews published before approvals existed (which count as approved). */
  status: z.literal('approved').optional(),
});
export type ReviewDoc = z.infer<typeof reviewDocSchema>;

/** reviewQueue/{id}: a posted review waiting for the admin, or rejected. */
export const queuedReviewDocSchema = reviewTextSchema.extend({
  status: z.enum(['pending', 'rejected']),
  /** The admin's reason for a rejection (admins only). */
  note: z.string().optional(),
});
export type QueuedReviewDoc = z.infer<typeof queuedReviewDocSchema>;

export const reviewsCollection = () => typedCollection('reviews', reviewDocSchema);
export const reviewQueueCollection = () => typedCollection('reviewQueue', queuedReviewDocSchema);

/** Auto ids are 20 letters and digits; anything else (a slash, dots) cannot name a review. */
const isReviewId = (id: string) => /^[A-Za-z0-9]{1,128}$/.test(id);
const iso = (time: Timestamp) => time.toDate().toISOString();

type ReviewText = Pick<ReviewDoc, 'name' | 'rating' | 'comment' | 'createdAt'>;

export function reviewToWire(id: string, doc: ReviewText): Review {
  return { _id: id, name: doc.name, rating: doc.rating, comment: doc.comment, createdAt: iso(doc.createdAt) };
}

/** A published review as the admin sees it: approved, whether decided by an admin or published before approvals existed. */
function publishedToAdmin(id: string, doc: ReviewDoc): AdminReview {
  return { ...reviewToWire(id, doc), status: 'approved', ...(doc.decidedAt ? { decidedAt: iso(doc.decidedAt) } : {}) };
}

function queuedToAdmin(id: string, doc: QueuedReviewDoc): AdminReview {
  return {
    ...reviewToWire(id, doc),
    status: doc.status,
    ...(doc.decidedAt ? { decidedAt: iso(doc.decidedAt) } : {}),
    ...(doc.note ? { note: doc.note } : {}),
  };
}

/** Queues the review for approval and counts it against the poster's address in one transaction. */
export async function postReview(input: { name: string; rating: number; comment: string }, address: string): Promise<Review> {
  const answer = await runInTransaction(null, async (tx, now) => {
    const limit = await checkRateLimit(tx, 'review', { address }, now);
    limit.record();
    const ref = reviewQueueCollection().doc();
    const doc: QueuedReviewDoc = { name: input.name, rating: input.rating, comment: input.comment, createdAt: now, status: 'pending' };
    tx.create(ref, doc);
    return { ...reviewToWire(ref.id, doc), status: 'pending' as const };
  });
  return answer.value;
}

type Page = { limit: number; cursor?: string | undefined };

/** What About shows: the published reviews, newest first. */
export async function listReviews(page: Page) {
  return pageNewestFirst(reviewsCollection(), 'createdAt', page, (d) => reviewToWire(d.id, d.data()));
}

/** The admin's lists: the pending queue oldest first (who waits longest first), the others newest first. */
export async function listAdminReviews(
  page: Page & { status: ReviewStatus },
): Promise<{ items: AdminReview[]; nextCursor: string | null }> {
  if (page.status === 'approved') {
    return pageNewestFirst(reviewsCollection(), 'createdAt', page, (d) => publishedToAdmin(d.id, d.data()));
  }
  const pager = page.status === 'pending' ? pageOldestFirst : pageNewestFirst;
  return pager(reviewQueueCollection().where('status', '==', page.status), 'createdAt', page, (d) => queuedToAdmin(d.id, d.data()));
}

/** How many reviews wait for the admin (the console's badge), counted by Firestore. */
export async function countWaitingReviews(): Promise<number> {
  return (await reviewQueueCollection().where('status', '==', 'pending').count().get()).data().count;
}

/**
 * The read phase of a decision: the queued review, which must still be pending. One already approved is
 * no longer in the queue but published (`already_decided` either way; a missing one `not_found`).
 */
async function readPending(tx: Transaction, id: string) {
  if (!isReviewId(id)) throw notFound(MESSAGES.reviewNotFound);
  const queuedRef = reviewQueueCollection().doc(id);
  const publishedRef = reviewsCollection().doc(id);
  const [queuedSnap, publishedSnap] = await getAllOf(tx, queuedRef, publishedRef);
  const queued = queuedSnap?.data();
  if (publishedSnap?.exists) throw fail('already_decided', MESSAGES.reviewAlreadyApproved, 'status');
  if (!queued) throw notFound(MESSAGES.reviewNotFound);
  if (queued.status === 'rejected') throw fail('already_decided', MESSAGES.reviewAlreadyRejected, 'status');
  return { queuedRef, publishedRef, queued };
}

/** Publishes a pending review (it shows on About from now), with its audit entry, in one transaction. */
export async function approveReview(admin: Actor, id: string): Promise<{ message: string; review: AdminReview }> {
  const answer = await runInTransaction(null, async (tx, now) => {
    const { queuedRef, publishedRef, queued } = await readPending(tx, id);
    const published: ReviewDoc = {
      name: queued.name,
      rating: queued.rating,
      comment: queued.comment,
      createdAt: queued.createdAt,
      status: 'approved',
      decidedAt: now,
    };
    tx.create(publishedRef, published);
    tx.delete(queuedRef);
    audit(tx, publishedRef, 'review_approve', admin, now, queued, 'approved');
    return { message: MESSAGES.reviewApproved, review: publishedToAdmin(id, published) };
  });
  return answer.value;
}

/** Rejects a pending review: it stays out of About, kept in the queue with the admin's note. */
export async function rejectReview(admin: Actor, id: string, note?: string): Promise<{ message: string; review: AdminReview }> {
  const answer = await runInTransaction(null, async (tx, now) => {
    const { queuedRef, queued } = await readPending(tx, id);
    const rejected: QueuedReviewDoc = { ...queued, status: 'rejected', decidedAt: now, ...(note ? { note } : {}) };
    tx.set(queuedRef, rejected);
    audit(tx, queuedRef, 'review_reject', admin, now, queued, 'rejected', note);
    return { message: MESSAGES.reviewRejected, review: queuedToAdmin(id, rejected) };
  });
  return answer.value;
}

/** A decision's audit entry: once per review (its id is the subject's), naming who posted it and the rating. */
function audit(
  tx: Transaction,
  subject: DocumentReference,
  action: 'review_approve' | 'review_reject',
  admin: Actor,
  now: Timestamp,
  review: QueuedReviewDoc,
  status: 'approved' | 'rejected',
  note?: string,
) {
  writeAudit(tx, subject, action, admin, now, {
    before: { status: 'pending' },
    after: { status, name: review.name, rating: review.rating },
    reason: note,
  });
}
