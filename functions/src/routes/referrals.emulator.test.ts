// Referral commissions (issue 34) over the emulators: a code and link, a referred sign-up (never oneself, never an
// unknown code, never changed after), a commission exactly once under 20 parallel approvals of the same top-up, on an
// admin's credit too, none across the same payer number or with the programme off, the transfer to the main balance
// (idempotent, at least Rs 100, at most the referral balance), a reversed top-up taking its commission back, and the
// admin's programme and totals. The money invariants (referral ones included) are checked after the file.
import { randomUUID } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, fund, type TestUser } from '../../../tests/support/api';
import { db } from '../lib/admin';
import { seedSettings } from '../services/top-ups/public-settings';

const api = apiServerForFile({ moneyInvariants: true });
let admin: TestUser;

const asAdmin = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(api.url, method, path, { token: admin.token, body, headers });
const referralsOf = async (user: TestUser) => {
  const res = await call(api.url, 'GET', '/api/referrals', { token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const register = (user: TestUser, referralCode?: string) =>
  call(api.url, 'POST', '/api/auth/register', { token: user.token, body: { name: 'Invited', ...(referralCode ? { referralCode } : {}) } });
const profileOf = async (uid: string) => (await db.collection('users').doc(uid).get()).data() ?? {};
const transfer = (user: TestUser, amount: number, key = randomUUID()) =>
  call(api.url, 'POST', '/api/referrals/transfer', { token: user.token, body: { amount }, headers: { 'Idempotency-Key': key } });
const requestTopUp = (user: TestUser, amount: number, payerNumber?: string) =>
  call(api.url, 'POST', '/api/recharge-requests', {
    token: user.token,
    body: {
      amount,
      method: 'Easypaisa',
      reference: `R${randomUUID().replace(/-/g, '').slice(0, 12)}`,
      ...(payerNumber ? { payerNumber } : {}),
    },
  });

/** A referrer (with their code) and a customer signed up through it. */
async function referrerAndReferred() {
  const referrer = await createUser();
  const { code } = await referralsOf(referrer);
  const referred = await createUser();
  expect((await register(referred, code.toLowerCase())).status).toBe(201);
  return { referrer, referred, code: code as string };
}

beforeAll(async () => {
  await seedSettings();
  admin = await createUser({ admin: true, name: 'Boss' });
});

beforeEach(async () => {
  expect((await asAdmin('PUT', '/api/admin/referrals', { enabled: true, percent: 5 })).status).toBe(200);
});

describe('codes and sign-ups', () => {
  it('gives each account one code and a link to /r/{code}', async () => {
    const user = await createUser();
    const first = await referralsOf(user);
    expect(first.code).toMatch(/^[0-9A-Z]{8}$/);
    expect(first.link).toMatch(new RegExp(`^https?://[^/]+/r/${first.code}$`));
    expect(first).toMatchObject({ referred: 0, balance: 0, earned: 0, transferred: 0, enabled: true, percent: 5, minTransfer: 100 });
    expect(first.months).toHaveLength(12);
    expect((await referralsOf(user)).code).toBe(first.code);
  });

  it('a sign-up through the code is the referrer’s, once: never oneself, never an unknown code, never changed after', async () => {
    const { referrer, referred, code } = await referrerAndReferred();
    expect((await profileOf(referred.uid)).referredBy).toBe(referrer.uid);
    // The admin sees who brought the account, on its page.
    const detail = (await asAdmin('GET', `/api/admin/users/${referred.uid}`)).body;
    expect(detail.referral).toMatchObject({ referredBy: { _id: referrer.uid, email: referrer.email }, balance: 0, earned: 0 });
    expect((await referralsOf(referrer)).referred).toBe(1);
    expect((await referralsOf(referrer)).months[0].signUps).toBe(1);

    // Another code later changes nothing.
    const other = await createUser();
    const { code: otherCode } = await referralsOf(other);
    expect((await register(referred, otherCode)).status).toBe(200);
    expect((await profileOf(referred.uid)).referredBy).toBe(referrer.uid);

    // One's own code, and a code that names no one: a sign-up like any other.
    expect((await register(referrer, code)).status).toBeLessThan(300);
    expect((await profileOf(referrer.uid)).referredBy).toBeUndefined();
    const stranger = await createUser();
    expect((await register(stranger, 'NOSUCHCODE')).status).toBe(201);
    expect((await profileOf(stranger.uid)).referredBy).toBeUndefined();
    // Junk where a code goes: a sign-up all the same.
    const junk = await createUser();
    expect((await register(junk, 'x'.repeat(500))).status).toBe(201);
  });

  it('takes a code typed with O for 0 and I or L for 1, and never a blocked referrer’s', async () => {
    const referrer = await createUser();
    const { code } = await referralsOf(referrer);
    const typed = (code as string).replace(/0/g, 'o').replace(/1/g, 'l');
    const referred = await createUser();
    expect((await register(referred, typed)).status).toBe(201);
    expect((await profileOf(referred.uid)).referredBy).toBe(referrer.uid);

    expect((await asAdmin('POST', `/api/admin/users/${referrer.uid}/block`, { reason: 'Fraud' })).status).toBe(200);
    const late = await createUser();
    await register(late, code);
    expect((await profileOf(late.uid)).referredBy).toBeUndefined();
    // Nor does a blocked referrer earn.
    await fund(referred, 1000);
    expect((await profileOf(referrer.uid)).referralEarnedPaisa ?? 0).toBe(0);
  });
});

describe('commissions', () => {
  it('are paid exactly once under 20 parallel approvals of the same top-up, and on an admin’s credit', async () => {
    const { referrer, referred } = await referrerAndReferred();
    const request = await requestTopUp(referred, 1000);
    expect(request.status).toBe(201);
    const id = request.body.request._id as string;
    const answers = await Promise.all(Array.from({ length: 20 }, () => asAdmin('POST', `/api/admin/recharge-requests/${id}/approve`, {})));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const entries = await db.collection('users').doc(referrer.uid).collection('referralLedger').get();
    expect(entries.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ type: 'commission', amountPaisa: 5_000, fromUid: referred.uid }),
    ]);
    expect(await referralsOf(referrer)).toMatchObject({ balance: 50, earned: 50 });

    await fund(referred, 333.33);
    // 5 % of Rs 333.33 is Rs 16.6665: Rs 16.67, half up.
    expect(await referralsOf(referrer)).toMatchObject({ balance: 66.67, earned: 66.67 });
    expect((await referralsOf(referrer)).months[0].earned).toBe(66.67);
  });

  it('are not paid across the same payer number, nor while the programme is off; a new percent counts from then on', async () => {
    const { referrer, referred } = await referrerAndReferred();
    // The referrer paid from this number once, and another since: any number they ever used counts.
    await db
      .collection('users')
      .doc(referrer.uid)
      .update({ payerNumber: '03219999999', payerNumbers: ['03001234567', '03219999999'] });
    const same = await requestTopUp(referred, 500, '0300-1234567');
    expect((await asAdmin('POST', `/api/admin/recharge-requests/${same.body.request._id}/approve`, {})).status).toBe(200);
    expect((await referralsOf(referrer)).earned).toBe(0);

    expect((await asAdmin('PUT', '/api/admin/referrals', { enabled: false, percent: 5 })).status).toBe(200);
    await db
      .collection('users')
      .doc(referred.uid)
      .update({ payerNumber: '03110000000', payerNumbers: ['03110000000'] });
    await fund(referred, 200);
    expect((await referralsOf(referrer)).earned).toBe(0);

    expect((await asAdmin('PUT', '/api/admin/referrals', { enabled: true, percent: 10 })).status).toBe(200);
    await fund(referred, 200);
    expect((await referralsOf(referrer)).earned).toBe(20);
  });
});

