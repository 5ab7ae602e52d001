import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, type TestUser } from '../../../tests/support/api';
import { db } from '../lib/admin';
import { DEFAULT_SETTINGS } from '../services/top-ups/public-settings';

const api = apiServerForFile();
let admin: TestUser;

const SETTINGS = {
  wallets: [
    { provider: 'Easypaisa', accountNumber: '0345-1234567', accountName: 'Shohrat Official' },
    { provider: 'Meezan Bank', accountNumber: 'PK36MEZN0001', accountName: 'Shohrat Pvt Ltd' },
  ],
  supportChat: 'https://wa.me/923451234567',
};
const put = (body: unknown, token = admin.token) => call(api.url, 'PUT', '/api/admin/settings', { token, body });

beforeAll(async () => {
  admin = await createUser({ admin: true });
});

describe('GET /api/settings', () => {
  it('serves the defaults while no settings are stored', async () => {
    const res = await call(api.url, 'GET', '/api/settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ minRecharge: 100, currency: 'Rs', ...DEFAULT_SETTINGS });
  });
});

describe('PUT /api/admin/settings', () => {
  it('replaces the wallets and the support chat link; GET /api/settings and recharge requests follow', async () => {
    const res = await put({ ...SETTINGS, wallets: SETTINGS.wallets.map((w) => ({ ...w, accountName: ` ${w.accountName} ` })) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Settings updated', settings: { minRecharge: 100, currency: 'Rs', ...SETTINGS } });
    expect((await db.collection('settings').doc('public').get()).data()).toEqual(SETTINGS);
    expect((await call(api.url, 'GET', '/api/settings')).body).toEqual({ minRecharge: 100, currency: 'Rs', ...SETTINGS });

    // A recharge request must name one of the wallets now configured.
    const user = await createUser();
    const request = (method: string, reference: string) =>
      call(api.url, 'POST', '/api/recharge-requests', { token: user.token, body: { amount: 100, method, reference } });
    expect(await request('JazzCash', 'SETTINGS0001')).toMatchObject({ status: 400, body: { field: 'method' } });
    const ok = await request('meezan bank', 'SETTINGS0002');
    expect(ok.status).toBe(201);
    expect(ok.body.request.method).toBe('Meezan Bank');
  });

  it.each([
    [{ ...SETTINGS, wallets: [] }, 'wallets'],
    [{ ...SETTINGS, wallets: Array.from({ length: 9 }, (_, i) => ({ ...SETTINGS.wallets[0], provider: `P${i}` })) }, 'wallets'],
    [{ ...SETTINGS, wallets: [{ provider: 'Easypaisa', accountNumber: '', accountName: 'X' }] }, 'wallets.0.accountNumber'],
    [{ ...SETTINGS, wallets: [{ provider: 'Easypaisa', accountNumber: '1', accountName: 'X', iban: 'Y' }] }, 'iban'],
    [{ ...SETTINGS, supportChat: 'javascript:alert(1)' }, 'supportChat'],
    [{ ...SETTINGS, supportChat: 'not a url' }, 'supportChat'],
    [{ wallets: SETTINGS.wallets }, 'supportChat'],
    [{ ...SETTINGS, minRecharge: 1 }, 'minRecharge'],
  ])('refuses %j with 400 on %s and keeps the stored settings', async (body, field) => {
    const before = (await db.collection('settings').doc('public').get()).data();
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect((await db.collection('settings').doc('public').get()).data()).toEqual(before);
  });

  it('refuses the same provider twice (recharge requests name the wallet by provider)', async () => {
    const res = await put({ ...SETTINGS, wallets: [SETTINGS.wallets[0], { ...SETTINGS.wallets[1], provider: 'EASYPAISA' }] });
    expect(res).toMatchObject({ status: 400, body: { message: 'Each wallet provider can be listed once', field: 'wallets' } });
  });

  it('anonymous 401, user 403, and nothing changes', async () => {
    const user = await createUser();
    const before = (await db.collection('settings').doc('public').get()).data();
    const changed = { ...SETTINGS, supportChat: 'https://evil.example.com' };
    expect(await call(api.url, 'PUT', '/api/admin/settings', { body: changed })).toMatchObject({
      status: 401,
      body: { message: 'Invalid token' },
    });
    expect(await put(changed, user.token)).toMatchObject({ status: 403, body: { message: 'Admin access required' } });
    expect((await db.collection('settings').doc('public').get()).data()).toEqual(before);
  });
});

describe('/api/admin/settings/forwarding', () => {
  const path = '/api/admin/settings/forwarding';
  const stored = async () => (await db.collection('settings').doc('forwarding').get()).data();

  it('serves the defaults, then the admin’s settings, with an audit entry; GET /api/settings never shows them', async () => {
    expect(await call(api.url, 'GET', path, { token: admin.token })).toMatchObject({
      status: 200,
      body: { settings: { marginThresholdPercent: 10, disableBelowMargin: false, failedRefundHours: null } },
    });
    const chosen = { marginThresholdPercent: 12.5, disableBelowMargin: true, failedRefundHours: 48 };
    const res = await call(api.url, 'PUT', path, { token: admin.token, body: chosen });
    expect(res).toMatchObject({ status: 200, body: { message: 'Settings updated', settings: chosen } });
    expect(await stored()).toEqual(chosen);
    expect((await call(api.url, 'GET', path, { token: admin.token })).body.settings).toEqual(chosen);
    expect(JSON.stringify((await call(api.url, 'GET', '/api/settings')).body)).not.toContain('marginThreshold');

    const audit = await db.collection('audit').where('subject', '==', 'settings/forwarding').get();
    expect(audit.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({
        action: 'settings',
        byUid: admin.uid,
        before: { marginThresholdPercent: 10, disableBelowMargin: false, failedRefundHours: null },
        after: chosen,
      }),
    ]);
  });

  it.each([
    [{ marginThresholdPercent: -1, disableBelowMargin: false, failedRefundHours: null }, 'marginThresholdPercent'],
    [{ marginThresholdPercent: 10.123, disableBelowMargin: false, failedRefundHours: null }, 'marginThresholdPercent'],
    [{ marginThresholdPercent: 10, disableBelowMargin: 'yes', failedRefundHours: null }, 'disableBelowMargin'],
    [{ marginThresholdPercent: 10, disableBelowMargin: false, failedRefundHours: 0 }, 'failedRefundHours'],
    [{ marginThresholdPercent: 10, disableBelowMargin: false, failedRefundHours: 1.5 }, 'failedRefundHours'],
    [{ marginThresholdPercent: 10, disableBelowMargin: false }, 'failedRefundHours'],
  ])('refuses %j with 400 on %s and keeps the stored settings', async (body, field) => {
    const before = await stored();
    const res = await call(api.url, 'PUT', path, { token: admin.token, body });
    expect(res).toMatchObject({ status: 400, body: { field } });
    expect(await stored()).toEqual(before);
  });

  it('anonymous 401, user 403, for reading and writing', async () => {
    const user = await createUser();
    const before = await stored();
    const body = { marginThresholdPercent: 0, disableBelowMargin: false, failedRefundHours: 1 };
    expect((await call(api.url, 'GET', path)).status).toBe(401);
    expect((await call(api.url, 'GET', path, { token: user.token })).status).toBe(403);
    expect((await call(api.url, 'PUT', path, { body })).status).toBe(401);
    expect((await call(api.url, 'PUT', path, { token: user.token, body })).status).toBe(403);
    expect(await stored()).toEqual(before);
  });
});
