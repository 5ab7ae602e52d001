// The reseller API v2 as existing clients speak it: form-encoded POSTs, answers parsed as strings.
import crypto from 'node:crypto';
import http from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, fund, retryWhileBusy, type TestUser } from '../../../tests/support/api';
import { expectMoneyInvariants } from '../../../tests/support/money-invariants';
import { auth, db } from '../lib/admin';
import { recordEndedSessions } from '../services/accounts/sessions';
import { takeApiRequest } from '../services/kernel/api-rate-limit';
import { sha256 } from '../services/kernel/transactions';
import { updateOrderStatus } from '../services/orders/orders';
import { API_V2_RATE_LIMITS, API_V2_UNMEASURED } from '../shared/api-v2';
import { CATALOGUE } from '../shared/catalogue';

const api = apiServerForFile({ moneyInvariants: true });

/** A form POST like PHP's curl clients send; returns the status and the parsed JSON. */
async function v2(params: Record<string, string | number>, contentType: 'form' | 'json' = 'form', headers: Record<string, string> = {}) {
  const body =
    contentType === 'form'
      ? new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()
      : JSON.stringify(params);
  const res = await fetch(`${api.url}/api/v2`, {
    method: 'POST',
    headers: { 'content-type': contentType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json', ...headers },
    body,
  });
  return { status: res.status, headers: res.headers, text: await res.clone().text(), json: (await res.json()) as any };
}

async function reseller(rupees = 0): Promise<TestUser & { key: string }> {
  const user = await createUser();
  if (rupees > 0) await fund(user, rupees);
  const created = await call(api.url, 'POST', '/api/api-key', { token: user.token });
  expect(created.status).toBe(201);
  return { ...user, key: created.body.key as string };
}

/**
 * Makes every new order and refill number `n` (services/numbers draws them with node:crypto's
 * randomInt) until the returned function is called: with `n` taken, picking a number answers busy.
 */
function fixRandomNumbers(n: number): () => void {
  const original = crypto.randomInt;
  crypto.randomInt = (() => n) as typeof crypto.randomInt;
  syncBuiltinESMExports();
  return () => {
    crypto.randomInt = original;
    syncBuiltinESMExports();
  };
}

const VIEWS = CATALOGUE.find((s) => s.id === 'tt-views-fast');
const FOLLOWERS = CATALOGUE.find((s) => s.id === 'ig-followers-real');
const COMMENTS = CATALOGUE.find((s) => s.id === 'ig-comments-random');

describe('API keys (POST/GET/DELETE /api/api-key)', () => {
  it('shows a new key once, tells only whether one exists, and a replaced or revoked key stops working at once', async () => {
    const user = await createUser();
    expect((await call(api.url, 'GET', '/api/api-key', { token: user.token })).body).toEqual({ exists: false });
    const first = (await call(api.url, 'POST', '/api/api-key', { token: user.token })).body.key as string;
    expect(first).toMatch(/^[0-9a-f]{40}$/);
    const info = await call(api.url, 'GET', '/api/api-key', { token: user.token });
    expect(info.body).toEqual({ exists: true, createdAt: expect.any(String), last4: first.slice(-4) });
    expect(JSON.stringify(info.body)).not.toContain(first);
    expect((await v2({ key: first, action: 'balance' })).json).toEqual({ balance: '0.00', currency: 'PKR' });

    const second = (await call(api.url, 'POST', '/api/api-key', { token: user.token })).body.key as string;
    expect(second).not.toBe(first);
    expect((await v2({ key: first, action: 'balance' })).json).toEqual({ error: 'Invalid API key' });
    expect((await v2({ key: second, action: 'balance' })).json).toEqual({ balance: '0.00', currency: 'PKR' });

    expect((await call(api.url, 'DELETE', '/api/api-key', { token: user.token })).body).toEqual({ message: 'API key revoked' });
    expect((await v2({ key: second, action: 'balance' })).json).toEqual({ error: 'Invalid API key' });
    expect((await call(api.url, 'GET', '/api/api-key', { token: user.token })).body).toEqual({ exists: false });
    // the key is stored only as its hash
    expect((await db.collection('apiKeys').doc(sha256(second)).get()).exists).toBe(false);
  });

  it('a key of an account disabled in Firebase Auth is refused, and stays revoked when the account is enabled again', async () => {
    const user = await reseller(50);
    await auth.updateUser(user.uid, { disabled: true });
    expect((await v2({ key: user.key, action: 'balance' })).json).toEqual({ error: 'Invalid API key' });
    const add = await v2({
      key: user.key,
      action: 'add',
      service: VIEWS?.number ?? 0,
      link: 'https://tiktok.com/@off/video/1',
      quantity: 1000,
    });
    expect(add.json).toEqual({ error: 'Invalid API key' });

    await auth.updateUser(user.uid, { disabled: false });
    expect((await v2({ key: user.key, action: 'balance' })).json).toEqual({ error: 'Invalid API key' });
    const profile = (await db.collection('users').doc(user.uid).get()).data();
    expect(profile).toMatchObject({ apiKey: null, balancePaisa: 5000 });
    // Firestore's rules refuse the tokens signed in before the account was found disabled.
    expect(profile?.sessionsValidAfter.toMillis()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a key made before the account’s sessions were ended outside the app (the console, a reset by email) is refused', async () => {
    const user = await reseller(50);
    const kept = await reseller(50);
    await sleep(1100); // revocation has one-second precision
    await auth.revokeRefreshTokens(user.uid);
    expect((await v2({ key: user.key, action: 'balance' })).json).toEqual({ error: 'Invalid API key' });
    expect((await v2({ key: kept.key, action: 'balance' })).json).toEqual({ balance: '50.00', currency: 'PKR' });

    // A key made after the sessions ended works.
    const fresh = (await call(api.url, 'POST', '/api/api-key', { token: await user.refresh() })).body.key as string;
    expect((await v2({ key: fresh, action: 'balance' })).json).toEqual({ balance: '50.00', currency: 'PKR' });
  });

  it('an old key that notices the end of its sessions late revokes only itself, not the key made since', async () => {
    const user = await reseller(50);
    await sleep(1100); // revocation has one-second precision
    await auth.revokeRefreshTokens(user.uid);
    // The customer signs in again and makes a new key before any request with the old one.
    const endedAt = Timestamp.fromMillis(Date.parse((await auth.getUser(user.uid)).tokensValidAfterTime ?? ''));
    const fresh = (await call(api.url, 'POST', '/api/api-key', { token: await user.refresh() })).body.key as string;
    // What a request with the old key that was looked up just before does once it learns of the end.
    await recordEndedSessions(user.uid, endedAt);
    expect((await v2({ key: user.key, action: 'balance' })).json).toEqual({ error: 'Invalid API key' });
    expect((await v2({ key: fresh, action: 'balance' })).json).toEqual({ balance: '50.00', currency: 'PKR' });
  });

  it('needs a signed-in user', async () => {
    expect((await call(api.url, 'POST', '/api/api-key')).status).toBe(401);
    expect((await call(api.url, 'GET', '/api/api-key')).status).toBe(401);
    expect((await call(api.url, 'DELETE', '/api/api-key')).status).toBe(401);
  });

  it.each([[{}], [{ key: '' }], [{ key: 'x'.repeat(40) }], [{ key: '0'.repeat(40) }]])('answers Invalid API key for %j', async (params) => {
    const res = await v2({ ...params, action: 'balance' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ error: 'Invalid API key' });
  });
});

describe('actions', () => {
  it('services: every active service, ids as numbers and the rest as strings, then our extra fields', async () => {
    const { key } = await reseller();
    const res = await v2({ key, action: 'services' });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(CATALOGUE.length);
    const followers = res.json.find((s: { service: number }) => s.service === FOLLOWERS?.number);
    expect(followers).toEqual({
      service: FOLLOWERS?.number,
      name: 'Real Followers',
      type: 'Default',
      category: 'Instagram Followers',
      rate: '1100.00',
      min: '10',
      max: '100000',
      refill: true,
      cancel: true,
      dripfeed: false,
      refill_days: 30,
      ...API_V2_UNMEASURED,
      badges: [],
    });
    // The protocol's fields first, in its order; ours after them.
    expect(res.text).toContain(
      `{"service":${FOLLOWERS?.number},"name":"Real Followers","type":"Default","category":"Instagram Followers","rate":"1100.00","min":"10","max":"100000","refill":true,"cancel":true,"dripfeed":false,"refill_days":30,`,
    );
  });

  it('add, status, balance: the order is charged through the ledger and reported in the standard shape', async () => {
    const { key, uid } = await reseller(100);
    const add = await v2({ key, action: 'add', service: VIEWS?.number ?? 0, link: 'https://www.tiktok.com/@r/video/1', quantity: 1500 });
    expect(add.json).toEqual({ order: expect.any(Number) });
    expect(add.text).toMatch(/^\{"order":\d{9}\}$/);
    const order = add.json.order as number;
    expect((await db.collection('orders').doc(String(order)).get()).get('userId')).toBe(uid);

    const status = await v2({ key, action: 'status', order });
    expect(status.text).toBe('{"charge":"30.00","start_count":"0","status":"Pending","remains":"0","currency":"PKR"}');
    expect((await v2({ key, action: 'balance' })).text).toBe('{"balance":"70.00","currency":"PKR"}');

    await updateOrderStatus(String(order), 'partial', 500);
    expect((await v2({ key, action: 'status', order })).json).toEqual({
      charge: '30.00',
      start_count: '0',
      status: 'Partial',
      remains: '500',
      currency: 'PKR',
    });
    expect((await v2({ key, action: 'balance' })).json.balance).toBe('80.00');
  });

  it.each([
    [{ service: 999_999 }, 'Incorrect service ID'],
    [{ service: 'abc' }, 'Incorrect service ID'],
    [{ link: 'https://instagram.com/p/x' }, 'Bad link'],
    [{ link: 'not a link' }, 'Bad link'],
    [{ quantity: 99 }, 'Quantity less than minimal 100'],
    [{ quantity: 10_000_001 }, 'Quantity more than maximal 10000000'],
    [{ quantity: 'many' }, 'Incorrect request'],
    [{ quantity: 1_000_000 }, 'Not enough funds on balance'],
  ])('add refuses %j with %s and charges nothing', async (override, error) => {
    const { key, uid } = await reseller(10);
    const res = await v2({
      key,
      action: 'add',
      service: VIEWS?.number ?? 0,
      link: 'https://www.tiktok.com/@r/video/2',
      quantity: 100,
      ...override,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ error });
    expect((await db.collection('orders').where('userId', '==', uid).get()).size).toBe(0);
    expect((await v2({ key, action: 'balance' })).json.balance).toBe('10.00');
  });

  it('refuses an unknown or missing action with Incorrect request', async () => {
    const { key } = await reseller();
    expect((await v2({ key, action: 'delete_everything' })).json).toEqual({ error: 'Incorrect request' });
    expect((await v2({ key })).json).toEqual({ error: 'Incorrect request' });
  });

  it('accepts JSON bodies and query-string parameters too', async () => {
    const { key } = await reseller(5);
    expect((await v2({ key, action: 'balance' }, 'json')).json).toEqual({ balance: '5.00', currency: 'PKR' });
    const res = await fetch(`${api.url}/api/v2?key=${key}&action=balance`, { method: 'POST' });
    expect(await res.json()).toEqual({ balance: '5.00', currency: 'PKR' });
  });

  it('multi status: per-id answers, unknown and other users’ orders as Incorrect order ID, at most 100 ids', async () => {
    const a = await reseller(100);
    const b = await reseller(100);
    const mine = (
      await v2({ key: a.key, action: 'add', service: VIEWS?.number ?? 0, link: 'https://tiktok.com/@a/video/1', quantity: 1000 })
    ).json.order;
    const theirs = (
      await v2({ key: b.key, action: 'add', service: VIEWS?.number ?? 0, link: 'https://tiktok.com/@b/video/1', quantity: 1000 })
    ).json.order;
    const res = await v2({ key: a.key, action: 'status', orders: `${mine},${theirs},99,abc` });
    expect(res.json).toEqual({
      [mine]: { charge: '20.00', start_count: '0', status: 'Pending', remains: '0', currency: 'PKR' },
      [theirs]: { error: 'Incorrect order ID' },
      '99': { error: 'Incorrect order ID' },
      abc: { error: 'Incorrect order ID' },
    });
    expect((await v2({ key: a.key, action: 'status', order: theirs })).json).toEqual({ error: 'Incorrect order ID' });
    const hundred = Array.from({ length: 100 }, (_, i) => 100_000_000 + i).join(',');
    expect(Object.keys((await v2({ key: a.key, action: 'status', orders: hundred })).json)).toHaveLength(100);
    expect((await v2({ key: a.key, action: 'status', orders: `${hundred},5` })).json).toEqual({ error: 'Incorrect request' });
  });

  it('cancel: refunds a pending order of a cancellable service in the same transaction, refuses the rest per id', async () => {
    const { key, uid } = await reseller(100);
    const other = await reseller(100);
    const pending = (await v2({ key, action: 'add', service: VIEWS?.number ?? 0, link: 'https://tiktok.com/@c/video/1', quantity: 1000 }))
      .json.order;
    const started = (await v2({ key, action: 'add', service: VIEWS?.number ?? 0, link: 'https://tiktok.com/@c/video/2', quantity: 1000 }))
      .json.order;
    const comments = (await v2({ key, action: 'add', service: COMMENTS?.number ?? 0, link: 'https://instagram.com/p/c', quantity: 5 })).json
      .order;
    const theirs = (
      await v2({ key: other.key, action: 'add', service: VIEWS?.number ?? 0, link: 'https://tiktok.com/@o/video/1', quantity: 1000 })
    ).json.order;
    await updateOrderStatus(String(started), 'processing');
    expect((await v2({ key, action: 'balance' })).json.balance).toBe('51.00'); // 100 − 20 − 20 − 9

    const res = await v2({ key, action: 'cancel', orders: `${pending},${started},${comments},${theirs},42` });
    expect(res.json).toEqual([
      { order: pending, cancel: 1 },
      { order: started, cancel: { error: 'Order can not be canceled' } },
      { order: comments, cancel: { error: 'Order can not be canceled' } },
      { order: theirs, cancel: { error: 'Incorrect order ID' } },
      { order: 42, cancel: { error: 'Incorrect order ID' } },
    ]);
    expect((await v2({ key, action: 'balance' })).json.balance).toBe('71.00');
    expect((await v2({ key, action: 'status', order: pending })).json).toMatchObject({ status: 'Canceled', remains: '1000' });
    expect((await v2({ key, action: 'cancel', orders: String(pending) })).json).toEqual([
      { order: pending, cancel: { error: 'Order can not be canceled' } },
    ]);
    const refunds = await db.collection('users').doc(uid).collection('ledger').where('type', '==', 'refund').get();
    expect(refunds.size).toBe(1);
  });

  it('refill: a completed refillable order within 30 days makes one pending refill the admin resolves', async () => {
    const { key } = await reseller(100);
    const followers = (await v2({ key, action: 'add', service: FOLLOWERS?.number ?? 0, link: 'https://instagram.com/shop', quantity: 20 }))
      .json.order;
    const views = (await v2({ key, action: 'add', service: VIEWS?.number ?? 0, link: 'https://tiktok.com/@f/video/1', quantity: 1000 }))
      .json.order;
    expect((await v2({ key, action: 'refill', order: followers })).json).toEqual({ error: 'Order not eligible for refill.' });
    await updateOrderStatus(String(followers), 'completed');
    await updateOrderStatus(String(views), 'completed');

    const refill = await v2({ key, action: 'refill', order: followers });
    expect(refill.text).toMatch(/^\{"refill":\d{9}\}$/);
    expect((await v2({ key, action: 'refill', order: followers })).json).toEqual(refill.json); // one pending at a time
    expect((await v2({ key, action: 'refill', order: views })).json).toEqual({ error: 'Order not eligible for refill.' });
    expect((await v2({ key, action: 'refill_status', refill: refill.json.refill })).text).toBe('{"status":"Pending"}');

    const multi = await v2({ key, action: 'refill', orders: `${followers},${views},7` });
    expect(multi.json).toEqual([
      { order: followers, refill: refill.json.refill },
      { order: views, refill: { error: 'Order not eligible for refill.' } },
      { order: 7, refill: { error: 'Incorrect order ID' } },
    ]);

    const admin = await createUser({ admin: true });
    const listed = await call(api.url, 'GET', '/api/admin/refills?status=pending', { token: admin.token });
    expect(listed.body.refills.map((r: { number: number }) => r.number)).toContain(refill.json.refill);
    const done = await call(api.url, 'POST', `/api/admin/refills/${refill.json.refill}/complete`, { token: admin.token });
    expect(done.body).toMatchObject({ message: 'Refill completed', refill: { status: 'completed' } });
    expect((await call(api.url, 'POST', `/api/admin/refills/${refill.json.refill}/reject`, { token: admin.token })).status).toBe(409);
    expect((await v2({ key, action: 'refill_status', refills: `${refill.json.refill},5` })).json).toEqual([
      { refill: refill.json.refill, status: 'Completed' },
      { refill: 5, status: { error: 'Refill not found' } },
    ]);

    // Past the refill period the order is no longer eligible.
    const old = (await v2({ key, action: 'add', service: FOLLOWERS?.number ?? 0, link: 'https://instagram.com/old', quantity: 20 })).json
      .order;
    await updateOrderStatus(String(old), 'completed');
    const { Timestamp } = await import('firebase-admin/firestore');
    // As if it had ended 31 days ago (the window counts from `endedAt`).
    const longAgo = Timestamp.fromMillis(Date.now() - 31 * 24 * 3600 * 1000);
    await db.collection('orders').doc(String(old)).update({ endedAt: longAgo, updatedAt: longAgo });
    expect((await v2({ key, action: 'refill', order: old })).json).toEqual({ error: 'Order not eligible for refill.' });
  });

  it('another user’s refill is Refill not found, and the admin refill endpoints are admin only', async () => {
    const a = await reseller(50);
    const b = await reseller();
    const order = (await v2({ key: a.key, action: 'add', service: FOLLOWERS?.number ?? 0, link: 'https://instagram.com/a', quantity: 20 }))
      .json.order;
    await updateOrderStatus(String(order), 'completed');
    const refill = (await v2({ key: a.key, action: 'refill', order })).json.refill;
    expect((await v2({ key: b.key, action: 'refill_status', refill })).json).toEqual({ error: 'Refill not found' });
    expect((await call(api.url, 'GET', '/api/admin/refills', { token: b.token })).status).toBe(403);
    expect((await call(api.url, 'POST', `/api/admin/refills/${refill}/complete`, { token: b.token })).status).toBe(403);
  });
});

describe('concurrency', () => {
  it('30 parallel adds on different links with a balance for 10 make exactly 10 orders', { timeout: 400_000 }, async () => {
    const { key, uid } = await reseller(200);
    // A script sends an add again after the busy error (nothing was written), as the docs say: on the
    // emulator, contending transactions now and then abort each other past the deadline.
    const add = (i: number) =>
      v2({ key, action: 'add', service: VIEWS?.number ?? 0, link: `https://tiktok.com/@p/video/${i}`, quantity: 1000 });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        retryWhileBusy(
          () => add(i),
          (answer) => answer.json.error === 'The server is busy, please try again',
        ),
      ),
    );
    expect(answers.filter((a) => typeof a.json.order === 'number')).toHaveLength(10);
    expect(answers.filter((a) => a.json.error === 'Not enough funds on balance')).toHaveLength(20);
    expect((await db.collection('orders').where('userId', '==', uid).get()).size).toBe(10);
    expect((await v2({ key, action: 'balance' })).json.balance).toBe('0.00');
    await expectMoneyInvariants();
  });

  it('10 parallel adds on one link make one order and nine active-order errors; a final order frees the link', async () => {
    const { key, uid } = await reseller(500);
    const add = () => v2({ key, action: 'add', service: VIEWS?.number ?? 0, link: 'https://tiktok.com/@same/video/1', quantity: 1000 });
    const answers = await Promise.all(Array.from({ length: 10 }, add));
    const placed = answers.filter((a) => typeof a.json.order === 'number');
    expect(placed).toHaveLength(1);
    expect(
      answers.filter((a) => a.json.error === 'You have active order with this link. Please wait until order being completed.'),
    ).toHaveLength(9);
    expect((await db.collection('orders').where('userId', '==', uid).get()).size).toBe(1);
    await updateOrderStatus(String(placed[0]?.json.order), 'completed');
    expect(typeof (await add()).json.order).toBe('number');
  });
});

