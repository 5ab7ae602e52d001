// Price tiers and per-customer rates (issue 34) over the emulators: the admin's tier table and a customer's pricing,
// the tier a credit earns (once, however many credits run at once), one price on every surface (GET /api/services,
// API v2 `services`, the order placed by the web and by API v2, a drip-feed), the margin floor, and GET /api/pricing.
import { FieldValue } from 'firebase-admin/firestore';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createApiKeyFor, createUser, fund, type TestUser, v2With } from '../../../tests/support/api';
import { addProvider, linkService } from '../../../tests/support/providers';
import { db } from '../lib/admin';
import { CATALOGUE } from '../shared/catalogue';
import { dripFeedPrice } from '../shared/drip-feed';
import { orderPrice, toPaisa, toRupees } from '../shared/money';
import { discountedRate } from '../shared/pricing';

const api = apiServerForFile({ moneyInvariants: true });
let admin: TestUser;

const asAdmin = (method: string, path: string, body?: unknown) => call(api.url, method, path, { token: admin.token, body });
const putTiers = (tiers: unknown) => asAdmin('PUT', '/api/admin/tiers', { tiers });
const setPricing = (uid: string, body: unknown) => asAdmin('PUT', `/api/admin/users/${uid}/pricing`, body);
const servicesAs = (token?: string) => call(api.url, 'GET', '/api/services', token ? { token } : {});
const myPricing = async (user: TestUser) => (await call(api.url, 'GET', '/api/pricing', { token: user.token })).body.pricing;
/** The name of the tier a profile holds (profiles hold tiers by id). */
const tierName = async (id: unknown) =>
  ((await asAdmin('GET', '/api/admin/tiers')).body.tiers as { id: string; name: string }[]).find((t) => t.id === id)?.name;
const profileOf = async (uid: string) => (await db.collection('users').doc(uid).get()).data() ?? {};
const tierAudits = async (uid: string) =>
  (await db.collection('audit').where('subject', '==', `users/${uid}`).where('action', '==', 'tier_change').get()).docs.map((d) =>
    d.data(),
  );
/** A customer with a profile (the admin's screens list profiles): as after their first sign-in. */
async function newCustomer(): Promise<TestUser> {
  const user = await createUser();
  expect((await call(api.url, 'GET', '/api/user/profile', { token: user.token })).status).toBe(200);
  return user;
}
const link = () => `https://www.tiktok.com/@shop/video/${Date.now()}${Math.floor(Math.random() * 1e6)}`;

const VIEWS = CATALOGUE.find((s) => s.id === 'tt-views-fast');
const FOLLOWERS = CATALOGUE.find((s) => s.id === 'tt-followers-real');
if (!VIEWS || !FOLLOWERS) throw new Error('The catalogue lost a service these tests use');

/** Bronze for everyone, Silver from Rs 250 (3 %), Gold from Rs 1,000 (6 %), saved out of order. */
const LADDER = [
  { name: 'Gold', threshold: 1000, percent: 6 },
  { name: 'Bronze', threshold: 0, percent: 0 },
  { name: 'Silver', threshold: 250, percent: 3 },
];

beforeAll(async () => {
  admin = await createUser({ admin: true, name: 'Boss' });
});

beforeEach(async () => {
  expect((await putTiers(LADDER)).status).toBe(200);
});

