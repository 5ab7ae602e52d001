// The terms, versioned: the built-in version 1 until the admin saves one, each saved version kept as it was, a save
// from an outdated editor refused, and sign-up recording the version the customer accepted.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, type TestUser } from '../../../tests/support/api';
import { db } from '../lib/admin';
import { BUILT_IN_TERMS } from '../shared/terms';

const api = apiServerForFile();
let admin: TestUser;

beforeAll(async () => {
  admin = await createUser({ admin: true });
});

const terms = async (query = '') => call(api.url, 'GET', `/api/terms${query}`);
const save = (body: unknown, token = admin.token) => call(api.url, 'PUT', '/api/admin/terms', { token, body });

describe('the terms', () => {
  it('are the built-in version 1 until the admin saves a version, which is kept as it was; an outdated save is refused', async () => {
    expect((await terms()).body).toEqual({ terms: { version: 1, text: BUILT_IN_TERMS, updatedAt: null } });
    const saved = await save({ text: '  ## Refunds\nTo your balance.  ', baseVersion: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body.terms).toEqual({ version: 2, text: '## Refunds\nTo your balance.', updatedAt: expect.any(String) });
    expect((await terms()).body.terms).toEqual(saved.body.terms);

    // Another admin's editor opened version 1: refused, nothing written.
    const outdated = await save({ text: 'Something else', baseVersion: 1 });
    expect(outdated.status).toBe(409);
    expect(outdated.body).toMatchObject({ code: 'terms_outdated', field: 'text' });
    // The same text again: no new version.
    expect((await save({ text: '## Refunds\nTo your balance.', baseVersion: 2 })).body.terms.version).toBe(2);
    expect((await save({ text: '## Refunds\nTo your balance, once.', baseVersion: 2 })).body.terms.version).toBe(3);

    expect((await terms('?version=1')).body.terms.text).toBe(BUILT_IN_TERMS);
    expect((await terms('?version=2')).body.terms.text).toBe('## Refunds\nTo your balance.');
    expect((await terms('?version=9')).status).toBe(404);
    expect((await terms('?version=0')).status).toBe(400);
    const audit = (await db.collection('audit').where('action', '==', 'terms_update').get()).docs.map((d) => d.data());
    expect(audit.map((a) => a.after.version).sort()).toEqual([2, 3]);
    expect(audit[0]).toMatchObject({ by: admin.email });
  });

  it('are the admin’s to change, within bounds', async () => {
    const customer = await createUser();
    expect((await save({ text: 'Mine', baseVersion: 3 }, customer.token)).status).toBe(403);
    expect((await save({ text: '   ', baseVersion: 3 })).body).toMatchObject({ code: 'invalid_input', field: 'text' });
    expect((await save({ text: 'x'.repeat(20_001), baseVersion: 3 })).body.field).toBe('text');
    expect((await save({ text: 'ok' })).body.field).toBe('baseVersion');
  });

  it('record at sign-up the version the customer accepted, once; a version never shown is refused, writing nothing', async () => {
    const customer = await createUser();
    const refused = await call(api.url, 'POST', '/api/auth/register', { token: customer.token, body: { name: 'Sana', termsVersion: 9 } });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('termsVersion');
    expect((await db.collection('users').doc(customer.uid).get()).exists).toBe(false);

    const registered = await call(api.url, 'POST', '/api/auth/register', {
      token: customer.token,
      body: { name: 'Sana', termsVersion: 3 },
    });
    expect(registered.status).toBe(201);
    expect(registered.body.user.termsAccepted).toEqual({ version: 3, at: expect.any(String) });
    // A second register (another tab) changes nothing.
    const again = await call(api.url, 'POST', '/api/auth/register', { token: customer.token, body: { name: 'Sana', termsVersion: 2 } });
    expect(again.body.user.termsAccepted.version).toBe(3);

    // The profile read first (the dashboard's call raced the sign-up's): the register's acceptance is still recorded.
    const raced = await createUser();
    await call(api.url, 'GET', '/api/user/profile', { token: raced.token });
    const late = await call(api.url, 'POST', '/api/auth/register', { token: raced.token, body: { name: 'Late', termsVersion: 3 } });
    expect(late.body.user.termsAccepted.version).toBe(3);
    expect((await db.collection('users').doc(raced.uid).get()).get('termsAccepted.version')).toBe(3);
  });
});