describe('errors keep the API’s format (HTTP 200, {error})', () => {
  it('a body over 64 KiB', async () => {
    const { key } = await reseller();
    const res = await v2({ key, action: 'balance', comments: 'x'.repeat(70_000) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ error: 'Incorrect request' });
  });

  it('a server error while the key is looked up', async () => {
    // A key whose owner record is broken: reading the owner's profile throws inside resolveApiKey.
    const key = 'ab'.repeat(20);
    await db.collection('apiKeys').doc(sha256(key)).set({ uid: 'a/b', createdAt: new Date(), last4: 'abab' });
    const res = await v2({ key, action: 'balance' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ error: 'Server error, try again' });
  });

  it('add when no order number is free answers busy with nothing charged, and the retry succeeds', async () => {
    const { key, uid } = await reseller(100);
    const first = await v2({ key, action: 'add', service: VIEWS?.number ?? 0, link: 'https://tiktok.com/@busy/video/1', quantity: 1000 });
    const restore = fixRandomNumbers(first.json.order as number);
    let res: Awaited<ReturnType<typeof v2>>;
    try {
      res = await v2({ key, action: 'add', service: VIEWS?.number ?? 0, link: 'https://tiktok.com/@busy/video/2', quantity: 1000 });
    } finally {
      restore();
    }
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ error: 'The server is busy, please try again' });
    expect((await db.collection('orders').where('userId', '==', uid).get()).size).toBe(1);
    expect((await v2({ key, action: 'balance' })).json.balance).toBe('80.00');
    const retry = await v2({ key, action: 'add', service: VIEWS?.number ?? 0, link: 'https://tiktok.com/@busy/video/2', quantity: 1000 });
    expect(retry.json).toEqual({ order: expect.any(Number) });
    await expectMoneyInvariants();
  });

  it('multi refill answers busy for the order it could not serve and keeps the refill it made', async () => {
    const { key } = await reseller(100);
    const add = async (link: string) =>
      (await v2({ key, action: 'add', service: FOLLOWERS?.number ?? 0, link, quantity: 20 })).json.order as number;
    const a = await add('https://instagram.com/busy-a');
    const b = await add('https://instagram.com/busy-b');
    await updateOrderStatus(String(a), 'completed');
    await updateOrderStatus(String(b), 'completed');
    const number = 999_999_998;
    expect((await db.collection('refills').doc(String(number)).get()).exists).toBe(false);

    const restore = fixRandomNumbers(number);
    let res: Awaited<ReturnType<typeof v2>>;
    try {
      // a's refill takes the number; b finds it taken and cannot get another.
      res = await v2({ key, action: 'refill', orders: `${a},${b}` });
    } finally {
      restore();
    }
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { order: a, refill: number },
      { order: b, refill: { error: 'The server is busy, please try again' } },
    ]);
    expect((await db.collection('refills').where('orderId', '==', String(b)).get()).size).toBe(0);
    expect((await v2({ key, action: 'refill', order: b })).json).toEqual({ refill: expect.any(Number) });
  });

  it('multi cancel answers a server error for the order it failed on and still cancels the others', async () => {
    const { key, uid } = await reseller(100);
    const add = async (link: string) =>
      (await v2({ key, action: 'add', service: VIEWS?.number ?? 0, link, quantity: 1000 })).json.order as number;
    const before = await add('https://tiktok.com/@mc/video/1');
    const after = await add('https://tiktok.com/@mc/video/2');
    // An order whose stored service id is broken: reading its service throws inside the transaction.
    const broken = 987_654_321;
    const template = (await db.collection('orders').doc(String(before)).get()).data();
    await db
      .collection('orders')
      .doc(String(broken))
      .set({ ...template, serviceId: 'a/b' });
    try {
      const res = await v2({ key, action: 'cancel', orders: `${before},${broken},${after}` });
      expect(res.status).toBe(200);
      expect(res.json).toEqual([
        { order: before, cancel: 1 },
        { order: broken, cancel: { error: 'Server error, try again' } },
        { order: after, cancel: 1 },
      ]);
      expect((await v2({ key, action: 'balance' })).json.balance).toBe('100.00');
      expect((await db.collection('orders').doc(String(broken)).get()).get('status')).toBe('pending');
      expect((await db.collection('users').doc(uid).collection('ledger').where('type', '==', 'refund').get()).size).toBe(2);
    } finally {
      await db.collection('orders').doc(String(broken)).delete();
    }
  });
});

