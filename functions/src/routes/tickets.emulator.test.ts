// Support tickets over the real emulators: the customer's contract, the limit of open
// tickets under concurrent creates, unread counts both ways, another customer's ticket answering 404
// everywhere, order numbers the customer owns, bounded threads, the admin's queue and its paging, the
// audit entries and the saved replies.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, fund, pageThrough, retryWhileBusy, type TestUser } from '../../../tests/support/api';
import { fundedUser } from '../../../tests/support/users';
import { db } from '../lib/admin';
import { TICKET_LIMITS, TICKET_MESSAGES } from '../shared/tickets';

const api = apiServerForFile();
let admin: TestUser;

beforeAll(async () => {
  admin = await createUser({ admin: true, name: 'Boss' });
});

type Wire = Record<string, any>;
const open = (user: TestUser, body: unknown) => call(api.url, 'POST', '/api/tickets', { token: user.token, body });
const openOk = async (user: TestUser, body: Wire = { kind: 'Order', message: 'Where is my order?' }) => {
  const res = await open(user, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.ticket as Wire;
};
const as = (user: TestUser) => ({
  get: (path: string) => call(api.url, 'GET', path, { token: user.token }),
  post: (path: string, body?: unknown) => call(api.url, 'POST', path, { token: user.token, body }),
});
const unreadOf = async (user: TestUser) => {
  const res = await as(user).get('/api/tickets/unread');
  expect(res.status).toBe(200);
  return res.body.unread as number;
};
const counterOf = async (user: TestUser) => (await db.collection('ticketCounters').doc(user.uid).get()).data();
const storedTicket = async (id: string) => (await db.collection('tickets').doc(id).get()).data();
const placeOrder = async (user: TestUser) => {
  const res = await call(api.url, 'POST', '/api/order/place', {
    token: user.token,
    body: {
      serviceId: 'tt-views-fast',
      link: `https://tiktok.com/@t/video/${Date.now()}${Math.random().toString().slice(2, 6)}`,
      quantity: 1000,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order as Wire;
};

describe('POST /api/tickets', () => {
  it('opens a ticket with its first message, waiting for us', async () => {
    const user = await createUser({ name: 'Sana' });
    const res = await open(user, { kind: 'Payment', message: '  I paid Rs 500 by Easypaisa  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      ticket: {
        _id: expect.any(String),
        kind: 'Payment',
        orderIds: [],
        state: 'open',
        unread: 0,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updatedAt: res.body.ticket.createdAt,
      },
    });
    const stored = await storedTicket(res.body.ticket._id);
    expect(stored).toMatchObject({
      userId: user.uid,
      user: { _id: user.uid, email: user.email },
      waiting: true,
      unreadByAdmin: 1,
      unreadByCustomer: 0,
      messageCount: 1,
      preview: 'I paid Rs 500 by Easypaisa',
    });
    const messages = await db.collection('tickets').doc(res.body.ticket._id).collection('messages').get();
    expect(messages.docs.map((d) => d.data())).toEqual([
      { from: 'customer', body: 'I paid Rs 500 by Easypaisa', createdAt: stored?.createdAt },
    ]);
    expect(await counterOf(user)).toEqual({ open: 1, unread: 0 });
  });

  it('names the caller’s own orders, once each', async () => {
    const user = await fundedUser(100);
    const [a, b] = [await placeOrder(user), await placeOrder(user)];
    const ticket = await openOk(user, { kind: 'Order', orderIds: [a?._id, Number(b?._id), a?._id], message: 'Slow' });
    expect(ticket.orderIds).toEqual([a?._id, b?._id]);
  });

  it('refuses another customer’s order or a missing one (400 on orderIds), and opens nothing', async () => {
    const owner = await createUser();
    const other = await createUser();
    await fund(owner, 100);
    const theirs = await placeOrder(owner);
    for (const orderIds of [[theirs._id], ['999999999']]) {
      const res = await open(other, { kind: 'Order', orderIds, message: 'Mine?' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'invalid_input', message: TICKET_MESSAGES.notYourOrder, field: 'orderIds' });
    }
    expect((await db.collection('tickets').where('userId', '==', other.uid).get()).size).toBe(0);
    expect(await counterOf(other)).toBeUndefined();
  });

  it.each([
    ['no message', { kind: 'Order' }, 'message'],
    ['a blank message', { kind: 'Order', message: '   ' }, 'message'],
    ['a message too long', { kind: 'Order', message: 'x'.repeat(TICKET_LIMITS.message + 1) }, 'message'],
    ['an unknown kind', { kind: 'Spam', message: 'Hi' }, 'kind'],
    ['an order number that is not digits', { kind: 'Order', message: 'Hi', orderIds: ['12a'] }, undefined],
    ['an unknown field', { kind: 'Order', message: 'Hi', extra: 1 }, undefined],
  ])('refuses %s with 400', async (_label, body, field) => {
    const res = await open(await createUser(), body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
    if (field) expect(res.body.field).toBe(field);
  });

  it('needs a signed-in customer', async () => {
    expect((await call(api.url, 'POST', '/api/tickets', { body: { kind: 'Other', message: 'Hi' } })).status).toBe(401);
  });

  it(`lets exactly ${TICKET_LIMITS.openPerCustomer} of 8 concurrent creates through`, async () => {
    const user = await createUser();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        retryWhileBusy(
          () => open(user, { kind: 'Other', message: `Ticket ${i}` }),
          (res) => res.status === 503,
        ),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(res.body).toEqual({ code: 'too_many_open_tickets', message: TICKET_MESSAGES.tooManyOpen });
    }
    expect((await db.collection('tickets').where('userId', '==', user.uid).get()).size).toBe(TICKET_LIMITS.openPerCustomer);
    expect(await counterOf(user)).toEqual({ open: TICKET_LIMITS.openPerCustomer, unread: 0 });
  });

  it('limits tickets opened to 10 an hour, closed ones included (a loop of open and close ends in 429)', async () => {
    const user = await createUser();
    for (let i = 0; i < 10; i++) {
      const ticket = await openOk(user, { kind: 'Other', message: `Ticket ${i}` });
      expect((await as(user).post(`/api/tickets/${ticket._id}/close`)).status).toBe(200);
    }
    const refused = await open(user, { kind: 'Other', message: 'One more' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await db.collection('tickets').where('userId', '==', user.uid).get()).size).toBe(10);
  });

  it('refuses a message that shows nothing (zero-width spaces, a lone combining mark)', async () => {
    const user = await createUser();
    for (const message of ['\u200b\u200b', '\u0301', ' \u2800 ']) {
      const res = await open(user, { kind: 'Other', message });
      expect(res.status, JSON.stringify(message)).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_input', field: 'message', message: TICKET_MESSAGES.messageRequired });
    }
    expect(await counterOf(user)).toBeUndefined();
  });

  it('refuses a message with a hidden control or formatting character (400, nothing written), from either side', async () => {
    const user = await createUser();
    const ticket = await openOk(user);
    const refused = [
      'Order \u202e005 ot dnuofer',
      'Pay to \u2066+92 300\u2069',
      'zero\u200bwidth',
      'mark\u200f',
      'bell\u0007',
      'escape \u001b[31m',
      'nul\u0000',
      'b\ufeffom',
      'next\u0085line',
      'lone joiner a\u200db',
    ];
    for (const message of refused) {
      for (const [who, path, body] of [
        [user, '/api/tickets', { kind: 'Other', message }],
        [user, `/api/tickets/${ticket._id}/messages`, { message }],
        [admin, `/api/admin/tickets/${ticket._id}/messages`, { message }],
        [admin, '/api/admin/saved-replies', { title: 'Hidden', body: message }],
      ] as const) {
        const res = await as(who).post(path, body);
        expect(res.status, `${path} ${JSON.stringify(message)}`).toBe(400);
        expect(res.body).toEqual({
          code: 'invalid_input',
          field: path.endsWith('saved-replies') ? 'body' : 'message',
          message: TICKET_MESSAGES.messageCharacters,
        });
      }
    }
    expect((await storedTicket(ticket._id))?.messageCount).toBe(1);
    expect(await counterOf(user)).toEqual({ open: 1, unread: 0 });
  });

  it('keeps a message’s line breaks, tabs and emoji (their joiners included)', async () => {
    const user = await createUser();
    const message = 'Order 123456789:\r\n\t- not started 🤷‍♂️\n- paid by 👩🏽‍💻 علی';
    const ticket = await openOk(user, { kind: 'Order', message });
    const thread = await as(user).get(`/api/tickets/${ticket._id}`);
    expect(thread.body.messages.map((m: Wire) => m.body)).toEqual([message]);
    expect((await as(user).post(`/api/tickets/${ticket._id}/messages`, { message: 'Thanks\n\t🙏🏽' })).status).toBe(201);
  });

  it('limits a customer’s messages to 60 an hour (429 with Retry-After; nothing written)', async () => {
    const user = await createUser();
    const ticket = await openOk(user);
    const me = as(user);
    for (let i = 0; i < 60; i++) expect((await me.post(`/api/tickets/${ticket._id}/messages`, { message: `m${i}` })).status).toBe(201);
    const refused = await me.post(`/api/tickets/${ticket._id}/messages`, { message: 'too many' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await storedTicket(ticket._id))?.messageCount).toBe(61);
  });

  it('replays a create sent again with the same Idempotency-Key: one ticket', async () => {
    const user = await createUser();
    const send = () =>
      call(api.url, 'POST', '/api/tickets', {
        token: user.token,
        body: { kind: 'API', message: 'Key?' },
        headers: { 'idempotency-key': 'k1' },
      });
    const [first, second] = [await send(), await send()];
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect((await counterOf(user))?.open).toBe(1);
  });
});

describe('a customer’s tickets', () => {
  it('lists them newest activity first, paging through all of them', async () => {
    const user = await createUser();
    const a = await openOk(user);
    const b = await openOk(user);
    const c = await openOk(user);
    // Activity on the oldest brings it to the top.
    expect((await as(user).post(`/api/tickets/${a._id}/messages`, { message: 'Any news?' })).status).toBe(201);
    const { items, pages } = await pageThrough<Wire>(api.url, user.token, '/api/tickets', 'tickets', 2);
    expect(items.map((t) => t._id)).toEqual([a._id, c._id, b._id]);
    expect(pages).toBe(2);
    // Only the caller's.
    const other = await createUser();
    expect((await as(other).get('/api/tickets')).body).toEqual({ tickets: [], nextCursor: null });
  });

  it('answers the thread oldest first, all of it', async () => {
    const user = await createUser();
    const ticket = await openOk(user, { kind: 'Refill', message: 'one' });
    for (const [who, message] of [
      [admin, 'two'],
      [user, 'three'],
      [admin, 'four'],
    ] as const) {
      const path = who === admin ? `/api/admin/tickets/${ticket._id}/messages` : `/api/tickets/${ticket._id}/messages`;
      expect((await as(who).post(path, { message })).status).toBe(201);
    }
    const res = await as(user).get(`/api/tickets/${ticket._id}`);
    expect(res.status).toBe(200);
    expect(res.body.messages.map((m: Wire) => [m.from, m.body])).toEqual([
      ['customer', 'one'],
      ['admin', 'two'],
      ['customer', 'three'],
      ['admin', 'four'],
    ]);
    expect(res.body.messages[0]).toEqual({ _id: expect.any(String), from: 'customer', body: 'one', createdAt: expect.any(String) });
    expect(res.body.ticket).toMatchObject({ _id: ticket._id, state: 'answered', unread: 0 });
  });

  it('another customer’s ticket, a missing one and a malformed id answer 404 on every route', async () => {
    const owner = await createUser();
    const other = await createUser();
    const ticket = await openOk(owner);
    const before = await storedTicket(ticket._id);
    for (const id of [ticket._id, 'NoSuchTicket1234', 'a.b', '..']) {
      const target = id === ticket._id ? other : owner;
      for (const [method, path, body] of [
        ['GET', `/api/tickets/${id}`, undefined],
        ['POST', `/api/tickets/${id}/messages`, { message: 'Hello?' }],
        ['POST', `/api/tickets/${id}/close`, undefined],
        ['POST', `/api/tickets/${id}/reopen`, undefined],
      ] as const) {
        const res = await call(api.url, method, path, { token: target.token, body });
        expect(res.status, `${method} ${path}`).toBe(404);
        if (res.body.code !== 'not_found') expect(res.body).toEqual({ code: 'ticket_not_found', message: TICKET_MESSAGES.ticketNotFound });
      }
    }
    expect(await storedTicket(ticket._id)).toEqual(before);
  });

  it('closes and reopens; closing twice and writing to a closed ticket answer 409; reopening counts against the limit', async () => {
    const user = await createUser();
    const tickets = [];
    for (let i = 0; i < TICKET_LIMITS.openPerCustomer; i++) tickets.push(await openOk(user));
    const first = tickets[0] as Wire;
    const me = as(user);

    const closed = await me.post(`/api/tickets/${first._id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.ticket).toMatchObject({ _id: first._id, state: 'closed' });
    expect(await counterOf(user)).toEqual({ open: TICKET_LIMITS.openPerCustomer - 1, unread: 0 });
    expect(await storedTicket(first._id)).toMatchObject({ waiting: false, waitingSince: null });

    const again = await me.post(`/api/tickets/${first._id}/close`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'ticket_closed', message: TICKET_MESSAGES.alreadyClosed, field: 'state' });
    const write = await me.post(`/api/tickets/${first._id}/messages`, { message: 'Hello?' });
    expect(write.status).toBe(409);
    expect(write.body).toEqual({ code: 'ticket_closed', message: TICKET_MESSAGES.ticketClosed });
    const notClosed = await me.post(`/api/tickets/${tickets[1]?._id}/reopen`);
    expect(notClosed.status).toBe(409);
    expect(notClosed.body.message).toBe(TICKET_MESSAGES.notClosed);

    // The freed place is taken by a new ticket: the closed one cannot come back.
    await openOk(user);
    const full = await me.post(`/api/tickets/${first._id}/reopen`);
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('too_many_open_tickets');
    expect((await storedTicket(first._id))?.state).toBe('closed');

    expect((await me.post(`/api/tickets/${tickets[1]?._id}/close`)).status).toBe(200);
    const reopened = await me.post(`/api/tickets/${first._id}/reopen`);
    expect(reopened.status).toBe(200);
    expect(reopened.body.ticket).toMatchObject({ state: 'open' });
    expect(await storedTicket(first._id)).toMatchObject({ waiting: true });
    expect((await me.post(`/api/tickets/${first._id}/messages`, { message: 'Back' })).status).toBe(201);
    expect(await counterOf(user)).toEqual({ open: TICKET_LIMITS.openPerCustomer, unread: 0 });
  });

  it('limits closing and reopening to 20 an hour together (429 with Retry-After; the ticket stays as it is)', async () => {
    const user = await createUser();
    const ticket = await openOk(user);
    const me = as(user);
    for (let i = 0; i < 10; i++) {
      expect((await me.post(`/api/tickets/${ticket._id}/close`)).status).toBe(200);
      // A refused close (409, already closed) writes nothing and uses up no allowance.
      expect((await me.post(`/api/tickets/${ticket._id}/close`)).status).toBe(409);
      expect((await me.post(`/api/tickets/${ticket._id}/reopen`)).status).toBe(200);
    }
    const before = await storedTicket(ticket._id);
    const refused = await me.post(`/api/tickets/${ticket._id}/close`);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'rate_limited', message: 'Too many requests, try again later' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(await storedTicket(ticket._id)).toEqual(before);
    expect(await counterOf(user)).toEqual({ open: 1, unread: 0 });
    // The customer still writes, and the admin still closes; the customer's reopen is refused too.
    expect((await me.post(`/api/tickets/${ticket._id}/messages`, { message: 'Still there?' })).status).toBe(201);
    expect((await as(admin).post(`/api/admin/tickets/${ticket._id}/close`)).status).toBe(200);
    expect((await me.post(`/api/tickets/${ticket._id}/reopen`)).status).toBe(429);
    // Another customer has an allowance of their own.
    const other = await createUser();
    const theirs = await openOk(other);
    expect((await as(other).post(`/api/tickets/${theirs._id}/close`)).status).toBe(200);
  });

  it(`bounds a thread at ${TICKET_LIMITS.messagesPerTicket} messages, the last place kept for our answer`, async () => {
    const user = await createUser();
    const ticket = await openOk(user);
    // Brought to two below the bound directly (200 requests would be slow).
    await db
      .collection('tickets')
      .doc(ticket._id)
      .update({ messageCount: TICKET_LIMITS.messagesPerTicket - 2 });
    expect((await as(user).post(`/api/tickets/${ticket._id}/messages`, { message: 'my last' })).status).toBe(201);
    // The customer's messages stop one short: the thread can still be answered.
    const refused = await as(user).post(`/api/tickets/${ticket._id}/messages`, { message: 'one more' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'ticket_closed', message: TICKET_MESSAGES.tooManyMessages, field: 'message' });
    expect((await as(admin).post(`/api/admin/tickets/${ticket._id}/messages`, { message: 'last' })).status).toBe(201);
    for (const [who, path] of [
      [user, `/api/tickets/${ticket._id}/messages`],
      [admin, `/api/admin/tickets/${ticket._id}/messages`],
    ] as const) {
      const res = await as(who).post(path, { message: 'one more' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 'ticket_closed', message: TICKET_MESSAGES.tooManyMessages, field: 'message' });
    }
    const stored = await db.collection('tickets').doc(ticket._id).collection('messages').get();
    expect(stored.size).toBe(3);
    expect((await storedTicket(ticket._id))?.messageCount).toBe(TICKET_LIMITS.messagesPerTicket);
  });
});

describe('unread counts', () => {
  it('the customer’s badge counts the admin’s replies over all tickets until each thread is read', async () => {
    const user = await createUser();
    const a = await openOk(user);
    const b = await openOk(user);
    const reply = (id: string, message: string) => as(admin).post(`/api/admin/tickets/${id}/messages`, { message });
    expect((await reply(a._id, 'First')).status).toBe(201);
    expect((await reply(a._id, 'Second')).status).toBe(201);
    expect((await reply(b._id, 'Third')).status).toBe(201);
    expect(await unreadOf(user)).toBe(3);
    const listed = (await as(user).get('/api/tickets')).body.tickets as Wire[];
    expect(Object.fromEntries(listed.map((t) => [t._id, t.unread]))).toEqual({ [a._id]: 2, [b._id]: 1 });

    const read = await as(user).get(`/api/tickets/${a._id}`);
    expect(read.body.ticket.unread).toBe(0);
    expect(await unreadOf(user)).toBe(1);
    // Reading again changes nothing.
    await as(user).get(`/api/tickets/${a._id}`);
    expect(await unreadOf(user)).toBe(1);
    // Writing is reading; closing clears what is left.
    expect((await reply(a._id, 'Fourth')).status).toBe(201);
    expect(await unreadOf(user)).toBe(2);
    expect((await as(user).post(`/api/tickets/${a._id}/messages`, { message: 'Thanks' })).status).toBe(201);
    expect(await unreadOf(user)).toBe(1);
    expect((await as(user).post(`/api/tickets/${b._id}/close`)).status).toBe(200);
    expect(await unreadOf(user)).toBe(0);
    expect(await counterOf(user)).toEqual({ open: 1, unread: 0 });
  });

  it('the admin’s unread counts the customer’s messages until the admin opens or answers the thread', async () => {
    const user = await createUser();
    const ticket = await openOk(user);
    const adminView = async () => {
      const res = await as(admin).get('/api/admin/tickets?state=open&limit=200');
      return (res.body.tickets as Wire[]).find((t) => t._id === ticket._id);
    };
    expect((await adminView())?.unread).toBe(1);
    expect((await as(user).post(`/api/tickets/${ticket._id}/messages`, { message: 'More' })).status).toBe(201);
    expect((await adminView())?.unread).toBe(2);
    const opened = await as(admin).get(`/api/admin/tickets/${ticket._id}`);
    expect(opened.body.ticket.unread).toBe(0);
    expect((await adminView())?.unread).toBe(0);
    expect((await as(user).post(`/api/tickets/${ticket._id}/messages`, { message: 'Hello?' })).status).toBe(201);
    const answered = await as(admin).post(`/api/admin/tickets/${ticket._id}/messages`, { message: 'Here' });
    expect(answered.body.ticket.unread).toBe(0);
    expect((await storedTicket(ticket._id))?.unreadByAdmin).toBe(0);
  });
});

describe('the admin', () => {
  it('answers (answered, no longer waiting), the customer writing opens it again, and each answer is audited', async () => {
    const user = await createUser();
    const ticket = await openOk(user);
    const res = await as(admin).post(`/api/admin/tickets/${ticket._id}/messages`, { message: '  On its way  ' });
    expect(res.status).toBe(201);
    expect(res.body.message).toEqual({ _id: expect.any(String), from: 'admin', body: 'On its way', createdAt: expect.any(String) });
    expect(res.body.ticket).toMatchObject({ _id: ticket._id, state: 'answered', user: { _id: user.uid }, unread: 0 });
    expect(await storedTicket(ticket._id)).toMatchObject({ waiting: false, state: 'answered', lastAdminMessageAt: expect.anything() });
    const audit = await db.collection('audit').where('subject', '==', `tickets/${ticket._id}`).get();
    expect(audit.docs.map((d) => d.data())).toEqual([
      {
        subject: `tickets/${ticket._id}`,
        action: 'ticket_reply',
        by: admin.email.toLowerCase(),
        byUid: admin.uid,
        at: expect.anything(),
        before: { state: 'open' },
        after: { state: 'answered', messageId: res.body.message._id },
      },
    ]);
    const back = await as(user).post(`/api/tickets/${ticket._id}/messages`, { message: 'Not yet' });
    expect(back.body.ticket.state).toBe('open');
    expect(await storedTicket(ticket._id)).toMatchObject({ waiting: true });
  });

  it('closes a ticket (audited, freeing the customer’s place); a closed ticket takes no answer', async () => {
    const user = await createUser();
    const ticket = await openOk(user);
    const res = await as(admin).post(`/api/admin/tickets/${ticket._id}/close`);
    expect(res.status).toBe(200);
    expect(res.body.ticket).toMatchObject({ state: 'closed', user: { _id: user.uid } });
    expect((await counterOf(user))?.open).toBe(0);
    const again = await as(admin).post(`/api/admin/tickets/${ticket._id}/close`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ticket_closed');
    const answer = await as(admin).post(`/api/admin/tickets/${ticket._id}/messages`, { message: 'Late' });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('ticket_closed');
    const audit = await db.collection('audit').where('subject', '==', `tickets/${ticket._id}`).get();
    expect(audit.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ action: 'ticket_close', byUid: admin.uid, before: { state: 'open' }, after: { state: 'closed' } }),
    ]);
  });

  it('sees the thread with the customer’s balance and 5 newest orders', async () => {
    const user = await createUser({ name: 'Bilal' });
    await fund(user, 300);
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await placeOrder(user));
    const ticket = await openOk(user, { kind: 'Order', orderIds: [orders[0]?._id], message: 'Where?' });
    const res = await as(admin).get(`/api/admin/tickets/${ticket._id}`);
    expect(res.status).toBe(200);
    const balancePaisa = (await db.collection('users').doc(user.uid).get()).data()?.balancePaisa as number;
    expect(res.body.customer.balance).toBe(balancePaisa / 100);
    expect(res.body.customer.balance).toBeLessThan(300);
    expect(res.body.customer.recentOrders.map((o: Wire) => o._id)).toEqual(
      orders
        .slice(1)
        .reverse()
        .map((o) => o._id),
    );
    expect(res.body.ticket).toMatchObject({
      _id: ticket._id,
      orderIds: [orders[0]?._id],
      user: { _id: user.uid, name: 'Bilal', email: user.email },
      preview: 'Where?',
      lastCustomerMessageAt: ticket.createdAt,
    });
    expect(res.body.messages).toHaveLength(1);
    expect((await as(admin).get('/api/admin/tickets/NoSuchTicket1234')).status).toBe(404);
  });

  it('lists waiting-for-us first, oldest first, then the rest newest activity first, paging through everything', async () => {
    const user = await createUser();
    const other = await createUser();
    const a = await openOk(user);
    const b = await openOk(other);
    const c = await openOk(user);
    await as(admin).post(`/api/admin/tickets/${a._id}/messages`, { message: 'Answered' });
    await as(user).post(`/api/tickets/${c._id}/close`);
    // A follow-up while waiting keeps b's place in the queue.
    await as(other).post(`/api/tickets/${b._id}/messages`, { message: 'Still waiting' });

    const docs = (await db.collection('tickets').get()).docs.map((d) => ({ id: d.id, ...d.data() })) as Wire[];
    const byId = (x: Wire, y: Wire) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
    const waiting = docs
      .filter((t) => t.waiting)
      .sort((x, y) => x.waitingSince.toMillis() - y.waitingSince.toMillis() || byId(x, y))
      .map((t) => t.id);
    const newestFirst = (list: Wire[]) =>
      list.sort((x, y) => y.updatedAt.toMillis() - x.updatedAt.toMillis() || byId(y, x)).map((t) => t.id);
    const rest = newestFirst(docs.filter((t) => !t.waiting));
    const bStored = docs.find((t) => t.id === b._id);
    expect(bStored?.waitingSince.toMillis()).toBe(bStored?.createdAt.toMillis());
    expect(bStored?.lastCustomerMessageAt.toMillis()).toBeGreaterThan(bStored?.createdAt.toMillis());

    const all = await pageThrough<Wire>(api.url, admin.token, '/api/admin/tickets', 'tickets', 3);
    expect(all.items.map((t) => t._id)).toEqual([...waiting, ...rest]);
    expect(all.pages).toBeGreaterThan(2);
    expect(all.items.find((t) => t._id === b._id)).toMatchObject({ state: 'open', user: { _id: other.uid }, unread: 2 });

    const openOnes = await pageThrough<Wire>(api.url, admin.token, '/api/admin/tickets?state=open', 'tickets', 2);
    expect(openOnes.items.map((t) => t._id)).toEqual(waiting);
    for (const state of ['answered', 'closed'] as const) {
      const listed = await pageThrough<Wire>(api.url, admin.token, `/api/admin/tickets?state=${state}`, 'tickets', 2);
      expect(listed.items.map((t) => t._id)).toEqual(newestFirst(docs.filter((t) => t.state === state)));
      expect(listed.items.length).toBeGreaterThan(0);
    }
    expect((await as(admin).get('/api/admin/tickets?cursor=nonsense')).status).toBe(400);
    expect((await as(admin).get('/api/admin/tickets?state=pending')).status).toBe(400);
  });

  it('sees the count of tickets waiting in the overview', async () => {
    const res = await as(admin).get('/api/admin/overview');
    expect(res.status).toBe(200);
    const waiting = (await db.collection('tickets').where('state', '==', 'open').get()).size;
    expect(waiting).toBeGreaterThan(0);
    expect(res.body.ticketsWaiting).toBe(waiting);
  });

  it.each([
    ['GET', '/api/admin/tickets'],
    ['GET', '/api/admin/tickets/abc'],
    ['POST', '/api/admin/tickets/abc/messages'],
    ['POST', '/api/admin/tickets/abc/close'],
    ['GET', '/api/admin/saved-replies'],
    ['POST', '/api/admin/saved-replies'],
    ['PUT', '/api/admin/saved-replies/abc'],
    ['DELETE', '/api/admin/saved-replies/abc'],
  ])('%s %s: 403 for a customer, 401 without a token', async (method, path) => {
    const customer = await createUser();
    const body = method === 'GET' ? undefined : { message: 'x', title: 't', body: 'b' };
    const res = await call(api.url, method, path, { token: customer.token, body });
    expect(res.status).toBe(403);
    expect((await call(api.url, method, path)).status).toBe(401);
  });
});

describe('saved replies', () => {
  it('are added, listed, changed and deleted, each audited, and bounded in number', async () => {
    const me = admin.token;
    const send = (method: string, path: string, body?: unknown) => call(api.url, method, path, { token: me, body });
    const created = await send('POST', '/api/admin/saved-replies', { title: ' Refill ', body: 'Your refill is on its way' });
    expect(created.status).toBe(201);
    const reply = created.body.reply as Wire;
    expect(reply).toEqual({ _id: expect.any(String), title: 'Refill', body: 'Your refill is on its way' });
    expect((await send('GET', '/api/admin/saved-replies')).body).toEqual({ replies: [reply] });

    const changed = await send('PUT', `/api/admin/saved-replies/${reply._id}`, { title: 'Refill', body: 'Refilled' });
    expect(changed.status).toBe(200);
    expect(changed.body.reply).toEqual({ ...reply, body: 'Refilled' });
    expect((await send('DELETE', `/api/admin/saved-replies/${reply._id}`)).status).toBe(204);
    expect((await send('GET', '/api/admin/saved-replies')).body).toEqual({ replies: [] });
    expect((await send('DELETE', `/api/admin/saved-replies/${reply._id}`)).status).toBe(404);
    expect((await send('PUT', `/api/admin/saved-replies/${reply._id}`, { title: 'x', body: 'y' })).status).toBe(404);
    expect((await send('POST', '/api/admin/saved-replies', { title: '', body: 'y' })).status).toBe(400);

    const audit = await db.collection('audit').where('subject', '==', `savedReplies/${reply._id}`).get();
    expect(
      audit.docs
        .map((d) => d.data())
        .sort((x, y) => x.at.toMillis() - y.at.toMillis())
        .map((d) => [d.action, d.byUid, d.before ?? null, d.after ?? null]),
    ).toEqual([
      ['saved_reply_create', admin.uid, null, { title: 'Refill', body: 'Your refill is on its way' }],
      ['saved_reply_update', admin.uid, { title: 'Refill', body: 'Your refill is on its way' }, { title: 'Refill', body: 'Refilled' }],
      ['saved_reply_delete', admin.uid, { title: 'Refill', body: 'Refilled' }, null],
    ]);

    for (let i = 0; i < TICKET_LIMITS.savedReplies; i++) {
      const res = await send('POST', '/api/admin/saved-replies', { title: `R${i}`, body: `Body ${i}` });
      expect(res.status).toBe(201);
    }
    const over = await send('POST', '/api/admin/saved-replies', { title: 'One more', body: 'No room' });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(TICKET_MESSAGES.tooManySavedReplies);
    const listed = (await send('GET', '/api/admin/saved-replies')).body.replies as Wire[];
    expect(listed.map((r) => r.title)).toEqual(Array.from({ length: TICKET_LIMITS.savedReplies }, (_, i) => `R${i}`));
    // A deletion makes room again.
    expect((await send('DELETE', `/api/admin/saved-replies/${listed[0]?._id}`)).status).toBe(204);
    expect((await send('POST', '/api/admin/saved-replies', { title: 'Room', body: 'Again' })).status).toBe(201);
  });
});

describe('hostile review', () => {
  it('cuts the preview between characters: an emoji across its end opens the ticket, previewed without half of it', async () => {
    const user = await createUser();
    // 118 letters, then an emoji in code units 118–119: a cut after 119 units would keep half of it.
    const message = `${'a'.repeat(118)}😀 and then some more words`;
    const ticket = await openOk(user, { kind: 'Other', message });
    const stored = await storedTicket(ticket._id);
    expect(stored?.preview).toBe(`${'a'.repeat(118)}…`);
  });

  it('keeps the customer’s counter exact under a storm: closes, replies both ways, reads, reopens and creates at the limit at once', async () => {
    const user = await createUser();
    const tickets = [];
    for (let i = 0; i < 5; i++) tickets.push(await openOk(user, { kind: 'Other', message: `Ticket ${i}` }));
    const [t0, t1, t2, t3, t4] = tickets.map((t) => t._id as string);
    // t4's answer stays unread through the storm (only the admin closes it): the badge must keep it.
    for (const id of [t0, t1, t2, t4])
      expect((await as(admin).post(`/api/admin/tickets/${id}/messages`, { message: 'Answer' })).status).toBe(201);
    expect((await as(user).post(`/api/tickets/${t3}/close`)).status).toBe(200);
    expect(await counterOf(user)).toEqual({ open: 4, unread: 4 });
    const busy = (res: { status: number }) => res.status === 503;
    const again = (send: () => Promise<{ status: number }>) => retryWhileBusy(send, busy);
    const answers = await Promise.all([
      again(() => as(user).post(`/api/tickets/${t0}/close`)),
      again(() => as(user).post(`/api/tickets/${t0}/messages`, { message: 'Still waiting' })),
      again(() => as(admin).post(`/api/admin/tickets/${t0}/messages`, { message: 'Done now' })),
      again(() => as(admin).post(`/api/admin/tickets/${t1}/close`)),
      again(() => as(user).get(`/api/tickets/${t1}`)),
      again(() => as(admin).post(`/api/admin/tickets/${t2}/messages`, { message: 'One more' })),
      again(() => as(user).post(`/api/tickets/${t2}/messages`, { message: 'Thanks' })),
      again(() => as(user).post(`/api/tickets/${t3}/reopen`)),
      again(() => open(user, { kind: 'Other', message: 'Another' })),
      again(() => as(admin).post(`/api/admin/tickets/${t4}/close`)),
    ]);
    for (const res of answers) expect([200, 201, 409]).toContain(res.status);
    const stored = (await db.collection('tickets').where('userId', '==', user.uid).get()).docs.map((d) => d.data());
    const notClosed = stored.filter((t) => t.state !== 'closed').length;
    const unread = stored.reduce((sum, t) => sum + t.unreadByCustomer, 0);
    expect(notClosed).toBeLessThanOrEqual(TICKET_LIMITS.openPerCustomer);
    expect(await counterOf(user)).toEqual({ open: notClosed, unread });
    expect(await unreadOf(user)).toBe(unread);
    expect(unread).toBeGreaterThanOrEqual(1);
  });

  it('answers forged admin list cursors 400, never 500', async () => {
    await openOk(await createUser());
    const b64 = (data: unknown) => Buffer.from(JSON.stringify(data)).toString('base64url');
    const forged = [
      'w.garbage',
      'r.garbage',
      'x.abc',
      `w.${b64({ t: 1, id: 'a/b' })}`,
      `r.${b64({ t: 'x', id: 'abc' })}`,
      `w.${b64({ t: 1e20, id: 'abc' })}`,
      `r.${b64({ s: 'abc', id: 'abc' })}`,
      `w.${b64({ t: 1, id: '__x__' })}`,
    ];
    for (const cursor of forged) {
      for (const state of ['', '&state=open', '&state=answered']) {
        const res = await as(admin).get(`/api/admin/tickets?limit=2&cursor=${encodeURIComponent(cursor)}${state}`);
        expect(res.status, `${cursor}${state}: ${JSON.stringify(res.body)}`).toBe(400);
      }
      expect((await as(admin).get(`/api/tickets?cursor=${encodeURIComponent(cursor)}`)).status).toBe(400);
    }
    expect((await as(admin).get('/api/admin/tickets?limit=2&cursor=w.')).status).toBe(200);
    expect((await as(admin).get('/api/admin/tickets?limit=2&cursor=r.')).status).toBe(200);
  });

  it('keeps which admin answered out of the message the customer reads (the audit entry names them)', async () => {
    const user = await createUser();
    const ticket = await openOk(user);
    const res = await as(admin).post(`/api/admin/tickets/${ticket._id}/messages`, { message: 'On it' });
    expect(res.status).toBe(201);
    // The rules let the customer read this document with the client SDK.
    const stored = (await db.doc(`tickets/${ticket._id}/messages/${res.body.message._id}`).get()).data();
    expect(stored).toEqual({ from: 'admin', body: 'On it', createdAt: expect.anything() });
    expect(JSON.stringify(stored)).not.toContain(admin.uid);
  });

  it('does not reopen a full thread: nobody could write to it, yet it would hold a place and wait in the queue', async () => {
    const user = await createUser();
    const ticket = await openOk(user);
    await db.collection('tickets').doc(ticket._id).update({ messageCount: TICKET_LIMITS.messagesPerTicket });
    expect((await as(user).post(`/api/tickets/${ticket._id}/close`)).status).toBe(200);
    const res = await as(user).post(`/api/tickets/${ticket._id}/reopen`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'ticket_closed', message: TICKET_MESSAGES.tooManyMessages, field: 'state' });
    expect(await storedTicket(ticket._id)).toMatchObject({ state: 'closed', waiting: false });
    expect(await counterOf(user)).toEqual({ open: 0, unread: 0 });
  });
});
