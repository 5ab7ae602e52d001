// Contact messages and reviews: public writes, limited per client address.
import { Router } from 'express';
import { clientAddress } from '../middleware/client-address';
import { parseBody, parseQuery } from '../middleware/parse';
import { adminOnly } from '../middleware/require-admin';
import { listContactMessages, sendContactMessage } from '../services/contact';
import { listReviews, postReview } from '../services/reviews';
import { MESSAGES } from '../shared/messages';
import { contactBody, pageQuery, reviewBody } from '../shared/schemas';

export const supportRouter = Router();

supportRouter.post('/contact', async (req, res) => {
  const body = parseBody(contactBody, req);
  await sendContactMessage(body, clientAddress(req));
  res.status(201).json({ message: MESSAGES.contactSent });
});

supportRouter.get('/contact', ...adminOnly, async (req, res) => {
  const { items, nextCursor } = await listContactMessages(parseQuery(pageQuery, req));
  res.set('Cache-Control', 'private, no-store');
  res.json({ messages: items, nextCursor });
});

supportRouter.get('/review', async (req, res) => {
  const { items, nextCursor } = await listReviews(parseQuery(pageQuery, req));
  res.set('Cache-Control', 'public, max-age=60');
  res.json({ reviews: items, nextCursor });
});

supportRouter.post('/review', async (req, res) => {
  const body = parseBody(reviewBody, req);
  res.status(201).json({ review: await postReview(body, clientAddress(req)) });
});
