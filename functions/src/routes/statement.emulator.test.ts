// The customer's statement: GET /api/ledger with from/to (Pakistan days) and type filters,
// paged newest first, and GET /api/ledger.csv, the same entries streamed. The entries are written
// straight to Firestore at chosen instants (around Pakistan midnights and a month's end); nothing here
// moves money.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile, call, createUser, pageThrough, type TestUser } from '../../../tests/support/api';
import { bodyText, csvRecords } from '../../../tests/support/csv';
import { db } from '../lib/admin';
import { pakistanDayOf } from '../shared/pakistan-days';
import { REPORT_LIMITS } from '../shared/reports';
import type { LedgerEntry } from '../shared/schemas/money';

const api = apiServerForFile();

const TYPES = ['credit', 'debit', 'refund', 'adjustment'] as const;
/** 2026-03-30 00:00 PKT to 2026-04-03 00:00 PKT, across March's end. */
const START = Date.parse('2026-03-29T19:00:00.000Z');
const END = Date.parse('2026-04-02T19:00:00.000Z');
const COUNT = REPORT_LIMITS.exportPage + 120;
const DAY = 86_400_000;

interface Seeded {
  id: string;
  type: (typeof TYPES)[number];
  amountPaisa: number;
  balanceAfterPaisa: number;
  at: number;
  orderId?: string;
  reason?: string;
}

/** Entry i: spread over the window, the first at its first midnight, the last 1 ms before its end, pairs sharing an instant. */
function seeded(i: number): Seeded {
  const at = i === COUNT - 1 ? END - 1 : START + Math.floor(i / 2) * Math.floor((END - START) / (COUNT / 2));
  const type = TYPES[i % 4] as Seeded['type'];
  return {
    id: `s${String(i).padStart(4, '0')}`,
    type,
    amountPaisa: type === 'adjustment' && i % 8 === 7 ? -(i + 1) : i + 1,
    balanceAfterPaisa: 500_000 + i,
    at,
    ...(type === 'debit' || type === 'refund' ? { orderId: String(400_000_000 + i) } : {}),
    ...(type === 'adjustment' ? { reason: i % 8 === 7 ? `=Fix, "double" ${i}` : `Fix ${i}` } : {}),
  };
}

const entries = Array.from({ length: COUNT }, (_, i) => seeded(i));
/** Newest first, the id breaking ties (descending too), as the list's cursor walks. */
/** Rs 1 credits on `user`'s ledger, written straight to Firestore: [entry id, at (ms)]. */
async function writeCredits(user: TestUser, credits: ReadonlyArray<readonly [string, number]>) {
  const batch = db.batch();
  for (const [id, at] of credits) {
    batch.set(db.doc(`users/${user.uid}/ledger/${id}`), {
      type: 'credit',
      amountPaisa: 100,
      balanceAfterPaisa: 100,
      at: Timestamp.fromMillis(at),
    });
  }
  await batch.commit();
}

const newestFirst = (list: Seeded[]) => [...list].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1));
const signed = (e: Seeded) => (e.type === 'debit' ? -e.amountPaisa : e.amountPaisa);

let customer: TestUser;
let other: TestUser;

beforeAll(async () => {
  customer = await createUser();
  other = await createUser();
  for (let from = 0; from < COUNT; from += 400) {
    const batch = db.batch();
    for (const e of entries.slice(from, from + 400)) {
      const { id, at, ...doc } = e;
      batch.set(db.doc(`users/${customer.uid}/ledger/${id}`), { ...doc, at: Timestamp.fromMillis(at) });
    }
    await batch.commit();
  }
  // Another customer's entries in the same days: never in this one's statement.
  const batch = db.batch();
  for (const e of entries.slice(0, 12)) {
    const { id, at, ...doc } = e;
    batch.set(db.doc(`users/${other.uid}/ledger/${id}-other`), { ...doc, at: Timestamp.fromMillis(at) });
  }
  await batch.commit();
});

const wire = (e: Seeded): LedgerEntry => ({
  _id: e.id,
  type: e.type,
  amount: e.amountPaisa / 100,
  balanceAfter: e.balanceAfterPaisa / 100,
  ...(e.orderId ? { orderId: e.orderId } : {}),
  ...(e.reason ? { reason: e.reason } : {}),
  at: new Date(e.at).toISOString(),
});

