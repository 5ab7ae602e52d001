// The admin's CSV exports (GET /api/admin/exports/{orders,ledger,top-ups}.csv): ranges of Pakistan days
// over more rows than one page, read back with an RFC 4180 reader; quoting and formula injection; who may
// export, and the audit entry each export leaves. Bulk rows are written straight to Firestore (the
// exports read them; nothing here moves money), the rest goes through the API.
import { request } from 'node:http';
import { Timestamp, type WriteBatch } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, fund, type TestUser } from '../../../tests/support/api';
import { bodyText, csvRecords } from '../../../tests/support/csv';
import { providerFields } from '../../../tests/support/providers';
import { recordQueries } from '../../../tests/support/query-recorder';
import { db } from '../lib/admin';
import { pakistanDayOf } from '../shared/pakistan-days';
import { REPORT_LIMITS } from '../shared/reports';

const api = apiServerForFile();

/** 2026-01-30 to 2026-02-02 in Pakistan: across January's end, 00:00 PKT being 19:00 UTC the day before. */
const RANGE = { from: '2026-01-30', to: '2026-02-02' };
const START = Date.parse('2026-01-29T19:00:00.000Z');
const END = Date.parse('2026-02-02T19:00:00.000Z');
const ROWS = 1_234;

/** Row i's instant: the first at 00:00:00.000 PKT on the first day, the last 1 ms before the range ends; 30 share one instant across the first page's end. */
function instant(i: number): number {
  const spread = (n: number) => START + Math.round((n * (END - 1 - START)) / (ROWS - 1));
  return i >= 485 && i < 515 ? spread(485) : spread(i);
}
/** Just outside the range, on both sides. */
const OUTSIDE = [START - 1, END, END + 86_400_000, START - 86_400_000];

const customers = Array.from({ length: 7 }, (_, i) => `exportcust${String(i).padStart(2, '0')}`);
const customerOf = (i: number) => customers[i % customers.length] as string;

async function writeInBatches(count: number, write: (batch: WriteBatch, i: number) => void) {
  for (let from = 0; from < count; from += 400) {
    const batch = db.batch();
    for (let i = from; i < Math.min(count, from + 400); i++) write(batch, i);
    await batch.commit();
  }
}

let admin: TestUser;
let customer: TestUser;

