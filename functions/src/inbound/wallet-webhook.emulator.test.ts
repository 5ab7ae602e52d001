// The top-up autopilot (decision record 0015) through the HTTP API and the wallet phone's webhook, on the real
// Firestore and Auth emulators: pairing, the app's signature, the wallets' real messages
// (tests/fixtures/wallet-sms), storing each payment once, matching either way round and exactly once,
// every reason a payment waits for the admin, and the admin's manual paths.
import { randomInt } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SENDERS, deliver, pingBody, signDelivery, smsReceivedBody, walletSmsText } from '../../../scripts/lib/wallet-phone';
import { walletSmsFixtures } from '../../../tests/fixtures/wallet-sms';
import { apiServerForFile, call, createUser, fetchFirestoreAs, type TestUser } from '../../../tests/support/api';
import { fundedUser } from '../../../tests/support/users';
import { db } from '../lib/admin';
import { seedSettings } from '../services/top-ups/public-settings';
import { DEFAULT_AUTOPILOT_SETTINGS } from '../shared/wallet-autopilot';
import { runWalletWork } from '../workers/wallet';

const api = apiServerForFile({ moneyInvariants: true });
let admin: TestUser;

const fixtures = walletSmsFixtures;

interface Phone {
  id: string;
  key: string;
  wallet: string;
  sender: string;
}

/** An 11-digit transaction id no test has used (random: one in tens of billions to meet another). */
const newTid = () => String(40_000_000_000 + randomInt(0, 59_999_999_999));

