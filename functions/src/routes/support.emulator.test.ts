// Contact messages, reviews and the per-address abuse limits on these anonymous writes.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, pageThrough, retryWhileBusy, type TestUser } from '../../../tests/support/api';
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
/** The admin's decision on a review (`approve`, or `reject` with an optional note). */
const decide = (id: string, decision: 'approve' | 'reject', body: unknown = {}, token = admin.token) =>
  call(api.url, 'POST', `/api/admin/reviews/${id}/${decision}`, { token, body });
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
    [{ name: 'A', email: 'a@b.co', message: 'Pay to \u202e5435 …' }, 'message', 'Message cannot contain control or formatting characters'],
    [{ name: 'A', email: 'a@b.co', message: 'Hi\u200bthere' }, 'message', 'Message cannot contain control or formatting characters'],
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
    // As a client does: `busy` (503, the counter's transaction lost to the others on a loaded machine) wrote
    // nothing and is sent again.
    const send = (n: number) =>
      retryWhileBusy(
        () => contact({ ...message(n), name: `Burst ${address}` }),
        (answer) => answer.status === 503 && answer.body.code === 'busy',
      );
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => send(n)));
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
  it('POST /api/review answers 201 {review} awaiting approval; GET /api/review does not list it until approved', async () => {
    address = newAddress();
    const res = await review({ name: '  Zara ', rating: 4, comment: ' Waiting for its turn ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      review: {
        _id: expect.any(String),
        name: 'Zara',
        rating: 4,
        comment: 'Waiting for its turn',
        createdAt: expect.stringMatching(/Z$/),
        status: 'pending',
      },
      message: 'Thank you! Your review will appear once approved',
    });
    const listed = await call(api.url, 'GET', '/api/review?limit=200');
    expect(listed.status).toBe(200);
    expect(listed.body.reviews.map((r: { _id: string }) => r._id)).not.toContain(res.body.review._id);
    // Held where no client reads (firestore.rules), not among the published reviews.
    expect((await db.collection('reviews').doc(res.body.review._id).get()).exists).toBe(false);
    expect((await db.collection('reviewQueue').doc(res.body.review._id).get()).data()).toEqual({
      name: 'Zara',
      rating: 4,
      comment: 'Waiting for its turn',
      createdAt: expect.anything(),
      status: 'pending',
    });
  });

  it('GET /api/review lists the approved reviews only, newest first by when they were posted, to anyone', async () => {
    address = newAddress();
    const posted = [];
    for (const [rating, comment] of [
      [5, 'Great'],
      [3, 'Okay'],
      [1, 'Slow'],
      [2, 'Rejected one'],
    ] as const) {
      const res = await review({ name: 'Zara', rating, comment });
      expect(res.status).toBe(201);
      posted.push(res.body.review);
    }
    // Approved out of order: the list is by when each was posted.
    for (const id of [posted[1]._id, posted[0]._id, posted[2]._id]) expect((await decide(id, 'approve')).status).toBe(200);
    expect((await decide(posted[3]._id, 'reject')).status).toBe(200);
    const published = posted.slice(0, 3).map(({ status: _pending, ...wire }) => wire);

    const res = await call(api.url, 'GET', '/api/review?limit=200');
    expect(res.status).toBe(200);
    const ids = res.body.reviews.map((r: { _id: string }) => r._id);
    expect(ids.slice(0, 3)).toEqual(published.map((r) => r._id).reverse());
    expect(ids).not.toContain(posted[3]._id);
    expect(res.body.reviews[0]).toEqual(published[2]);

    const page = await call(api.url, 'GET', '/api/review?limit=1');
    expect(page.body.reviews).toEqual([published[2]]);
    const next = await call(api.url, 'GET', `/api/review?limit=1&cursor=${page.body.nextCursor}`);
    expect(next.body.reviews).toEqual([published[1]]);
  });

  it('lists a review published before approval existed (no status): it stays published, as approved', async () => {
    const ref = db.collection('reviews').doc();
    await ref.set({ name: 'Old Timer', rating: 5, comment: 'From before', createdAt: Timestamp.fromMillis(Date.now() - 86_400_000) });
    const wire = { _id: ref.id, name: 'Old Timer', rating: 5, comment: 'From before', createdAt: expect.stringMatching(/Z$/) };
    const listed = (await call(api.url, 'GET', '/api/review?limit=200')).body.reviews as { _id: string }[];
    expect(listed.find((r) => r._id === ref.id)).toEqual(wire);
    const approved = await pageThrough<{ _id: string }>(api.url, admin.token, '/api/admin/reviews?status=approved', 'reviews', 200);
    expect(approved.items.find((r) => r._id === ref.id)).toEqual({ ...wire, status: 'approved' });
    // Nothing to decide on it.
    expect(await decide(ref.id, 'approve')).toMatchObject({
      status: 409,
      body: { code: 'already_decided', message: 'This review was already approved', field: 'status' },
    });
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
    [{ name: 'Z', rating: 5, comment: 'Great \u202egnitsop' }, 'comment', 'Review cannot contain control or formatting characters'],
  ])('refuses %j with 400 on %s', async (body, field, text) => {
    address = newAddress();
    const res = await review(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: text, code: 'invalid_input', field });
  });
});