async function exportCsv(kind: string, range: { from: string; to: string }, token = admin.token) {
  const res = await fetch(`${api.url}/api/admin/exports/${kind}.csv?from=${range.from}&to=${range.to}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, headers: res.headers, text: await bodyText(res) };
}

beforeAll(async () => {
  admin = await createUser({ admin: true });
  customer = await createUser();
  expect(REPORT_LIMITS.exportPage).toBeLessThan(ROWS / 2);
});

describe('GET /api/admin/exports/ledger.csv', () => {
  const ledgerTypes = ['credit', 'debit', 'refund', 'adjustment'] as const;
  const amountOf = (i: number) => (ledgerTypes[i % 4] === 'adjustment' && i % 8 === 3 ? -(i + 1) * 10 : (i + 1) * 10);

  beforeAll(async () => {
    const entry = (i: number, at: number) => ({
      type: ledgerTypes[i % 4],
      amountPaisa: amountOf(i),
      balanceAfterPaisa: 100_000 + i,
      at: Timestamp.fromMillis(at),
      ...(ledgerTypes[i % 4] === 'debit' || ledgerTypes[i % 4] === 'refund' ? { orderId: String(100_000_000 + i) } : {}),
      ...(ledgerTypes[i % 4] === 'credit' ? { rechargeId: `r${i}` } : {}),
      ...(ledgerTypes[i % 4] === 'adjustment' ? { reason: `Correction ${i}` } : {}),
    });
    await writeInBatches(ROWS, (batch, i) => {
      batch.set(db.doc(`users/${customerOf(i)}/ledger/e${String(i).padStart(5, '0')}`), entry(i, instant(i)));
    });
    const outside = db.batch();
    OUTSIDE.forEach((at, i) => {
      outside.set(db.doc(`users/${customerOf(i)}/ledger/out${i}`), entry(i, at));
    });
    await outside.commit();
  });

  it(`streams every entry of the range once, oldest first, over ${Math.ceil(ROWS / REPORT_LIMITS.exportPage)} pages, none outside it`, async () => {
    const res = await exportCsv('ledger', RANGE);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="shohrat-ledger-2026-01-30-to-2026-02-02.csv"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const rows = csvRecords(res.text);
    // Oldest first, entries at one instant by their path (customer, then id): as the cursor walks them.
    const expected = Array.from({ length: ROWS }, (_, i) => i).sort(
      (a, b) => instant(a) - instant(b) || customerOf(a).localeCompare(customerOf(b)) || a - b,
    );
    expect(rows.map((r) => r.entry)).toEqual(expected.map((i) => `e${String(i).padStart(5, '0')}`));
    const first = rows[0];
    const last = rows.at(-1);
    expect(first?.at).toBe('2026-01-29T19:00:00.000Z');
    expect(first?.day_pkt).toBe('2026-01-30');
    expect(last?.at).toBe('2026-02-02T18:59:59.999Z');
    expect(last?.day_pkt).toBe('2026-02-02');
    expect(new Set(rows.map((r) => r.day_pkt))).toEqual(new Set(['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02']));
    for (const [n, i] of expected.entries()) {
      const row = rows[n];
      const type = ledgerTypes[i % 4];
      const signed = type === 'debit' ? -amountOf(i) : amountOf(i);
      expect(row).toEqual({
        entry: `e${String(i).padStart(5, '0')}`,
        at: new Date(instant(i)).toISOString(),
        day_pkt: pakistanDayOf(instant(i)),
        customer_uid: customerOf(i),
        type,
        amount: (signed / 100).toFixed(2),
        balance_after: ((100_000 + i) / 100).toFixed(2),
        order: type === 'debit' || type === 'refund' ? String(100_000_000 + i) : '',
        recharge: type === 'credit' ? `r${i}` : '',
        reason: type === 'adjustment' ? `Correction ${i}` : '',
      });
    }
    // A debit reads as a negative number, unquoted and unprefixed.
    expect(res.text).toContain(',debit,-0.20,');
  });

  it('covers one Pakistan day from its midnight: 19:00 UTC the day before, up to 18:59:59.999 UTC', async () => {
    const dayStart = Date.parse('2026-03-09T19:00:00.000Z');
    const dayEnd = Date.parse('2026-03-10T19:00:00.000Z');
    const batch = db.batch();
    for (const [id, at] of Object.entries({ before: dayStart - 1, first: dayStart, last: dayEnd - 1, after: dayEnd })) {
      batch.set(db.doc(`users/${customerOf(0)}/ledger/${id}`), {
        type: 'credit',
        amountPaisa: 1,
        balanceAfterPaisa: 1,
        at: Timestamp.fromMillis(at),
      });
    }
    await batch.commit();
    const rows = csvRecords((await exportCsv('ledger', { from: '2026-03-10', to: '2026-03-10' })).text);
    expect(rows.map((r) => [r.entry, r.at, r.day_pkt])).toEqual([
      ['first', '2026-03-09T19:00:00.000Z', '2026-03-10'],
      ['last', '2026-03-10T18:59:59.999Z', '2026-03-10'],
    ]);
  });
});

describe('GET /api/admin/exports/orders.csv', () => {
  const orderId = (i: number) => String(200_000_000 + i);

  beforeAll(async () => {
    await db
      .collection('providers')
      .doc('bulkpanel')
      .set(providerFields('https://bulk.example/api/v2', 'bulk-key', { name: 'Bulk, "Panel"' }));
    await writeInBatches(ROWS, (batch, i) => {
      const createdAt = Timestamp.fromMillis(instant(i));
      const uid = customerOf(i);
      batch.set(db.collection('orders').doc(orderId(i)), {
        userId: uid,
        user: { _id: uid, name: `Customer ${uid}`, email: `${uid}@example.com` },
        platform: 'tiktok',
        serviceId: 'tt-views-fast',
        service: 'TikTok Views',
        link: `https://www.tiktok.com/@a/video/${i}`,
        quantity: 1000 + i,
        pricePaisa: 2000 + i,
        status: i % 5 === 0 ? 'partial' : 'completed',
        ...(i % 5 === 0 ? { remains: 10, refundPaisa: 20 } : {}),
        ...(i === 7 ? { dripFeed: { runs: 2, interval: 10, quantity: 500, runsDone: 2, orders: [Number(orderId(8))] } } : {}),
        ...(i === 8 ? { dripRun: { parentId: orderId(7), run: 1, runs: 2 }, paidByDripFeed: true } : {}),
        createdAt,
        updatedAt: createdAt,
      });
      // Every third order went to the provider (its cost frozen there); the rest are manual.
      if (i % 3 === 0) {
        batch.set(db.collection('orderFulfilment').doc(orderId(i)), {
          state: 'sent',
          open: false,
          createdAt,
          updatedAt: createdAt,
          providerId: 'bulkpanel',
          providerServiceId: '12',
          costPaisa: 1500 + i,
          providerOrderId: `P-${i}`,
        });
      }
    });
    const outside = db.batch();
    OUTSIDE.forEach((at, i) => {
      outside.set(db.collection('orders').doc(String(300_000_000 + i)), {
        userId: 'x',
        user: { _id: 'x', name: 'x', email: 'x@example.com' },
        platform: 'tiktok',
        serviceId: 'tt-views-fast',
        service: 'TikTok Views',
        link: 'https://www.tiktok.com/@a/video/0',
        quantity: 1000,
        pricePaisa: 2000,
        status: 'pending',
        createdAt: Timestamp.fromMillis(at),
        updatedAt: Timestamp.fromMillis(at),
      });
    });
    await outside.commit();
  });

  it('streams every order of the range once, oldest first, with its provider, provider order id and cost', async () => {
    const res = await exportCsv('orders', RANGE);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="shohrat-orders-2026-01-30-to-2026-02-02.csv"');
    const rows = csvRecords(res.text);
    const expected = Array.from({ length: ROWS }, (_, i) => i).sort((a, b) => instant(a) - instant(b) || a - b);
    expect(rows.map((r) => r.order)).toEqual(expected.map(orderId));
    for (const [n, i] of expected.entries()) {
      const sent = i % 3 === 0;
      expect(rows[n]).toEqual({
        order: orderId(i),
        created_at: new Date(instant(i)).toISOString(),
        created_day_pkt: pakistanDayOf(instant(i)),
        kind: i === 7 ? 'drip-feed' : i === 8 ? 'drip-feed run' : 'order',
        drip_feed_order: i === 8 ? orderId(7) : '',
        customer_uid: customerOf(i),
        customer_name: `Customer ${customerOf(i)}`,
        customer_email: `${customerOf(i)}@example.com`,
        platform: 'tiktok',
        service_id: 'tt-views-fast',
        service: 'TikTok Views',
        link: `https://www.tiktok.com/@a/video/${i}`,
        quantity: String(1000 + i),
        price: ((2000 + i) / 100).toFixed(2),
        status: i % 5 === 0 ? 'partial' : 'completed',
        remains: i % 5 === 0 ? '10' : '',
        refund: i % 5 === 0 ? '0.20' : '',
        fulfilment: sent ? 'sent' : 'manual',
        provider: sent ? 'Bulk, "Panel"' : '',
        provider_order_id: sent ? `P-${i}` : '',
        cost: sent ? ((1500 + i) / 100).toFixed(2) : '',
      });
    }
  });

  it('stops reading pages once the client went away', async () => {
    const recorder = recordQueries();
    try {
      await new Promise<void>((resolve, reject) => {
        const req = request(
          `${api.url}/api/admin/exports/orders.csv?from=${RANGE.from}&to=${RANGE.to}`,
          { headers: { authorization: `Bearer ${admin.token}` } },
          (res) => {
            // The first page arrived with the status: the client goes away before the rest.
            expect(res.statusCode).toBe(200);
            res.destroy();
            resolve();
          },
        );
        req.on('error', reject);
        req.end();
      });
      await new Promise((done) => setTimeout(done, 5000));
    } finally {
      recorder.stop();
    }
    // The pages, not the count of the range's rows that comes before them (an aggregation).
    const pagesRead = recorder.shapes.filter(
      (shape) => shape.collection === 'orders' && shape.inequality.includes('createdAt') && shape.aggregated === undefined,
    );
    // Three pages make the range; the one under way when the client left is the last read.
    expect(pagesRead.length).toBeGreaterThanOrEqual(1);
    expect(pagesRead.length).toBeLessThan(Math.ceil(ROWS / REPORT_LIMITS.exportPage));
  });
});

