// API figures: overhead of the HTTP path over the bare transaction, contention, and list cost at scale.
import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { adminIdToken } from '../scripts/lib/admin-session';
import { signUp } from '../scripts/lib/auth-emulator';
import { DEMO_ADMIN } from '../scripts/lib/demo';
import { findMoneyViolations } from '../tests/support/money-invariants';
import { contentionFigures, firstPageReadFigures, oneAccountBudgets, overheadFigures, twentyAccountsBudgets } from './budgets';
import { type Figure, withBudget } from './figures';
import { lanes, median, pool, quantile } from './stats';

type Log = (line: string) => void;

interface BenchUser {
  uid: string;
  email: string;
  token: string;
}

async function newUser(rupees: number): Promise<BenchUser> {
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const { idToken, localId } = await signUp(email, 'password123', 'Bench');
  if (rupees > 0) {
    const { addBalance } = await import('../functions/src/services/money/credits');
    await addBalance({ uid: 'bench', email: 'bench' }, { email, amount: rupees });
  }
  return { uid: localId, email, token: idToken };
}

let linkCounter = 0;
const viewsOrder = () => ({ serviceId: 'tt-views-fast', link: `https://www.tiktok.com/@bench/video/${++linkCounter}`, quantity: 1000 });

/**
 * One order as the web app sends it: with an Idempotency-Key, retried with the same key after a 5xx
 * or a network error until it is answered (so a slow or lost answer never makes a second order).
 */
async function placeOverHttp(
  url: string,
  user: BenchUser,
): Promise<{ status: number; ms: number; retries: number; timing: Record<string, number> }> {
  const body = JSON.stringify(viewsOrder());
  const key = randomUUID();
  const t0 = performance.now();
  for (let retries = 0; ; retries++) {
    try {
      const res = await fetch(`${url}/api/order/place`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body,
        signal: AbortSignal.timeout(90_000),
      });
      await res.arrayBuffer();
      const timing = Object.fromEntries(
        [...(res.headers.get('server-timing') ?? '').matchAll(/(\w+);dur=([\d.]+)/g)].map((m) => [m[1], Number(m[2])]),
      );
      if (res.status < 500 || retries >= 5) return { status: res.status, ms: performance.now() - t0, retries, timing };
    } catch (error) {
      if (retries >= 5) throw error;
    }
    await new Promise((done) => setTimeout(done, 500));
  }
}

