// The documents tests answer with, built from one sound example: each test names only what it is about.
import type { Order } from '@shared/schemas/orders';
import type { Ticket, TicketMessage } from '@shared/tickets';

/** A customer's profile (GET /api/profile, a users list row): Ali, no recharge yet. */
export const aProfile = (over: Record<string, unknown> = {}) => ({
  _id: 'u1',
  name: 'Ali',
  email: 'ali@example.com',
  role: 'user',
  balance: 0,
  lastRecharge: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

/** Ali's order `number` of 1000 TikTok Views, processing. */
export const anOrder = (number: number, over: Partial<Order> = {}): Order => ({
  _id: String(number),
  number,
  user: { _id: 'u1', name: 'Ali', email: 'ali@example.com' },
  platform: 'tiktok',
  serviceId: 'svc-1',
  service: 'TikTok Views',
  link: 'https://www.tiktok.com/@ali/video/1',
  quantity: 1000,
  price: 150,
  status: 'processing',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

/** Ali's pending top-up request r1 of Rs 500 by JazzCash. */
export const aRechargeRequest = (over: Record<string, unknown> = {}) => ({
  _id: 'r1',
  user: { _id: 'u1', name: 'Ali', email: 'ali@example.com' },
  amount: 500,
  method: 'JazzCash',
  reference: 'TX12345678',
  status: 'pending',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

/** Ticket t1 about an order, open, read. */
export const aTicket = (over: Partial<Ticket> = {}): Ticket => ({
  _id: 't1',
  kind: 'Order',
  orderIds: ['123456789'],
  state: 'open',
  unread: 0,
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  ...over,
});

/** The customer's first message of a ticket. */
export const aTicketMessage = (over: Partial<TicketMessage>): TicketMessage => ({
  _id: 'm1',
  from: 'customer',
  body: 'My followers did not arrive',
  createdAt: '2026-01-02T10:00:00.000Z',
  ...over,
});