describe('GET /api/admin/exports/top-ups.csv', () => {
  const TOP_UPS = 2 * REPORT_LIMITS.exportPage + 17;
  const instantOf = (i: number) => START + Math.round((i * (END - 1 - START)) / (TOP_UPS - 1));

  beforeAll(async () => {
    await writeInBatches(TOP_UPS, (batch, i) => {
      const uid = customerOf(i);
      const id = `topup${String(i).padStart(5, '0')}`;
      batch.set(db.collection('recharges').doc(id), {
        userId: uid,
        user: { _id: uid, name: `Customer ${uid}`, email: `${uid}@example.com` },
        amountPaisa: 50_000 + i,
        date: Timestamp.fromMillis(instantOf(i)),
        method: i % 2 ? 'JazzCash' : 'admin',
        ...(i % 2 ? { reference: `TX${i}`, requestId: `req${i}` } : {}),
      });
      batch.set(db.collection('audit').doc(`recharges-${id}`), {
        subject: `recharges/${id}`,
        action: i % 2 ? 'approve' : 'credit',
        by: `admin${i % 3}@example.com`,
        byUid: `a${i % 3}`,
        at: Timestamp.fromMillis(instantOf(i)),
      });
    });
    await db
      .collection('recharges')
      .doc('outside')
      .set({
        userId: 'x',
        user: { _id: 'x', name: 'x', email: 'x@example.com' },
        amountPaisa: 100,
        date: Timestamp.fromMillis(END),
        method: 'admin',
      });
  });

  it('streams every credited top-up of the range once, with its method, reference and the admin who credited it', async () => {
    const res = await exportCsv('top-ups', RANGE);
    expect(res.status).toBe(200);
    const rows = csvRecords(res.text);
    expect(rows).toHaveLength(TOP_UPS);
    for (const [i, row] of rows.entries()) {
      expect(row).toEqual({
        recharge: `topup${String(i).padStart(5, '0')}`,
        at: new Date(instantOf(i)).toISOString(),
        day_pkt: pakistanDayOf(instantOf(i)),
        customer_uid: customerOf(i),
        customer_name: `Customer ${customerOf(i)}`,
        customer_email: `${customerOf(i)}@example.com`,
        amount: ((50_000 + i) / 100).toFixed(2),
        method: i % 2 ? 'JazzCash' : 'admin',
        reference: i % 2 ? `TX${i}` : '',
        request: i % 2 ? `req${i}` : '',
        credited_by: `admin${i % 3}@example.com`,
        reversed_at: '',
        reversed_reason: '',
      });
    }
  });
});

