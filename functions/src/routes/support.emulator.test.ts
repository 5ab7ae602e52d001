// Contact messages, reviews and the per-address abuse limits on these anonymous writes.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, type TestUser } from '../../../tests/support/api';
import { db } from '../lib/admin';

const api = apiServerForFile();
let admin: TestUser;

/** A client address of its own for each test, so no test uses up another's allowance. */
let addresses = 0;
const newAddress = () => {
  addresses += 1;
  return `203.0.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};
let address = newAddress();
/** Where Cloud Run's front end says the request came from: a Hosting edge, the same for everyone. */
const HOSTING_EDGE = '35.191.0.1';
/** X-Forwarded-For as production's chain delivers it: Hosting appended the client, Cloud Run Hosting. */
const from = (ip = address) => ({ 'X-Forwarded-For': `${ip}, ${HOSTING_EDGE}` });

const contact = (body: unknown, ip?: string) => call(api.url, 'POST', '/api/contact', { body, headers: from(ip) });
const review = (body: unknown, ip?: string) => call(api.url, 'POST', '/api/review', { body, headers: from(ip) });
const message = (n = 1) => ({ name: 'Ali Raza', email: 'Ali@Example.com', message: `Hello, question number ${n}` });

beforeAll(async () => {
  admin = await createUser({ admin: true });
});

describe('POST /api/contact', () => {
  it('stores the message (trimmed, email lower-cased) and answers 201 {message}', async () => {
    address = newAddress();
    const res = await contact({ name: '  Ali Raza ', email: ' Ali@Example.com', message: '  Where is my order?  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Thank you! Your message has been sent' });
    const stored = await db.collection('contactMessages').where('message', '==', 'Where is my order?').get();
    expect(stored.docs.map((d) => d.data())).toEqual([
      { name: 'Ali Raza', email: 'ali@example.com', message: 'Where is my order?', createdAt: expect.anything() },
    ]);
  });

  it.each([
    [{ name: 'A', email: 'a@b.co' }, 'message', 'Message is required'],
    [{ name: 'A', email: 'a@b.co', message: '   ' }, 'message', 'Message is required'],
    [{ name: 'A', email: 'a@b.co', message: 'x'.repeat(2001) }, 'message', 'Message must be at most 2000 characters'],
    [{ name: 'x'.repeat(81), email: 'a@b.co', message: 'Hi' }, 'name', 'Name must be at most 80 characters'],
    [{ name: 'Ali\u202eazaR', email: 'a@b.co', message: 'Hi' }, 'name', 'Name cannot contain control or formatting characters'],
    [{ name: '\u3164', email: 'a@b.co', message: 'Hi' }, 'name', 'Name is required'],
    [{ name: 'A', email: 'not-an-email', message: 'Hi' }, 'email', 'Enter a valid email address'],
    [{ name: 'A', email: `${'x'.repeat(250)}@b.co`, message: 'Hi' }, 'email', 'Email is too long'],
    [{ name: 'A', email: 'a@b.co', message: 'Hi', admin: true }, 'admin', 'Unknown field: admin'],
  ])('refuses %j with 400 on %s, without counting it', async (body, field, text) => {
    address = newAddress();
    const res = await contact(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: text, code: 'invalid_input', field });
  });

  it('accepts a message of exactly 2000 characters', async () => {
    address = newAddress();
    expect((await contact({ ...message(), message: 'y'.repeat(2000) })).status).toBe(201);
  });
});

describe('abuse limits per client address', () => {
  it('answers the 6th contact message in a minute from one address with 429; another address is not affected', async () => {
    address = newAddress();
    const before = (await db.collection('contactMessages').get()).size;
    for (let n = 1; n <= 5; n += 1) expect((await contact(message(n))).status).toBe(201);
    const sixth = await contact(message(6));
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ message: 'Too many requests, try again later', code: 'rate_limited' });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(sixth.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // The refused message was not stored.
    expect((await db.collection('contactMessages').get()).size).toBe(before + 5);

    expect((await contact(message(7), newAddress())).status).toBe(201);
    // Reviews have an allowance of their own.
    expect((await review({ name: 'Ali', rating: 5, comment: 'Fast service' })).status).toBe(201);
    // Still limited: refusals do not reset the window.
    expect((await contact(message(8))).status).toBe(429);
  });

  it('counts parallel requests exactly: of 8 at once from one address, 5 are stored', async () => {
    address = newAddress();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => contact({ ...message(n), name: `Burst ${address}` })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect((await db.collection('contactMessages').where('name', '==', `Burst ${address}`).get()).size).toBe(5);
  });

  it('limits reviews: the 6th in a minute from one address gets 429', async () => {
    address = newAddress();
    for (let n = 1; n <= 5; n += 1) expect((await review({ name: 'R', rating: 4, comment: `Review ${n}` })).status).toBe(201);
    expect(await review({ name: 'R', rating: 4, comment: 'Review 6' })).toMatchObject({
      status: 429,
      body: { message: 'Too many requests, try again later' },
    });
  });

  it('keys on the address Hosting appended, not on what the client put before it, and stores only a hash of it', async () => {
    address = newAddress();
    // The client writes X-Forwarded-For itself, a new address each time; Hosting appends the real one.
    const forged = (n: number) => ({ 'X-Forwarded-For': `198.51.100.${n}, ${address}, ${HOSTING_EDGE}` });
    const send = (n: number) => call(api.url, 'POST', '/api/contact', { body: message(n), headers: forged(n) });
    for (let n = 1; n <= 5; n += 1) expect((await send(n)).status).toBe(201);
    expect((await send(6)).status).toBe(429);
    // The forged entries were not counted as clients: the 6th still counts against the real address.
    expect((await contact(message(7), '198.51.100.6')).status).toBe(201);
    const counters = await db.collection('rateLimits').get();
    expect(counters.size).toBeGreaterThan(0);
    for (const doc of counters.docs) {
      expect(doc.id).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(doc.data())).not.toContain(address);
    }
  });
});

describe('GET /api/contact', () => {
  it('lists messages newest first, paginated, for admins only', async () => {
    address = newAddress();
    const tag = `Pager ${address}`;
    for (let n = 1; n <= 3; n += 1) expect((await contact({ ...message(n), name: tag })).status).toBe(201);

    const first = await call(api.url, 'GET', '/api/contact?limit=2', { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(first.body.messages).toHaveLength(2);
    expect(first.body.messages[0]).toEqual({
      _id: expect.any(String),
      name: tag,
      email: 'ali@example.com',
      message: 'Hello, question number 3',
      createdAt: expect.stringMatching(/Z$/),
    });
    expect(first.body.messages[1].message).toBe('Hello, question number 2');
    const second = await call(api.url, 'GET', `/api/contact?limit=2&cursor=${first.body.nextCursor}`, { token: admin.token });
    expect(second.body.messages[0].message).toBe('Hello, question number 1');

    const all = await call(api.url, 'GET', '/api/contact?limit=200', { token: admin.token });
    const times = all.body.messages.map((m: { createdAt: string }) => m.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.body.nextCursor).toBeNull();

    expect((await call(api.url, 'GET', '/api/contact?cursor=garbage', { token: admin.token })).status).toBe(400);
    expect((await call(api.url, 'GET', '/api/contact?limit=201', { token: admin.token })).status).toBe(400);
  });

  it('anonymous 401, user 403', async () => {
    const user = await createUser();
    expect(await call(api.url, 'GET', '/api/contact')).toMatchObject({ status: 401, body: { message: 'Invalid token' } });
    expect(await call(api.url, 'GET', '/api/contact', { token: user.token })).toMatchObject({
      status: 403,
      body: { message: 'Admin access required' },
    });
  });
});

describe('reviews', () => {
  it('POST /api/review answers 201 {review}; GET /api/review lists reviews newest first, to anyone', async () => {
    address = newAddress();
    const posted = [];
    for (const [rating, comment] of [
      [5, 'Great'],
      [3, 'Okay'],
      [1, 'Slow'],
    ] as const) {
      const res = await review({ name: '  Zara ', rating, comment: ` ${comment} ` });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        review: { _id: expect.any(String), name: 'Zara', rating, comment, createdAt: expect.stringMatching(/Z$/) },
      });
      posted.push(res.body.review);
    }
    const res = await call(api.url, 'GET', '/api/review?limit=200');
    expect(res.status).toBe(200);
    const ids = res.body.reviews.map((r: { _id: string }) => r._id);
    expect(ids.slice(0, 3)).toEqual(posted.map((r) => r._id).reverse());
    expect(res.body.reviews[0]).toEqual(posted[2]);

    const page = await call(api.url, 'GET', '/api/review?limit=1');
    expect(page.body.reviews).toEqual([posted[2]]);
    const next = await call(api.url, 'GET', `/api/review?limit=1&cursor=${page.body.nextCursor}`);
    expect(next.body.reviews).toEqual([posted[1]]);
  });

  it.each([
    [{ name: 'Z', rating: 0, comment: 'x' }, 'rating', 'Rating must be 1 to 5'],
    [{ name: 'Z', rating: 6, comment: 'x' }, 'rating', 'Rating must be 1 to 5'],
    [{ name: 'Z', rating: 4.5, comment: 'x' }, 'rating', 'Rating must be 1 to 5'],
    [{ name: 'Z', rating: '5', comment: 'x' }, 'rating', 'Rating is required'],
    [{ name: 'Z', rating: 5, comment: 'x'.repeat(2001) }, 'comment', 'Review must be at most 2000 characters'],
    [{ name: 'Z', rating: 5, comment: '  ' }, 'comment', 'Review is required'],
    [{ rating: 5, comment: 'x' }, 'name', 'Name is required'],
    [{ name: 'Z', rating: 5, comment: 'x', createdAt: '2020-01-01' }, 'createdAt', 'Unknown field: createdAt'],
  ])('refuses %j with 400 on %s', async (body, field, text) => {
    address = newAddress();
    const res = await review(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: text, code: 'invalid_input', field });
  });
});