/** A request that does nothing through Hosting → Functions: the floor of the emulators' proxying. */
async function emptyRequest(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/health`);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`health answered ${res.status}`);
  return performance.now() - t0;
}

/**
 * Starts the function workers that `inFlight` parallel orders need, before they are measured: the
 * Functions emulator serves one request per worker process and starts one (a Node process loading the
 * function, about 2.5 CPU-seconds: ten at once kept two cores busy for 13 s) for each request that finds
 * none idle. Empty requests answer too fast to need that many (20 in parallel started 10), so the measured
 * run started the rest, and its first orders waited for them (docs/decisions/0017, part 5). Rounds of
 * `inFlight` parallel orders from as many accounts of their own: the first starts the workers, the second
 * gives each worker an order (its first use of Firestore and Auth), the third shows them warm. The time of each round (ms).
 */
async function startWorkers(url: string, inFlight: number, rounds = 3): Promise<number[]> {
  const users = await Promise.all(Array.from({ length: inFlight }, () => newUser(20 * rounds)));
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const t0 = performance.now();
    const answers = await Promise.all(users.map((user) => placeOverHttp(url, user)));
    const refused = answers.find((answer) => answer.status !== 201);
    if (refused) throw new Error(`a warm-up order answered ${refused.status}`);
    times.push(performance.now() - t0);
  }
  return times;
}

async function balanceOf(uid: string): Promise<number> {
  const { db } = await import('../functions/src/lib/admin');
  return ((await db.collection('users').doc(uid).get()).get('balancePaisa') as number) ?? 0;
}

export async function apiFigures(url: string, log: Log, { scale = true }: { scale?: boolean } = {}): Promise<Figure[]> {
  const figures: Figure[] = [];
  const { placeOrder } = await import('../functions/src/services/orders/place-order');

  // 1. Overhead: the same order through Hosting → Functions → Firestore, and as the bare transaction
  // (placeOrder in this process: the same reads and writes), interleaved so drift hits both alike.
  log('API overhead: POST /api/order/place vs its bare transaction…');
  const user = await newUser(10_000);
  const identity = { uid: user.uid, email: user.email, name: 'Bench', admin: false };
  const http: number[] = [];
  const bare: number[] = [];
  const inApp: number[] = [];
  const appOnly: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < 65; i++) {
    const over = await placeOverHttp(url, user);
    if (over.status !== 201) throw new Error(`order over HTTP answered ${over.status}`);
    const t0 = performance.now();
    await placeOrder(identity, viewsOrder(), { idempotencyKey: randomUUID() });
    const bareMs = performance.now() - t0;
    const emptyMs = await emptyRequest(url);
    if (i >= 5) {
      http.push(over.ms);
      bare.push(bareMs);
      floor.push(emptyMs);
      inApp.push(over.timing.app ?? Number.NaN);
      appOnly.push((over.timing.app ?? Number.NaN) - (over.timing.order ?? Number.NaN));
    }
  }
  figures.push({
    name: 'Order over HTTP: median',
    value: median(http),
    unit: 'ms',
    note: 'Hosting → Functions → Firestore, 60 sequential',
  });
  figures.push({ name: 'Order over HTTP: p95', value: quantile(http, 0.95), unit: 'ms' });
  figures.push({ name: 'Bare order transaction: median', value: median(bare), unit: 'ms', note: 'the same transaction via the Admin SDK' });
  figures.push({
    name: 'Order over HTTP: time in the app (Server-Timing)',
    value: median(inApp),
    unit: 'ms',
    note: `of it outside the transaction (auth, parsing, answer): ${median(appOnly).toFixed(1)} ms; the rest of the HTTP time is the Hosting and Functions emulators' proxying`,
  });
  figures.push({
    name: 'Empty request through Hosting → Functions: median',
    value: median(floor),
    unit: 'ms',
    note: `GET /api/health, interleaved: the emulators' proxying alone, ${(median(floor) / median(bare)).toFixed(2)} × the bare transaction`,
  });
  figures.push(...overheadFigures({ http: median(http), empty: median(floor), bare: median(bare) }));

  // 2. Contention: 200 orders spread over 20 accounts, then 200 from one account, 20 in flight each. The
  // one-account run goes second: requests its clients gave up on may still be retrying in the function.
  log('Starting 20 function workers…');
  const starts = await startWorkers(url, 20);
  figures.push({
    name: 'Function workers for 20 in flight: first 20 parallel orders',
    value: starts[0] ?? Number.NaN,
    unit: 'ms',
    note: `no budget: the Functions emulator's worker starts (a Node process per request in flight), not contention; the next rounds: ${starts
      .slice(1)
      .map((ms) => ms.toFixed(0))
      .join(', ')} ms`,
  });
  log('Contention: 200 orders from 20 accounts, 20 in flight…');
  const many = await Promise.all(Array.from({ length: 20 }, () => newUser(200)));
  // One lane per account: each account has one order in flight at a time, so this run measures 20
  // customers ordering side by side; one customer's parallel orders are the next run.
  const spread = await lanes(20, 10, (lane) => placeOverHttp(url, many[lane] as BenchUser));
  figures.push(...contentionFigures('20 accounts', spread, 'orders accepted of 200'));
  figures.push(...twentyAccountsBudgets(spread));
  const balances = await Promise.all(many.map((u) => balanceOf(u.uid)));
  figures.push(
    withBudget({ name: '20 accounts: total final balance (paisa)', value: balances.reduce((a, b) => a + b, 0), unit: '' }, '<=', 0),
  );

  log('Contention: 200 orders from one account, 20 in flight…');
  const one = await newUser(4000); // exactly 200 orders of Rs 20
  const single = await pool(200, 20, () => placeOverHttp(url, one));
  figures.push(...contentionFigures('One account', single, 'orders accepted of 200 (balance for exactly 200)'));
  figures.push(...oneAccountBudgets(spread, single));
  figures.push(withBudget({ name: 'One account: final balance (paisa)', value: await balanceOf(one.uid), unit: '' }, '<=', 0));

  log('Waiting out the function timeout, so nothing of the contention runs still works…');
  // The `api` function's timeoutSeconds: no request runs longer.
  const { config } = await import('../functions/src/lib/config');
  await new Promise((done) => setTimeout(done, config.apiTimeoutSeconds * 1000));
  const violations = await findMoneyViolations();
  for (const v of violations.slice(0, 10)) log(`  invariant: ${v}`);
  figures.push(withBudget({ name: 'Money invariants violated after the runs', value: violations.length, unit: '' }, '<=', 0));
  if (!scale) return figures;

  // 3. Scale: the admin's first pages with 1,000 and with 50,000 orders in the store. The budget is on
  // what production pays, the documents read (the app counts them: X-Firestore-Reads, on the emulators
  // only); the emulator's time scans the whole collection for every query, so its ratio has no budget.
  const { db } = await import('../functions/src/lib/admin');
  const adminToken = await adminIdToken(url, DEMO_ADMIN);
  const { pageNewestFirst } = await import('../functions/src/lib/pagination');
  const bareQuery = async () => {
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const t0 = performance.now();
      await pageNewestFirst(db.collection('orders'), 'createdAt', { limit: 50 }, (d) => d.id);
      if (i >= 3) times.push(performance.now() - t0);
    }
    return median(times);
  };
  const firstPage = async () => {
    const times: number[] = [];
    for (let i = 0; i < 25; i++) {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/admin/order?limit=50`, { headers: { authorization: `Bearer ${adminToken}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`admin orders answered ${res.status}`);
      if (i >= 5) times.push(performance.now() - t0);
    }
    return median(times);
  };
  const readsOfAdminLists = async () => {
    const reads = new Map<string, number>();
    for (const [name, path] of ADMIN_LISTS) {
      const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${adminToken}` } });
      await res.arrayBuffer();
      const counted = res.headers.get('x-firestore-reads');
      if (res.status !== 200 || counted === null) throw new Error(`${path} answered ${res.status} with reads ${counted}`);
      reads.set(name, Number(counted));
    }
    return reads;
  };
  const existing = (await db.collection('orders').count().get()).data().count;
  log(`Scale: seeding orders to 1,000 (have ${existing})…`);
  await seedOrders(db, 0, Math.max(0, 1000 - existing));
  const small = await firstPage();
  const smallBare = await bareQuery();
  const smallReads = await readsOfAdminLists();
  log('Scale: seeding orders to 50,000…');
  await seedOrders(db, 1000, 49_000);
  const large = await firstPage();
  const largeBare = await bareQuery();
  const largeReads = await readsOfAdminLists();
  for (const [name] of ADMIN_LISTS) {
    figures.push(...firstPageReadFigures(name, { small: smallReads.get(name) ?? Number.NaN, large: largeReads.get(name) ?? Number.NaN }));
  }
  figures.push({ name: 'Admin orders, first page, 1,000 orders: median', value: small, unit: 'ms' });
  figures.push({ name: 'Admin orders, first page, 50,000 orders: median', value: large, unit: 'ms' });
  figures.push({
    name: 'Admin orders first page time: 50,000 / 1,000',
    value: large / small,
    unit: '×',
    note: 'no budget: the emulator scans the whole collection for every query (production reads the index); the reads above are what production pays',
  });
  figures.push({
    name: 'The same query via the Admin SDK: 50,000 / 1,000',
    value: largeBare / smallBare,
    unit: '×',
    note: `${smallBare.toFixed(1)} → ${largeBare.toFixed(1)} ms: the emulator's scan, without the API`,
  });
  return figures;
}