describe('text from customers in an export', () => {
  const name = '=HYPERLINK("http://evil.test","Ayesha, خان")';
  const reason = '-5 for "late", see\nسطر دوم';

  it("reads back as typed, quoted where needed, with a ' before what a spreadsheet would run", async () => {
    const user = await createUser();
    expect((await call(api.url, 'POST', '/api/auth/register', { token: user.token, body: { name } })).status).toBe(201);
    await fund(user, 100);
    const adjusted = await call(api.url, 'POST', `/api/admin/users/${user.uid}/adjust`, {
      token: admin.token,
      body: { amount: -12.5, reason },
    });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    const today = pakistanDayOf(Date.now());

    const topUps = await exportCsv('top-ups', { from: today, to: today });
    expect(topUps.text).toContain(`"'=HYPERLINK(""http://evil.test"",""Ayesha, خان"")"`);
    const topUp = csvRecords(topUps.text).find((r) => r.customer_uid === user.uid);
    expect(topUp).toMatchObject({ customer_name: `'${name}`, amount: '100.00', method: 'admin', credited_by: 'test-setup' });

    const ledger = csvRecords((await exportCsv('ledger', { from: today, to: today })).text).filter((r) => r.customer_uid === user.uid);
    expect(ledger.map((r) => [r.type, r.amount, r.balance_after, r.reason])).toEqual([
      ['credit', '100.00', '100.00', ''],
      ['adjustment', '-12.50', '87.50', `'${reason}`],
    ]);
  });
});

