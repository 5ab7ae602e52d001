// Contact messages and reviews: public writes, limited per client address; the admin's queue of reviews
// waiting for approval.
import { Router } from 'express';
import { identityOf } from '../middleware/authenticate';
import { clientAddress } from '../middleware/client-address';
import { parseBody, parseQuery } from '../middleware/parse';
import { adminOnly } from '../middleware/require-admin';
import { listContactMessages, sendContactMessage } from '../services/support/contact';
import { approveReview, listAdminReviews, listReviews, postReview, rejectReview } from '../services/support/reviews';
import { MESSAGES } from '../shared/messages';
import { pageQuery } from '../shared/schemas/fields';
import { adminReviewsQuery, contactBody, rejectReviewBody, reviewBody } from '../shared/schemas/support';
import { sendPage } from './send';

export const supportRouter = Router();

supportRouter.post('/contact', async (req, res) => {
  const body = parseBody(contactBody, req);
  await sendContactMessage(body, clientAddress(req));
  res.status(201).json({ message: MESSAGES.contactSent });
});

supportRouter.get('/contact', ...adminOnly, async (req, res) => {
  const page = await listContactMessages(parseQuery(pageQuery, req));
  res.set('Cache-Control', 'private, no-store');
  sendPage(res, 'messages', page);
});

/** The published reviews only: a posted one shows here once an admin approved it. */
supportRouter.get('/review', async (req, res) => {
  const page = await listReviews(parseQuery(pageQuery, req));
  res.set('Cache-Control', 'public, max-age=60');
  sendPage(res, 'reviews', page);
});

/** → 201 `{review}` (status `pending`) and a message saying it shows once approved. */
supportRouter.post('/review', async (req, res) => {
  const body = parseBody(reviewBody, req);
  res.status(201).json({ review: await postReview(body, clientAddress(req)), message: MESSAGES.reviewAwaitingApproval });
});

supportRouter.get('/admin/reviews', ...adminOnly, async (req, res) => {
  sendPage(res, 'reviews', await listAdminReviews(parseQuery(adminReviewsQuery, req)));
});

supportRouter.post('/admin/reviews/:id/approve', ...adminOnly, async (req, res) => {
  const admin = identityOf(req);
  res.json(await approveReview({ uid: admin.uid, email: admin.email }, String(req.params.id)));
});

supportRouter.post('/admin/reviews/:id/reject', ...adminOnly, async (req, res) => {
  const { note } = parseBody(rejectReviewBody, req);
  const admin = identityOf(req);
  res.json(await rejectReview({ uid: admin.uid, email: admin.email }, String(req.params.id), note || undefined));
});
