// Every query the API runs, driven through every list endpoint and filter, must be served either by
// Firestore's automatic single-field indexes or by a composite index declared in firestore.indexes.json.
// (The emulator serves any query, so without this test a missing index would only fail in production.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, fund, type TestUser } from '../../tests/support/api';
import { providerFields } from '../../tests/support/providers';
import {
  type DeclaredFieldOverride,
  type DeclaredIndex,
  findFieldOverride,
  findIndex,
  needsCollectionGroupFieldIndex,
  needsCompositeIndex,
  type QueryShape,
  recordQueries,
} from '../../tests/support/query-recorder';
import { db } from './lib/admin';
import { foldServiceFigures } from './services/catalogue/service-figures';
import { decideStaleIntents, STALE_INTENT_MS } from './services/orders/place-order';
import { CUSTOMER_SHARD_FIELD, customerShardRef, foldReports } from './services/reports/daily-rollups';
import { sendDuePushes } from './services/support/notifications';
import { pakistanDayOf } from './shared/pakistan-days';
import type { ProviderClient } from './upstream/client';
import { refundFailedOrders } from './workers/auto-refund';
import { startDueRuns } from './workers/drip-feed';
import { sweep } from './workers/forward';
import { runRefillWork } from './workers/refill';
import { syncAll } from './workers/sync';
import { runWalletWork } from './workers/wallet';

const indexesFile = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'firestore.indexes.json'), 'utf8')) as {
  indexes: DeclaredIndex[];
  fieldOverrides: DeclaredFieldOverride[];
};
const declared = indexesFile.indexes;
/** Field overrides that declare indexes (the TTL ones declare none). */
const fieldIndexes = indexesFile.fieldOverrides.filter((o) => o.indexes.length > 0);

const api = apiServerForFile();
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  user = await createUser();
  admin = await createUser({ admin: true });
  await fund(user, 100);
  await call(api.url, 'POST', '/api/admin/add-balance', { token: admin.token, body: { userId: user.uid, amount: 100 } });
  await call(api.url, 'POST', '/api/order/place', {
    token: user.token,
    body: { serviceId: 'tt-views-fast', link: 'https://tiktok.com/@i/video/1', quantity: 1000 },
  });
  // Two tickets, one answered: the admin's list has a waiting part and a rest, each on a page of its own.
  const opened = await Promise.all(
    ['first', 'second'].map((message) => call(api.url, 'POST', '/api/tickets', { token: user.token, body: { kind: 'Other', message } })),
  );
  await call(api.url, 'POST', `/api/admin/tickets/${opened[0]?.body.ticket._id}/messages`, { token: admin.token, body: { message: 'Hi' } });
  // Reviews in each state, two waiting: each list of the admin's has something to page through.
  const posted: string[] = [];
  for (const comment of ['one', 'two', 'three', 'four']) {
    posted.push((await call(api.url, 'POST', '/api/review', { body: { name: 'Idx', rating: 5, comment } })).body.review._id);
  }
  const decide = (i: number, decision: string) =>
    call(api.url, 'POST', `/api/admin/reviews/${posted[i]}/${decision}`, { token: admin.token, body: {} });
  await decide(0, 'approve');
  await decide(1, 'reject');
  // Two price changes: the updates feed has a second page to follow.
  for (const ratePer1000 of [510, 520]) {
    await call(api.url, 'PATCH', '/api/admin/services/ig-likes-hq', { token: admin.token, body: { ratePer1000 } });
  }
});

/**
 * The drip-feed worker's, the forwarding sweeper's, the status sync's and the refill worker's queries (workers/): one active provider with no order,
 * so neither calls it.
 */