describe('the tier table (GET/PUT /api/admin/tiers)', () => {
  it.each([
    ['GET', '/api/admin/tiers'],
    ['PUT', '/api/admin/tiers'],
    ['GET', '/api/admin/users/someone/pricing'],
    ['PUT', '/api/admin/users/someone/pricing'],
  ])('%s %s is the admin’s alone', async (method, path) => {
    const customer = await createUser();
    const body = method === 'GET' ? undefined : {};
    expect((await call(api.url, method, path, { body })).status).toBe(401);
    expect((await call(api.url, method, path, { token: customer.token, body })).status).toBe(403);
  });

  it('is answered from the lowest threshold up, and its change is audited', async () => {
    const res = await asAdmin('GET', '/api/admin/tiers');
    expect(res.body.tiers).toEqual([LADDER[1], LADDER[2], LADDER[0]].map((t) => ({ ...t, id: expect.any(String) })));
    const audits = (await db.collection('audit').where('subject', '==', 'settings/tiers').get()).docs.map((d) => d.data());
    expect(audits.length).toBeGreaterThan(0);
    expect(audits.every((a) => a.action === 'settings' && a.byUid === admin.uid)).toBe(true);
  });

  it.each([
    ['two tiers of one name', [LADDER[0], { ...LADDER[1], name: 'gold' }], 'Each tier needs its own name'],
    ['two tiers of one threshold', [LADDER[0], { ...LADDER[1], threshold: 1000 }], 'Each tier needs its own threshold'],
    ['a percent over 50', [{ name: 'Diamond', threshold: 5000, percent: 50.5 }], 'Percent must be at most 50'],
    ['a negative threshold', [{ name: 'Less', threshold: -1, percent: 1 }], 'Threshold must be at least 0'],
    ['eleven tiers', Array.from({ length: 11 }, (_, i) => ({ name: `T${i}`, threshold: i, percent: 0 })), 'At most 10 tiers'],
    [
      'a name of control characters',
      [{ name: 'Gold\u202e', threshold: 1, percent: 1 }],
      'Tier name cannot contain control or formatting characters',
    ],
  ])('refuses %s (400, nothing saved)', async (_what, tiers, message) => {
    const res = await putTiers(tiers);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_input', message });
    expect((await asAdmin('GET', '/api/admin/tiers')).body.tiers.map((t: { name: string }) => t.name)).toEqual([
      'Bronze',
      'Silver',
      'Gold',
    ]);
  });

  it('an empty table turns tiers off: everyone pays list prices', async () => {
    const customer = await createUser();
    await fund(customer, 2000);
    expect((await myPricing(customer)).tier).toEqual({ name: 'Gold', percent: 6 });
    expect((await putTiers([])).body.tiers).toEqual([]);
    expect(await myPricing(customer)).toMatchObject({ tier: null, next: null, tiers: [] });
    const views = (await servicesAs(customer.token)).body.services.find((s: { _id: string }) => s._id === VIEWS.id);
    expect(views).toMatchObject({ ratePer1000: VIEWS.ratePer1000 });
    expect(views).not.toHaveProperty('listRatePer1000');
  });
});

describe('the tier a credit earns', () => {
  it('moves once when concurrent credits cross a threshold, never down by itself, and counts every credit once', async () => {
    const customer = await createUser();
    expect(await myPricing(customer)).toMatchObject({
      credited: 0,
      tier: { name: 'Bronze', percent: 0 },
      next: { name: 'Silver', remaining: 250 },
    });
    // Twelve credits of Rs 30 at once: the ninth to commit takes the total to Rs 270 and moves the tier.
    await Promise.all(Array.from({ length: 12 }, () => fund(customer, 30)));
    const profile = await profileOf(customer.uid);
    expect(profile.creditedPaisa).toBe(36_000);
    expect(await tierName(profile.tier)).toBe('Silver');
    const audits = await tierAudits(customer.uid);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ before: { tier: 'Bronze' }, after: { tier: 'Silver', credited: 270 } });
    expect(await myPricing(customer)).toMatchObject({
      credited: 360,
      tier: { name: 'Silver', percent: 3 },
      next: { name: 'Gold', percent: 6, threshold: 1000, remaining: 640 },
    });

    // Raising Silver's threshold past the total keeps the tier earned: a customer never moves down by themselves.
    const saved = (await asAdmin('GET', '/api/admin/tiers')).body.tiers as { id: string; name: string; threshold: number }[];
    await putTiers(saved.map((t) => (t.name === 'Silver' ? { ...t, threshold: 500 } : t)));
    expect((await myPricing(customer)).tier).toEqual({ name: 'Silver', percent: 3 });
    await fund(customer, 700);
    expect(await tierName((await profileOf(customer.uid)).tier)).toBe('Gold');
    expect(await tierAudits(customer.uid)).toHaveLength(2);
  });

  it('counts an approved top-up request like an admin’s credit', async () => {
    const customer = await createUser();
    const request = await call(api.url, 'POST', '/api/recharge-requests', {
      token: customer.token,
      body: { amount: 300, method: 'Easypaisa', reference: `T${Date.now()}` },
    });
    expect(request.status).toBe(201);
    const approve = await asAdmin('POST', `/api/admin/recharge-requests/${request.body.request._id}/approve`, {});
    expect(approve.status).toBe(200);
    const profile = await profileOf(customer.uid);
    expect(profile.creditedPaisa).toBe(30_000);
    expect(await tierName(profile.tier)).toBe('Silver');
  });

  it('takes an account credited before totals were kept from its ledger, and keeps the total from then on', async () => {
    const customer = await createUser();
    await fund(customer, 200);
    await fund(customer, 100);
    // As an account credited before issue 34 looks: credits in its ledger, no running total or tier.
    await db.collection('users').doc(customer.uid).update({ creditedPaisa: FieldValue.delete(), tier: FieldValue.delete() });
    expect(await myPricing(customer)).toMatchObject({ credited: 300, tier: { name: 'Silver' } });
    await fund(customer, 50);
    expect((await profileOf(customer.uid)).creditedPaisa).toBe(35_000);
    expect((await myPricing(customer)).tier).toEqual({ name: 'Silver', percent: 3 });
  });
});