describe('rate limit per account', () => {
  it('answers 1,000 status calls on one key, sent as fast as a status loop can', async () => {
    const { key } = await reseller(100);
    const order = (await v2({ key, action: 'add', service: VIEWS?.number ?? 0, link: 'https://tiktok.com/@mc/video/loop', quantity: 1000 }))
      .json.order as number;
    const statuses: number[] = [];
    for (let wave = 0; wave < 40; wave += 1) {
      const answers = await Promise.all(Array.from({ length: 25 }, () => v2({ key, action: 'status', order })));
      for (const a of answers) {
        statuses.push(a.status);
        expect(a.json).toMatchObject({ status: 'Pending' });
      }
    }
    expect(statuses).toEqual(Array(1000).fill(200));
  });

  it('answers 429 Too many requests with Retry-After to an add past the write limit; reads go on', async () => {
    const { key, uid } = await reseller(100);
    for (let n = 0; n < API_V2_RATE_LIMITS.write.max; n += 1) expect((await takeApiRequest(uid, 'write')).allowed).toBe(true);
    const res = await v2({ key, action: 'add', service: VIEWS?.number ?? 0, link: 'https://tiktok.com/@mc/video/limit', quantity: 1000 });
    expect(res.status).toBe(429);
    expect(res.json).toEqual({ error: 'Too many requests' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await v2({ key, action: 'balance' })).json).toEqual({ balance: '100.00', currency: 'PKR' });
  });

  it('counts every key of the account in one window: neither a replaced default key nor a named one starts a fresh one', async () => {
    const user = await reseller(100);
    const named = await call(api.url, 'POST', '/api/api-keys', { token: user.token, body: { name: 'Site' } });
    expect(named.status).toBe(201);
    const add = (key: string, tag: string) =>
      v2({ key, action: 'add', service: VIEWS?.number ?? 0, link: `https://tiktok.com/@acct/video/${tag}`, quantity: 1000 });
    // Half the window's writes through the default key, the rest through the named one.
    const half = Math.floor(API_V2_RATE_LIMITS.write.max / 2);
    for (let n = 0; n < half; n += 1) expect((await takeApiRequest(user.uid, 'write')).allowed).toBe(true);
    const first = await add(named.body.key, 'first');
    expect(first.json).toMatchObject({ order: expect.any(Number) });
    for (let n = half + 1; n < API_V2_RATE_LIMITS.write.max; n += 1) expect((await takeApiRequest(user.uid, 'write')).allowed).toBe(true);

    // Thirteen rotations of the default key in a row: each new key finds the window full.
    for (let rotation = 0; rotation < 13; rotation += 1) {
      const fresh = await call(api.url, 'POST', '/api/api-key', { token: user.token });
      expect(fresh.status).toBe(201);
      const refused = await add(fresh.body.key, `rotated-${rotation}`);
      expect([refused.status, refused.json]).toEqual([429, { error: 'Too many requests' }]);
    }
    expect((await add(named.body.key, 'named')).status).toBe(429);
    // Another account is not touched.
    const other = await reseller(100);
    expect((await add(other.key, 'other')).json).toMatchObject({ order: expect.any(Number) });
  });
});