async function runSweeper() {
  await db
    .collection('providers')
    .doc('idxProvider')
    .set(providerFields('https://index.example/api/v2', 'index-key', { name: 'Index' }));
  // With an automatic refund set, so that its query runs too.
  await db.collection('settings').doc('forwarding').set({ marginThresholdPercent: 10, disableBelowMargin: false, failedRefundHours: 1 });
  const deps = { now: Date.now, clientFor: async () => ({}) as ProviderClient };
  // The drip-feeds due: a range and an order on one field (`dripFeed.nextRunAt`), served by its single-field index.
  await startDueRuns(deps);
  await sweep(deps);
  await refundFailedOrders(deps);
  await syncAll(deps);
  // The refills due upstream: a range and an order on one field (`upstream.dueAt`), served by its single-field index.
  await runRefillWork(deps);
  // The pushes due: a range and an order on `push.dueAt` over every customer's notifications (a collection group).
  await sendDuePushes(deps);
  // The reports' fold: each stream in (field, document id) order, the ledger's over every customer's entries (a collection group).
  await foldReports(deps);
  // Services' measured figures: ended orders by (endedAt, id), then services whose figures were counted before today.
  await foldServiceFigures(Date.now());
  // An order looks at its account's queue (the query a batch reads it with, inside its transaction,
  // where the recorder does not see it); the sweep's collection-group query over every queue.
  await call(api.url, 'POST', '/api/order/place', {
    token: user.token,
    body: { serviceId: 'tt-views-fast', link: 'https://tiktok.com/@i/video/2', quantity: 100 },
  });
  await decideStaleIntents(Date.now() + STALE_INTENT_MS + 1000);
  // The top-up autopilot's safety net: the unmatched payments of the last two days, newest first.
  await runWalletWork(deps);
}

