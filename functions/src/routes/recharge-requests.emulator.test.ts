import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, fetchFirestoreAs, signIn, type TestUser } from '../../../tests/support/api';
import { expectMoneyInvariants } from '../../../tests/support/money-invariants';
import { auth, db } from '../lib/admin';
import { seedSettings } from '../services/top-ups/public-settings';

const api = apiServerForFile({ moneyInvariants: true });
let admin: TestUser;

/** A wallet transaction id no test has used: 12 letters and digits. */
const newReference = () => randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase();
const submit = (user: TestUser, body: unknown, headers?: Record<string, string>) =>
  call(api.url, 'POST', '/api/recharge-requests', { token: user.token, body, headers });
const validBody = (overrides: Record<string, unknown> = {}) => ({
  amount: 500,
  method: 'Easypaisa',
  reference: newReference(),
  ...overrides,
});
const submitOk = async (user: TestUser, body: unknown = validBody()) => {
  const res = await submit(user, body);
  expect(res.status).toBe(201);
  return res.body.request as { _id: string; amount: number; reference: string; status: string };
};
const approve = (id: string, token = admin.token) => call(api.url, 'POST', `/api/admin/recharge-requests/${id}/approve`, { token });
const reject = (id: string, body?: unknown, token = admin.token) =>
  call(api.url, 'POST', `/api/admin/recharge-requests/${id}/reject`, { token, body });
/** The admin's list of pending requests, by id. */
const pendingList = async () => {
  const res = await call(api.url, 'GET', '/api/admin/recharge-requests?status=pending&limit=200', { token: admin.token });
  expect(res.status).toBe(200);
  return new Map<string, { duplicate: boolean }>(res.body.requests.map((r: { _id: string; duplicate: boolean }) => [r._id, r]));
};
const balanceOf = async (user: TestUser) => ((await db.collection('users').doc(user.uid).get()).data()?.balancePaisa ?? 0) as number;
const creditsOf = async (user: TestUser) =>
  (await db.collection('users').doc(user.uid).collection('ledger').where('type', '==', 'credit').get()).docs.map((d) => d.data());

beforeAll(async () => {
  await seedSettings();
  admin = await createUser({ admin: true, name: 'Boss' });
});