describe('named API keys (GET/POST /api/api-keys, DELETE /api/api-keys/{id})', () => {
  const create = (user: TestUser, body: unknown) => call(api.url, 'POST', '/api/api-keys', { token: user.token, body });
  const list = async (user: TestUser) => (await call(api.url, 'GET', '/api/api-keys', { token: user.token })).body;

  it('holds up to 3 named keys beside the default one, each shown once, each working, listed with its last use', async () => {
    const user = await reseller(20);
    const made = [];
    for (const name of ['My site', 'Telegram bot', 'Backup script']) {
      const res = await create(user, { name: `  ${name} ` });
      expect(res.status).toBe(201);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.body).toEqual({
        key: expect.stringMatching(/^[0-9a-f]{40}$/),
        apiKey: {
          id: expect.any(String),
          name,
          default: false,
          last4: res.body.key.slice(-4),
          createdAt: expect.any(String),
          lastUsedAt: null,
        },
      });
      made.push(res.body as { key: string; apiKey: { id: string } });
    }
    const fourth = await create(user, { name: 'One too many' });
    expect([fourth.status, fourth.body.code]).toEqual([409, 'api_key_limit']);
    expect(new Set(made.map((m) => m.key)).size).toBe(3);

    for (const { key } of made) expect((await v2({ key, action: 'balance' })).json).toEqual({ balance: '20.00', currency: 'PKR' });
    expect((await v2({ key: user.key, action: 'balance' })).json).toEqual({ balance: '20.00', currency: 'PKR' });

    const listed = await list(user);
    expect(listed.limit).toBe(3);
    expect(listed.keys.map((k: { name: string; default: boolean }) => [k.name, k.default])).toEqual([
      ['Default', true],
      ['My site', false],
      ['Telegram bot', false],
      ['Backup script', false],
    ]);
    expect(listed.keys[0].id).toBe('default');
    for (const k of listed.keys) expect(Date.parse(k.lastUsedAt) || 0).toBeGreaterThan(Date.now() - 60_000);
    const stored = JSON.stringify(listed);
    for (const { key } of made) {
      expect(stored).not.toContain(key);
      expect(stored).not.toContain(sha256(key));
    }

    // Revoking one named key ends that key only, and makes room for another.
    const gone = made[1];
    const revoked = await call(api.url, 'DELETE', `/api/api-keys/${gone?.apiKey.id}`, { token: user.token });
    expect(revoked.body).toEqual({ message: 'API key revoked' });
    expect((await v2({ key: gone?.key ?? '', action: 'balance' })).json).toEqual({ error: 'Invalid API key' });
    expect((await v2({ key: made[0]?.key ?? '', action: 'balance' })).json).toEqual({ balance: '20.00', currency: 'PKR' });
    const goneDoc = await db
      .collection('apiKeys')
      .doc(sha256(gone?.key ?? ''))
      .get();
    expect(goneDoc.exists).toBe(false);
    expect((await create(user, { name: 'Telegram bot' })).status).toBe(201);
    expect((await call(api.url, 'DELETE', `/api/api-keys/${gone?.apiKey.id}`, { token: user.token })).body.code).toBe('not_found');

    // POST /api/api-key replaces the default key only; DELETE /api/api-keys/default revokes it.
    const replaced = await call(api.url, 'POST', '/api/api-key', { token: user.token });
    expect((await v2({ key: user.key, action: 'balance' })).json).toEqual({ error: 'Invalid API key' });
    expect((await v2({ key: made[2]?.key ?? '', action: 'balance' })).json).toEqual({ balance: '20.00', currency: 'PKR' });
    expect((await call(api.url, 'DELETE', '/api/api-keys/default', { token: user.token })).status).toBe(200);
    expect((await v2({ key: replaced.body.key, action: 'balance' })).json).toEqual({ error: 'Invalid API key' });
    expect((await call(api.url, 'GET', '/api/api-key', { token: user.token })).body).toEqual({ exists: false });
    expect((await list(user)).keys.map((k: { name: string }) => k.name)).toEqual(['My site', 'Backup script', 'Telegram bot']);
    expect((await call(api.url, 'DELETE', '/api/api-keys/default', { token: user.token })).status).toBe(404);
  });

  it('refuses a name in use (any case), a blank, a too long or a control-character name, and a stranger’s key id', async () => {
    const user = await reseller();
    expect((await create(user, { name: 'Shop' })).status).toBe(201);
    const taken = await create(user, { name: 'SHOP' });
    expect([taken.status, taken.body.code, taken.body.field]).toEqual([409, 'conflict', 'name']);
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(41) },
      { name: 'Default' },
      { name: 'a\u200Eb' },
      { name: 'a\u0007b' },
      { name: 7 },
      { name: 'ok', extra: 1 },
    ]) {
      const res = await create(user, body);
      expect([res.status, res.body.code]).toEqual([400, 'invalid_input']);
    }
    const stranger = await reseller();
    const theirs = await create(stranger, { name: 'Theirs' });
    const res = await call(api.url, 'DELETE', `/api/api-keys/${theirs.body.apiKey.id}`, { token: user.token });
    expect([res.status, res.body.code]).toEqual([404, 'not_found']);
    expect((await v2({ key: theirs.body.key, action: 'balance' })).json).toEqual({ balance: '0.00', currency: 'PKR' });
    for (const [method, path] of [
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['DELETE', '/api/api-keys/default'],
    ] as const)
      expect((await call(api.url, method, path, method === 'POST' ? { body: { name: 'x' } } : {})).status).toBe(401);
  });

  it('limits making keys to 20 an hour per account, default and named together', async () => {
    const user = await createUser();
    for (let n = 0; n < 17; n += 1) expect((await call(api.url, 'POST', '/api/api-key', { token: user.token })).status).toBe(201);
    for (const name of ['a', 'b', 'c']) expect((await create(user, { name })).status).toBe(201);
    const refused = await call(api.url, 'POST', '/api/api-key', { token: user.token });
    expect([refused.status, refused.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await call(api.url, 'DELETE', '/api/api-keys/default', { token: user.token });
    const named = (await list(user)).keys[0];
    await call(api.url, 'DELETE', `/api/api-keys/${named.id}`, { token: user.token });
    expect((await create(user, { name: 'd' })).status).toBe(429);
  });

  it('a blocked account makes no named key; ended sessions revoke the named keys made before, not those made after', async () => {
    const blocked = await reseller();
    await db
      .collection('users')
      .doc(blocked.uid)
      .update({ blocked: { reason: 'Chargeback', at: Timestamp.now() } });
    const refused = await create(blocked, { name: 'Nope' });
    expect([refused.status, refused.body.code]).toEqual([403, 'account_suspended']);

    const user = await reseller(5);
    const old = (await create(user, { name: 'Old' })).body.key as string;
    await sleep(1100); // revocation has one-second precision
    await auth.revokeRefreshTokens(user.uid);
    const token = await user.refresh();
    const fresh = (await call(api.url, 'POST', '/api/api-keys', { token, body: { name: 'New' } })).body.key as string;
    expect((await v2({ key: old, action: 'balance' })).json).toEqual({ error: 'Invalid API key' });
    expect((await v2({ key: user.key, action: 'balance' })).json).toEqual({ error: 'Invalid API key' });
    expect((await v2({ key: fresh, action: 'balance' })).json).toEqual({ balance: '5.00', currency: 'PKR' });
    expect((await call(api.url, 'GET', '/api/api-keys', { token })).body.keys.map((k: { name: string }) => k.name)).toEqual(['New']);
  });
});