describe('GET /api/ledger (the statement)', () => {
  it('without filters lists every own entry newest first, as before, through every page', async () => {
    const { items } = await pageThrough<LedgerEntry>(api.url, customer.token, '/api/ledger', 'entries', 100);
    expect(items).toEqual(newestFirst(entries).map(wire));
  });

  it.each([
    ['from=2026-03-31&to=2026-04-01', 50],
    ['from=2026-04-02', 33],
    ['to=2026-03-30', 40],
    ['type=debit', 29],
    ['type=adjustment&from=2026-03-31&to=2026-03-31', 7],
    ['type=refund&from=2026-03-30&to=2026-04-02', 100],
  ])('?%s lists only those entries, newest first, page by page (limit %i)', async (query, limit) => {
    const params = new URLSearchParams(query);
    const from = params.get('from');
    const to = params.get('to');
    const type = params.get('type');
    const expected = entries.filter(
      (e) => (!from || pakistanDayOf(e.at) >= from) && (!to || pakistanDayOf(e.at) <= to) && (!type || e.type === type),
    );
    expect(expected.length).toBeGreaterThan(limit);
    const { items, pages } = await pageThrough<LedgerEntry>(api.url, customer.token, `/api/ledger?${query}`, 'entries', limit);
    expect(items).toEqual(newestFirst(expected).map(wire));
    expect(pages).toBeGreaterThan(1);
  });

  it('a day starts at 00:00 Pakistan time: an entry 1 ms before is the day before', async () => {
    const midnight = Date.parse('2026-04-09T19:00:00.000Z');
    const user = await createUser();
    await writeCredits(user, [
      ['before', midnight - 1],
      ['at', midnight],
    ]);
    const day = async (d: string) =>
      (await call(api.url, 'GET', `/api/ledger?from=${d}&to=${d}`, { token: user.token })).body.entries.map((e: LedgerEntry) => e._id);
    expect(await day('2026-04-09')).toEqual(['before']);
    expect(await day('2026-04-10')).toEqual(['at']);
  });

  it.each([
    ['type=withdrawal', 'type'],
    ['from=2026-04-02&to=2026-04-01', 'to'],
    ['from=2026-13-01', 'from'],
    ['limit=0', 'limit'],
  ])('answers 400 invalid_input to ?%s', async (query, field) => {
    const res = await call(api.url, 'GET', `/api/ledger?${query}`, { token: customer.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_input', field });
  });
});

describe('GET /api/ledger.csv', () => {
  const download = async (query: string, token = customer.token) => {
    const res = await fetch(`${api.url}/api/ledger.csv${query ? `?${query}` : ''}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, headers: res.headers, text: await bodyText(res) };
  };
  const pakistanTime = (ms: number) => new Date(ms + 5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  const description = (e: Seeded) =>
    e.type === 'adjustment'
      ? `Adjustment: ${e.reason}`
      : e.type === 'refund'
        ? `Refund of order #${e.orderId}`
        : e.type === 'debit'
          ? `Order #${e.orderId}`
          : 'Top-up';

  it(`streams every own entry newest first over ${Math.ceil(COUNT / REPORT_LIMITS.exportPage)} pages: Pakistan time, type, what it was, signed amount, balance after`, async () => {
    // Without `from`, the year that ends on `to`.
    const res = await download('to=2026-04-02');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="statement-2025-04-02-to-2026-04-02.csv"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const rows = csvRecords(res.text);
    expect(rows).toEqual(
      newestFirst(entries).map((e) => ({
        date_pkt: pakistanTime(e.at),
        type: e.type,
        description: description(e),
        amount: (signed(e) / 100).toFixed(2),
        balance_after: (e.balanceAfterPaisa / 100).toFixed(2),
      })),
    );
    expect(rows.at(-1)?.date_pkt).toBe('2026-03-30 00:00:00');
    expect(rows[0]?.date_pkt).toBe('2026-04-02 23:59:59');
  });

  it('takes the statement filters, and never shows another customer entry', async () => {
    const res = await download('from=2026-03-31&to=2026-04-01&type=debit');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="statement-2026-03-31-to-2026-04-01-debit.csv"');
    const expected = entries.filter((e) => e.type === 'debit' && ['2026-03-31', '2026-04-01'].includes(pakistanDayOf(e.at)));
    expect(csvRecords(res.text).map((r) => r.description)).toEqual(newestFirst(expected).map(description));

    const theirs = csvRecords((await download('from=2026-03-30', other.token)).text);
    expect(theirs).toHaveLength(12);
  });

  it('answers 401 signed out and 400 to a bad filter', async () => {
    expect((await fetch(`${api.url}/api/ledger.csv`)).status).toBe(401);
    const bad = await download('type=bonus');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ code: 'invalid_input', field: 'type' });
  });

  it('covers at most 366 days: a longer range answers 400; without from, the year up to `to` (or today)', async () => {
    for (const query of ['from=2025-01-01&to=2026-01-02', `from=${pakistanDayOf(Date.now() - 366 * DAY)}`]) {
      const res = await download(query);
      expect(res.status, query).toBe(400);
      expect(JSON.parse(res.text), query).toMatchObject({ code: 'invalid_input', field: 'from' });
    }
    expect((await download('from=2025-01-01&to=2025-12-31')).status).toBe(200);

    const user = await createUser();
    const now = Date.now();
    await writeCredits(user, [
      ['yearago', now - 365 * DAY],
      ['older', now - 367 * DAY],
      ['new', now],
    ]);
    const res = await download('', user.token);
    expect(res.status).toBe(200);
    const first = pakistanDayOf(Date.parse(`${pakistanDayOf(now)}T12:00:00Z`) - 365 * DAY);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="statement-${first}-to-${pakistanDayOf(now)}.csv"`);
    expect(csvRecords(res.text).map((r) => r.date_pkt)).toEqual([pakistanTime(now), pakistanTime(now - 365 * DAY)]);
  });

  it('answers a customer a few downloads a minute, then 429 rate_limited with Retry-After', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) expect((await download('', user.token)).status).toBe(200);
    const res = await download('', user.token);
    expect(res.status).toBe(429);
    expect(JSON.parse(res.text)).toMatchObject({ code: 'rate_limited' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // One customer's allowance is theirs alone.
    expect((await download('from=2026-03-30', other.token)).status).toBe(200);
  });

  it.each([
    ['/api/ledger.csv?from[]=2026-10-01', 'from[]'],
    ['/api/ledger.csv?form=2026-04-01', 'form'],
    ['/api/ledger.csv?type=debit&limit=10', 'limit'],
    ['/api/ledger?from[]=2026-10-01', 'from[]'],
    ['/api/ledger?limit=10&sort=asc', 'sort'],
  ])('answers 400 invalid_input naming an unknown parameter: %s', async (path, field) => {
    const res = await call(api.url, 'GET', path, { token: customer.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_input', field });
  });
});

describe('a file over the row cap', () => {
  // One customer's day with one row more than a file holds (what a download could send in Hosting's 60 s).
  const DAY_OF = '2025-06-10';
  const OVER = REPORT_LIMITS.exportRows + 1;
  let heavy: TestUser;

  beforeAll(async () => {
    heavy = await createUser();
    const start = Date.parse('2025-06-09T19:00:00.000Z');
    const writes: Promise<unknown>[] = [];
    for (let from = 0; from < OVER; from += 500) {
      const batch = db.batch();
      for (let i = from; i < Math.min(OVER, from + 500); i++) {
        batch.set(db.doc(`users/${heavy.uid}/ledger/h${String(i).padStart(6, '0')}`), {
          type: i % 2 ? 'debit' : 'credit',
          amountPaisa: 1,
          balanceAfterPaisa: 1,
          at: Timestamp.fromMillis(start + i),
        });
      }
      writes.push(batch.commit());
      if (writes.length === 8) await Promise.all(writes.splice(0));
    }
    await Promise.all(writes);
  }, 300_000);

  const tooLarge = (rows: number) => ({
    code: 'export_too_large',
    message: `This file would have ${rows.toLocaleString('en-US')} rows, more than the ${REPORT_LIMITS.exportRows.toLocaleString('en-US')} one download can hold. Choose a shorter range.`,
  });

  it('the statement CSV answers 422 export_too_large, saying how many rows, before sending any', async () => {
    const res = await call(api.url, 'GET', `/api/ledger.csv?from=${DAY_OF}&to=${DAY_OF}`, { token: heavy.token });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(tooLarge(OVER));
    // A filter that brings it under the cap is a file.
    const credits = await fetch(`${api.url}/api/ledger.csv?from=2025-06-11&to=2025-06-11`, {
      headers: { authorization: `Bearer ${heavy.token}` },
    });
    expect(credits.status).toBe(200);
  });

  it("the admin's ledger export answers 422 export_too_large and leaves no audit entry", async () => {
    const admin = await createUser({ admin: true });
    const res = await call(api.url, 'GET', `/api/admin/exports/ledger.csv?from=${DAY_OF}&to=${DAY_OF}`, { token: admin.token });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(tooLarge(OVER));
    // No `export` entry (the admin's own second-factor sign-in is all the trail holds of them).
    const audit = await db.collection('audit').where('byUid', '==', admin.uid).get();
    expect(audit.docs.map((d) => d.data().action).sort()).toEqual(['mfa_enroll', 'mfa_verify']);
  });
});