describe('the transfer to the main balance', () => {
  it('moves at least Rs 100 and at most the referral balance, once per key', async () => {
    const { referrer, referred } = await referrerAndReferred();
    await fund(referred, 5000);
    expect((await referralsOf(referrer)).balance).toBe(250);

    const small = await transfer(referrer, 99);
    expect(small.status).toBe(400);
    expect(small.body).toMatchObject({ code: 'invalid_input', field: 'amount' });
    const tooMuch = await transfer(referrer, 251);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ code: 'insufficient_balance', field: 'amount' });

    const key = randomUUID();
    const [a, b] = await Promise.all([transfer(referrer, 150, key), transfer(referrer, 150, key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(a.body).toMatchObject({ balance: 150, referralBalance: 100 });
    expect(await referralsOf(referrer)).toMatchObject({ balance: 100, earned: 250, transferred: 150 });
    const ledger = await db.collection('users').doc(referrer.uid).collection('ledger').where('type', '==', 'referral').get();
    expect(ledger.docs.map((d) => d.get('amountPaisa'))).toEqual([15_000]);
  });

  it('never overdraws: two transfers with different keys at once, one of them refused', async () => {
    const { referrer, referred } = await referrerAndReferred();
    await fund(referred, 5000);
    const answers = await Promise.all([transfer(referrer, 200), transfer(referrer, 200)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await referralsOf(referrer)).toMatchObject({ balance: 50, transferred: 200 });
  });

  it('is refused to a blocked account', async () => {
    const { referrer, referred } = await referrerAndReferred();
    await fund(referred, 5000);
    expect((await asAdmin('POST', `/api/admin/users/${referrer.uid}/block`, { reason: 'Chargebacks' })).status).toBe(200);
    const res = await transfer(referrer, 100);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('account_suspended');
  });
});

describe('a reversed top-up', () => {
  it('takes the top-up off the balance and its commission off the referrer, once', async () => {
    const { referrer, referred } = await referrerAndReferred();
    await fund(referred, 4000);
    await transfer(referrer, 200);
    const [recharge] = (await db.collection('recharges').where('userId', '==', referred.uid).get()).docs;
    const id = recharge?.id as string;
    const reversed = await asAdmin('POST', `/api/admin/recharges/${id}/reverse`, { reason: 'Chargeback from Easypaisa' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.recharge.reversed).toMatchObject({ reason: 'Chargeback from Easypaisa' });
    expect((await profileOf(referred.uid)).balancePaisa).toBe(0);
    // The commission was moved already: the referral balance owes it (below 0) until earned back.
    expect(await referralsOf(referrer)).toMatchObject({ balance: -200, earned: 0, transferred: 200 });
    const again = await asAdmin('POST', `/api/admin/recharges/${id}/reverse`, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_decided');
    const audit = await db.collection('audit').where('subject', '==', `recharges/${id}`).where('action', '==', 'top_up_reverse').get();
    expect(audit.docs.map((d) => d.data().after)).toEqual([
      expect.objectContaining({ userId: referred.uid, amount: 4000, commission: 200, referrerId: referrer.uid }),
    ]);
  });

  it('keeps the lifetime total of an account credited before totals were kept, without the reversed top-up', async () => {
    const customer = await createUser();
    await fund(customer, 300);
    await fund(customer, 200);
    await db.collection('users').doc(customer.uid).update({ creditedPaisa: FieldValue.delete() });
    const recharges = (await db.collection('recharges').where('userId', '==', customer.uid).get()).docs;
    const two = recharges.find((d) => d.get('amountPaisa') === 20_000);
    expect((await asAdmin('POST', `/api/admin/recharges/${two?.id}/reverse`, { reason: 'Paid twice' })).status).toBe(200);
    expect((await profileOf(customer.uid)).creditedPaisa).toBe(30_000);
  });

  it('is refused while the balance is below the top-up, and for no such top-up', async () => {
    const customer = await createUser();
    await fund(customer, 500);
    const [recharge] = (await db.collection('recharges').where('userId', '==', customer.uid).get()).docs;
    const spend = await call(api.url, 'POST', '/api/order/place', {
      token: customer.token,
      body: { serviceId: 'tt-views-fast', link: `https://www.tiktok.com/@rev/video/${Date.now()}`, quantity: 1000 },
    });
    expect(spend.status).toBe(201);
    const res = await asAdmin('POST', `/api/admin/recharges/${recharge?.id}/reverse`, { reason: 'Chargeback' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('insufficient_balance');
    expect((await asAdmin('POST', '/api/admin/recharges/nosuch/reverse', { reason: 'x' })).status).toBe(404);
  });
});

describe('the admin’s programme (GET/PUT /api/admin/referrals)', () => {
  it('is the admin’s alone, audited, and totals what referrers earned, moved and hold', async () => {
    const customer = await createUser();
    expect((await call(api.url, 'GET', '/api/admin/referrals', { token: customer.token })).status).toBe(403);
    expect(
      (await call(api.url, 'PUT', '/api/admin/referrals', { token: customer.token, body: { enabled: false, percent: 1 } })).status,
    ).toBe(403);
    expect((await asAdmin('PUT', '/api/admin/referrals', { enabled: true, percent: 51 })).status).toBe(400);

    const before = (await asAdmin('GET', '/api/admin/referrals')).body;
    const { referrer, referred } = await referrerAndReferred();
    await fund(referred, 2000);
    await transfer(referrer, 100);
    const after = (await asAdmin('GET', '/api/admin/referrals')).body;
    expect(after.settings).toEqual({ enabled: true, percent: 5 });
    expect(after.totals.referred).toBe(before.totals.referred + 1);
    expect(after.totals.earned).toBeCloseTo(before.totals.earned + 100, 2);
    expect(after.totals.transferred).toBeCloseTo(before.totals.transferred + 100, 2);
    const audits = await db.collection('audit').where('subject', '==', 'settings/referrals').get();
    expect(audits.size).toBeGreaterThan(0);
  });
});
