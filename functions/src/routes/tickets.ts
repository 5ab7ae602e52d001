// Support tickets: the customer's threads under /tickets, the admin's under /admin/tickets,
// and the admin's saved replies. Every write is one transaction in services/support/tickets.ts.
import { type Request, Router } from 'express';
import { authenticate, identityOf } from '../middleware/authenticate';
import { noStore } from '../middleware/no-store';
import { idempotencyKey, parseBody, parseQuery } from '../middleware/parse';
import { adminOnly } from '../middleware/require-admin';
import {
  closeMyTicket,
  closeTicketAsAdmin,
  createSavedReply,
  createTicket,
  deleteSavedReply,
  getMyTicket,
  getTicketForAdmin,
  listMyTickets,
  listSavedReplies,
  listTickets,
  myUnreadCount,
  postAdminMessage,
  postCustomerMessage,
  reopenMyTicket,
  updateSavedReply,
} from '../services/support/tickets';
import { pageQuery } from '../shared/schemas/fields';
import { adminTicketsQuery, createTicketBody, savedReplyBody, ticketMessageBody } from '../shared/tickets';
import { sendDecided, sendPage } from './send';

export const ticketsRouter = Router();

const customer = authenticate({ checkRevoked: true });
// Reads that change nothing (the list and the badge's count, polled each minute) skip the revocation
// check's call to Firebase Auth, as the orders list does; everything that writes makes it.
const reader = authenticate({ checkRevoked: false });
const id = (req: Request) => String(req.params.id);

ticketsRouter.post('/tickets', customer, async (req, res) => {
  const key = idempotencyKey(req);
  const body = parseBody(createTicketBody, req);
  sendDecided(res, 201, await createTicket(identityOf(req), body, key));
});

ticketsRouter.get('/tickets', reader, noStore, async (req, res) => {
  sendPage(res, 'tickets', await listMyTickets(identityOf(req).uid, parseQuery(pageQuery, req)));
});

// Before /tickets/:id, which would take "unread" for an id.
ticketsRouter.get('/tickets/unread', reader, noStore, async (req, res) => {
  res.json({ unread: await myUnreadCount(identityOf(req).uid) });
});

ticketsRouter.get('/tickets/:id', customer, noStore, async (req, res) => {
  res.json(await getMyTicket(identityOf(req).uid, id(req)));
});

ticketsRouter.post('/tickets/:id/messages', customer, async (req, res) => {
  const key = idempotencyKey(req);
  const { message } = parseBody(ticketMessageBody, req);
  sendDecided(res, 201, await postCustomerMessage(identityOf(req).uid, id(req), message, key));
});

ticketsRouter.post('/tickets/:id/close', customer, async (req, res) => {
  res.json(await closeMyTicket(identityOf(req).uid, id(req)));
});

ticketsRouter.post('/tickets/:id/reopen', customer, async (req, res) => {
  res.json(await reopenMyTicket(identityOf(req).uid, id(req)));
});

ticketsRouter.get('/admin/tickets', ...adminOnly, async (req, res) => {
  sendPage(res, 'tickets', await listTickets(parseQuery(adminTicketsQuery, req)));
});

ticketsRouter.get('/admin/tickets/:id', ...adminOnly, async (req, res) => {
  res.json(await getTicketForAdmin(id(req)));
});

ticketsRouter.post('/admin/tickets/:id/messages', ...adminOnly, async (req, res) => {
  const key = idempotencyKey(req);
  const { message } = parseBody(ticketMessageBody, req);
  const admin = identityOf(req);
  sendDecided(res, 201, await postAdminMessage({ uid: admin.uid, email: admin.email }, id(req), message, key));
});

ticketsRouter.post('/admin/tickets/:id/close', ...adminOnly, async (req, res) => {
  const admin = identityOf(req);
  res.json(await closeTicketAsAdmin({ uid: admin.uid, email: admin.email }, id(req)));
});

ticketsRouter.get('/admin/saved-replies', ...adminOnly, async (_req, res) => {
  res.json({ replies: await listSavedReplies() });
});

ticketsRouter.post('/admin/saved-replies', ...adminOnly, async (req, res) => {
  const body = parseBody(savedReplyBody, req);
  const admin = identityOf(req);
  res.status(201).json(await createSavedReply({ uid: admin.uid, email: admin.email }, body));
});

ticketsRouter.put('/admin/saved-replies/:id', ...adminOnly, async (req, res) => {
  const body = parseBody(savedReplyBody, req);
  const admin = identityOf(req);
  res.json(await updateSavedReply({ uid: admin.uid, email: admin.email }, id(req), body));
});

ticketsRouter.delete('/admin/saved-replies/:id', ...adminOnly, async (req, res) => {
  const admin = identityOf(req);
  await deleteSavedReply({ uid: admin.uid, email: admin.email }, id(req));
  res.status(204).end();
});