describe('POST /api/recharge-requests', () => {
  it('records a pending request for the caller in rupees, with the wallet named as configured', async () => {
    const user = await createUser({ name: 'Sana' });
    const reference = newReference().toLowerCase();
    const res = await submit(user, { amount: 1250.5, method: 'easypaisa', reference: `  ${reference} ` });
    expect(res.status).toBe(201);
    expect(res.body.request).toEqual({
      _id: expect.any(String),
      user: { _id: user.uid, name: 'Sana', email: user.email },
      amount: 1250.5,
      method: 'Easypaisa',
      reference,
      status: 'pending',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const stored = (await db.collection('rechargeRequests').doc(res.body.request._id).get()).data();
    expect(stored).toMatchObject({ userId: user.uid, amountPaisa: 125050, status: 'pending' });
    expect(await balanceOf(user)).toBe(0);
  });

  it.each([
    [{ amount: 99.99, method: 'Easypaisa', reference: 'ABC123456' }, 'amount', 'Minimum recharge is Rs 100'],
    [{ amount: 100.005, method: 'Easypaisa', reference: 'ABC123456' }, 'amount', 'Amount can have at most 2 decimals'],
    [{ amount: '500', method: 'Easypaisa', reference: 'ABC123456' }, 'amount', 'Amount must be a number'],
    [{ amount: 1_000_001, method: 'Easypaisa', reference: 'ABC123456' }, 'amount', 'Amount must be at most 1,000,000'],
    [{ amount: 500, method: 'Bitcoin', reference: 'ABC123456' }, 'method', 'Choose one of the listed wallets'],
    [{ amount: 500, reference: 'ABC123456' }, 'method', 'Choose a wallet'],
    [{ amount: 500, method: 'Easypaisa', reference: 'ABC12' }, 'reference', 'Transaction ID must be 6-40 letters or digits'],
    [{ amount: 500, method: 'Easypaisa', reference: 'ABC-123456' }, 'reference', 'Transaction ID must be 6-40 letters or digits'],
    [{ amount: 500, method: 'Easypaisa', reference: 'A'.repeat(41) }, 'reference', 'Transaction ID must be 6-40 letters or digits'],
    [{ amount: 500, method: 'Easypaisa', reference: 'ABC123456', status: 'approved' }, 'status', 'Unknown field: status'],
  ])('refuses %j with 400 on %s and writes nothing', async (body, field, message) => {
    const user = await createUser();
    const res = await submit(user, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'invalid_input', field });
    expect((await db.collection('rechargeRequests').where('userId', '==', user.uid).get()).size).toBe(0);
    expect((await db.collection('rechargeReferences').doc('ABC123456').get()).exists).toBe(false);
  });

  it('refuses a transaction id the customer already submitted, whatever its case, with 409', async () => {
    const user = await createUser();
    const reference = newReference();
    await submitOk(user, validBody({ reference }));
    for (const ref of [reference, reference.toLowerCase()]) {
      const res = await submit(user, validBody({ reference: ref, method: 'JazzCash' }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'This transaction ID was already submitted', code: 'transaction_id_used', field: 'reference' });
    }
    expect((await db.collection('rechargeRequests').where('userId', '==', user.uid).get()).size).toBe(1);
  });

  it('accepts an id another customer submitted, flagged as a duplicate to the admin only', async () => {
    const [first, second, third] = await Promise.all([createUser(), createUser(), createUser()]);
    const reference = newReference();
    const a = await submitOk(first, validBody({ reference }));
    const b = await submitOk(second, validBody({ reference: reference.toLowerCase(), method: 'SadaPay' }));
    const lone = await submitOk(third);
    const listed = await pendingList();
    expect(listed.get(a._id)?.duplicate).toBe(true);
    expect(listed.get(b._id)?.duplicate).toBe(true);
    expect(listed.get(lone._id)?.duplicate).toBe(false);
    // Nothing tells a customer that someone else named the same id.
    const mine = await call(api.url, 'GET', '/api/recharge-requests/mine', { token: second.token });
    expect(mine.body.requests).toEqual([b]);
    // Once the other is rejected, the remaining one is no longer a duplicate.
    expect((await reject(a._id)).status).toBe(200);
    expect((await pendingList()).get(b._id)?.duplicate).toBe(false);
  });

  it('one customer sending the same id twice at the same moment: one 201, one 409', async () => {
    for (let round = 0; round < 3; round += 1) {
      const user = await createUser();
      const reference = newReference();
      const answers = await Promise.all([
        submit(user, validBody({ reference })),
        submit(user, validBody({ reference, method: 'SadaPay' })),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      expect((await db.collection('rechargeRequests').where('userId', '==', user.uid).get()).size).toBe(1);
    }
  });

  it('keeps at most 5 requests of a customer pending: the 6th answers 409 until one is decided', async () => {
    const user = await createUser();
    const requests = [];
    for (let n = 0; n < 5; n += 1) requests.push(await submitOk(user));
    const sixth = await submit(user, validBody());
    expect(sixth).toMatchObject({
      status: 409,
      body: { message: 'You have too many pending recharge requests. Please wait until they are reviewed.', code: 'too_many_pending' },
    });
    expect((await reject((requests[0] as { _id: string })._id)).status).toBe(200);
    expect((await approve((requests[1] as { _id: string })._id)).status).toBe(200);
    await submitOk(user);
    await submitOk(user);
    expect((await submit(user, validBody())).status).toBe(409);
  });

  it('limits a customer to 10 requests an hour, decided or not: the 11th answers 429 with Retry-After', async () => {
    const user = await createUser();
    for (let n = 0; n < 10; n += 1) expect((await reject((await submitOk(user))._id)).status).toBe(200);
    const eleventh = await submit(user, validBody());
    expect(eleventh).toMatchObject({ status: 429, body: { message: 'Too many requests, try again later', code: 'rate_limited' } });
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another customer is not affected.
    await submitOk(await createUser());
  });

  it('replays the first answer for a repeated Idempotency-Key and refuses the key with another body', async () => {
    const user = await createUser();
    const key = randomUUID();
    const body = validBody();
    const first = await submit(user, body, { 'Idempotency-Key': key });
    const again = await submit(user, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await submit(user, validBody(), { 'Idempotency-Key': key });
    expect(other.status).toBe(409);
    expect(other.body.field).toBe('Idempotency-Key');
    expect((await db.collection('rechargeRequests').where('userId', '==', user.uid).get()).size).toBe(1);
  });

  it('needs a token: 401 Invalid token', async () => {
    const res = await call(api.url, 'POST', '/api/recharge-requests', { body: validBody() });
    expect(res).toMatchObject({ status: 401, body: { message: 'Invalid token' } });
  });
});

describe('transaction ids claimed before issue 12 (a claim made at submission)', () => {
  /** A request and its id's claim as the earlier code wrote them. */
  async function legacyRequest(user: TestUser, status: 'pending' | 'approved' | 'rejected') {
    const reference = newReference();
    const ref = db.collection('rechargeRequests').doc();
    const createdAt = Timestamp.now();
    await ref.set({
      userId: user.uid,
      user: { _id: user.uid, name: user.name, email: user.email },
      amountPaisa: 50000,
      method: 'Easypaisa',
      reference,
      status,
      createdAt,
      ...(status === 'pending' ? {} : { decidedAt: createdAt, decidedBy: admin.email }),
    });
    await db.collection('rechargeReferences').doc(reference).set({ requestId: ref.id, userId: user.uid, createdAt });
    return { id: ref.id, reference };
  }

  it('a pending one: its customer cannot submit it again, another can (flagged), and it is credited once', async () => {
    const [payer, other] = await Promise.all([createUser(), createUser()]);
    const legacy = await legacyRequest(payer, 'pending');
    expect(await submit(payer, validBody({ reference: legacy.reference }))).toMatchObject({ status: 409 });
    const second = await submitOk(other, validBody({ reference: legacy.reference }));
    const listed = await pendingList();
    expect(listed.get(legacy.id)?.duplicate).toBe(true);
    expect(listed.get(second._id)?.duplicate).toBe(true);
    expect((await approve(legacy.id)).status).toBe(200);
    expect(await approve(second._id)).toMatchObject({
      status: 409,
      body: { message: 'This transaction ID was already credited', code: 'transaction_id_credited' },
    });
    expect(await balanceOf(payer)).toBe(50000);
    expect(await balanceOf(other)).toBe(0);
    // Its customer's own (legacy) request counts as theirs still.
    expect(await submit(payer, validBody({ reference: legacy.reference }))).toMatchObject({ status: 409 });
  });

  it('a rejected one frees its id; an approved one keeps it credited', async () => {
    const [owner, other] = await Promise.all([createUser(), createUser()]);
    const rejected = await legacyRequest(owner, 'rejected');
    const retry = await submitOk(other, validBody({ reference: rejected.reference }));
    expect((await pendingList()).get(retry._id)?.duplicate).toBe(false);
    expect((await approve(retry._id)).status).toBe(200);

    const approved = await legacyRequest(owner, 'approved');
    const late = await submitOk(other, validBody({ reference: approved.reference }));
    expect((await pendingList()).get(late._id)?.duplicate).toBe(true);
    expect(await approve(late._id)).toMatchObject({
      status: 409,
      body: { message: 'This transaction ID was already credited', code: 'transaction_id_credited' },
    });
    expect(await submit(owner, validBody({ reference: approved.reference }))).toMatchObject({ status: 409 });
  });

  it('rejecting a pending one frees its id for its own customer too', async () => {
    const owner = await createUser();
    const legacy = await legacyRequest(owner, 'pending');
    expect((await reject(legacy.id)).status).toBe(200);
    const again = await submitOk(owner, validBody({ reference: legacy.reference }));
    expect((await pendingList()).get(again._id)?.duplicate).toBe(false);
  });
});

describe('GET /api/recharge-requests/mine', () => {
  it('lists only the caller’s own requests, newest first', async () => {
    const user = await createUser();
    const other = await createUser();
    const older = await submitOk(user);
    await submitOk(other);
    const newer = await submitOk(user);
    await reject(older._id, { note: 'Not received' });

    const res = await call(api.url, 'GET', '/api/recharge-requests/mine', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body.requests.map((r: { _id: string }) => r._id)).toEqual([newer._id, older._id]);
    expect(res.body.requests[1]).toMatchObject({ status: 'rejected', note: 'Not received', decidedAt: expect.any(String) });
    expect(res.body.nextCursor).toBeNull();

    const page = await call(api.url, 'GET', '/api/recharge-requests/mine?limit=1', { token: user.token });
    expect(page.body.requests.map((r: { _id: string }) => r._id)).toEqual([newer._id]);
    const rest = await call(api.url, 'GET', `/api/recharge-requests/mine?limit=1&cursor=${page.body.nextCursor}`, { token: user.token });
    expect(rest.body.requests.map((r: { _id: string }) => r._id)).toEqual([older._id]);
  });

  it('needs a token', async () => {
    expect((await call(api.url, 'GET', '/api/recharge-requests/mine')).status).toBe(401);
  });
});

describe('GET /api/admin/recharge-requests', () => {
  it('lists every user’s requests newest first, filtered by status', async () => {
    const user = await createUser();
    const pending = await submitOk(user);
    const approved = await submitOk(user);
    const rejected = await submitOk(user);
    expect((await approve(approved._id)).status).toBe(200);
    expect((await reject(rejected._id)).status).toBe(200);

    const all = await call(api.url, 'GET', '/api/admin/recharge-requests?limit=3', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.requests.map((r: { _id: string }) => r._id)).toEqual([rejected._id, approved._id, pending._id]);
    expect(all.body.nextCursor).toEqual(expect.any(String));

    const onlyPending = await call(api.url, 'GET', '/api/admin/recharge-requests?status=pending&limit=200', { token: admin.token });
    const ids = onlyPending.body.requests.map((r: { _id: string; status: string }) => r._id);
    expect(ids).toContain(pending._id);
    expect(ids).not.toContain(approved._id);
    expect(onlyPending.body.requests.every((r: { status: string }) => r.status === 'pending')).toBe(true);

    const bad = await call(api.url, 'GET', '/api/admin/recharge-requests?status=done', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('status');
  });
});

describe('POST /api/admin/recharge-requests/{id}/approve', () => {
  it('credits the amount once through the credit path: recharge record, ledger entry, lastRecharge, balance', async () => {
    const user = await createUser({ name: 'Hamza' });
    const request = await submitOk(user, validBody({ amount: 750.25, method: 'NayaPay' }));
    const res = await approve(request._id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Recharge request approved',
      request: { ...request, status: 'approved', decidedAt: expect.any(String) },
      user: expect.objectContaining({ _id: user.uid, balance: 750.25, lastRecharge: { amount: 750.25, date: res.body.request.decidedAt } }),
    });
    expect(await balanceOf(user)).toBe(75025);
    const recharges = await db.collection('recharges').where('requestId', '==', request._id).get();
    expect(recharges.size).toBe(1);
    expect(recharges.docs[0]?.data()).toMatchObject({
      userId: user.uid,
      amountPaisa: 75025,
      method: 'NayaPay',
      reference: request.reference,
    });
    const credits = await creditsOf(user);
    expect(credits).toEqual([expect.objectContaining({ amountPaisa: 75025, balanceAfterPaisa: 75025, rechargeId: recharges.docs[0]?.id })]);

    // The admin list of recent recharges shows it like any other top-up, with the admin who credited it.
    const recent = await call(api.url, 'GET', '/api/admin/recent-recharges', { token: admin.token });
    expect(recent.body.recharges[0]).toMatchObject({ amount: 750.25, method: 'NayaPay', reference: request.reference, by: admin.email });
  });

  it("the customer's own request and recharge name no admin: who approved or rejected is in audit/, for admins only", async () => {
    const user = await createUser();
    const approved = await submitOk(user);
    const rejected = await submitOk(user);
    expect((await approve(approved._id)).status).toBe(200);
    expect((await reject(rejected._id, { note: 'Not received' })).status).toBe(200);
    const recharge = (await db.collection('recharges').where('requestId', '==', approved._id).get()).docs[0];
    const readable = [`rechargeRequests/${approved._id}`, `rechargeRequests/${rejected._id}`, `recharges/${recharge?.id}`];

    for (const path of readable) {
      // What the customer's own token reads straight from Firestore, under the rules.
      const read = await fetchFirestoreAs(user.token, path);
      expect(read.status).toBe(200);
      expect(read.text).not.toContain(admin.email);
      expect(read.text).not.toContain(admin.uid);
      expect(read.text).not.toMatch(/decidedBy|"by"/);
    }
    const audit = await db.collection('audit').where('byUid', '==', admin.uid).get();
    expect(audit.docs.map((d) => d.data()).filter((a) => readable.includes(a.subject))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subject: readable[0], action: 'approve', by: admin.email }),
        expect.objectContaining({ subject: readable[1], action: 'reject', by: admin.email }),
        expect.objectContaining({ subject: readable[2], action: 'credit', by: admin.email }),
      ]),
    );
    expect((await fetchFirestoreAs(user.token, 'audit')).status).toBe(403);
  });

  it('approving a request filed before an email change keeps the email the profile has now', async () => {
    const user = await createUser();
    const request = await submitOk(user);
    const newEmail = `new-${user.email}`;
    await auth.updateUser(user.uid, { email: newEmail });
    const token = (await signIn(newEmail, user.password)).idToken;
    expect((await call(api.url, 'GET', '/api/user/profile', { token })).body.user.email).toBe(newEmail);

    const res = await approve(request._id);
    expect(res.body.user).toMatchObject({ _id: user.uid, email: newEmail, balance: 500 });
    expect((await db.collection('users').doc(user.uid).get()).data()?.email).toBe(newEmail);
  });

  it('answers 409 to a second approval and to approving a rejected request, crediting nothing', async () => {
    const user = await createUser();
    const once = await submitOk(user);
    expect((await approve(once._id)).status).toBe(200);
    const twice = await approve(once._id);
    expect(twice).toMatchObject({ status: 409, body: { message: 'This recharge request was already approved' } });

    const rejected = await submitOk(user);
    expect((await reject(rejected._id)).status).toBe(200);
    const late = await approve(rejected._id);
    expect(late).toMatchObject({ status: 409, body: { message: 'This recharge request was already rejected' } });
    expect(await balanceOf(user)).toBe(50000);
    expect(await creditsOf(user)).toHaveLength(1);
  });

  it('credits exactly once under 20 parallel approvals of one request', async () => {
    const user = await createUser();
    const request = await submitOk(user, validBody({ amount: 300 }));
    const answers = await Promise.all(Array.from({ length: 20 }, () => approve(request._id)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await balanceOf(user)).toBe(30000);
    expect(await creditsOf(user)).toHaveLength(1);
    expect((await db.collection('recharges').where('requestId', '==', request._id).get()).size).toBe(1);
    await expectMoneyInvariants();
  });

  it('credits a transaction id once: of two requests naming it approved at the same moment, one is credited', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = await Promise.all([createUser(), createUser()]);
      const reference = newReference();
      const first = await submitOk(a, validBody({ reference, amount: 400 }));
      const second = await submitOk(b, validBody({ reference, amount: 900 }));
      const answers = await Promise.all([approve(first._id), approve(second._id)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)?.body).toEqual({
        message: 'This transaction ID was already credited',
        code: 'transaction_id_credited',
        field: 'reference',
      });
      const credited = (await db.collection('recharges').where('reference', '==', reference).get()).docs;
      expect(credited).toHaveLength(1);
      expect((await balanceOf(a)) + (await balanceOf(b))).toBe(credited[0]?.get('amountPaisa'));
      // The one left is still a duplicate (of a credited id), and can be rejected.
      const left = answers[0]?.status === 409 ? first : second;
      expect((await pendingList()).get(left._id)?.duplicate).toBe(true);
      expect((await reject(left._id)).status).toBe(200);
    }
    await expectMoneyInvariants();
  });

  it('refuses to approve a request whose id was credited before, crediting nothing', async () => {
    const [a, b] = await Promise.all([createUser(), createUser()]);
    const reference = newReference();
    const first = await submitOk(a, validBody({ reference }));
    expect((await approve(first._id)).status).toBe(200);
    // The payer's own approved id stays theirs…
    expect((await submit(a, validBody({ reference }))).status).toBe(409);
    // …and another customer's request for it is accepted, flagged, and cannot be credited.
    const second = await submitOk(b, validBody({ reference }));
    expect((await pendingList()).get(second._id)?.duplicate).toBe(true);
    expect(await approve(second._id)).toMatchObject({
      status: 409,
      body: { message: 'This transaction ID was already credited', code: 'transaction_id_credited' },
    });
    expect(await balanceOf(b)).toBe(0);
    expect((await db.collection('rechargeRequests').doc(second._id).get()).get('status')).toBe('pending');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['doesNotExist123', 'a%2Fb', 'a.b', 'x'.repeat(200)]) {
      const res = await approve(id);
      expect(res).toMatchObject({ status: 404, body: { message: 'Recharge request not found' } });
    }
  });
});