describe('wrong keys per client address', () => {
  it('answers 429 Too many requests with Retry-After past 30 a minute from one address; its valid keys and other addresses still work', async () => {
    const { key } = await reseller();
    // Fixed one-minute windows: start well inside one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((done) => setTimeout(done, 60_000 - intoMinute + 500));
    // The guesser rotates what it writes into X-Forwarded-For; Hosting appends its real address.
    const from = (n: number) => ({ 'X-Forwarded-For': `10.9.${n}.1, 198.51.100.77, 35.191.0.1` });
    const guesses = [];
    for (let n = 0; n < 35; n += 1)
      guesses.push(await v2({ key: crypto.randomBytes(20).toString('hex'), action: 'balance' }, 'form', from(n)));
    expect(guesses.slice(0, 30).map((g) => [g.status, g.json])).toEqual(Array(30).fill([200, { error: 'Invalid API key' }]));
    for (const refused of guesses.slice(30)) {
      expect([refused.status, refused.json]).toEqual([429, { error: 'Too many requests' }]);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
    expect((await v2({ action: 'balance' }, 'form', from(99))).status).toBe(429);
    expect((await v2({ key, action: 'balance' }, 'form', from(100))).json).toEqual({ balance: '0.00', currency: 'PKR' });
    const elsewhere = { 'X-Forwarded-For': '198.51.100.78, 35.191.0.1' };
    expect((await v2({ key: '0'.repeat(40), action: 'balance' }, 'form', elsewhere)).json).toEqual({ error: 'Invalid API key' });
  });
});

describe('the active-order rule', () => {
  const link = (tag: string) => `https://www.tiktok.com/@active/video/${tag}`;
  const add = (key: string, target: string) => v2({ key, action: 'add', service: VIEWS?.number ?? 0, link: target, quantity: 1000 });
  const ACTIVE = 'You have active order with this link. Please wait until order being completed.';

  it('applies per customer: another reseller may order the same link, and is not told of the first order', async () => {
    const [first, second] = await Promise.all([reseller(100), reseller(100)]);
    const target = link(`${Date.now()}1`);
    expect(typeof (await add(first.key, target)).json.order).toBe('number');
    expect(typeof (await add(second.key, target)).json.order).toBe('number');
    expect((await add(first.key, target)).json).toEqual({ error: ACTIVE });
    expect((await add(second.key, target)).json).toEqual({ error: ACTIVE });
    await expectMoneyInvariants();
  });

  it('compares canonical links: a trailing ?, a default port, a trailing dot or letter case do not evade it', async () => {
    const { key } = await reseller(100);
    const tag = `${Date.now()}2`;
    const placed = await add(key, link(tag));
    expect(typeof placed.json.order).toBe('number');
    for (const variant of [
      `${link(tag)}?`,
      `${link(tag)}?#x`,
      link(tag).replace('tiktok.com', 'tiktok.com:443'),
      link(tag).replace('tiktok.com', 'tiktok.com.'),
      link(tag).replace('www.tiktok.com', 'WWW.TikTok.com'),
    ]) {
      expect((await add(key, variant)).json, variant).toEqual({ error: ACTIVE });
    }
    await updateOrderStatus(String(placed.json.order), 'completed');
    expect(typeof (await add(key, `${link(tag)}?`)).json.order).toBe('number');
  });

  it('an order placed before the rule was per customer frees the count it was placed under', async () => {
    const { key, uid } = await reseller(100);
    const target = link(`${Date.now()}3`);
    const placed = await add(key, target);
    const orderId = String(placed.json.order);
    // Rewrite the order and its count as the earlier code stored them: no key on the order, and one
    // count per service and link for every customer.
    const order = db.collection('orders').doc(orderId);
    const stored = (await order.get()).data() as { serviceId: string; link: string; activeLinkKey: string };
    await db.collection('activeLinks').doc(stored.activeLinkKey).delete();
    await order.update({ activeLinkKey: FieldValue.delete() });
    const legacy = db.collection('activeLinks').doc(sha256(`${stored.serviceId}\u0000${stored.link}`));
    await legacy.set({ serviceId: stored.serviceId, link: stored.link, count: 1 });
    await expectMoneyInvariants();

    // A new order by the same customer counts under the new key; the old order's end frees the old one.
    const next = await add(key, target);
    expect(typeof next.json.order).toBe('number');
    await updateOrderStatus(orderId, 'cancelled');
    expect((await legacy.get()).exists).toBe(false);
    expect((await add(key, target)).json).toEqual({ error: ACTIVE });
    expect((await db.collection('orders').where('userId', '==', uid).get()).size).toBe(2);
    await expectMoneyInvariants();
  });
});

/** A multipart body byte for byte as PHP's curl builds it from an array for CURLOPT_POSTFIELDS. */
function phpCurlMultipart(params: Record<string, string> | [string, string][]): { contentType: string; body: string } {
  const boundary = `------------------------${crypto.randomBytes(8).toString('hex')}`;
  const parts = (Array.isArray(params) ? params : Object.entries(params)).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: `${parts.join('')}--${boundary}--\r\n` };
}

