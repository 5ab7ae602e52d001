// The catalogue's updates feed: each change a customer cares about writes its entry in the change's own transaction
// (the admin's edit, a bulk price change; a refused change writes none), everyone reads it newest first and paged,
// and the admin hides an entry or adds a note, audited.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, type TestUser } from '../../../tests/support/api';
import { db } from '../lib/admin';

const api = apiServerForFile();
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  [admin, customer] = await Promise.all([createUser({ admin: true }), createUser()]);
});

const asAdmin = (method: string, path: string, body?: unknown) => call(api.url, method, path, { token: admin.token, body });
/** Every entry of everyone's feed, following the cursor `limit` at a time. */
async function publicFeed(limit = 2) {
  const all: any[] = [];
  let cursor: string | null = null;
  do {
    const res: any = await call(api.url, 'GET', `/api/updates?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    all.push(...res.body.updates);
    cursor = res.body.nextCursor;
  } while (cursor);
  return all;
}
/** A new Views service's fields as the admin's form sends them. */
const viewsService = (platform: string, name: string, ratePer1000: number) => ({
  platform,
  category: 'Views',
  name,
  ratePer1000,
  min: 100,
  max: 10_000,
  defaultQuantity: 1000,
});
const entryCount = async () => (await db.collection('catalogueUpdates').count().get()).data().count;

describe('the updates feed', () => {
  it('has an entry for a new service, a price up and down, disabled, enabled and a refill window, newest first', async () => {
    const fields = viewsService('instagram', 'Feed views', 30);
    const created = await asAdmin('POST', '/api/admin/services', fields);
    expect(created.status).toBe(201);
    const id = created.body.service._id as string;
    const number = created.body.service.number as number;
    for (const change of [
      { ratePer1000: 35 },
      { ratePer1000: 32.5 },
      { refillDays: 30 },
      { active: false },
      // Nobody can order it: a price change now is nobody's news.
      { ratePer1000: 40 },
      { active: true },
      // Nothing customers see: no entry.
      { description: 'Views on reels.' },
    ]) {
      expect((await asAdmin('PATCH', `/api/admin/services/${id}`, change)).status).toBe(200);
    }
    const service = { _id: id, number, platform: 'instagram', category: 'Views', name: 'Feed views' };
    const mine = (await publicFeed()).filter((u) => u.service._id === id);
    expect(mine.map(({ _id, at, ...u }) => u)).toEqual([
      { kind: 'enabled', service, rate: { to: 40 } },
      { kind: 'disabled', service },
      { kind: 'refill', service, refillDays: { from: 0, to: 30 } },
      { kind: 'price', service, rate: { from: 35, to: 32.5 } },
      { kind: 'price', service, rate: { from: 30, to: 35 } },
      { kind: 'new', service, rate: { to: 30 }, refillDays: { from: 0, to: 0 } },
    ]);
    expect(mine.map((u) => u.at)).toEqual([...mine.map((u) => u.at)].sort().reverse());
  });

  it('announces a service created off sale as new when it first goes on sale, and a deleted one as no longer offered', async () => {
    const fields = viewsService('tiktok', 'Later views', 25);
    const created = await asAdmin('POST', '/api/admin/services', { ...fields, active: false });
    const id = created.body.service._id as string;
    expect((await asAdmin('PATCH', `/api/admin/services/${id}`, { active: true })).status).toBe(200);
    expect((await asAdmin('PATCH', `/api/admin/services/${id}`, { active: false })).status).toBe(200);
    expect((await asAdmin('PATCH', `/api/admin/services/${id}`, { active: true })).status).toBe(200);
    expect((await asAdmin('DELETE', `/api/admin/services/${id}`)).status).toBe(204);
    const kinds = (await publicFeed(50)).filter((u) => u.service._id === id).map((u) => [u.kind, u.rate ?? null]);
    expect(kinds).toEqual([
      ['disabled', null],
      ['enabled', { to: 25 }],
      ['disabled', null],
      ['new', { to: 25 }],
    ]);
  });

  it('writes one entry per service a bulk price change moves, and none for a refused change', async () => {
    const before = await entryCount();
    const bulk = await asAdmin('POST', '/api/admin/services/bulk-price', {
      platform: 'facebook',
      category: 'Video Reactions',
      percent: 10,
    });
    expect(bulk.status).toBe(200);
    const moved = bulk.body.changes as { _id: string; from: number; to: number }[];
    expect(moved.length).toBe(2);
    const feed = await publicFeed(50);
    for (const change of moved) {
      expect(feed).toContainEqual(
        expect.objectContaining({
          kind: 'price',
          service: expect.objectContaining({ _id: change._id }),
          rate: { from: change.from, to: change.to },
        }),
      );
    }
    expect(await entryCount()).toBe(before + 2);
    // Refused (min > max): no change, no entry.
    expect((await asAdmin('PATCH', '/api/admin/services/fb-reactions-love', { min: 100_000, ratePer1000: 1 })).status).toBe(400);
    expect(await entryCount()).toBe(before + 2);
  });

  it('lets the admin hide an entry or add a note, audited; everyone’s feed leaves the hidden one out', async () => {
    const admins = await asAdmin('GET', '/api/admin/updates?limit=1');
    expect(admins.status).toBe(200);
    const [entry] = admins.body.updates;
    expect(entry.hidden).toBe(false);
    expect(admins.body.nextCursor).toEqual(expect.any(String));

    const noted = await asAdmin('PATCH', `/api/admin/updates/${entry._id}`, { note: '  Back with a faster provider.  ' });
    expect(noted.body.update).toMatchObject({ _id: entry._id, note: 'Back with a faster provider.', hidden: false });
    expect((await publicFeed(50)).find((u) => u._id === entry._id)).toMatchObject({ note: 'Back with a faster provider.' });
    expect((await publicFeed(50)).find((u) => u._id === entry._id)).not.toHaveProperty('hidden');

    expect((await asAdmin('PATCH', `/api/admin/updates/${entry._id}`, { hidden: true, note: '' })).body.update).toEqual(
      expect.not.objectContaining({ note: expect.anything() }),
    );
    expect((await publicFeed(50)).some((u) => u._id === entry._id)).toBe(false);
    const audit = (await db.collection('audit').where('action', '==', 'update_entry').get()).docs.map((d) => d.data());
    expect(audit.map((a) => [a.before, a.after])).toEqual(
      expect.arrayContaining([
        [
          { hidden: false, note: null },
          { hidden: false, note: 'Back with a faster provider.' },
        ],
        [
          { hidden: false, note: 'Back with a faster provider.' },
          { hidden: true, note: null },
        ],
      ]),
    );
    // Back in everyone's feed when shown again.
    await asAdmin('PATCH', `/api/admin/updates/${entry._id}`, { hidden: false });
    expect((await publicFeed(50)).some((u) => u._id === entry._id)).toBe(true);
  });

  it('keeps the admin’s side to admins, and answers a wrong id or an empty change as such', async () => {
    expect((await call(api.url, 'GET', '/api/admin/updates')).status).toBe(401);
    expect((await call(api.url, 'GET', '/api/admin/updates', { token: customer.token })).status).toBe(403);
    expect((await call(api.url, 'PATCH', '/api/admin/updates/x', { token: customer.token, body: { hidden: true } })).status).toBe(403);
    expect((await asAdmin('PATCH', '/api/admin/updates/nope', { hidden: true })).body.code).toBe('not_found');
    expect((await asAdmin('PATCH', '/api/admin/updates/a%2Fb', { hidden: true })).status).toBe(404);
    expect((await asAdmin('PATCH', '/api/admin/updates/nope', {})).body).toMatchObject({
      code: 'invalid_input',
      message: 'Nothing to change',
    });
    expect((await asAdmin('PATCH', '/api/admin/updates/nope', { note: 'x'.repeat(301) })).body.field).toBe('note');
    expect((await call(api.url, 'GET', '/api/updates?cursor=garbage')).status).toBe(400);
  });
});