async function pair(wallet = 'Easypaisa', senders = [DEMO_SENDERS[wallet.toLowerCase()] ?? 'Wallet']): Promise<Phone> {
  const res = await call(api.url, 'POST', '/api/admin/wallet-devices', {
    token: admin.token,
    body: { name: `${wallet} phone`, wallet, senders },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.device._id, key: res.body.signingKey, wallet, sender: senders[0] ?? '' };
}

const sms = (phone: Phone, message: string, options: { sender?: string; messageId?: string; id?: string } = {}) =>
  deliver(api.url, phone.id, phone.key, smsReceivedBody({ message, sender: options.sender ?? phone.sender, ...options }));

/** The wallet's SMS for a payment, forwarded by `phone`. */
const pay = (phone: Phone, fields: { amount: number; tid: string; from: string }, options: { messageId?: string } = {}) =>
  sms(phone, walletSmsText(phone.wallet, fields), options);

const requestTopUp = (user: TestUser, body: { amount: number; tid: string; from?: string; method?: string }) =>
  call(api.url, 'POST', '/api/recharge-requests', {
    token: user.token,
    body: {
      amount: body.amount,
      method: body.method ?? 'Easypaisa',
      reference: body.tid,
      ...(body.from ? { payerNumber: body.from } : {}),
    },
  });

const balanceOf = async (user: TestUser) => ((await db.collection('users').doc(user.uid).get()).data()?.balancePaisa ?? 0) as number;
const eventOf = async (id: string) => (await db.collection('walletEvents').doc(id).get()).data();
const requestOf = async (id: string) => (await db.collection('rechargeRequests').doc(id).get()).data();
const setLimits = (limits: Partial<typeof DEFAULT_AUTOPILOT_SETTINGS>) =>
  call(api.url, 'PUT', '/api/admin/settings/autopilot', { token: admin.token, body: { ...DEFAULT_AUTOPILOT_SETTINGS, ...limits } });

let easypaisa: Phone;

beforeAll(async () => {
  await seedSettings();
  admin = await createUser({ admin: true, name: 'Boss' });
  // The admin's profile (role admin), as signing in to the console makes it: admins are told of silent phones.
  await call(api.url, 'GET', '/api/user/profile', { token: admin.token });
  easypaisa = await pair();
});

beforeEach(async () => {
  await setLimits({});
});

describe('pairing a wallet phone', () => {
  it('answers the signing key once, with the webhook URL; lists, audit and Firestore never show it', async () => {
    const res = await call(api.url, 'POST', '/api/admin/wallet-devices', {
      token: admin.token,
      body: { name: 'Shop phone', wallet: 'jazzcash', senders: [' JazzCash ', '8558', '8558'] },
    });
    expect(res.status).toBe(201);
    const { device, signingKey, webhookUrl } = res.body;
    expect(signingKey).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(device).toEqual({
      _id: expect.any(String),
      name: 'Shop phone',
      wallet: 'JazzCash',
      senders: ['JazzCash', '8558'],
      state: 'healthy',
      createdAt: expect.any(String),
      lastSeenAt: null,
      lastEventAt: null,
      revokedAt: null,
      appDeviceId: null,
    });
    expect(webhookUrl).toBe(`${api.url}/api/wallet-events?device=${device._id}`);

    const list = await call(api.url, 'GET', '/api/admin/wallet-devices?limit=200', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.devices.map((d: { _id: string }) => d._id)).toContain(device._id);
    expect(JSON.stringify(list.body)).not.toContain(signingKey);
    const audit = await db.collection('audit').where('subject', '==', `walletDevices/${device._id}`).get();
    expect(audit.docs.map((d) => d.data().action)).toEqual(['wallet_device_create']);
    expect(JSON.stringify(audit.docs[0]?.data())).not.toContain(signingKey);
    expect(JSON.stringify((await db.collection('walletDevices').doc(device._id).get()).data())).not.toContain(signingKey);
    // No client reads a phone, its key or its messages: not the admin, not a customer.
    const customer = await createUser();
    for (const token of [admin.token, customer.token]) {
      for (const path of [`walletDeviceKeys/${device._id}`, `walletDevices/${device._id}`, 'walletEvents', 'autoCredits']) {
        expect((await fetchFirestoreAs(token, path)).status, path).toBe(403);
      }
    }
  });

  it('refuses a wallet that is not in the settings, an empty sender list, and a customer', async () => {
    const bad = await call(api.url, 'POST', '/api/admin/wallet-devices', {
      token: admin.token,
      body: { name: 'x', wallet: 'Bitcoin', senders: ['1'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_input', field: 'wallet' });
    const empty = await call(api.url, 'POST', '/api/admin/wallet-devices', {
      token: admin.token,
      body: { name: 'x', wallet: 'Easypaisa', senders: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('senders');
    const customer = await createUser();
    const res = await call(api.url, 'POST', '/api/admin/wallet-devices', {
      token: customer.token,
      body: { name: 'x', wallet: 'Easypaisa', senders: ['1'] },
    });
    expect(res.status).toBe(403);
  });
});

describe('the webhook’s signature', () => {
  const body = () =>
    smsReceivedBody({ message: walletSmsText('Easypaisa', { amount: 500, tid: newTid(), from: '03451234567' }), sender: '3737' });
  const post = (deviceId: string, payload: string, headers: Record<string, string>) =>
    fetch(`${api.url}/api/wallet-events?device=${deviceId}`, { method: 'POST', headers, body: payload });
  const count = async () => (await db.collection('walletEvents').count().get()).data().count;

  it.each([
    [
      'no signature',
      (_b: string) => ({ 'content-type': 'application/json', 'x-timestamp': String(Math.floor(Date.now() / 1000)) }),
      'Missing',
    ],
    ['no timestamp', (b: string) => ({ ...signDelivery(b, easypaisa.key).headers, 'x-timestamp': '' }), 'Missing'],
    ['a signature of another key', (b: string) => signDelivery(b, 'not-the-key').headers, 'Signature does not match'],
    ['a timestamp 6 minutes old', (b: string) => signDelivery(b, easypaisa.key, new Date(Date.now() - 6 * 60_000)).headers, '5 minutes'],
    ['a timestamp 6 minutes ahead', (b: string) => signDelivery(b, easypaisa.key, new Date(Date.now() + 6 * 60_000)).headers, '5 minutes'],
    [
      'a body changed after signing',
      (b: string) => ({
        ...signDelivery(b, easypaisa.key).headers,
        'x-signature': signDelivery(`${b} `, easypaisa.key).headers['x-signature'] ?? '',
      }),
      'Signature does not match',
    ],
  ])('%s: 401, nothing stored', async (_name, headersOf, message) => {
    const before = await count();
    const payload = body();
    const res = await post(easypaisa.id, payload, headersOf(payload));
    expect(res.status).toBe(401);
    const answer = (await res.json()) as { code: string; message: string };
    expect(answer.code).toBe('invalid_signature');
    expect(answer.message).toContain(message);
    expect(await count()).toBe(before);
  });

  it('an unknown phone: 401; a revoked one: 401 from the moment it is revoked, and its key is gone', async () => {
    const payload = body();
    expect((await post('noSuchPhone', payload, signDelivery(payload, easypaisa.key).headers)).status).toBe(401);
    const phone = await pair();
    expect((await deliver(api.url, phone.id, phone.key, pingBody())).status).toBe(200);
    const revoked = await call(api.url, 'DELETE', `/api/admin/wallet-devices/${phone.id}`, { token: admin.token });
    expect(revoked.status).toBe(204);
    const after = await deliver(api.url, phone.id, phone.key, body());
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('invalid_signature');
    expect((await db.collection('walletDeviceKeys').doc(phone.id).get()).exists).toBe(false);
    const list = await call(api.url, 'GET', '/api/admin/wallet-devices?limit=200', { token: admin.token });
    expect(list.body.devices.find((d: { _id: string }) => d._id === phone.id)).toMatchObject({
      state: 'revoked',
      revokedAt: expect.any(String),
    });
    // Revoking again changes nothing; an unknown id is 404.
    expect((await call(api.url, 'DELETE', `/api/admin/wallet-devices/${phone.id}`, { token: admin.token })).status).toBe(204);
    expect((await call(api.url, 'DELETE', '/api/admin/wallet-devices/nope', { token: admin.token })).status).toBe(404);
    const audits = await db.collection('audit').where('subject', '==', `walletDevices/${phone.id}`).get();
    expect(audits.docs.map((d) => d.data().action).sort()).toEqual(['wallet_device_create', 'wallet_device_revoke']);
  });

  it('a ping says the phone is alive and records the app’s own device id; other events are accepted and ignored', async () => {
    const phone = await pair();
    const res = await deliver(api.url, phone.id, phone.key, pingBody({ appDeviceId: 'app-device-7' }));
    expect(res).toEqual({ status: 200, body: { ok: true } });
    const device = (await db.collection('walletDevices').doc(phone.id).get()).data();
    expect(device?.lastSeenAt).toBeDefined();
    expect(device?.appDeviceId).toBe('app-device-7');
    const other = JSON.stringify({ deviceId: 'x', event: 'sms:sent', id: 'e1', payload: { messageId: 'm' }, webhookId: 'w' });
    expect(await deliver(api.url, phone.id, phone.key, other)).toEqual({ status: 200, body: { ok: true } });
  });

  it('a signed body that is not the app’s: 400, nothing stored', async () => {
    const before = await count();
    expect((await deliver(api.url, easypaisa.id, easypaisa.key, 'not json')).status).toBe(400);
    const noMessage = JSON.stringify({ event: 'sms:received', id: 'x', payload: { sender: '3737' } });
    expect((await deliver(api.url, easypaisa.id, easypaisa.key, noMessage)).status).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('reading and storing the wallets’ messages', () => {
  it('stores every fixture as the wallet sent it: payments under {wallet}:{tid}, the rest ignored or unparsed', async () => {
    const jazzcash = await pair('JazzCash');
    for (const fixture of fixtures) {
      const phone = fixture.wallet === 'JazzCash' ? jazzcash : easypaisa;
      const messageId = `fixture-${fixture.id}-${Date.now()}`;
      expect((await sms(phone, fixture.text, { messageId })).status, fixture.id).toBe(200);
      if (fixture.expect) {
        const event = await eventOf(`${fixture.wallet}:${fixture.expect.tid}`);
        expect(event, fixture.id).toMatchObject({
          kind: 'payment',
          status: 'unmatched',
          wallet: fixture.wallet,
          tid: fixture.expect.tid,
          amountPaisa: fixture.expect.amount * 100,
          payer: { prefix: fixture.expect.payerDigits.prefix, suffix: fixture.expect.payerDigits.suffix },
          text: fixture.text,
          sender: phone.sender,
        });
      } else {
        const stored = await db.collection('walletEvents').where('delivery.messageId', '==', messageId).get();
        expect(stored.size, fixture.id).toBe(1);
        const status = stored.docs[0]?.data().status;
        expect(status, fixture.id).toBe(fixture.id === 'fake-lookalike' ? 'unparsed' : 'ignored');
      }
    }
    const unparsed = await call(api.url, 'GET', '/api/admin/wallet-events?status=unparsed&limit=200', { token: admin.token });
    expect(unparsed.body.events.map((e: { text: string }) => e.text)).toContain(fixtures.find((f) => f.id === 'fake-lookalike')?.text);
  });

  it('a payment from a sender the phone does not accept is ignored and never takes the transaction id', async () => {
    const tid = newTid();
    const spoof = await pay({ ...easypaisa, sender: 'EasyPaisa-Rewards' }, { amount: 5000, tid, from: '03001112233' });
    expect(spoof.status).toBe(200);
    expect(await eventOf(`Easypaisa:${tid}`)).toBeUndefined();
    const ignored = await call(api.url, 'GET', '/api/admin/wallet-events?status=ignored&limit=200', { token: admin.token });
    expect(ignored.body.events.find((e: { text: string }) => e.text.includes(tid))).toMatchObject({ reason: 'unknown_sender', tid: null });
    // The real SMS still takes it.
    await pay(easypaisa, { amount: 5000, tid, from: '03001112233' });
    expect(await eventOf(`Easypaisa:${tid}`)).toMatchObject({ status: 'unmatched', amountPaisa: 500000 });
  });

  it('takes a sender exactly as configured (letter case aside), no spelling of it', async () => {
    const phone = await pair('Easypaisa', ['Easypaisa']);
    const tid = newTid();
    for (const sender of ['Easy-Paisa', 'Easy Paisa', 'Easypaisa.', 'EasypaisaRewards']) {
      await pay({ ...phone, sender }, { amount: 100, tid, from: '03451234567' });
    }
    expect(await eventOf(`Easypaisa:${tid}`)).toBeUndefined();
    await pay({ ...phone, sender: 'EASYPAISA' }, { amount: 100, tid, from: '03451234567' });
    expect(await eventOf(`Easypaisa:${tid}`)).toMatchObject({ status: 'unmatched' });
  });

  it('a second SMS naming a stored transaction id with other words holds the payment and is kept as evidence', async () => {
    const user = await createUser();
    const tid = newTid();
    await pay(easypaisa, { amount: 500, tid, from: '03451234567' });
    await pay(easypaisa, { amount: 5000, tid, from: '03451234567' });
    expect(await eventOf(`Easypaisa:${tid}`)).toMatchObject({ status: 'held', reason: 'conflicting_sms', amountPaisa: 50000 });
    const held = await call(api.url, 'GET', '/api/admin/wallet-events?status=held&limit=200', { token: admin.token });
    const copies = held.body.events.filter((e: { tid: string | null }) => e.tid === tid);
    expect(copies.map((e: { amount: number }) => e.amount).sort()).toEqual([500, 5000]);
    // Neither credits by itself.
    const res = await requestTopUp(user, { amount: 500, tid, from: '03451234567' });
    expect(res.body.request.status).toBe('pending');
    expect(await balanceOf(user)).toBe(0);
  });

  it('a second delivery, the app’s retry or another phone’s copy of the same SMS changes nothing', async () => {
    const tid = newTid();
    const fields = { amount: 700, tid, from: '03451234567' };
    const first = await pay(easypaisa, fields, { messageId: 'copy-1' });
    expect(first.status).toBe(200);
    const stored = await eventOf(`Easypaisa:${tid}`);
    const other = await pair();
    await pay(easypaisa, fields, { messageId: 'copy-1' });
    await pay(other, fields, { messageId: 'copy-2' });
    expect(await eventOf(`Easypaisa:${tid}`)).toEqual(stored);
  });
});

describe('matching a payment with its request', () => {
  it('SMS first: the request is approved in its own answer, credited once, notified, audited as the autopilot naming the phone', async () => {
    const user = await createUser();
    await call(api.url, 'GET', '/api/user/profile', { token: user.token });
    const tid = newTid();
    expect((await pay(easypaisa, { amount: 1500, tid, from: '0345-1234567' })).status).toBe(200);
    const res = await requestTopUp(user, { amount: 1500, tid, from: '+92 345 1234567' });
    expect(res.status).toBe(201);
    expect(res.body.request).toMatchObject({ status: 'approved', amount: 1500, payerNumber: '03451234567', autoCredited: true });
    expect(await balanceOf(user)).toBe(150000);
    const event = await eventOf(`Easypaisa:${tid}`);
    expect(event).toMatchObject({ status: 'matched', requestId: res.body.request._id, rechargeId: expect.any(String) });
    const audit = (await db.collection('audit').doc(`rechargeRequests-${res.body.request._id}`).get()).data();
    expect(audit).toMatchObject({
      action: 'approve',
      by: 'wallet-autopilot',
      byUid: 'system',
      reason: expect.stringContaining('Easypaisa phone'),
    });
    const notification = (
      await db.collection('users').doc(user.uid).collection('notifications').doc(`topup-${res.body.request._id}`).get()
    ).data();
    expect(notification).toMatchObject({ title: 'Top-up approved: Rs 1,500' });
    // The profile remembers the number for the next form.
    const profile = await call(api.url, 'GET', '/api/user/profile', { token: user.token });
    expect(profile.body.user.payerNumber).toBe('03451234567');
  });

  it('request first: the SMS credits it in the webhook’s own call', async () => {
    const user = await createUser();
    const tid = newTid();
    const res = await requestTopUp(user, { amount: 250, tid, from: '03121234505' });
    expect(res.body.request.status).toBe('pending');
    const pending = await call(api.url, 'GET', '/api/admin/recharge-requests?status=pending&limit=200', { token: admin.token });
    expect(pending.body.requests.find((r: { _id: string }) => r._id === res.body.request._id)?.sms).toBeNull();
    expect((await pay(easypaisa, { amount: 250, tid, from: '03121234505' })).status).toBe(200);
    expect(await balanceOf(user)).toBe(25000);
    expect(await requestOf(res.body.request._id)).toMatchObject({
      status: 'approved',
      autoCredited: true,
      walletEventId: `Easypaisa:${tid}`,
    });
    const mine = await call(api.url, 'GET', '/api/recharge-requests/mine', { token: user.token });
    expect(mine.body.requests[0]).toMatchObject({ status: 'approved', autoCredited: true });
  });

  it('20 simultaneous deliveries of one SMS credit once', async () => {
    const user = await createUser();
    const tid = newTid();
    await requestTopUp(user, { amount: 900, tid, from: '03451234567' });
    const body = smsReceivedBody({ message: walletSmsText('Easypaisa', { amount: 900, tid, from: '03451234567' }), sender: '3737' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(api.url, easypaisa.id, easypaisa.key, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await balanceOf(user)).toBe(90000);
    const credits = await db.collection('users').doc(user.uid).collection('ledger').where('type', '==', 'credit').get();
    expect(credits.size).toBe(1);
  });

  it('a JazzCash payment matches a JazzCash request by the last four digits', async () => {
    const jazzcash = await pair('JazzCash');
    const user = await createUser();
    const tid = newTid();
    await requestTopUp(user, { amount: 1000, tid, from: '03004444321', method: 'JazzCash' });
    await pay(jazzcash, { amount: 1000, tid, from: '03004444321' });
    expect(await balanceOf(user)).toBe(100000);
  });
});

describe('what waits for the admin, with the reason', () => {
  /** Sends the SMS and the request and expects nothing credited, the SMS held for the request with `reason`. */
  async function expectHeld(
    user: TestUser,
    sent: { amount: number; from: string; wallet?: Phone },
    requested: { amount: number; from?: string; method?: string },
    reason: string,
  ) {
    const tid = newTid();
    const before = await balanceOf(user);
    const phone = sent.wallet ?? easypaisa;
    await pay(phone, { amount: sent.amount, tid, from: sent.from });
    const res = await requestTopUp(user, { ...requested, tid });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.request.status).toBe('pending');
    expect(await balanceOf(user)).toBe(before);
    const event = await eventOf(`${phone.wallet}:${tid}`);
    expect(event).toMatchObject({ status: 'held', reason, requestId: res.body.request._id, reasonText: expect.any(String) });
    const pending = await call(api.url, 'GET', '/api/admin/recharge-requests?status=pending&limit=200', { token: admin.token });
    const listed = pending.body.requests.find((r: { _id: string }) => r._id === res.body.request._id);
    if (phone.wallet === (requested.method ?? 'Easypaisa')) {
      expect(listed.sms).toMatchObject({ eventId: `${phone.wallet}:${tid}`, status: 'held', reason, amount: sent.amount });
    }
    return { tid, requestId: res.body.request._id as string };
  }

  it('an amount above the auto-credit limit', async () => {
    const user = await fundedUser(100);
    await expectHeld(user, { amount: 10_000.01, from: '03451234567' }, { amount: 10_000.01, from: '03451234567' }, 'over_limit');
  });

  it('a first top-up above the first-top-up limit (a smaller first one credits)', async () => {
    const user = await createUser();
    await expectHeld(user, { amount: 2500, from: '03451234567' }, { amount: 2500, from: '03451234567' }, 'first_top_up');
    const other = await createUser();
    const tid = newTid();
    await pay(easypaisa, { amount: 2000, tid, from: '03451234567' });
    expect((await requestTopUp(other, { amount: 2000, tid, from: '03451234567' })).body.request.status).toBe('approved');
  });

  it('a fourth automatic credit on one day', async () => {
    const user = await createUser();
    for (let i = 0; i < 3; i++) {
      const tid = newTid();
      await pay(easypaisa, { amount: 100, tid, from: '03451234567' });
      expect((await requestTopUp(user, { amount: 100, tid, from: '03451234567' })).body.request.status).toBe('approved');
    }
    await expectHeld(user, { amount: 100, from: '03451234567' }, { amount: 100, from: '03451234567' }, 'daily_limit');
  });

  it('a payer whose digits do not match, and a request without a payer number', async () => {
    const user = await createUser();
    await expectHeld(user, { amount: 300, from: '03451234567' }, { amount: 300, from: '03461234567' }, 'payer_mismatch');
    await expectHeld(user, { amount: 300, from: '03451234567' }, { amount: 300 }, 'payer_missing');
  });

  it('an amount that differs, a wallet that differs', async () => {
    const user = await createUser();
    await expectHeld(user, { amount: 300, from: '03451234567' }, { amount: 350, from: '03451234567' }, 'amount_mismatch');
    await expectHeld(
      user,
      { amount: 300, from: '03451234567' },
      { amount: 300, from: '03451234567', method: 'JazzCash' },
      'wallet_mismatch',
    );
  });

  it('a blocked account, and the autopilot switched off', async () => {
    const user = await fundedUser(1);
    expect(
      (await call(api.url, 'POST', `/api/admin/users/${user.uid}/block`, { token: admin.token, body: { reason: 'Chargeback' } })).status,
    ).toBe(200);
    const tid = newTid();
    const request = await requestTopUp(user, { amount: 300, tid, from: '03451234567' });
    expect(request.status).toBe(403);
    const other = await createUser();
    const off = await setLimits({ enabled: false });
    expect(off.status).toBe(200);
    await expectHeld(other, { amount: 300, from: '03451234567' }, { amount: 300, from: '03451234567' }, 'autopilot_off');
  });

  it('a transaction id two customers named', async () => {
    const [a, b] = await Promise.all([createUser(), createUser()]);
    const tid = newTid();
    await requestTopUp(a, { amount: 400, tid, from: '03451234567' });
    await requestTopUp(b, { amount: 400, tid, from: '03451234567' });
    await pay(easypaisa, { amount: 400, tid, from: '03451234567' });
    expect(await eventOf(`Easypaisa:${tid}`)).toMatchObject({ status: 'held', reason: 'duplicate_tid' });
    expect(await balanceOf(a)).toBe(0);
    expect(await balanceOf(b)).toBe(0);
  });

  it('rejecting one of two customers naming the id frees the SMS for the other, who is credited by it', async () => {
    const [claimer, owner] = await Promise.all([createUser(), createUser()]);
    const tid = newTid();
    const claimed = await requestTopUp(claimer, { amount: 400, tid, from: '03009999999' });
    await requestTopUp(owner, { amount: 400, tid, from: '03451234567' });
    await pay(easypaisa, { amount: 400, tid, from: '03451234567' });
    expect(await eventOf(`Easypaisa:${tid}`)).toMatchObject({ status: 'held', reason: 'duplicate_tid' });
    const rejected = await call(api.url, 'POST', `/api/admin/recharge-requests/${claimed.body.request._id}/reject`, {
      token: admin.token,
      body: { note: 'Not yours' },
    });
    expect(rejected.status).toBe(200);
    expect(await balanceOf(owner)).toBe(40000);
    expect(await balanceOf(claimer)).toBe(0);
    const audit = (await db.collection('audit').doc(`rechargeRequests-${claimed.body.request._id}`).get()).data();
    expect(audit?.after.freedSms).toEqual([`Easypaisa:${tid}`]);
  });

  it('a hold about the customer or the limits stays the admin’s after the request is rejected', async () => {
    const user = await fundedUser(100);
    const { tid, requestId } = await expectHeld(
      user,
      { amount: 12_000, from: '03451234567' },
      { amount: 12_000, from: '03451234567' },
      'over_limit',
    );
    await call(api.url, 'POST', `/api/admin/recharge-requests/${requestId}/reject`, { token: admin.token, body: { note: 'Call me' } });
    expect(await eventOf(`Easypaisa:${tid}`)).toMatchObject({ status: 'held', reason: 'over_limit' });
    // Filed again, it still waits for the admin.
    const again = await requestTopUp(user, { amount: 12_000, tid, from: '03451234567' });
    expect(again.body.request.status).toBe('pending');
  });

  it('a payment forwarded by a phone revoked since waits for the admin', async () => {
    const phone = await pair();
    const user = await createUser();
    const tid = newTid();
    await pay(phone, { amount: 300, tid, from: '03451234567' });
    expect((await call(api.url, 'DELETE', `/api/admin/wallet-devices/${phone.id}`, { token: admin.token })).status).toBe(204);
    const res = await requestTopUp(user, { amount: 300, tid, from: '03451234567' });
    expect(res.body.request.status).toBe('pending');
    expect(await eventOf(`Easypaisa:${tid}`)).toMatchObject({ status: 'held', reason: 'phone_revoked' });
    expect(await balanceOf(user)).toBe(0);
  });

  it('rejecting the request it was held for frees the SMS: the real payer’s request then credits by itself', async () => {
    const thief = await createUser();
    const owner = await createUser();
    const { tid, requestId } = await expectHeld(
      thief,
      { amount: 600, from: '03451234567' },
      { amount: 600, from: '03009999999' },
      'payer_mismatch',
    );
    expect(
      (
        await call(api.url, 'POST', `/api/admin/recharge-requests/${requestId}/reject`, {
          token: admin.token,
          body: { note: 'Not your payment' },
        })
      ).status,
    ).toBe(200);
    expect(await eventOf(`Easypaisa:${tid}`)).toMatchObject({ status: 'unmatched' });
    const res = await requestTopUp(owner, { amount: 600, tid, from: '03451234567' });
    expect(res.body.request.status).toBe('approved');
    expect(await balanceOf(owner)).toBe(60000);
    expect(await balanceOf(thief)).toBe(0);
  });
});

describe('the admin’s manual paths', () => {
  it('Approve credits the amount actually received and settles the held SMS; a later SMS of a credited id credits nothing', async () => {
    const user = await createUser();
    const tid = newTid();
    await pay(easypaisa, { amount: 450, tid, from: '03451234567' });
    const res = await requestTopUp(user, { amount: 500, tid, from: '03451234567' });
    expect((await eventOf(`Easypaisa:${tid}`))?.status).toBe('held');
    const approved = await call(api.url, 'POST', `/api/admin/recharge-requests/${res.body.request._id}/approve`, {
      token: admin.token,
      body: { amount: 450 },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.request).toMatchObject({ status: 'approved', amount: 500, creditedAmount: 450 });
    expect(await balanceOf(user)).toBe(45000);
    expect(await eventOf(`Easypaisa:${tid}`)).toMatchObject({ status: 'matched', requestId: res.body.request._id });

    // Approved by hand before its SMS came: the SMS settles as matched, nothing more is credited.
    const early = await createUser();
    const tid2 = newTid();
    const request = await requestTopUp(early, { amount: 300, tid: tid2 });
    await call(api.url, 'POST', `/api/admin/recharge-requests/${request.body.request._id}/approve`, { token: admin.token });
    await pay(easypaisa, { amount: 300, tid: tid2, from: '03451234567' });
    expect(await eventOf(`Easypaisa:${tid2}`)).toMatchObject({ status: 'matched', requestId: request.body.request._id });
    expect(await balanceOf(early)).toBe(30000);
  });

  it('an SMS naming an id credited by hand for another amount is held, not absorbed by that credit', async () => {
    const user = await createUser();
    const tid = newTid();
    const request = await requestTopUp(user, { amount: 300, tid });
    await call(api.url, 'POST', `/api/admin/recharge-requests/${request.body.request._id}/approve`, { token: admin.token });
    await pay(easypaisa, { amount: 5000, tid, from: '03451234567' });
    expect(await eventOf(`Easypaisa:${tid}`)).toMatchObject({
      status: 'held',
      reason: 'already_credited',
      requestId: request.body.request._id,
    });
    expect(await balanceOf(user)).toBe(30000);
  });

  it('the same request sent again with its key answers what became of it: credited since', async () => {
    const user = await createUser();
    const tid = newTid();
    const body = { amount: 700, method: 'Easypaisa', reference: tid, payerNumber: '03451234567' };
    const send = () =>
      call(api.url, 'POST', '/api/recharge-requests', { token: user.token, body, headers: { 'Idempotency-Key': `k-${tid}` } });
    expect((await send()).body.request.status).toBe('pending');
    await pay(easypaisa, { amount: 700, tid, from: '03451234567' });
    const again = await send();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.request).toMatchObject({ status: 'approved', autoCredited: true });
    expect(await balanceOf(user)).toBe(70000);
  });

  it('refuses an approval amount that is not money', async () => {
    const user = await createUser();
    const res = await requestTopUp(user, { amount: 500, tid: newTid() });
    const bad = await call(api.url, 'POST', `/api/admin/recharge-requests/${res.body.request._id}/approve`, {
      token: admin.token,
      body: { amount: -5 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('amount');
  });

  it('attaches an unmatched SMS to a request with a mistyped id: credits the SMS’s amount once; its id is credited too', async () => {
    const user = await createUser();
    const realTid = newTid();
    await pay(easypaisa, { amount: 800, tid: realTid, from: '03451234567' });
    const res = await requestTopUp(user, { amount: 800, tid: `${realTid}9`, from: '03451234567' });
    expect(res.body.request.status).toBe('pending');
    const queue = await call(api.url, 'GET', '/api/admin/wallet-events?status=unmatched&limit=200', { token: admin.token });
    expect(queue.body.events.find((e: { _id: string }) => e._id === `Easypaisa:${realTid}`)).toMatchObject({
      wallet: 'Easypaisa',
      tid: realTid,
      amount: 800,
      payer: '92345****67',
      status: 'unmatched',
      device: { _id: easypaisa.id, name: 'Easypaisa phone' },
    });
    const attach = () =>
      call(api.url, 'POST', `/api/admin/wallet-events/Easypaisa:${realTid}/attach`, {
        token: admin.token,
        body: { requestId: res.body.request._id },
      });
    const [first, second] = await Promise.all([attach(), attach()]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(await balanceOf(user)).toBe(80000);
    expect(await eventOf(`Easypaisa:${realTid}`)).toMatchObject({ status: 'matched', requestId: res.body.request._id });
    // Another request naming the SMS's id cannot be credited again.
    const other = await createUser();
    const again = await requestTopUp(other, { amount: 800, tid: realTid, from: '03451234567' });
    expect(again.body.request.status).toBe('pending');
    const approve = await call(api.url, 'POST', `/api/admin/recharge-requests/${again.body.request._id}/approve`, { token: admin.token });
    expect(approve.status).toBe(409);
    expect(approve.body.code).toBe('transaction_id_credited');
  });

  it('dismisses an SMS with a note (audited); a dismissed or matched one cannot be dismissed or attached', async () => {
    const tid = newTid();
    await pay(easypaisa, { amount: 100, tid, from: '03451234567' });
    const id = `Easypaisa:${tid}`;
    const res = await call(api.url, 'POST', `/api/admin/wallet-events/${id}/dismiss`, {
      token: admin.token,
      body: { note: 'Owner’s own test' },
    });
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({ status: 'dismissed', note: 'Owner’s own test' });
    const again = await call(api.url, 'POST', `/api/admin/wallet-events/${id}/dismiss`, { token: admin.token, body: { note: 'x' } });
    expect(again.status).toBe(409);
    const user = await createUser();
    const request = await requestTopUp(user, { amount: 100, tid, from: '03451234567' });
    expect(request.body.request.status).toBe('pending');
    const attach = await call(api.url, 'POST', `/api/admin/wallet-events/${id}/attach`, {
      token: admin.token,
      body: { requestId: request.body.request._id },
    });
    expect(attach.status).toBe(409);
    const audit = await db.collection('audit').where('subject', '==', `walletEvents/${id}`).get();
    expect(audit.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ action: 'wallet_event_dismiss', reason: 'Owner’s own test' }),
    ]);
    expect((await call(api.url, 'POST', '/api/admin/wallet-events/nope/dismiss', { token: admin.token, body: { note: 'x' } })).status).toBe(
      404,
    );
  });

  it('the limits are the admin’s, validated and audited', async () => {
    const bad = await setLimits({ dailyCount: 1.5 });
    expect(bad.status).toBe(400);
    const ok = await setLimits({ maxAmount: 5000 });
    expect(ok.body.settings).toEqual({ ...DEFAULT_AUTOPILOT_SETTINGS, maxAmount: 5000 });
    const read = await call(api.url, 'GET', '/api/admin/settings/autopilot', { token: admin.token });
    expect(read.body.settings.maxAmount).toBe(5000);
    const audit = await db.collection('audit').where('subject', '==', 'settings/autopilot').get();
    expect(audit.size).toBeGreaterThan(0);
  });
});

describe('the phones’ health', () => {
  it('says which wallets are checked automatically, and reports a silent phone to the admins once', async () => {
    const customer = await createUser();
    const status = await call(api.url, 'GET', '/api/wallet-status', { token: customer.token });
    expect(status.status).toBe(200);
    const of = (body: { wallets: { provider: string; automatic: boolean }[] }, provider: string) =>
      body.wallets.find((w) => w.provider === provider)?.automatic;
    expect(of(status.body, 'Easypaisa')).toBe(true);
    expect(of(status.body, 'SadaPay')).toBe(false);

    // Every phone goes silent: nothing from any of them for 11 minutes.
    const phones = await db.collection('walletDevices').where('revokedAt', '==', null).get();
    const longAgo = new Date(Date.now() - 11 * 60_000);
    await Promise.all(phones.docs.map((d) => d.ref.update({ lastSeenAt: longAgo, createdAt: longAgo })));
    expect(of((await call(api.url, 'GET', '/api/wallet-status', { token: customer.token })).body, 'Easypaisa')).toBe(false);
    const first = await runWalletWork({ now: Date.now });
    expect(first.silent).toBe(phones.size);
    expect((await runWalletWork({ now: Date.now })).silent).toBe(0);
    const notes = await db.collection('users').doc(admin.uid).collection('notifications').get();
    expect(notes.docs.filter((d) => d.id.startsWith(`walletphone-${easypaisa.id}-`))).toHaveLength(1);
    const overview = await call(api.url, 'GET', '/api/admin/overview', { token: admin.token });
    expect(overview.body.walletPhones.silent.map((p: { _id: string }) => p._id)).toContain(easypaisa.id);

    // A ping brings it back.
    expect((await deliver(api.url, easypaisa.id, easypaisa.key, pingBody())).status).toBe(200);
    expect(of((await call(api.url, 'GET', '/api/wallet-status', { token: customer.token })).body, 'Easypaisa')).toBe(true);
    expect((await db.collection('walletDevices').doc(easypaisa.id).get()).data()?.silentSince).toBeUndefined();
  });
});