/** One request in each shape the clients in the wild send: form, JSON, JS FormData, PHP curl's array, GET. */
const SHAPES = {
  form: (url: string, params: Record<string, string>) => fetch(url, { method: 'POST', body: new URLSearchParams(params) }),
  json: (url: string, params: Record<string, string>) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(params) }),
  'JS FormData': (url: string, params: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(params)) form.append(name, value);
    return fetch(url, { method: 'POST', body: form });
  },
  // curl sends `Expect: 100-continue` and waits for the 100 before the body (fetch cannot).
  'PHP curl array': (url: string, params: Record<string, string>) =>
    new Promise<Response>((resolve, reject) => {
      const { contentType, body } = phpCurlMultipart(params);
      const headers = { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)), expect: '100-continue' };
      const req = http.request(url, { method: 'POST', headers });
      req.on('continue', () => req.end(body));
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0 })));
      });
      req.on('error', reject);
    }),
  'GET query string': (url: string, params: Record<string, string>) => fetch(`${url}?${new URLSearchParams(params)}`),
} as const;

describe('a parameter in both the query string and the body', () => {
  it('is refused when the two differ (one must not silently win), and taken when they agree', async () => {
    const { key } = await reseller(100);
    const { key: other } = await reseller(100);
    const post = (query: string, body: Record<string, string>) =>
      fetch(`${api.url}/api/v2?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      }).then((r) => r.json());
    expect(await post(`key=${other}`, { key, action: 'balance' })).toEqual({ error: 'Incorrect request' });
    expect(await post('action=services', { key, action: 'balance' })).toEqual({ error: 'Incorrect request' });
    expect(await post(`key=${key}`, { key, action: 'balance' })).toEqual({ balance: '100.00', currency: 'PKR' });
    expect(await post('action=balance', { key })).toEqual({ balance: '100.00', currency: 'PKR' });
  });
});

describe('request shapes: form, JSON, multipart and GET (issue 15)', () => {
  it.each(Object.keys(SHAPES) as (keyof typeof SHAPES)[])('%s: services, balance, add and status', async (shape) => {
    const { key } = await reseller(100);
    const send = async (params: Record<string, string>) => {
      const res = await SHAPES[shape](`${api.url}/api/v2`, { key, ...params });
      expect(res.status).toBe(200);
      return (await res.json()) as any;
    };
    const services = (await send({ action: 'services' })) as { service: number; category: string }[];
    expect(services).toContainEqual(expect.objectContaining({ service: FOLLOWERS?.number, category: 'Instagram Followers' }));
    expect(await send({ action: 'balance' })).toEqual({ balance: '100.00', currency: 'PKR' });
    const link = `https://www.tiktok.com/@shape/video/${Date.now()}`;
    const added = await send({ action: 'add', service: String(VIEWS?.number), link, quantity: '1000' });
    expect(added).toEqual({ order: expect.any(Number) });
    expect((await db.collection('orders').doc(String(added.order)).get()).get('link')).toBe(link);
    expect(await send({ action: 'status', order: String(added.order) })).toEqual({
      charge: '20.00',
      start_count: '0',
      status: 'Pending',
      remains: '0',
      currency: 'PKR',
    });
    expect(await send({ action: 'balance' })).toEqual({ balance: '80.00', currency: 'PKR' });
    await expectMoneyInvariants();
  });

  it('multipart: file parts are ignored, a non-ASCII value is read, a repeated field or a cut-off body is Incorrect request', async () => {
    const { key } = await reseller(5);
    const url = `${api.url}/api/v2`;
    const form = new FormData();
    form.append('key', key);
    form.append('action', 'balance');
    form.append('upload', new Blob(['not read']), 'notes.txt');
    expect(await (await fetch(url, { method: 'POST', body: form })).json()).toEqual({ balance: '5.00', currency: 'PKR' });

    const utf8 = phpCurlMultipart({ key, action: 'add', service: String(FOLLOWERS?.number), link: 'انسٹاگرام', quantity: '10' });
    const bad = await fetch(url, { method: 'POST', headers: { 'content-type': utf8.contentType }, body: utf8.body });
    expect(await bad.json()).toEqual({ error: 'Bad link' });
    const repeated = phpCurlMultipart([
      ['key', key],
      ['action', 'balance'],
      ['action', 'services'],
    ]);
    const cut = phpCurlMultipart({ key, action: 'balance' });
    for (const { contentType, body } of [repeated, { ...cut, body: cut.body.slice(0, -30) }]) {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });
      expect(await res.json()).toEqual({ error: 'Incorrect request' });
    }
    // Over the body limit in multipart as in any other shape.
    const big = phpCurlMultipart({ key, action: 'balance', pad: 'x'.repeat(70 * 1024) });
    const over = await fetch(url, { method: 'POST', headers: { 'content-type': big.contentType }, body: big.body });
    expect(await over.json()).toEqual({ error: 'Incorrect request' });
  });
});

