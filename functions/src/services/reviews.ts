// Reviews (reviews/{id}): public, newest first; anyone may post one within the per-address limit.
import type { Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/admin';
import { pageNewestFirst } from '../lib/pagination';
import type { Review } from '../shared/schemas';
import { checkRateLimit } from './rate-limit';
import { runInTransaction } from './transactions';

export interface ReviewDoc {
  name: string;
  rating: number;
  comment: string;
  createdAt: Timestamp;
}

export const reviewsCollection = () => db.collection('reviews');

export function reviewToWire(id: string, doc: ReviewDoc): Review {
  return { _id: id, name: doc.name, rating: doc.rating, comment: doc.comment, createdAt: doc.createdAt.toDate().toISOString() };
}

/** Stores the review and counts it against the poster's address in one transaction. */
export async function postReview(input: { name: string; rating: number; comment: string }, address: string): Promise<Review> {
  const answer = await runInTransaction(null, async (tx, now) => {
    const limit = await checkRateLimit(tx, 'review', { address }, now);
    limit.record();
    const ref = reviewsCollection().doc();
    const doc: ReviewDoc = { name: input.name, rating: input.rating, comment: input.comment, createdAt: now };
    tx.create(ref, doc);
    return { status: 201, body: reviewToWire(ref.id, doc) };
  });
  return answer.body;
}

export async function listReviews(page: { limit: number; cursor?: string | undefined }) {
  return pageNewestFirst(reviewsCollection(), 'createdAt', page, (d) => reviewToWire(d.id, d.data() as ReviewDoc));
}
