// Orders: placing, status changes (one and in bulk), the admin's order list, refills; an order as answered.
// Shared by the function (which parses every request with them) and the web app (forms and answers); zod/mini, so
// a page builds only the schemas it imports (docs/decisions/0014-web-bundle-budget.md).

import { z } from 'zod/mini';
import { REFILL_STATUSES } from '../api-v2';
import { COMMENT_LIMITS } from '../comments';
import { DRIP_FEED_MESSAGES, dripFeedIntervalSchema, dripFeedRunsSchema, dripFeedSchema, dripRunSchema } from '../drip-feed';
import { FULFILMENT_STATES, REFILL_UPSTREAM_STATES } from '../fulfilment';
import { formatNumber } from '../numbers';
import { ORDER_STATUSES } from '../order-status';
import { pakistanDaySchema } from '../pakistan-days';
import { PLATFORMS } from '../platforms';
import { isoDate, LIMITS, linkSchema, pageQuery, quantitySchema, reasonSchema, rupees, serviceIdSchema, text, userRef } from './fields';

export const placeOrderBody = z
  .strictObject({
    serviceId: serviceIdSchema,
    link: linkSchema,
    quantity: quantitySchema,
    price: z.optional(rupees()),
    /** A Custom Comments service's comments, one per line: their count must be `quantity`. */
    comments: z.optional(
      text().check(z.maxLength(COMMENT_LIMITS.total, `Comments must be at most ${formatNumber(COMMENT_LIMITS.total)} characters in all`)),
    ),
    /** Drip-feed (a service with `dripfeed`): `quantity` is each run's, charged × runs; both or neither. */
    runs: z.optional(dripFeedRunsSchema),
    interval: z.optional(dripFeedIntervalSchema),
  })
  .check(
    z.refine((body) => (body.runs === undefined) === (body.interval === undefined), { message: DRIP_FEED_MESSAGES.both, path: ['runs'] }),
  );

export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

export const updateStatusBody = z.strictObject({
  status: z.enum(ORDER_STATUSES, { error: 'Unknown status' }),
  remains: z.optional(z.number().check(z.int('Remains must be a whole number'), z.positive('Remains must be greater than 0'))),
});

/**
 * The admin's order list: `from`/`to` are Pakistan days, both included. A search by link names at most
 * a handful of orders and combines with `status` only (see listAllOrders for the indexes).
 */
export const adminOrdersQuery = z
  .extend(pageQuery, {
    status: z.optional(z.enum(ORDER_STATUSES)),
    q: z.optional(text().check(z.trim(), z.maxLength(LIMITS.query))),
    platform: z.optional(z.enum(PLATFORMS, { error: 'Unknown platform' })),
    serviceId: z.optional(serviceIdSchema),
    from: z.optional(pakistanDaySchema),
    to: z.optional(pakistanDaySchema),
    fulfilment: z.optional(z.enum(FULFILMENT_STATES, { error: 'Unknown provider state' })),
  })
  .check(
    z.refine((query) => !query.from || !query.to || query.from <= query.to, {
      path: ['to'],
      message: 'The end date is before the start date',
    }),
  );

/** Bulk status change: every order through the same status transaction, one result each. */
export const bulkStatusBody = z.strictObject({
  ids: z
    .array(text().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.orderId)), { error: 'Choose the orders' })
    .check(z.minLength(1, 'Choose at least one order'), z.maxLength(LIMITS.bulkOrders, `At most ${LIMITS.bulkOrders} orders at once`)),
  status: updateStatusBody.shape.status,
  remains: updateStatusBody.shape.remains,
});

/**
 * The customer's own orders (`/orders`, GET /api/order/my-orders): a status or the drip-feeds (the page's tabs,
 * one at a time), a search `q` (an order number or a link), `from`/`to` Pakistan days, both included.
 */
export const myOrdersQuery = z
  .extend(pageQuery, {
    status: z.optional(z.enum(ORDER_STATUSES, { error: 'Unknown status' })),
    dripFeed: z.optional(z.literal('true', { error: 'dripFeed is only true' })),
    q: z.optional(text().check(z.trim(), z.maxLength(LIMITS.query))),
    from: z.optional(pakistanDaySchema),
    to: z.optional(pakistanDaySchema),
  })
  .check(
    z.refine((query) => !query.from || !query.to || query.from <= query.to, {
      path: ['to'],
      message: 'The end date is before the start date',
    }),
    z.refine((query) => !(query.status && query.dripFeed), { path: ['dripFeed'], message: 'Choose a status or the drip-feeds, not both' }),
  );

