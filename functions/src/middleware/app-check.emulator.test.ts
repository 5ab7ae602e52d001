// App Check on the web app's writes, with the app as the function serves it on the emulators:
// enforced, a write without a valid token is 401 app_check_required and writes nothing; reads, the reseller
// API and the wallet phones' webhook need none. The token's verification is Firebase's (it fetches
// Google's keys, which no test here can reach): this test gives the guard a verifier that accepts one token.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, resetEmulators, seedCatalogue, type TestUser } from '../../../tests/support/api';
import { createApp } from '../app';
import { db } from '../lib/admin';
import { config } from '../lib/config';
import { providerPort } from '../workers/provider-port';

const GOOD = 'a-valid-app-check-token';
let url = '';
let close: () => void;
let user: TestUser;

beforeAll(async () => {
  await resetEmulators();
  await seedCatalogue();
  const verify = async (token: string) => {
    if (token !== GOOD) throw new Error('invalid App Check token');
  };
  const server = createApp({ providers: providerPort(), appCheck: { mode: 'enforce', verify } }).listen(0, '127.0.0.1');
  await new Promise<void>((done) => server.once('listening', () => done()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => {
    server.closeAllConnections();
    server.close();
  };
  user = await createUser();
});

afterAll(() => close?.());

const contact = (headers: Record<string, string> = {}) =>
  call(url, 'POST', '/api/contact', { body: { name: 'Ali', email: 'ali@example.com', message: 'Hello' }, headers });

describe('App Check, enforced', () => {
  it('refuses a write without a token, or with one that does not verify, and writes nothing', async () => {
    for (const headers of [{}, { 'x-firebase-appcheck': 'forged' }] as Record<string, string>[]) {
      const res = await contact(headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        code: 'app_check_required',
        message: 'This request must come from the Shohrat app: reload the page and try again',
      });
    }
    const order = await call(url, 'POST', '/api/order/place', {
      token: user.token,
      body: { serviceId: 'tt-views-fast', link: 'https://www.tiktok.com/@a/video/1', quantity: 1000 },
    });
    expect(order.status).toBe(401);
    expect(order.body.code).toBe('app_check_required');
    expect((await db.collection('contactMessages').get()).size).toBe(0);
  });

  it('lets a write with a valid token through, and every read without one', async () => {
    expect((await contact({ 'x-firebase-appcheck': GOOD })).status).toBe(201);
    expect((await db.collection('contactMessages').get()).size).toBe(1);
    expect((await call(url, 'GET', '/api/services')).status).toBe(200);
    expect((await call(url, 'GET', '/api/user/profile', { token: user.token })).status).toBe(200);
  });

  it('asks nothing of the reseller API and the wallet phones’ webhook (their own keys and signatures)', async () => {
    const v2 = await fetch(`${url}/api/v2`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'key=not-a-key&action=balance',
    });
    expect(await v2.json()).toEqual({ error: 'Invalid API key' });
    const webhook = await call(url, 'POST', '/api/wallet-events?device=none', { body: {} });
    expect(webhook.body.code).toBe('invalid_signature');
  });

  it('is off on the emulators by default (no App Check there)', () => {
    expect(config.appCheck).toBe('off');
  });
});