describe('the admin’s review queue', () => {
  type Wire = Record<string, any>;
  const post = async (comment: string, name = 'Queue') => {
    address = newAddress();
    const res = await review({ name, rating: 3, comment });
    expect(res.status).toBe(201);
    return res.body.review as Wire;
  };
  const list = (status: string, limit = 2) =>
    pageThrough<Wire>(api.url, admin.token, `/api/admin/reviews${status ? `?status=${status}` : ''}`, 'reviews', limit);
  const auditOf = async (path: string) => (await db.collection('audit').where('subject', '==', path).get()).docs.map((d) => d.data());
  /** Who an entry of the admin's decision names, and when. */
  const byAdmin = () => ({ by: admin.email.toLowerCase(), byUid: admin.uid, at: expect.anything() });

  it('lists the pending reviews oldest first (the default), paged, with {reviews, nextCursor}', async () => {
    const mine = [await post('First'), await post('Second'), await post('Third')];
    const first = await call(api.url, 'GET', '/api/admin/reviews?limit=1', { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(first.body).toEqual({ reviews: [expect.objectContaining({ status: 'pending' })], nextCursor: expect.any(String) });

    const pending = await list('pending');
    expect(pending.pages).toBeGreaterThan(1);
    const queued = (await db.collection('reviewQueue').where('status', '==', 'pending').get()).docs
      .map((d) => ({ id: d.id, at: (d.get('createdAt') as Timestamp).toMillis() }))
      .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1))
      .map((r) => r.id);
    expect(pending.items.map((r) => r._id)).toEqual(queued);
    expect((await list('')).items).toEqual(pending.items);
    const third = pending.items.find((r) => r._id === mine[2]?._id);
    expect(third).toEqual({
      _id: mine[2]?._id,
      name: 'Queue',
      rating: 3,
      comment: 'Third',
      createdAt: mine[2]?.createdAt,
      status: 'pending',
    });
    expect(pending.items.findIndex((r) => r._id === mine[0]?._id)).toBeLessThan(pending.items.findIndex((r) => r._id === mine[2]?._id));
  });

  it('approve publishes the review on About (once), out of the queue, with its audit entry in the same write', async () => {
    const posted = await post('Approve me', 'Hamza');
    const res = await decide(posted._id, 'approve');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Review approved: it shows on About',
      review: { ...posted, status: 'approved', decidedAt: expect.stringMatching(/Z$/) },
    });
    const about = (await call(api.url, 'GET', '/api/review?limit=200')).body.reviews as Wire[];
    expect(about.find((r) => r._id === posted._id)).toEqual({
      _id: posted._id,
      name: 'Hamza',
      rating: 3,
      comment: 'Approve me',
      createdAt: posted.createdAt,
    });
    expect((await db.collection('reviewQueue').doc(posted._id).get()).exists).toBe(false);
    expect((await list('pending', 200)).items.map((r) => r._id)).not.toContain(posted._id);
    const approved = await list('approved', 200);
    expect(approved.items.find((r) => r._id === posted._id)).toEqual(res.body.review);

    const entries = await auditOf(`reviews/${posted._id}`);
    expect(entries).toEqual([
      {
        subject: `reviews/${posted._id}`,
        action: 'review_approve',
        ...byAdmin(),
        before: { status: 'pending' },
        after: { status: 'approved', name: 'Hamza', rating: 3 },
      },
    ]);
    // Decided once: a second approval or a rejection after it changes nothing and records nothing.
    for (const decision of ['approve', 'reject'] as const) {
      expect(await decide(posted._id, decision)).toMatchObject({
        status: 409,
        body: { code: 'already_decided', message: 'This review was already approved', field: 'status' },
      });
    }
    expect(await auditOf(`reviews/${posted._id}`)).toHaveLength(1);
  });

  it('reject keeps the review off About, in the Rejected list with the note, audited with the note as reason', async () => {
    const posted = await post('Spam spam', 'Spammer');
    const res = await decide(posted._id, 'reject', { note: '  Advertising  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Review rejected',
      review: { ...posted, status: 'rejected', decidedAt: expect.stringMatching(/Z$/), note: 'Advertising' },
    });
    const about = (await call(api.url, 'GET', '/api/review?limit=200')).body.reviews as Wire[];
    expect(about.map((r) => r._id)).not.toContain(posted._id);
    expect((await db.collection('reviews').doc(posted._id).get()).exists).toBe(false);
    const rejected = await list('rejected');
    expect(rejected.items.find((r) => r._id === posted._id)).toEqual(res.body.review);
    expect(await auditOf(`reviewQueue/${posted._id}`)).toEqual([
      {
        subject: `reviewQueue/${posted._id}`,
        action: 'review_reject',
        ...byAdmin(),
        before: { status: 'pending' },
        after: { status: 'rejected', name: 'Spammer', rating: 3 },
        reason: 'Advertising',
      },
    ]);
    for (const decision of ['approve', 'reject'] as const) {
      expect(await decide(posted._id, decision)).toMatchObject({
        status: 409,
        body: { code: 'already_decided', message: 'This review was already rejected', field: 'status' },
      });
    }
    expect((await db.collection('reviews').doc(posted._id).get()).exists).toBe(false);

    // A rejection without a note records no reason.
    const quiet = await post('No note');
    expect((await decide(quiet._id, 'reject')).body.review).not.toHaveProperty('note');
    expect((await auditOf(`reviewQueue/${quiet._id}`))[0]).not.toHaveProperty('reason');
  });

  it('lists the decided ones newest first', async () => {
    for (const status of ['approved', 'rejected']) {
      const { items } = await list(status);
      expect(items.length).toBeGreaterThan(1);
      expect(items.every((r) => r.status === status)).toBe(true);
      const times = items.map((r) => r.createdAt);
      expect(times).toEqual([...times].sort().reverse());
    }
  });

  it('of two admins deciding at once, one decides and the other gets 409', async () => {
    const posted = await post('Race');
    const answers = await Promise.all([decide(posted._id, 'approve'), decide(posted._id, 'reject', { note: 'No' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const entries = [...(await auditOf(`reviews/${posted._id}`)), ...(await auditOf(`reviewQueue/${posted._id}`))];
    expect(entries).toHaveLength(1);
  });

  it('answers 404 for a review that does not exist or an id that names none', async () => {
    for (const id of ['NoSuchReview1234', 'a.b', '..', '__x__']) {
      for (const decision of ['approve', 'reject'] as const) {
        expect(await decide(id, decision), `${decision} ${id}`).toMatchObject({
          status: 404,
          body: { code: 'not_found', message: expect.any(String) },
        });
      }
    }
    expect((await decide('NoSuchReview1234', 'approve')).body.message).toBe('Review not found');
  });

  it.each([
    [{ note: 'x'.repeat(501) }, 'note', 'Note must be at most 500 characters'],
    [{ note: 'Spam \u202eevil' }, 'note', 'Note cannot contain control or formatting characters'],
    [{ note: 5 }, 'note', undefined],
    [{ note: 'ok', extra: true }, 'extra', 'Unknown field: extra'],
  ])('refuses the rejection body %j with 400 on %s, deciding nothing', async (body, field, text) => {
    const posted = await post('Body check');
    const res = await decide(posted._id, 'reject', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_input', field, ...(text ? { message: text } : {}) });
    expect((await db.collection('reviewQueue').doc(posted._id).get()).get('status')).toBe('pending');
  });

  it('refuses an unknown status or a bad cursor with 400', async () => {
    const get = (query: string) => call(api.url, 'GET', `/api/admin/reviews?${query}`, { token: admin.token });
    expect(await get('status=published')).toMatchObject({ status: 400, body: { code: 'invalid_input', field: 'status' } });
    expect(await get('cursor=garbage')).toMatchObject({ status: 400, body: { code: 'invalid_input', field: 'cursor' } });
  });

  it('counts the reviews waiting in the overview', async () => {
    await post('Counted');
    const res = await call(api.url, 'GET', '/api/admin/overview', { token: admin.token });
    expect(res.status).toBe(200);
    const waiting = (await db.collection('reviewQueue').where('status', '==', 'pending').get()).size;
    expect(waiting).toBeGreaterThan(0);
    expect(res.body.reviewsWaiting).toBe(waiting);
  });

  it.each([
    ['GET', '/api/admin/reviews'],
    ['POST', '/api/admin/reviews/abc/approve'],
    ['POST', '/api/admin/reviews/abc/reject'],
  ])('%s %s: 403 for a customer, 401 without a token', async (method, path) => {
    const customer = await createUser();
    const body = method === 'GET' ? undefined : {};
    expect(await call(api.url, method, path, { token: customer.token, body })).toMatchObject({
      status: 403,
      body: { code: 'admin_required' },
    });
    expect((await call(api.url, method, path, { body })).status).toBe(401);
  });
});