/** Every list endpoint with every filter combination it accepts. */
function listCalls(): [path: string, token: string][] {
  const statuses = ['', 'pending', 'completed'];
  const searches = ['', '123456789', user.email, 'https://tiktok.com/@i/video/1'];
  // A link search takes no platform or service (400); every other search takes each of them.
  const narrowings = ['', 'platform=tiktok', 'serviceId=tt-views-fast', 'platform=tiktok&serviceId=tt-views-fast'];
  const adminOrders = statuses.flatMap((status) =>
    searches.flatMap((q) =>
      narrowings
        .filter((narrowing) => !(q.startsWith('http') && narrowing))
        .map((narrowing) => `/api/admin/order?limit=1&status=${status}&q=${encodeURIComponent(q)}&${narrowing}`),
    ),
  );
  // A date range is a range on createdAt, the list's order: it needs no index of its own.
  const dated = ['from=2025-01-01', 'from=2025-01-01&to=2099-12-31&status=pending&platform=tiktok', `to=2099-12-31&q=${user.email}`].map(
    (range) => `/api/admin/order?limit=1&${range}`,
  );
  const paths: [string, string][] = [
    ['/api/services', ''],
    ['/api/settings', ''],
    // The catalogue's updates feed: everyone's (hidden ones left out) and the admin's; the terms in force.
    ['/api/updates?limit=1', ''],
    ['/api/admin/updates?limit=1', admin.token],
    ['/api/terms', ''],
    ['/api/order/my-orders?limit=1', user.token],
    // The customer's Orders page: each tab, a link search, with and without a tab, and days (an order number reads one document).
    ...[
      'status=pending',
      'dripFeed=true',
      'q=https%3A%2F%2Ftiktok.com%2F%40i%2Fvideo%2F1',
      'q=https%3A%2F%2Ftiktok.com%2F%40i%2Fvideo%2F1&status=completed',
      'q=https%3A%2F%2Ftiktok.com%2F%40i%2Fvideo%2F1&dripFeed=true&from=2025-01-01',
      'status=partial&from=2025-01-01&to=2099-12-31',
      'from=2025-01-01',
    ].map((filter): [string, string] => [`/api/order/my-orders?limit=1&${filter}`, user.token]),
    ['/api/ledger?limit=1', user.token],
    // The statement's filters: a type alone, days alone, both.
    ...['type=credit', 'from=2025-01-01&to=2099-12-31', 'type=credit&from=2025-01-01', 'type=debit&to=2099-12-31'].map(
      (filter): [string, string] => [`/api/ledger?limit=1&${filter}`, user.token],
    ),
    // A statement file covers at most a year (from a month ago: within it).
    [`/api/ledger.csv?type=credit&from=${pakistanDayOf(Date.now() - 30 * 86_400_000)}`, user.token],
    // The exports: a range on one field each (the ledger's over every customer: the collection-group index on `at`).
    ...['orders', 'ledger', 'top-ups'].map((kind): [string, string] => [
      `/api/admin/exports/${kind}.csv?from=${pakistanDayOf(Date.now())}&to=${pakistanDayOf(Date.now())}`,
      admin.token,
    ]),
    ['/api/admin/recent-recharges?limit=1', admin.token],
    ['/api/admin/users?limit=1', admin.token],
    [`/api/admin/users?q=${encodeURIComponent(user.email.slice(0, 4))}`, admin.token],
    [`/api/admin/users?q=${encodeURIComponent(user.name.slice(0, 2))}&by=name`, admin.token],
    [`/api/admin/users/${user.uid}/ledger?limit=1`, admin.token],
    [`/api/admin/users/${user.uid}/orders?limit=1`, admin.token],
    [`/api/admin/users/${user.uid}/recharges?limit=1`, admin.token],
    [`/api/admin/users/${user.uid}/recharge-requests?limit=1`, admin.token],
    ['/api/recharge-requests/mine?limit=1', user.token],
    ['/api/admin/recharge-requests?limit=1', admin.token],
    ['/api/admin/recharge-requests?limit=1&status=pending', admin.token],
    ['/api/admin/recharge-requests?limit=1&status=approved', admin.token],
    ['/api/admin/refills?limit=1', admin.token],
    ['/api/admin/services', admin.token],
    ['/api/admin/services?platform=tiktok&category=Views&active=true', admin.token],
    ['/api/admin/refills?limit=1&status=pending', admin.token],
    ['/api/admin/refills?limit=1&status=completed', admin.token],
    ['/api/admin/overview', admin.token],
    // The reports read documents by id, the providers and one aggregation: no query an index must serve.
    ['/api/admin/reports?from=2025-01-01&to=2025-12-31&granularity=week', admin.token],
    ['/api/ledger/spending', user.token],
    // Each provider's order counts (aggregations by provider and state).
    ['/api/admin/providers', admin.token],
    ...dated.map((path): [string, string] => [path, admin.token]),
    ['/api/contact?limit=1', admin.token],
    ...['', `actor=${encodeURIComponent(admin.email)}`, `actor=${admin.uid}`].flatMap((actor) =>
      ['', 'type=credit'].map((type): [string, string] => [
        `/api/admin/audit?limit=1&${[actor, type].filter(Boolean).join('&')}`,
        admin.token,
      ]),
    ),
    ['/api/review?limit=1', ''],
    // The reviews held for approval: the queue oldest first, the decided ones newest first.
    ...['', '&status=pending', '&status=approved', '&status=rejected'].map((status): [string, string] => [
      `/api/admin/reviews?limit=1${status}`,
      admin.token,
    ]),
    ['/api/tickets?limit=1', user.token],
    ['/api/notifications?limit=1', user.token],
    ['/api/notifications/unread', user.token],
    // limit=2 reaches the rest (after the one waiting ticket) on its first page, as the next test needs.
    ['/api/admin/tickets?limit=2', admin.token],
    ...['', '&state=open', '&state=answered', '&state=closed'].map((state): [string, string] => [
      `/api/admin/tickets?limit=1${state}`,
      admin.token,
    ]),
    ['/api/admin/saved-replies', admin.token],
    // The provider states (Failed, Unknown…) take a date range or an order number only.
    ['/api/admin/order?limit=1&fulfilment=failed', admin.token],
    ['/api/admin/order?limit=1&fulfilment=unknown&from=2025-01-01&to=2099-12-31', admin.token],
    ['/api/admin/order?limit=1&fulfilment=queued&q=123456789', admin.token],
    ['/api/api-key', user.token],
    // The top-up autopilot (decision record 0015): phones, the wallet SMS by status (queues oldest first, the rest newest first).
    ['/api/admin/wallet-devices?limit=1', admin.token],
    ...['', 'unmatched', 'held', 'matched', 'ignored', 'unparsed', 'dismissed'].map((status): [string, string] => [
      `/api/admin/wallet-events?limit=1${status ? `&status=${status}` : ''}`,
      admin.token,
    ]),
    ['/api/wallet-status', user.token],
    // Price tiers and referrals (issue 34): a customer's own prices, tier and referral figures; the admin's views.
    ['/api/services', user.token],
    ['/api/pricing', user.token],
    ['/api/referrals', user.token],
    ['/api/admin/tiers', admin.token],
    [`/api/admin/users/${user.uid}/pricing`, admin.token],
    ['/api/admin/referrals', admin.token],
    ...adminOrders.map((path): [string, string] => [
      path
        .replace(/&status=(?=&|$)/, '')
        .replace(/&q=(?=&|$)/, '')
        .replace(/&$/, ''),
      admin.token,
    ]),
  ];
  return paths;
}

