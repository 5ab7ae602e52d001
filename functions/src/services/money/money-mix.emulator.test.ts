// A randomized concurrent mix of everything that moves money, with a fixed seed printed so a failure
// reproduces (MIX_SEED=<n> npx vitest run --project emulator money-mix): many users placing orders,
// admins crediting and changing statuses, clients retrying with the same Idempotency-Keys. After it,
// the money invariants must hold and every key must have made at most one order or credit.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../scripts/lib/seeded-random';
import { apiServerForFile, call, createUser, fund, type TestUser } from '../../../../tests/support/api';
import { expectMoneyInvariants } from '../../../../tests/support/money-invariants';
import { fundedUser } from '../../../../tests/support/users';
import { db } from '../../lib/admin';
import { toPaisa } from '../../shared/money';
import { auditedBy } from '../kernel/audit';

const SEED = Number(process.env.MIX_SEED ?? 20_261_121);

const api = apiServerForFile();

describe('randomized concurrent money mix', () => {
  it(`keeps every invariant (seed ${SEED})`, async () => {
    console.log(`money mix seed: ${SEED} (rerun with MIX_SEED=${SEED})`);
    const random = seededRandom(SEED);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

    const users: TestUser[] = await Promise.all(Array.from({ length: 6 }, () => createUser()));
    const admins: TestUser[] = await Promise.all(Array.from({ length: 2 }, () => createUser({ admin: true })));
    for (const user of users) await fund(user, Math.round(random() * 100));

    const services = [
      { serviceId: 'tt-views-fast', link: 'https://www.tiktok.com/@mix/video/', min: 100, max: 3000 },
      { serviceId: 'ig-likes-instant', link: 'https://www.instagram.com/p/', min: 10, max: 200 },
      { serviceId: 'fb-comments-random', link: 'https://www.facebook.com/post/', min: 1, max: 20 },
    ];
    type Op = () => Promise<void>;
    const sentKeys: { key: string; user: TestUser; body: unknown }[] = [];
    const orderIdsByKey = new Map<string, Set<string>>();
    /** Per add-balance key answered 200: its amount and every balance its answers reported. */
    const creditKeys = new Map<string, { amount: number; balances: Set<number> }>();
    const placedOrders: string[] = [];

    const placeOp =
      (user: TestUser, key: string, body: unknown): Op =>
      async () => {
        const res = await call(api.url, 'POST', '/api/order/place', { token: user.token, body, headers: { 'Idempotency-Key': key } });
        expect([201, 400, 503]).toContain(res.status);
        if (res.status === 201) {
          const ids = orderIdsByKey.get(key) ?? new Set();
          ids.add(res.body.order._id);
          orderIdsByKey.set(key, ids);
          placedOrders.push(res.body.order._id);
        } else if (res.status === 400) {
          expect(res.body.message).toBe('Insufficient Balance');
        }
      };
    const creditOp =
      (admin: TestUser, user: TestUser, key: string, amount: number): Op =>
      async () => {
        const res = await call(api.url, 'POST', '/api/admin/add-balance', {
          token: admin.token,
          body: { email: user.email, amount },
          headers: { 'Idempotency-Key': key },
        });
        expect([200, 503]).toContain(res.status);
        if (res.status === 200) {
          const answers = creditKeys.get(key) ?? { amount, balances: new Set<number>() };
          answers.balances.add(res.body.user.balance);
          creditKeys.set(key, answers);
        }
      };
    const statusOp =
      (admin: TestUser): Op =>
      async () => {
        const orderId = placedOrders.length > 0 ? pick(placedOrders) : '100000000';
        const status = pick(['processing', 'completed', 'cancelled', 'partial', 'cancelled'] as const);
        const order = await db.collection('orders').doc(orderId).get();
        const quantity = (order.get('quantity') as number | undefined) ?? 2;
        const body = status === 'partial' ? { status, remains: Math.max(1, Math.floor(random() * (quantity - 1))) } : { status };
        const res = await call(api.url, 'PUT', `/api/admin/update-status/${orderId}`, { token: admin.token, body });
        expect([200, 400, 404, 409, 503]).toContain(res.status);
      };

    const waves = 8;
    const perWave = 16;
    for (let wave = 0; wave < waves; wave++) {
      const ops: Op[] = [];
      for (let i = 0; i < perWave; i++) {
        const roll = random();
        if (roll < 0.5) {
          const user = pick(users);
          const service = pick(services);
          const quantity = service.min + Math.floor(random() * (service.max - service.min));
          const body = { serviceId: service.serviceId, link: `${service.link}${Math.floor(random() * 1000)}`, quantity };
          const key = `w${wave}-o${i}`;
          sentKeys.push({ key, user, body });
          ops.push(placeOp(user, key, body));
          if (random() < 0.3) ops.push(placeOp(user, key, body)); // a double tap, concurrently
        } else if (roll < 0.65 && sentKeys.length > 0) {
          const earlier = pick(sentKeys); // a client retrying an earlier request with its key
          ops.push(placeOp(earlier.user, earlier.key, earlier.body));
        } else if (roll < 0.8) {
          const key = `w${wave}-c${i}`;
          const op = creditOp(pick(admins), pick(users), key, Math.round(random() * 5000) / 100 + 1);
          ops.push(op, ...(random() < 0.3 ? [op] : []));
        } else {
          ops.push(statusOp(pick(admins)));
        }
      }
      await Promise.all(ops.map((op) => op()));
    }

    for (const [key, ids] of orderIdsByKey) expect(ids.size, `key ${key} made ${ids.size} orders`).toBe(1);
    const orders = await db.collection('orders').get();
    expect(orders.size).toBe(orderIdsByKey.size);
    expect(orders.size).toBeGreaterThan(10);
    // Every add-balance key credited once: its answers agree (a retry replays the first), and the
    // store holds exactly one recharge per key answered 200, for the amounts those keys asked for.
    for (const [key, { balances }] of creditKeys) expect([...balances], `key ${key} answered different balances`).toHaveLength(1);
    const adminEmails = new Set(admins.map((admin) => admin.email));
    const recharges = (await db.collection('recharges').get()).docs;
    const creditedBy = await auditedBy(recharges.map((doc) => doc.ref));
    const credits = recharges.filter((doc) => adminEmails.has(creditedBy.get(doc.id) ?? ''));
    expect(credits.length).toBe(creditKeys.size);
    expect(credits.reduce((sum, doc) => sum + (doc.get('amountPaisa') as number), 0)).toBe(
      [...creditKeys.values()].reduce((sum, { amount }) => sum + toPaisa(amount), 0),
    );
    expect(creditKeys.size).toBeGreaterThan(5);
    await expectMoneyInvariants();
  });

  it('a request whose answer is lost after the commit, retried with the same key, gets the original answer and moves no money twice', async () => {
    const user = await fundedUser(100);
    const body = JSON.stringify({ serviceId: 'tt-views-fast', link: 'https://www.tiktok.com/@lost/video/1', quantity: 1000 });
    const url = new URL(`${api.url}/api/order/place`);

    // Send the request, then drop the connection before any answer arrives: the client never sees it.
    await new Promise<void>((done) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, 'idempotency-key': 'lost-answer' },
        },
        () => undefined,
      );
      req.on('error', () => done());
      req.end(body, () => {
        req.destroy();
        done();
      });
    });

    // The server goes on and commits although nobody reads its answer.
    const committed = () => db.collection('orders').where('userId', '==', user.uid).get();
    for (let i = 0; i < 100 && (await committed()).empty; i++) await new Promise((done) => setTimeout(done, 50));
    expect((await committed()).size).toBe(1);

    // The client retries with the same key and gets the original answer, replayed.
    const retry = await call(api.url, 'POST', '/api/order/place', {
      token: user.token,
      rawBody: body,
      headers: { 'content-type': 'application/json', 'idempotency-key': 'lost-answer' },
    });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.status).toBe(201);
    const orders = await db.collection('orders').where('userId', '==', user.uid).get();
    expect(orders.size).toBe(1);
    expect(retry.body.order._id).toBe(orders.docs[0]?.id);
    expect(retry.body.balance).toBe(80);
    const profile = await call(api.url, 'GET', '/api/user/profile', { token: user.token });
    expect(profile.body.user.balance).toBe(80);
    await expectMoneyInvariants();
  });
});