describe('one price everywhere', () => {
  /** The customer's rate for a service on each surface, and what an order of `quantity` is charged by the web and by API v2. */
  async function surfaces(customer: TestUser, key: string, service: NonNullable<typeof VIEWS>, quantity: number) {
    const listed = (await servicesAs(customer.token)).body.services.find((s: { _id: string }) => s._id === service.id);
    const v2Listed = ((await v2With(api.url, key, { action: 'services' })) as { service: number; rate: string }[]).find(
      (s) => s.service === service.number,
    );
    const expected = toRupees(orderPrice(toPaisa(listed.ratePer1000), quantity));
    const placed = await call(api.url, 'POST', '/api/order/place', {
      token: customer.token,
      body: { serviceId: service.id, link: link(), quantity, price: expected },
    });
    expect(placed.status).toBe(201);
    const v2Added = await v2With(api.url, key, { action: 'add', service: service.number, link: link(), quantity });
    expect(v2Added, JSON.stringify(v2Added)).toHaveProperty('order');
    const v2Order = (await db.collection('orders').doc(String(v2Added.order)).get()).data();
    return {
      listed,
      v2Rate: Number(v2Listed?.rate),
      webCharge: placed.body.order.price,
      v2Charge: toRupees(v2Order?.pricePaisa),
      expected,
    };
  }

  it('a tiered customer: the same discounted rate listed, shown to API v2 and charged; the list price is refused', async () => {
    const customer = await createUser();
    await fund(customer, 5000);
    const key = await createApiKeyFor(api.url, customer);
    const rate = toRupees(discountedRate(toPaisa(FOLLOWERS.ratePer1000), 6));
    const seen = await surfaces(customer, key, FOLLOWERS, 1234);
    expect(seen.listed).toMatchObject({ ratePer1000: rate, listRatePer1000: FOLLOWERS.ratePer1000 });
    expect(seen.v2Rate).toBe(rate);
    expect(seen.webCharge).toBe(seen.expected);
    expect(seen.v2Charge).toBe(seen.expected);
    // The order keeps what the list price was, for the reports' discounts given.
    const orders = await db.collection('orders').where('userId', '==', customer.uid).get();
    for (const order of orders.docs) expect(order.get('listPricePaisa')).toBe(orderPrice(toPaisa(FOLLOWERS.ratePer1000), 1234));
    // A price shown before the discount (the list one) is refused: 409, nothing charged.
    const stale = await call(api.url, 'POST', '/api/order/place', {
      token: customer.token,
      body: { serviceId: FOLLOWERS.id, link: link(), quantity: 1234, price: toRupees(orderPrice(toPaisa(FOLLOWERS.ratePer1000), 1234)) },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('price_changed');
    // A visitor still sees the list rate, publicly cacheable; the customer's answer is private.
    const visitor = await servicesAs();
    expect(visitor.body.services.find((s: { _id: string }) => s._id === FOLLOWERS.id)).not.toHaveProperty('listRatePer1000');
    expect(visitor.headers.get('cache-control')).toBe('no-cache');
    const own = await servicesAs(customer.token);
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
    expect(own.headers.get('vary')).toMatch(/authorization/i);
  });

  it('a custom-rate customer: the fixed rate wins over the percent, which wins over the tier, on every surface and a drip-feed', async () => {
    const customer = await createUser();
    await fund(customer, 3000);
    const key = await createApiKeyFor(api.url, customer);
    const set = await setPricing(customer.uid, { percent: 10, rates: { [VIEWS.id]: 12.34 } });
    expect(set.status).toBe(200);
    expect(set.body.pricing).toMatchObject({ tier: { name: 'Gold' }, percent: 10, setTier: null });
    expect(set.body.pricing.rates).toEqual([
      expect.objectContaining({ serviceId: VIEWS.id, listRatePer1000: VIEWS.ratePer1000, ratePer1000: 12.34, clamped: false }),
    ]);

    const views = await surfaces(customer, key, VIEWS, 2500);
    expect(views.listed).toMatchObject({ ratePer1000: 12.34, listRatePer1000: VIEWS.ratePer1000 });
    expect(views.v2Rate).toBe(12.34);
    expect([views.webCharge, views.v2Charge]).toEqual([views.expected, views.expected]);
    const followers = await surfaces(customer, key, FOLLOWERS, 100);
    expect(followers.listed.ratePer1000).toBe(toRupees(discountedRate(toPaisa(FOLLOWERS.ratePer1000), 10)));
    expect([followers.webCharge, followers.v2Charge]).toEqual([followers.expected, followers.expected]);

    // A drip-feed is charged its runs at the same rate.
    const dripOn = await asAdmin('PATCH', `/api/admin/services/${VIEWS.id}`, { dripfeed: true });
    expect(dripOn.status).toBe(200);
    const drip = await call(api.url, 'POST', '/api/order/place', {
      token: customer.token,
      body: { serviceId: VIEWS.id, link: link(), quantity: 1000, runs: 3, interval: 30, price: toRupees(dripFeedPrice(1234, 1000, 3)) },
    });
    expect(drip.status).toBe(201);
    await asAdmin('PATCH', `/api/admin/services/${VIEWS.id}`, { dripfeed: false });

    // Cleared, the customer is back on their tier's price.
    const cleared = await setPricing(customer.uid, { percent: null, rates: null });
    expect(cleared.body.pricing).toMatchObject({ percent: null, rates: [] });
    const after = (await servicesAs(customer.token)).body.services.find((s: { _id: string }) => s._id === VIEWS.id);
    expect(after.ratePer1000).toBe(toRupees(discountedRate(toPaisa(VIEWS.ratePer1000), 6)));
  });

  it('a discount stops at a linked service’s cost plus the margin floor, and the admin is told', async () => {
    await addProvider('floorprov', 'http://127.0.0.1:9', 'k', { rateToPkr: 1 });
    // Followers cost Rs 800 per 1,000 at the provider: with a 10 % margin floor, Rs 880 (the list rate is Rs 900).
    await linkService(FOLLOWERS.id, 'floorprov', '101', 800);
    const settings = await asAdmin('PUT', '/api/admin/settings/forwarding', {
      ...(await asAdmin('GET', '/api/admin/settings/forwarding')).body.settings,
      marginThresholdPercent: 10,
    });
    expect(settings.status).toBe(200);
    try {
      const customer = await createUser();
      await fund(customer, 100);
      await setPricing(customer.uid, { percent: 50 });
      const listed = (await servicesAs(customer.token)).body.services.find((s: { _id: string }) => s._id === FOLLOWERS.id);
      // Half of Rs 900 is under Rs 880: held there.
      expect(listed).toMatchObject({ ratePer1000: 880, listRatePer1000: FOLLOWERS.ratePer1000 });
      const pricing = (await asAdmin('GET', `/api/admin/users/${customer.uid}/pricing`)).body.pricing;
      expect(pricing.clamped).toEqual([
        expect.objectContaining({ serviceId: FOLLOWERS.id, plannedRatePer1000: 450, ratePer1000: 880, clamped: true }),
      ]);
      const placed = await call(api.url, 'POST', '/api/order/place', {
        token: customer.token,
        body: { serviceId: FOLLOWERS.id, link: link(), quantity: 100, price: 88 },
      });
      expect(placed.status).toBe(201);
    } finally {
      await db.collection('serviceProviders').doc(FOLLOWERS.id).delete();
    }
  });
});

describe('a customer’s pricing (PUT /api/admin/users/{uid}/pricing)', () => {
  it('keeps a tier set by hand and one earned when the admin renames it (tiers are held by id)', async () => {
    const held = await newCustomer();
    await setPricing(held.uid, { tier: 'Gold' });
    const earned = await createUser();
    await fund(earned, 300);
    const saved = (await asAdmin('GET', '/api/admin/tiers')).body.tiers as { id: string; name: string }[];
    const renamed = await putTiers(saved.map((t) => ({ ...t, name: `${t.name} Club` })));
    expect(renamed.body.tiers.map((t: { id: string }) => t.id)).toEqual(saved.map((t) => t.id));
    expect((await myPricing(held)).tier).toEqual({ name: 'Gold Club', percent: 6 });
    expect((await myPricing(earned)).tier).toEqual({ name: 'Silver Club', percent: 3 });
  });

  it('a fixed rate above the list one is charged, with no struck list price (it is no discount)', async () => {
    const customer = await newCustomer();
    await setPricing(customer.uid, { rates: { [FOLLOWERS.id]: FOLLOWERS.ratePer1000 + 100 } });
    const listed = (await servicesAs(customer.token)).body.services.find((s: { _id: string }) => s._id === FOLLOWERS.id);
    expect(listed.ratePer1000).toBe(FOLLOWERS.ratePer1000 + 100);
    expect(listed).not.toHaveProperty('listRatePer1000');
  });

  it('sets a tier by hand (audited), and null gives the earned one back', async () => {
    const customer = await newCustomer();
    const set = await setPricing(customer.uid, { tier: 'gold' });
    expect(set.body.pricing).toMatchObject({ tier: { name: 'Gold', percent: 6 }, setTier: 'Gold', earnedTier: 'Bronze' });
    // A tier held by hand is not climbed: no next step.
    expect(await myPricing(customer)).toMatchObject({ tier: { name: 'Gold' }, next: null });
    const audit = (
      await db.collection('audit').where('subject', '==', `users/${customer.uid}`).where('action', '==', 'pricing_update').get()
    ).docs;
    expect(audit.map((d) => d.data())).toEqual([
      expect.objectContaining({
        byUid: admin.uid,
        before: { tier: null, percent: null, rates: {} },
        after: expect.objectContaining({ tier: 'Gold' }),
      }),
    ]);
    const cleared = await setPricing(customer.uid, { tier: null });
    expect(cleared.body.pricing).toMatchObject({ tier: { name: 'Bronze' }, setTier: null });
  });

  it('changes one rate and leaves the rest', async () => {
    const customer = await newCustomer();
    await setPricing(customer.uid, { rates: { [VIEWS.id]: 15, [FOLLOWERS.id]: 8 } });
    const res = await setPricing(customer.uid, { rates: { [VIEWS.id]: null } });
    expect(res.body.pricing.rates.map((r: { serviceId: string }) => r.serviceId)).toEqual([FOLLOWERS.id]);
    expect((await myPricing(customer)).rates).toBe(1);
  });

  it.each([
    ['an unknown tier', { tier: 'Platinum' }, 400, 'invalid_input', 'tier'],
    ['an unknown service', { rates: { 'no-such-service': 10 } }, 404, 'service_not_found', 'rates'],
    ['a percent over 50', { percent: 51 }, 400, 'invalid_input', 'percent'],
    ['a rate of 0', { rates: { 'tt-views-fast': 0 } }, 400, 'invalid_input', undefined],
    ['an unknown field', { discount: 5 }, 400, 'invalid_input', undefined],
  ])('refuses %s, changing nothing', async (_what, body, status, code, field) => {
    const customer = await newCustomer();
    const res = await setPricing(customer.uid, body);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    if (field) expect(res.body.field).toBe(field);
    expect((await profileOf(customer.uid)).pricing).toBeUndefined();
  });

  it('answers 404 for an account that does not exist', async () => {
    expect((await setPricing('no-such-uid', { percent: 5 })).status).toBe(404);
    expect((await asAdmin('GET', '/api/admin/users/no-such-uid/pricing')).status).toBe(404);
  });
});

describe('GET /api/services with a token', () => {
  it('refuses a token that does not verify rather than answer list prices', async () => {
    const res = await call(api.url, 'GET', '/api/services', { token: 'not-a-token' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_token');
  });
});