describe('firestore.indexes.json', () => {
  it('declares an index for every composite query the API runs (and follows a cursor on each)', async () => {
    const recorder = recordQueries();
    try {
      for (const [path, token] of listCalls()) {
        const first = await call(api.url, 'GET', path, { token: token || undefined });
        expect(first.status, path).toBe(200);
        const cursor = (first.body as { nextCursor?: string | null }).nextCursor;
        if (cursor) expect((await call(api.url, 'GET', `${path}&cursor=${cursor}`, { token })).status).toBe(200);
      }
      await runSweeper();
    } finally {
      recorder.stop();
    }
    const composite = recorder.shapes.filter(needsCompositeIndex);
    expect(composite.length).toBeGreaterThan(4);
    const missing = composite.filter((shape) => !findIndex(shape, declared));
    expect(missing, `queries without a declared index:\n${JSON.stringify(missing, null, 2)}`).toEqual([]);
    // A collection-group query on one field needs that field's collection-group index (a field override).
    const grouped = recorder.shapes.filter(needsCollectionGroupFieldIndex);
    expect(grouped.length).toBeGreaterThan(0);
    const missingGroup = grouped.filter((shape) => !findFieldOverride(shape, fieldIndexes));
    expect(missingGroup, `collection-group queries without a field override:\n${JSON.stringify(missingGroup, null, 2)}`).toEqual([]);
  });

  it('declares no index that no query uses', async () => {
    // Drive the same calls again and check every declared index serves at least one of them.
    const recorder = recordQueries();
    try {
      for (const [path, token] of listCalls()) await call(api.url, 'GET', path, { token: token || undefined });
      await runSweeper();
    } finally {
      recorder.stop();
    }
    const used = new Set(recorder.shapes.filter(needsCompositeIndex).map((shape) => findIndex(shape, declared)));
    const unused = declared.filter((index) => !used.has(index));
    expect(unused, `unused indexes:\n${JSON.stringify(unused, null, 2)}`).toEqual([]);
    const usedOverrides = new Set(
      recorder.shapes.filter(needsCollectionGroupFieldIndex).map((shape) => findFieldOverride(shape, fieldIndexes)),
    );
    const unusedOverrides = fieldIndexes.filter((o) => !usedOverrides.has(o));
    expect(unusedOverrides, `unused field overrides:\n${JSON.stringify(unusedOverrides, null, 2)}`).toEqual([]);
  });

  it("exempts the reports' customer shards' one map field from indexing (no index entry per customer)", () => {
    const group = customerShardRef('2026-01-01', 0).parent.id;
    const exempt = indexesFile.fieldOverrides.filter((o) => o.collectionGroup === group && o.fieldPath === CUSTOMER_SHARD_FIELD);
    expect(exempt).toEqual([{ collectionGroup: group, fieldPath: CUSTOMER_SHARD_FIELD, indexes: [] }]);
  });

  it('knows which queries need a composite index', () => {
    const shape = (s: Partial<QueryShape>): QueryShape => ({
      collection: 'orders',
      collectionGroup: false,
      equality: [],
      inequality: [],
      orders: [],
      ...s,
    });
    const desc = (field: string) => ({ field, direction: 'DESCENDING' as const });
    expect(needsCompositeIndex(shape({ orders: [desc('createdAt'), desc('__name__')] }))).toBe(false);
    expect(needsCompositeIndex(shape({ equality: ['userId'] }))).toBe(false);
    expect(needsCompositeIndex(shape({ equality: ['userId', 'status'] }))).toBe(false);
    expect(needsCompositeIndex(shape({ equality: ['userId'], orders: [desc('createdAt'), desc('__name__')] }))).toBe(true);
    expect(needsCompositeIndex(shape({ inequality: ['email', 'email'], orders: [{ field: 'email', direction: 'ASCENDING' }] }))).toBe(
      false,
    );
  });
});