export type MyOrdersQuery = z.infer<typeof myOrdersQuery>;

/** POST /api/admin/refills/{id}/reject: why, shown to the customer on their order. */
export const rejectRefillBody = z.strictObject({
  reason: z.optional(reasonSchema),
});

export const refillsQuery = z.extend(pageQuery, {
  status: z.optional(z.enum(REFILL_STATUSES)),
});

export const orderSchema = z.object({
  _id: z.string(),
  /** The order number customers and resellers see (equal to `_id`, as an integer). */
  number: z.number().check(z.int()),
  user: userRef,
  platform: z.enum(PLATFORMS),
  serviceId: z.string(),
  service: z.string(),
  link: z.string(),
  quantity: z.number().check(z.int()),
  price: z.number(),
  status: z.enum(ORDER_STATUSES),
  remains: z.optional(z.number().check(z.int())),
  refund: z.optional(z.number()),
  /** What the provider last reported while delivering: the count it started from and what remains. */
  progress: z.optional(z.object({ startCount: z.optional(z.number().check(z.int())), remains: z.optional(z.number().check(z.int())) })),
  /** A Custom Comments order's comments, one per line. */
  comments: z.optional(z.string()),
  /** A drip-feed order (its quantity and price are the totals of its runs). */
  dripFeed: z.optional(dripFeedSchema),
  /** A run of a drip-feed order (paid by it). */
  dripRun: z.optional(dripRunSchema),
  createdAt: isoDate,
  updatedAt: isoDate,
  // The customer's own answers only (my-orders, cancel, refill): what they may do with it now.
  /** A refill may be asked until then (a completed or partial order of a service with a refill window). */
  refillUntil: z.optional(isoDate),
  /** Its customer may cancel it now: pending, of a service that allows cancel (not a drip-feed: that stops). */
  cancelable: z.optional(z.literal(true)),
  /** A cancel of it is asked of the provider delivering it: its refund follows the provider's confirmation. */
  cancelNeedsConfirmation: z.optional(z.literal(true)),
  /** Its cancellation was asked of its provider; the refund follows the provider's confirmation. */
  cancelRequested: z.optional(z.literal(true)),
  /** The order's latest refill, as its customer sees it. */
  refill: z.optional(z.lazy(() => customerRefillSchema)),
});

export type Order = z.infer<typeof orderSchema>;

/** Where a refill stands for its customer: asked, asked of the provider and under way, or decided. */
export const CUSTOMER_REFILL_STATES = ['requested', 'in_progress', 'completed', 'rejected'] as const;
export type CustomerRefillState = (typeof CUSTOMER_REFILL_STATES)[number];

export const customerRefillSchema = z.object({
  _id: z.string(),
  number: z.number().check(z.int()),
  orderId: z.string(),
  state: z.enum(CUSTOMER_REFILL_STATES),
  createdAt: isoDate,
  decidedAt: z.optional(isoDate),
  /** A rejected refill: why (the admin's words, or that the provider refused it). */
  reason: z.optional(z.string()),
});

export type CustomerRefill = z.infer<typeof customerRefillSchema>;

export const refillSchema = z.object({
  _id: z.string(),
  number: z.number().check(z.int()),
  user: userRef,
  orderId: z.string(),
  service: z.string(),
  link: z.string(),
  status: z.enum(REFILL_STATUSES),
  createdAt: isoDate,
  decidedAt: z.optional(isoDate),
  /** Why the admin rejected it (shown to its customer). */
  reason: z.optional(z.string()),
  /** The refill asked of the order's provider (an order sent to one); the admin may still decide by hand. */
  upstream: z.optional(
    z.object({
      state: z.enum(REFILL_UPSTREAM_STATES),
      providerRefillId: z.optional(z.string()),
      status: z.optional(z.string()),
      error: z.optional(z.string()),
    }),
  ),
});

export type Refill = z.infer<typeof refillSchema>;

/** POST /api/admin/orders/status: one result per distinct order, in the order sent. */
export const bulkStatusResultSchema = z.discriminatedUnion('ok', [
  /** `cancelRequested`: a sent order, whose cancellation was asked of its provider (the refund follows its confirmation). */
  z.object({ id: z.string(), ok: z.literal(true), order: orderSchema, cancelRequested: z.optional(z.literal(true)) }),
  z.object({ id: z.string(), ok: z.literal(false), code: z.string(), message: z.string(), field: z.optional(z.string()) }),
]);

export type BulkStatusResultWire = z.infer<typeof bulkStatusResultSchema>;
