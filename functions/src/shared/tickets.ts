// Support tickets: a customer's thread with the admin about an order, a payment, a refill, the
// API or anything else. The request and answer schemas and the limits, shared by the function and the
// web app. States: open (waiting for us) → answered (waiting for the customer) → closed; a customer's
// message on an answered ticket opens it again, and the customer may close and reopen.
import { z } from 'zod/mini';
import { hasControlOrFormatInText, hasVisibleText } from './names';
import { formatNumber } from './numbers';
import { pageQuery, text } from './schemas/fields';

export const TICKET_KINDS = ['Order', 'Payment', 'Refill', 'API', 'Other'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];
export const TICKET_STATES = ['open', 'answered', 'closed'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

export const TICKET_LIMITS = {
  /** Tickets not closed per customer. */
  openPerCustomer: 5,
  /** Characters of one message. */
  message: 2000,
  /** Messages in one ticket (then a new ticket). */
  messagesPerTicket: 200,
  /** Order numbers one ticket may name. */
  orderIds: 20,
  /** Saved replies the admin keeps, and the characters of each. */
  savedReplies: 50,
  savedReplyTitle: 80,
} as const;

export const TICKET_MESSAGES = {
  tooManyOpen: `You have ${TICKET_LIMITS.openPerCustomer} open tickets. Please close one or wait for our answer before opening another.`,
  ticketNotFound: 'Ticket not found',
  notYourOrder: 'This order is not one of yours',
  ticketClosed: 'This ticket is closed: reopen it to write',
  tooManyMessages: 'This ticket is long: please open a new one',
  alreadyClosed: 'This ticket is already closed',
  notClosed: 'This ticket is not closed',
  messageRequired: 'Write a message',
  messageTooLong: `A message is at most ${formatNumber(TICKET_LIMITS.message)} characters`,
  messageCharacters:
    'A message cannot contain hidden control or formatting characters (such as text direction overrides or zero-width spaces): remove them',
  savedReplyNotFound: 'Saved reply not found',
  tooManySavedReplies: `You have ${TICKET_LIMITS.savedReplies} saved replies. Delete one before adding another.`,
} as const;

const isoDate = z.string();

export const ticketSchema = z.object({
  _id: z.string(),
  kind: z.enum(TICKET_KINDS),
  /** Order numbers of the customer's own orders the ticket is about. */
  orderIds: z.array(z.string()),
  state: z.enum(TICKET_STATES),
  /** Messages from the other side the reader has not seen (the customer's or the admin's count). */
  unread: z.number().check(z.int()),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Ticket = z.infer<typeof ticketSchema>;

/** A ticket as the admin lists it: whose, and when the customer last wrote (waiting-for-us first, oldest first). */
export const adminTicketSchema = z.extend(ticketSchema, {
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  /** The first message's opening words, for the list. */
  preview: z.string(),
  lastCustomerMessageAt: z.nullable(isoDate),
});
export type AdminTicket = z.infer<typeof adminTicketSchema>;

export const ticketMessageSchema = z.object({
  _id: z.string(),
  from: z.enum(['customer', 'admin']),
  body: z.string(),
  createdAt: isoDate,
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const savedReplySchema = z.object({ _id: z.string(), title: z.string(), body: z.string() });
export type SavedReply = z.infer<typeof savedReplySchema>;

// ---- Requests ----

const messageText = text({ error: TICKET_MESSAGES.messageRequired }).check(
  z.trim(),
  z.minLength(1, TICKET_MESSAGES.messageRequired),
  z.maxLength(TICKET_LIMITS.message, TICKET_MESSAGES.messageTooLong),
  z.refine(hasVisibleText, TICKET_MESSAGES.messageRequired),
  // As names and reviews' names are: a bidi override could make a message (and the admin's list preview)
  // read otherwise than it is stored. Line breaks and tabs are a message's own layout.
  z.refine((message) => !hasControlOrFormatInText(message), TICKET_MESSAGES.messageCharacters),
);

/** An order number as customers see it (9 digits today; any digits up to 15 name no document otherwise). */
const orderNumber = z.pipe(
  z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  z.string().check(z.regex(/^[0-9]{1,15}$/, 'Order numbers are digits')),
);

export const createTicketBody = z.strictObject({
  kind: z.enum(TICKET_KINDS, { error: 'Choose what the ticket is about' }),
  orderIds: z.optional(z.array(orderNumber).check(z.maxLength(TICKET_LIMITS.orderIds, `At most ${TICKET_LIMITS.orderIds} orders`))),
  message: messageText,
});
export type CreateTicketBody = z.infer<typeof createTicketBody>;

export const ticketMessageBody = z.strictObject({ message: messageText });

export const adminTicketsQuery = z.extend(pageQuery, { state: z.optional(z.enum(TICKET_STATES)) });

export const savedReplyBody = z.strictObject({
  title: text().check(z.trim(), z.minLength(1, 'A title is required'), z.maxLength(TICKET_LIMITS.savedReplyTitle)),
  body: messageText,
});