describe('links as the customers of resellers type them (issue 15)', () => {
  const ACTIVE = 'You have active order with this link. Please wait until order being completed.';
  const IG_LIKES = CATALOGUE.find((s) => s.id === 'ig-likes-instant');
  const FB_PAGE = CATALOGUE.find((s) => s.id === 'fb-page-likes');
  const add = (key: string, service: { number: number } | undefined, link: string, quantity = 10) =>
    v2({ key, action: 'add', service: service?.number ?? 0, link, quantity });
  const storedLink = async (order: number) => (await db.collection('orders').doc(String(order)).get()).get('link') as string;

  it('a link without a scheme is read as https, and the canonical link is stored', async () => {
    const { key } = await reseller(100);
    const tag = Date.now();
    const views = await add(key, VIEWS, `www.TikTok.com/@typed/video/${tag}#top`, 100);
    expect(views.json).toEqual({ order: expect.any(Number) });
    expect(await storedLink(views.json.order)).toBe(`https://www.tiktok.com/@typed/video/${tag}`);
    const likes = await add(key, IG_LIKES, `instagram.com/p/x${tag}`);
    expect(await storedLink(likes.json.order)).toBe(`https://instagram.com/p/x${tag}`);
    await expectMoneyInvariants();
  });

  it.each([
    [FOLLOWERS, '@shop.pk', 'https://www.instagram.com/shop.pk/'],
    [FOLLOWERS, 'shop.pk', 'https://www.instagram.com/shop.pk/'],
    [FB_PAGE, '@my.page', 'https://www.facebook.com/my.page'],
    [CATALOGUE.find((s) => s.id === 'tt-followers-real'), '@tt_user', 'https://www.tiktok.com/@tt_user'],
  ])('a followers or page service takes a bare username: %#', async (service, typed, profile) => {
    const { key } = await reseller(100);
    const placed = await add(key, service, typed);
    expect(placed.json).toEqual({ order: expect.any(Number) });
    expect(await storedLink(placed.json.order)).toBe(profile);
  });

  it('a post-level service refuses a bare username with Bad link and charges nothing', async () => {
    const { key, uid } = await reseller(100);
    expect((await add(key, IG_LIKES, '@shop.pk')).json).toEqual({ error: 'Bad link' });
    expect((await add(key, VIEWS, 'tt_user', 100)).json).toEqual({ error: 'Bad link' });
    expect((await add(key, IG_LIKES, 'tiktok.com/@shop')).json).toEqual({ error: 'Bad link' });
    expect((await db.collection('orders').where('userId', '==', uid).get()).size).toBe(0);
    expect((await v2({ key, action: 'balance' })).json.balance).toBe('100.00');
  });

  it('the active-order rule sees a username, a scheme-less link and the full URL as one link', async () => {
    const { key } = await reseller(100);
    const name = `rule.${Date.now()}`;
    const placed = await add(key, FOLLOWERS, `@${name}`);
    expect(placed.json).toEqual({ order: expect.any(Number) });
    for (const variant of [name, `www.instagram.com/${name}/`, `https://www.instagram.com/${name}/`, `WWW.INSTAGRAM.COM/${name}/?`]) {
      expect((await add(key, FOLLOWERS, variant)).json, variant).toEqual({ error: ACTIVE });
    }
    // The admin's search by link finds the order under the canonical link.
    const admin = await createUser({ admin: true });
    const found = await call(api.url, 'GET', `/api/admin/order?q=${encodeURIComponent(`https://www.instagram.com/${name}/`)}`, {
      token: admin.token,
    });
    expect(found.body.orders.map((o: { _id: string }) => o._id)).toEqual([String(placed.json.order)]);
    await expectMoneyInvariants();
  });
});