describe('POST /api/admin/recharge-requests/{id}/reject', () => {
  it('rejects a pending request with an optional note and moves no money; the transaction id is free again', async () => {
    const user = await createUser();
    const request = await submitOk(user);
    const res = await reject(request._id, { note: '  Amount did not arrive  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Recharge request rejected',
      request: { ...request, status: 'rejected', decidedAt: expect.any(String), note: 'Amount did not arrive' },
    });
    expect(await balanceOf(user)).toBe(0);
    // The real payer (another customer, or this one with the right amount) may submit it.
    const payer = await createUser();
    const again = await submitOk(payer, validBody({ reference: request.reference }));
    expect((await pendingList()).get(again._id)?.duplicate).toBe(false);
    expect((await approve(again._id)).status).toBe(200);
    expect(await balanceOf(payer)).toBe(50000);
  });

  it('works without a body, refuses a second decision and a long note', async () => {
    const user = await createUser();
    const request = await submitOk(user);
    const long = await reject(request._id, { note: 'x'.repeat(501) });
    expect(long).toMatchObject({ status: 400, body: { field: 'note' } });
    const res = await reject(request._id);
    expect(res.status).toBe(200);
    expect(res.body.request).not.toHaveProperty('note');
    expect(await reject(request._id)).toMatchObject({ status: 409, body: { message: 'This recharge request was already rejected' } });
    expect((await reject('nope0000000000000000')).status).toBe(404);
  });
});

describe('authorization', () => {
  it('admin endpoints: anonymous 401, user 403, admin allowed', async () => {
    const user = await createUser();
    const request = await submitOk(user);
    const endpoints: [string, string][] = [
      ['GET', '/api/admin/recharge-requests'],
      ['POST', `/api/admin/recharge-requests/${request._id}/reject`],
      ['POST', `/api/admin/recharge-requests/${request._id}/approve`],
    ];
    for (const [method, path] of endpoints) {
      const anonymous = await call(api.url, method, path);
      expect(anonymous).toMatchObject({ status: 401, body: { message: 'Invalid token' } });
      const asUser = await call(api.url, method, path, { token: user.token });
      expect(asUser).toMatchObject({ status: 403, body: { message: 'Admin access required' } });
    }
    // Nothing was decided by the refused calls.
    expect((await db.collection('rechargeRequests').doc(request._id).get()).data()?.status).toBe('pending');
    expect((await call(api.url, 'GET', '/api/admin/recharge-requests', { token: admin.token })).status).toBe(200);
    expect((await approve(request._id)).status).toBe(200);
  });
});
