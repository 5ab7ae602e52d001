// Support: contact messages and reviews, and the admin's review queue.
// Shared by the function (which parses every request with them) and the web app (forms and answers); zod/mini, so
// a page builds only the schemas it imports (docs/decisions/0014-web-bundle-budget.md).

import { z } from 'zod/mini';
import { hasControlOrFormat } from '../names';
import { emailSchema, isoDate, LIMITS, nameSchema, pageQuery, text, visibleText } from './fields';

export const contactBody = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  message: visibleText('Message', LIMITS.message),
});

export const reviewBody = z.strictObject({
  name: nameSchema,
  rating: z
    .number({ error: 'Rating is required' })
    .check(z.int('Rating must be 1 to 5'), z.gte(1, 'Rating must be 1 to 5'), z.lte(5, 'Rating must be 1 to 5')),
  comment: visibleText('Review', LIMITS.comment),
});

/**
 * A review's state: a posted review waits (`pending`) until an admin approves it (then it
 * shows on About) or rejects it. Reviews published before reviews were moderated carry no state: they count as approved.
 */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;

export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The admin's reviews: the pending queue (the default, oldest first), or the approved or rejected ones (newest first). */
export const adminReviewsQuery = z.extend(pageQuery, {
  status: z._default(z.enum(REVIEW_STATUSES, { error: 'Unknown status' }), 'pending'),
});

/** Why the admin rejected a review: for the admins only (the console and the audit trail). */
export const rejectReviewBody = z.strictObject({
  note: z.optional(
    text().check(
      z.trim(),
      z.maxLength(LIMITS.reason, `Note must be at most ${LIMITS.reason} characters`),
      z.refine((note) => !hasControlOrFormat(note.replace(/\r?\n/g, ' ')), 'Note cannot contain control or formatting characters'),
    ),
  ),
});

export const contactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: isoDate,
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.number().check(z.int(), z.gte(1), z.lte(5)),
  comment: z.string(),
  createdAt: isoDate,
  /** `pending` in the answer to its post (it shows once approved); absent in the public list, which holds approved ones only. */
  status: z.optional(z.enum(REVIEW_STATUSES)),
});

export type Review = z.infer<typeof reviewSchema>;

/** A review as the admin lists it: its state, and when and (a rejection) why it was decided. */
export const adminReviewSchema = z.extend(reviewSchema, {
  status: z.enum(REVIEW_STATUSES),
  /** Absent on reviews published before moderation (approved without a decision). */
  decidedAt: z.optional(isoDate),
  note: z.optional(z.string()),
});

export type AdminReview = z.infer<typeof adminReviewSchema>;