describe('a reseller script, written as existing clients are', () => {
  it('places, polls and cancels an order with form POSTs and string parsing', async () => {
    const { key } = await reseller(50);
    // Like the PHP/Node examples panels publish: urlencoded POST, json_decode, compare strings.
    const post = async (fields: Record<string, string>) => {
      const res = await fetch(`${api.url}/api/v2`, { method: 'POST', body: new URLSearchParams({ key, ...fields }) });
      return JSON.parse(await res.text()) as Record<string, any>;
    };
    const services = (await post({ action: 'services' })) as unknown as { service: number; category: string; rate: string; min: string }[];
    const cheapest = services
      .filter((s) => s.category === 'TikTok Views')
      .sort((x, y) => Number.parseFloat(x.rate) - Number.parseFloat(y.rate))[0];
    expect(cheapest).toBeDefined();
    const balanceBefore = Number.parseFloat((await post({ action: 'balance' })).balance);
    const added = await post({
      action: 'add',
      service: String(cheapest?.service),
      link: 'https://www.tiktok.com/@client/video/9',
      quantity: cheapest?.min ?? '100',
    });
    expect(added.error).toBeUndefined();
    const orderId = String(added.order);
    const polled = await post({ action: 'status', orders: orderId });
    expect(polled[orderId].status).toBe('Pending');
    const charge = Number.parseFloat(polled[orderId].charge);
    expect(Number.parseFloat((await post({ action: 'balance' })).balance)).toBeCloseTo(balanceBefore - charge, 2);
    const cancelled = (await post({ action: 'cancel', orders: orderId })) as unknown as { order: number; cancel: unknown }[];
    expect(cancelled[0]?.cancel).toBe(1);
    expect((await post({ action: 'status', order: orderId })).status).toBe('Canceled');
    expect(Number.parseFloat((await post({ action: 'balance' })).balance)).toBeCloseTo(balanceBefore, 2);
  });
});
