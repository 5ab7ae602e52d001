// Support tickets: a customer's thread with the admin. tickets/{id} holds the state and the counts the lists show,
// tickets/{id}/messages/{seq} the messages; ticketCounters/{uid} bounds a customer's open tickets.
import { type DocumentReference, FieldPath, type Query, type Timestamp, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { fail, invalidInput, notFound } from '../../lib/errors';
import { pageNewestFirst, pageOldestFirst } from '../../lib/pagination';
import { timestampSchema, typedCollection, typedDoc } from '../../lib/typed-collection';
import { toRupees } from '../../shared/money';
import { ticketReplyNotification } from '../../shared/notifications';
import type { Order } from '../../shared/schemas/orders';
import {
  type AdminTicket,
  type CreateTicketBody,
  type SavedReply,
  TICKET_KINDS,
  TICKET_LIMITS,
  TICKET_MESSAGES,
  TICKET_STATES,
  type Ticket,
  type TicketMessage,
  type TicketState,
} from '../../shared/tickets';
import { customerFields, type Identity, userRef } from '../accounts/users';
import { type Actor, recordAudit } from '../kernel/audit';
import { checkRateLimit } from '../kernel/rate-limit';
import { runInTransaction } from '../kernel/transactions';
import { listUserOrders, ordersCollection } from '../orders/orders';
import { deliverNow, notificationId, readNotifier } from './notifications';

/** A number of messages or tickets. */
const count = z.number().int();

export const ticketDocSchema = z.object({
  ...customerFields,
  kind: z.enum(TICKET_KINDS),
  orderIds: z.array(z.string()),
  state: z.enum(TICKET_STATES),
  createdAt: timestampSchema,
  /** The last activity: a message or a change of state. */
  updatedAt: timestampSchema,
  lastCustomerMessageAt: timestampSchema.nullable(),
  lastAdminMessageAt: timestampSchema.nullable(),
  /** The admin's messages the customer has not seen, and the customer's the admin has not. */
  unreadByCustomer: count,
  unreadByAdmin: count,
  messageCount: count,
  /** The first message's opening words. */
  preview: z.string(),
  /** True while open: the admin owes an answer. */
  waiting: z.boolean(),
  /**
   * When it began to wait (null while not waiting): the admin's queue is oldest first by it, so a customer who
   * writes again while waiting keeps their place.
   */
  waitingSince: timestampSchema.nullable(),
});
export type TicketDoc = z.infer<typeof ticketDocSchema>;

/**
 * No author uid: the customer reads these documents (rules), and which admin answered is an admin fact,
 * kept in the audit entry of the reply (`ticket_reply`, the message's id); the customer is the ticket's.
 */
const ticketMessageDocSchema = z.object({ from: z.enum(['customer', 'admin']), body: z.string(), createdAt: timestampSchema });
export type TicketMessageDoc = z.infer<typeof ticketMessageDocSchema>;

/**
 * ticketCounters/{uid}: read and written by every transaction that changes a ticket's state or its customer's
 * unread count, so of concurrent creates only as many commit as TICKET_LIMITS.openPerCustomer allows (a
 * query-then-write could let all of them through).
 */
const ticketCounterDocSchema = z.object({
  /** The customer's tickets not closed. */
  open: count,
  /** The sum of unreadByCustomer over the customer's tickets. */
  unread: count,
});
type TicketCounterDoc = z.infer<typeof ticketCounterDocSchema>;

const savedReplyDocSchema = z.object({ title: z.string(), body: z.string(), createdAt: timestampSchema, updatedAt: timestampSchema });
type SavedReplyDoc = z.infer<typeof savedReplyDocSchema>;

export const ticketsCollection = () => typedCollection('tickets', ticketDocSchema);
const messagesOf = (ticket: DocumentReference) => typedCollection(ticket.collection('messages'), ticketMessageDocSchema);
const counterRef = (uid: string) => typedCollection('ticketCounters', ticketCounterDocSchema).doc(uid);
export const savedRepliesCollection = () => typedCollection('savedReplies', savedReplyDocSchema);
/** How many saved replies there are, kept with each create and delete. */
const savedReplyCountSchema = z.object({ count: z.number().int() });
const savedReplyCountRef = () => typedDoc('counters/savedReplies', savedReplyCountSchema);

const PREVIEW_LENGTH = 120;
const preview = (message: string) => {
  const words = message.replace(/\s+/g, ' ').trim();
  // Not through a surrogate pair: half an emoji is not text (Firestore may refuse it, or store U+FFFD).
  return words.length > PREVIEW_LENGTH ? `${words.slice(0, PREVIEW_LENGTH - 1).replace(/[\uD800-\uDBFF]$/, '')}…` : words;
};
/**
 * Message ids 0001, 0002…: the ticket's messageCount, read in each writing transaction, hands out the next, so they
 * sort as the thread reads and two writers never take the same one (at most TICKET_LIMITS.messagesPerTicket).
 */
const messageId = (seq: number) => String(seq).padStart(4, '0');

/** Auto ids are 20 letters and digits; anything else (a slash, dots) cannot name a ticket. */
const isDocumentId = (id: string) => /^[A-Za-z0-9]{1,128}$/.test(id);
const ticketNotFound = () => fail('ticket_not_found', TICKET_MESSAGES.ticketNotFound);
const iso = (time: Timestamp) => time.toDate().toISOString();

export function ticketToWire(id: string, doc: TicketDoc, reader: 'customer' | 'admin' = 'customer'): Ticket {
  return {
    _id: id,
    kind: doc.kind,
    orderIds: doc.orderIds,
    state: doc.state,
    unread: reader === 'customer' ? doc.unreadByCustomer : doc.unreadByAdmin,
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
  };
}

export function adminTicketToWire(id: string, doc: TicketDoc): AdminTicket {
  return {
    ...ticketToWire(id, doc, 'admin'),
    user: doc.user,
    preview: doc.preview,
    lastCustomerMessageAt: doc.lastCustomerMessageAt ? iso(doc.lastCustomerMessageAt) : null,
  };
}

const messageToWire = (id: string, doc: TicketMessageDoc): TicketMessage => ({
  _id: id,
  from: doc.from,
  body: doc.body,
  createdAt: iso(doc.createdAt),
});

const savedReplyToWire = (id: string, doc: SavedReplyDoc): SavedReply => ({ _id: id, title: doc.title, body: doc.body });

const readCounter = async (tx: Transaction, uid: string): Promise<TicketCounterDoc> =>
  (await tx.get(counterRef(uid))).data() ?? { open: 0, unread: 0 };

/** The ticket, read in `tx`; another customer's (when `owner` is given) or a missing one is not found. */
async function readTicket(tx: Transaction, id: string, owner?: string) {
  if (!isDocumentId(id)) throw ticketNotFound();
  const ref = ticketsCollection().doc(id);
  const ticket = (await tx.get(ref)).data();
  if (!ticket || (owner !== undefined && ticket.userId !== owner)) throw ticketNotFound();
  return { ref, ticket };
}

/** The whole thread, oldest first, read in `tx`. */
async function readMessages(tx: Transaction, ref: DocumentReference): Promise<TicketMessage[]> {
  const snap = await tx.get(messagesOf(ref).orderBy(FieldPath.documentId()).limit(TICKET_LIMITS.messagesPerTicket));
  return snap.docs.map((d) => messageToWire(d.id, d.data()));
}

/** Refuses a message the ticket cannot take: closed, or at its bound of messages (then a new ticket). */
/**
 * A message may be added: not closed, and under the bound. The customer's messages stop one short of it,
 * so a full thread always ends with our answer (it would otherwise wait in the queue with no reply possible).
 */
function assertWritable(ticket: TicketDoc, by: 'customer' | 'admin') {
  if (ticket.state === 'closed') throw fail('ticket_closed', TICKET_MESSAGES.ticketClosed);
  const bound = by === 'customer' ? TICKET_LIMITS.messagesPerTicket - 1 : TICKET_LIMITS.messagesPerTicket;
  if (ticket.messageCount >= bound) throw fail('ticket_closed', TICKET_MESSAGES.tooManyMessages, 'message');
}

/** The write phase of a message: its document, and the ticket's count and times. */
function writeMessage(tx: Transaction, ref: DocumentReference, ticket: TicketDoc, message: TicketMessageDoc) {
  const id = messageId(ticket.messageCount + 1);
  tx.create(messagesOf(ref).doc(id), message);
  return messageToWire(id, message);
}

// ---- The customer ----

export async function createTicket(identity: Identity, body: CreateTicketBody, idempotencyKey?: string) {
  const orderIds = [...new Set(body.orderIds ?? [])];
  return runInTransaction<{ ticket: Ticket }>(
    { scope: 'ticket.create', uid: identity.uid, key: idempotencyKey, request: body },
    async (tx, now) => {
      const [limit, counter, profileSnap, ...orders] = await Promise.all([
        checkRateLimit(tx, 'ticket', { uid: identity.uid }, now),
        readCounter(tx, identity.uid),
        tx.get(userRef(identity.uid)),
        ...orderIds.map((id) => tx.get(ordersCollection().doc(id))),
      ]);
      // A missing order and another customer's answer alike, so numbers cannot be probed.
      if (orders.some((snap) => snap.data()?.userId !== identity.uid)) throw invalidInput(TICKET_MESSAGES.notYourOrder, 'orderIds');
      if (counter.open >= TICKET_LIMITS.openPerCustomer) throw fail('too_many_open_tickets', TICKET_MESSAGES.tooManyOpen);

      const profile = profileSnap.data();
      const ref = ticketsCollection().doc();
      const ticket: TicketDoc = {
        userId: identity.uid,
        user: { _id: identity.uid, name: profile?.name ?? identity.name, email: profile?.email ?? identity.email },
        kind: body.kind,
        orderIds,
        state: 'open',
        createdAt: now,
        updatedAt: now,
        lastCustomerMessageAt: now,
        lastAdminMessageAt: null,
        unreadByCustomer: 0,
        unreadByAdmin: 1,
        messageCount: 1,
        preview: preview(body.message),
        waiting: true,
        waitingSince: now,
      };
      tx.create(ref, ticket);
      writeMessage(tx, ref, { ...ticket, messageCount: 0 }, { from: 'customer', body: body.message, createdAt: now });
      tx.set(counterRef(identity.uid), { ...counter, open: counter.open + 1 } satisfies TicketCounterDoc);
      limit.record();
      return { ticket: ticketToWire(ref.id, ticket) };
    },
  );
}

type Page = { limit: number; cursor?: string | undefined };

/** The customer's tickets, newest activity first. */
export function listMyTickets(uid: string, page: Page) {
  return pageNewestFirst(ticketsCollection().where('userId', '==', uid), 'updatedAt', page, (d) => ticketToWire(d.id, d.data()));
}

/** The badge: the admin's messages the customer has not seen, over all their tickets. */
export async function myUnreadCount(uid: string): Promise<number> {
  return (await counterRef(uid).get()).data()?.unread ?? 0;
}

/** The thread, which the customer has now seen: the admin's messages are read. */
export async function getMyTicket(uid: string, id: string) {
  const answer = await runInTransaction<{ ticket: Ticket; messages: TicketMessage[] }>(null, async (tx) => {
    const { ref, ticket } = await readTicket(tx, id, uid);
    const [messages, counter] = await Promise.all([readMessages(tx, ref), ticket.unreadByCustomer > 0 ? readCounter(tx, uid) : null]);
    const seen = { ...ticket, unreadByCustomer: 0 };
    if (counter) {
      tx.update(ref, { unreadByCustomer: 0 });
      tx.set(counterRef(uid), { ...counter, unread: Math.max(0, counter.unread - ticket.unreadByCustomer) } satisfies TicketCounterDoc);
    }
    return { ticket: ticketToWire(ref.id, seen), messages };
  });
  return answer.value;
}

/**
 * The customer writes: an answered ticket waits for us again. Writing is reading, so the admin's
 * messages count as seen.
 */
export async function postCustomerMessage(uid: string, id: string, message: string, idempotencyKey?: string) {
  return runInTransaction<{ ticket: Ticket; message: TicketMessage }>(
    { scope: 'ticket.message', uid, key: idempotencyKey, request: { id, message } },
    async (tx, now) => {
      const [{ ref, ticket }, counter, limit] = await Promise.all([
        readTicket(tx, id, uid),
        readCounter(tx, uid),
        checkRateLimit(tx, 'ticketMessage', { uid }, now),
      ]);
      assertWritable(ticket, 'customer');
      const written = writeMessage(tx, ref, ticket, { from: 'customer', body: message, createdAt: now });
      const change = {
        state: 'open' as const,
        updatedAt: now,
        lastCustomerMessageAt: now,
        unreadByCustomer: 0,
        unreadByAdmin: ticket.unreadByAdmin + 1,
        messageCount: ticket.messageCount + 1,
        waiting: true,
        waitingSince: ticket.waiting && ticket.waitingSince ? ticket.waitingSince : now,
      } satisfies Partial<TicketDoc>;
      tx.update(ref, change);
      if (ticket.unreadByCustomer > 0)
        tx.set(counterRef(uid), { ...counter, unread: Math.max(0, counter.unread - ticket.unreadByCustomer) } satisfies TicketCounterDoc);
      limit.record();
      return { ticket: ticketToWire(ref.id, { ...ticket, ...change }), message: written };
    },
  );
}

/** The write phase of a close (by the customer or the admin): the ticket stops counting against the limit. */
function writeClose(
  tx: Transaction,
  ref: DocumentReference,
  ticket: TicketDoc,
  counter: TicketCounterDoc,
  now: Timestamp,
  by: 'customer' | 'admin',
) {
  // A customer who closes has done with the thread: its unread messages leave their badge.
  const clearUnread = by === 'customer' ? ticket.unreadByCustomer : 0;
  const change = {
    state: 'closed' as const,
    updatedAt: now,
    waiting: false,
    waitingSince: null,
    ...(by === 'customer' ? { unreadByCustomer: 0 } : { unreadByAdmin: 0 }),
  } satisfies Partial<TicketDoc>;
  tx.update(ref, change);
  tx.set(counterRef(ticket.userId), {
    open: Math.max(0, counter.open - 1),
    unread: Math.max(0, counter.unread - clearUnread),
  } satisfies TicketCounterDoc);
  return { ...ticket, ...change };
}

/** Closes the customer's ticket; closes and reopens together are rate limited per customer (`ticketState`). */
export async function closeMyTicket(uid: string, id: string) {
  const answer = await runInTransaction<{ ticket: Ticket }>(null, async (tx, now) => {
    const [{ ref, ticket }, counter, limit] = await Promise.all([
      readTicket(tx, id, uid),
      readCounter(tx, uid),
      checkRateLimit(tx, 'ticketState', { uid }, now),
    ]);
    if (ticket.state === 'closed') throw fail('ticket_closed', TICKET_MESSAGES.alreadyClosed, 'state');
    limit.record();
    return { ticket: ticketToWire(ref.id, writeClose(tx, ref, ticket, counter, now, 'customer')) };
  });
  return answer.value;
}

/**
 * A closed ticket opens again and waits for us; it counts against the limit of open tickets, and with
 * closes against the customer's rate limit (`ticketState`).
 */
export async function reopenMyTicket(uid: string, id: string) {
  const answer = await runInTransaction<{ ticket: Ticket }>(null, async (tx, now) => {
    const [{ ref, ticket }, counter, limit] = await Promise.all([
      readTicket(tx, id, uid),
      readCounter(tx, uid),
      checkRateLimit(tx, 'ticketState', { uid }, now),
    ]);
    if (ticket.state !== 'closed') throw fail('conflict', TICKET_MESSAGES.notClosed, 'state');
    // A full thread takes no message from either side: open, it would only hold a place and wait for us.
    if (ticket.messageCount >= TICKET_LIMITS.messagesPerTicket) throw fail('ticket_closed', TICKET_MESSAGES.tooManyMessages, 'state');
    if (counter.open >= TICKET_LIMITS.openPerCustomer) throw fail('too_many_open_tickets', TICKET_MESSAGES.tooManyOpen);
    const change = { state: 'open' as const, updatedAt: now, waiting: true, waitingSince: now } satisfies Partial<TicketDoc>;
    tx.update(ref, change);
    tx.set(counterRef(uid), { ...counter, open: counter.open + 1 } satisfies TicketCounterDoc);
    limit.record();
    return { ticket: ticketToWire(ref.id, { ...ticket, ...change }) };
  });
  return answer.value;
}

// ---- The admin ----

/**
 * The admin's list cursor names which part of the list it continues: `w` the waiting tickets (oldest
 * first), `r` the rest (newest activity first), `r` alone the start of the rest.
 */
const encodeListCursor = (part: 'w' | 'r', inner: string | null) => `${part}.${inner ?? ''}`;
function decodeListCursor(cursor: string): { part: 'w' | 'r'; inner: string | undefined } {
  const match = /^([wr])\.(.*)$/.exec(cursor);
  if (!match) throw invalidInput('Invalid cursor', 'cursor');
  return { part: match[1] as 'w' | 'r', inner: match[2] || undefined };
}

const toAdmin = (d: FirebaseFirestore.QueryDocumentSnapshot<TicketDoc>) => adminTicketToWire(d.id, d.data());
const waitingQuery = () => ticketsCollection().where('waiting', '==', true);

/**
 * Without a state: every ticket waiting for us, oldest first, then all the others, newest activity
 * first, paged through as one list. With `open`: the waiting ones; with another state: that state,
 * newest activity first.
 */
export async function listTickets(
  page: Page & { state?: TicketState | undefined },
): Promise<{ items: AdminTicket[]; nextCursor: string | null }> {
  if (page.state === 'open') return pageOldestFirst(waitingQuery(), 'waitingSince', page, toAdmin);
  if (page.state) return pageNewestFirst(ticketsCollection().where('state', '==', page.state), 'updatedAt', page, toAdmin);

  const at = page.cursor ? decodeListCursor(page.cursor) : { part: 'w' as const, inner: undefined };
  const items: AdminTicket[] = [];
  if (at.part === 'w') {
    const waiting = await pageOldestFirst(waitingQuery(), 'waitingSince', { limit: page.limit, cursor: at.inner }, toAdmin);
    if (waiting.nextCursor) return { items: waiting.items, nextCursor: encodeListCursor('w', waiting.nextCursor) };
    items.push(...waiting.items);
  }
  const rest: Query<TicketDoc> = ticketsCollection().where('waiting', '==', false);
  const remaining = page.limit - items.length;
  if (remaining === 0) {
    const more = await rest.limit(1).get();
    return { items, nextCursor: more.empty ? null : encodeListCursor('r', null) };
  }
  const others = await pageNewestFirst(rest, 'updatedAt', { limit: remaining, cursor: at.part === 'r' ? at.inner : undefined }, toAdmin);
  items.push(...others.items);
  return { items, nextCursor: others.nextCursor ? encodeListCursor('r', others.nextCursor) : null };
}

/** How many tickets wait for our answer (the admin's badge), counted by Firestore. */
export async function countWaitingTickets(): Promise<number> {
  return (await waitingQuery().count().get()).data().count;
}

/** The thread with the customer's balance and latest orders beside it; the customer's messages are read. */
export async function getTicketForAdmin(id: string) {
  const answer = await runInTransaction<{ ticket: AdminTicket; messages: TicketMessage[]; balancePaisa: number; userId: string }>(
    null,
    async (tx) => {
      const { ref, ticket } = await readTicket(tx, id);
      const [messages, profileSnap] = await Promise.all([readMessages(tx, ref), tx.get(userRef(ticket.userId))]);
      if (ticket.unreadByAdmin > 0) tx.update(ref, { unreadByAdmin: 0 });
      const balancePaisa = profileSnap.data()?.balancePaisa ?? 0;
      return { ticket: adminTicketToWire(ref.id, { ...ticket, unreadByAdmin: 0 }), messages, balancePaisa, userId: ticket.userId };
    },
  );
  const { ticket, messages, balancePaisa, userId } = answer.value;
  const recent = await listUserOrders(userId, { limit: 5 });
  return { ticket, messages, customer: { balance: toRupees(balancePaisa), recentOrders: recent.items as Order[] } };
}

/** The admin answers: the ticket waits for the customer, whose badge counts the message. */
export async function postAdminMessage(admin: Actor, id: string, message: string, idempotencyKey?: string) {
  let push: DocumentReference | null = null;
  const answer = await runInTransaction<{ ticket: AdminTicket; message: TicketMessage }>(
    { scope: 'ticket.admin-message', uid: admin.uid, key: idempotencyKey, request: { id, message } },
    async (tx, now) => {
      push = null;
      const { ref, ticket } = await readTicket(tx, id);
      const notification = notificationId.ticketReply(ref.id, messageId(ticket.messageCount + 1));
      const [counter, notifier] = await Promise.all([readCounter(tx, ticket.userId), readNotifier(tx, ticket.userId, [notification])]);
      assertWritable(ticket, 'admin');
      const written = writeMessage(tx, ref, ticket, { from: 'admin', body: message, createdAt: now });
      push = notifier.add(tx, notification, ticketReplyNotification({ ticketId: ref.id, reply: message }), now);
      const change = {
        state: 'answered' as const,
        updatedAt: now,
        lastAdminMessageAt: now,
        unreadByAdmin: 0,
        unreadByCustomer: ticket.unreadByCustomer + 1,
        messageCount: ticket.messageCount + 1,
        waiting: false,
        waitingSince: null,
      } satisfies Partial<TicketDoc>;
      tx.update(ref, change);
      tx.set(counterRef(ticket.userId), { ...counter, unread: counter.unread + 1 } satisfies TicketCounterDoc);
      recordAudit(tx, admin, now, {
        subject: ref,
        action: 'ticket_reply',
        before: { state: ticket.state },
        after: { state: 'answered', messageId: written._id },
      });
      return { ticket: adminTicketToWire(ref.id, { ...ticket, ...change }), message: written };
    },
  );
  if (push) await deliverNow([push]);
  return answer;
}

export async function closeTicketAsAdmin(admin: Actor, id: string) {
  const answer = await runInTransaction<{ ticket: AdminTicket }>(null, async (tx, now) => {
    const { ref, ticket } = await readTicket(tx, id);
    const counter = await readCounter(tx, ticket.userId);
    if (ticket.state === 'closed') throw fail('ticket_closed', TICKET_MESSAGES.alreadyClosed, 'state');
    const closed = writeClose(tx, ref, ticket, counter, now, 'admin');
    recordAudit(tx, admin, now, { subject: ref, action: 'ticket_close', before: { state: ticket.state }, after: { state: 'closed' } });
    return { ticket: adminTicketToWire(ref.id, closed) };
  });
  return answer.value;
}

// ---- Saved replies ----

export async function listSavedReplies(): Promise<SavedReply[]> {
  const snap = await savedRepliesCollection().orderBy('createdAt').limit(TICKET_LIMITS.savedReplies).get();
  return snap.docs.map((d) => savedReplyToWire(d.id, d.data()));
}

const readSavedReplyCount = async (tx: Transaction) =>
  ((await tx.get(savedReplyCountRef())).data() as { count: number } | undefined)?.count ?? 0;

export async function createSavedReply(admin: Actor, body: { title: string; body: string }) {
  const answer = await runInTransaction<{ reply: SavedReply }>(null, async (tx, now) => {
    const count = await readSavedReplyCount(tx);
    if (count >= TICKET_LIMITS.savedReplies) throw fail('conflict', TICKET_MESSAGES.tooManySavedReplies);
    const ref = savedRepliesCollection().doc();
    const doc: SavedReplyDoc = { title: body.title, body: body.body, createdAt: now, updatedAt: now };
    tx.create(ref, doc);
    tx.set(savedReplyCountRef(), { count: count + 1 });
    recordAudit(tx, admin, now, { subject: ref, action: 'saved_reply_create', after: { title: body.title, body: body.body } });
    return { reply: savedReplyToWire(ref.id, doc) };
  });
  return answer.value;
}

async function readSavedReply(tx: Transaction, id: string) {
  const notFoundError = () => notFound(TICKET_MESSAGES.savedReplyNotFound);
  if (!isDocumentId(id)) throw notFoundError();
  const ref = savedRepliesCollection().doc(id);
  const doc = (await tx.get(ref)).data();
  if (!doc) throw notFoundError();
  return { ref, doc };
}

export async function updateSavedReply(admin: Actor, id: string, body: { title: string; body: string }) {
  const answer = await runInTransaction<{ reply: SavedReply }>(null, async (tx, now) => {
    const { ref, doc } = await readSavedReply(tx, id);
    const updated: SavedReplyDoc = { ...doc, title: body.title, body: body.body, updatedAt: now };
    tx.set(ref, updated);
    recordAudit(tx, admin, now, {
      subject: ref,
      action: 'saved_reply_update',
      before: { title: doc.title, body: doc.body },
      after: { title: body.title, body: body.body },
    });
    return { reply: savedReplyToWire(ref.id, updated) };
  });
  return answer.value;
}

export async function deleteSavedReply(admin: Actor, id: string) {
  await runInTransaction(null, async (tx, now) => {
    const { ref, doc } = await readSavedReply(tx, id);
    const count = await readSavedReplyCount(tx);
    tx.delete(ref);
    tx.set(savedReplyCountRef(), { count: Math.max(0, count - 1) });
    recordAudit(tx, admin, now, { subject: ref, action: 'saved_reply_delete', before: { title: doc.title, body: doc.body } });
  });
}