/**
 * The admin's lists whose first page the bench counts: the orders (all, filtered, one customer's
 * 49,000), the overview's counts, and the console's other lists, which must not read orders at all.
 */
const ADMIN_LISTS: [name: string, path: string][] = [
  ['Admin orders', '/api/admin/order?limit=50'],
  ['Admin orders, completed', '/api/admin/order?limit=50&status=completed'],
  ['Admin orders, by service', '/api/admin/order?limit=50&serviceId=tt-views-fast'],
  ["Admin orders, one customer's", '/api/admin/users/bench-scale/orders?limit=50'],
  ['Admin overview', '/api/admin/overview'],
  ['Admin users', '/api/admin/users?limit=50'],
  ['Admin top-ups', '/api/admin/recharge-requests?limit=50'],
  ['Admin refills', '/api/admin/refills?limit=50'],
  ['Admin audit', '/api/admin/audit?limit=50'],
  ['Admin recent recharges', '/api/admin/recent-recharges?limit=50'],
  ['Contact messages', '/api/contact?limit=50'],
];

/** Bulk orders written directly (no ledger: they exist only to make the collection large). */
async function seedOrders(db: FirebaseFirestore.Firestore, from: number, count: number) {
  const base = Date.now() - 365 * 24 * 3600 * 1000;
  const batches = Math.ceil(count / 500);
  await pool(batches, 4, async (b) => {
    const batch = db.batch();
    for (let i = from + b * 500; i < from + Math.min(count, (b + 1) * 500); i++) {
      batch.set(db.collection('orders').doc(`9${String(i).padStart(12, '0')}`), {
        userId: 'bench-scale',
        user: { _id: 'bench-scale', name: 'Scale', email: 'scale@example.com' },
        platform: 'tiktok',
        serviceId: 'tt-views-fast',
        service: 'TikTok Views Video Views',
        link: `https://www.tiktok.com/@scale/video/${i}`,
        quantity: 1000,
        pricePaisa: 2000,
        status: 'completed',
        createdAt: Timestamp.fromMillis(base + i),
        updatedAt: Timestamp.fromMillis(base + i),
      });
    }
    await batch.commit();
  });
}