describe('who may export', () => {
  it('answers a customer 403 on each export, and writes no audit entry', async () => {
    for (const kind of ['orders', 'ledger', 'top-ups']) {
      const res = await exportCsv(kind, RANGE, customer.token);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'admin_required' });
    }
    const signedOut = await fetch(`${api.url}/api/admin/exports/orders.csv?from=${RANGE.from}&to=${RANGE.to}`);
    expect(signedOut.status).toBe(401);
    const audit = await db.collection('audit').where('byUid', '==', customer.uid).get();
    expect(audit.size).toBe(0);
  });

  it.each([
    ['', 'from'],
    ['from=2026-01-30', 'to'],
    ['from=2026-02-02&to=2026-01-30', 'to'],
    ['from=2026-02-30&to=2026-03-01', 'from'],
    ['from=2025-01-01&to=2026-01-02', 'to'],
  ])('answers 400 invalid_input to ?%s', async (query, field) => {
    const res = await call(api.url, 'GET', `/api/admin/exports/ledger.csv?${query}`, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_input', field });
  });

  // Reports are the other half of the range endpoints: their query is as strict (the route's own tests are in reports.emulator.test.ts).
  it.each([
    ['/api/admin/exports/ledger.csv?from=2026-01-30&to=2026-02-02&customer=x', 'customer'],
    ['/api/admin/exports/orders.csv?from=2026-01-30&to=2026-02-02&to[]=2026-12-31', 'to[]'],
    // A required one under another name is missing, first.
    ['/api/admin/exports/orders.csv?from[]=2026-01-30&to=2026-02-02', 'from'],
    ['/api/admin/exports/top-ups.csv?from=2026-01-30&to=2026-02-02&limit=5', 'limit'],
    ['/api/admin/reports?from=2026-01-30&to=2026-02-02&granularity=day&platform=tiktok', 'platform'],
    ['/api/admin/reports?from=2026-01-30&to=2026-02-02&to[]=2026-12-31', 'to[]'],
  ])('answers 400 invalid_input naming an unknown parameter: %s', async (path, field) => {
    const res = await call(api.url, 'GET', path, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_input', field });
  });

  it('records one audit entry per export, before streaming: who, which kind, which range', async () => {
    const other = await createUser({ admin: true });
    const res = await exportCsv('orders', { from: '2026-01-31', to: '2026-02-01' }, other.token);
    expect(res.status).toBe(200);
    const trail = await call(api.url, 'GET', `/api/admin/audit?type=export&actor=${other.uid}`, { token: admin.token });
    expect(trail.status).toBe(200);
    expect(trail.body.entries).toEqual([
      expect.objectContaining({
        action: 'export',
        subject: 'exports/orders?from=2026-01-31&to=2026-02-01',
        by: other.email,
        byUid: other.uid,
        after: { kind: 'orders', from: '2026-01-31', to: '2026-02-01' },
      }),
    ]);
  });
});
