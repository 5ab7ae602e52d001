// The group commit (docs/decisions/0010) on the real emulators: one account's orders queued and decided
// in batches. Arrival order decides who is refused, nothing is decided twice or lost, and a batch's
// leader killed mid-way (a child process) leaves the queue for the next batch or the sweep.
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../scripts/lib/seeded-random';
import { apiServerForFile, call, createUser, fund, type TestUser } from '../../../tests/support/api';
import { expectMoneyInvariants } from '../../../tests/support/money-invariants';
import { db } from '../lib/admin';
import { isAppError } from '../lib/errors';
import { orderPrice } from '../shared/money';
import {
  decideQueue,
  decideStaleIntents,
  type IntentDoc,
  intentsCollection,
  placeOrder,
  queueOrder,
  STALE_INTENT_MS,
} from './group-commit';

const SEED = Number(process.env.GROUP_SEED ?? 20_261_124);
const VIEWS_RATE_PAISA = 2000; // tt-views-fast: Rs 20 per 1000

const api = apiServerForFile({ moneyInvariants: true });
const place = (user: TestUser, body: unknown, key: string) =>
  call(api.url, 'POST', '/api/order/place', { token: user.token, body, headers: { 'Idempotency-Key': key } });
const identityOf = (user: TestUser) => ({ uid: user.uid, email: user.email, name: user.name, admin: false });
const views = (i: number, quantity: number) => ({ serviceId: 'tt-views-fast', link: `https://www.tiktok.com/@queue/video/${i}`, quantity });
const balanceOf = async (user: TestUser) => ((await db.collection('users').doc(user.uid).get()).get('balancePaisa') as number) ?? 0;
const ordersOf = async (user: TestUser) => (await db.collection('orders').where('userId', '==', user.uid).get()).docs;

/** Each order accepted (true) or refused as a sequence of orders decided one after another against `balancePaisa`. */
function inTurn(prices: number[], balancePaisa: number): boolean[] {
  let balance = balancePaisa;
  return prices.map((price) => {
    if (price > balance) return false;
    balance -= price;
    return true;
  });
}

/** The account's intents in the order batches decided them (commit time, then place in the batch). */
async function intentsInDecisionOrder(user: TestUser) {
  const docs = (await intentsCollection(user.uid).get()).docs.map((doc) => ({ id: doc.id, ...(doc.data() as IntentDoc) }));
  const decided = docs.filter((doc) => doc.state === 'decided');
  decided.sort(
    (a, b) =>
      (a.decidedAt?.toMillis() ?? 0) - (b.decidedAt?.toMillis() ?? 0) ||
      (a.decidedAt?.nanoseconds ?? 0) - (b.decidedAt?.nanoseconds ?? 0) ||
      (a.position ?? 0) - (b.position ?? 0),
  );
  return { all: docs, decided };
}

/** The same intents by arrival (commit time of their write, then id): the order batches must follow. */
const byArrival = (intents: (IntentDoc & { id: string })[]) =>
  [...intents].sort(
    (a, b) =>
      a.arrivedAt.toMillis() - b.arrivedAt.toMillis() ||
      a.arrivedAt.nanoseconds - b.arrivedAt.nanoseconds ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );

describe('group commit on one balance', () => {
  it('decides a queue in arrival order against the running balance: exactly the refusals that order implies', {
    timeout: 120_000,
  }, async () => {
    const user = await createUser();
    await fund(user, 300);
    const random = seededRandom(SEED);
    const orders = Array.from({ length: 40 }, (_, i) => views(i, 100 + Math.floor(random() * 2900)));
    // A known arrival order: each request's intent written after the one before (as if each request then died).
    for (const [i, body] of orders.entries()) await queueOrder(identityOf(user), body, { idempotencyKey: `arrival-${i}` });

    // Every client retries with its key, all at once: each retry answers its order's outcome.
    const answers = await Promise.all(orders.map((body, i) => place(user, body, `arrival-${i}`)));
    const prices = orders.map((body) => orderPrice(VIEWS_RATE_PAISA, body.quantity));
    const expected = inTurn(prices, 30_000);
    expect(expected.filter(Boolean).length).toBeGreaterThan(5);
    expect(expected.filter((accepted) => !accepted).length).toBeGreaterThan(5);
    expect(answers.map((a) => a.status)).toEqual(expected.map((accepted) => (accepted ? 201 : 400)));
    let balance = 30_000;
    answers.forEach((answer, i) => {
      if (answer.status === 201) {
        balance -= prices[i] as number;
        expect(answer.body.balance * 100).toBeCloseTo(balance, 6);
      } else {
        expect(answer.body).toEqual({ message: 'Insufficient Balance', code: 'insufficient_balance' });
      }
    });
    expect(await balanceOf(user)).toBe(balance);
    expect((await ordersOf(user)).map((doc) => doc.id).sort()).toEqual(
      answers.flatMap((a) => (a.status === 201 ? [a.body.order._id as string] : [])).sort(),
    );

    const { all, decided } = await intentsInDecisionOrder(user);
    expect(all).toHaveLength(40);
    expect(decided).toHaveLength(40);
    expect(decided.map((intent) => intent.key)).toEqual(byArrival(decided).map((intent) => intent.key));
    expect(decided.map((intent) => intent.key)).toEqual(orders.map((_, i) => `arrival-${i}`));
    await expectMoneyInvariants();
  });

  it('a burst of 60 orders on one account, with double taps and retries: money exact, each decided once, refusals only when the balance was short', {
    timeout: 180_000,
  }, async () => {
    const user = await createUser();
    await fund(user, 500);
    const random = seededRandom(SEED + 1);
    const orders = Array.from({ length: 60 }, (_, i) => views(1000 + i, 100 + Math.floor(random() * 1900)));
    const sends = orders.flatMap((body, i) => [{ body, key: `burst-${i}` }, ...(random() < 0.3 ? [{ body, key: `burst-${i}` }] : [])]);
    const first = await Promise.all(sends.map(({ body, key }) => place(user, body, key)));
    // Later retries of some of them, with their keys: the first answers again.
    const again = await Promise.all(sends.slice(0, 15).map(({ body, key }) => place(user, body, key)));
    const answers = [...first, ...again];
    const keys = [...sends.map((s) => s.key), ...sends.slice(0, 15).map((s) => s.key)];

    for (const answer of answers) expect([201, 400]).toContain(answer.status);
    const byKey = new Map<string, unknown>();
    answers.forEach((answer, i) => {
      const key = keys[i] as string;
      if (answer.status === 400) expect(answer.body).toEqual({ message: 'Insufficient Balance', code: 'insufficient_balance' });
      if (byKey.has(key)) expect(answer.body, `key ${key}`).toEqual(byKey.get(key));
      else byKey.set(key, answer.body);
    });
    const accepted = orders.flatMap((body, i) => ((byKey.get(`burst-${i}`) as { order?: unknown }).order ? [body] : []));
    const refused = orders.filter((body) => !accepted.includes(body));
    const placed = await ordersOf(user);
    expect(placed).toHaveLength(accepted.length);
    const final = await balanceOf(user);
    expect(final).toBe(50_000 - accepted.reduce((sum, body) => sum + orderPrice(VIEWS_RATE_PAISA, body.quantity), 0));
    // The balance only went down during the burst: an order refused was dearer than even the last balance.
    for (const body of refused) expect(orderPrice(VIEWS_RATE_PAISA, body.quantity)).toBeGreaterThan(final);
    expect(refused.length).toBeGreaterThan(0);
    // The queued ones were decided in arrival order, each once.
    const { decided } = await intentsInDecisionOrder(user);
    expect(decided.map((intent) => intent.key)).toEqual(byArrival(decided).map((intent) => intent.key));
    expect(new Set(decided.map((intent) => intent.key)).size).toBe(decided.length);
    await expectMoneyInvariants();
  });
});

describe('the sweep', () => {
  it('decides the intents whose requests died (pending over a minute), once', async () => {
    const user = await createUser();
    await fund(user, 30);
    const orders = [views(4000, 1000), views(4001, 1000), views(4002, 500)]; // Rs 20, 20, 10
    for (const [i, body] of orders.entries()) await queueOrder(identityOf(user), body, { idempotencyKey: `swept-${i}` });
    expect(await decideStaleIntents()).toBe(0); // not a minute old yet: their requests may still be waiting
    expect(await decideStaleIntents(Date.now() + STALE_INTENT_MS + 1000)).toBe(3);
    expect(await decideStaleIntents(Date.now() + STALE_INTENT_MS + 1000)).toBe(0);
    const answers = await Promise.all(orders.map((body, i) => place(user, body, `swept-${i}`)));
    expect(answers.map((a) => a.status)).toEqual([201, 400, 201]);
    expect(await balanceOf(user)).toBe(0);
    expect(await ordersOf(user)).toHaveLength(2);
    await expectMoneyInvariants();
  });
});

describe('a drip-feed in the queue', () => {
  it('is decided in the batch like any order: its parent and run 1 written together, paid once', async () => {
    const user = await createUser();
    await fund(user, 100);
    await db.collection('services').doc('tt-views-fast').update({ dripfeed: true });
    try {
      const drip = { ...views(5000, 1000), runs: 3, interval: 10 }; // Rs 60
      await queueOrder(identityOf(user), views(5001, 1000), { idempotencyKey: 'drip-q-0' }); // Rs 20
      await queueOrder(identityOf(user), drip, { idempotencyKey: 'drip-q-1' });
      await queueOrder(identityOf(user), views(5002, 1000), { idempotencyKey: 'drip-q-2' }); // Rs 20
      await queueOrder(identityOf(user), { ...drip, link: views(5003, 1).link }, { idempotencyKey: 'drip-q-3' }); // refused: Rs 0 left
      expect(await decideQueue(user.uid)).toEqual({ decided: 4, more: false });
      const answers = await Promise.all(
        [views(5001, 1000), drip, views(5002, 1000), { ...drip, link: views(5003, 1).link }].map((body, i) =>
          place(user, body, `drip-q-${i}`),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 400]);
      const parent = answers[1]?.body.order;
      expect(parent).toMatchObject({ quantity: 3000, price: 60, status: 'processing', dripFeed: { runs: 3, runsDone: 1 } });
      expect(parent.dripFeed.orders).toHaveLength(1);
      const run = await db.collection('orders').doc(String(parent.dripFeed.orders[0])).get();
      expect(run.data()).toMatchObject({ quantity: 1000, paidByDripFeed: true, dripRun: { parentId: parent._id, run: 1 } });
      expect(await balanceOf(user)).toBe(0);
      expect(await ordersOf(user)).toHaveLength(4); // two orders, a drip-feed and its run 1
      await expectMoneyInvariants();
    } finally {
      await db.collection('services').doc('tt-views-fast').update({ dripfeed: false });
    }
  });
});

/** Starts a batch leader in a child process; resolves once it reports `signal`, with the process. */
async function leaderUntil(uid: string, mode: 'before' | 'after'): Promise<ChildProcess> {
  const child = fork(join(import.meta.dirname, '../../../tests/support/group-commit-leader.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LEADER_UID: uid, LEADER_MODE: mode },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the leader exited (${code}) before its commit`)));
  });
  return child;
}

async function kill(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('a batch leader that dies', () => {
  it('before its commit: nothing was decided, and the next batch then decides every intent once', { timeout: 200_000 }, async () => {
    const user = await createUser();
    await fund(user, 100);
    const orders = Array.from({ length: 8 }, (_, i) => views(2000 + i, 1000)); // Rs 20 each: 5 fit
    for (const [i, body] of orders.entries()) await queueOrder(identityOf(user), body, { idempotencyKey: `dies-before-${i}` });

    await kill(await leaderUntil(user.uid, 'before'));
    expect(await balanceOf(user)).toBe(10_000);
    expect(await ordersOf(user)).toHaveLength(0);
    const intents = (await intentsCollection(user.uid).get()).docs.map((doc) => doc.data() as IntentDoc);
    expect(intents.map((intent) => intent.state)).toEqual(Array(8).fill('pending'));

    // The dead transaction's locks on the balance hold until Firestore expires them (the emulator: about
    // a minute, as production's idle transactions); until then a batch answers busy and decides nothing.
    let decided = 0;
    for (const started = Date.now(); Date.now() - started < 120_000; ) {
      try {
        decided = (await decideQueue(user.uid)).decided;
        break;
      } catch (error) {
        if (!isAppError(error, 'busy')) throw error;
        expect(await ordersOf(user)).toHaveLength(0);
      }
    }
    expect(decided).toBe(8);
    expect(await balanceOf(user)).toBe(0);
    expect(await ordersOf(user)).toHaveLength(5);
    // The clients' retries with their keys learn the outcomes; nothing is decided again.
    const answers = await Promise.all(orders.map((body, i) => place(user, body, `dies-before-${i}`)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 400, 400, 400]);
    expect(answers.map((a) => a.headers.get('idempotent-replayed'))).toEqual(Array(8).fill('true'));
    expect(await ordersOf(user)).toHaveLength(5);
    expect(await decideStaleIntents(Date.now() + STALE_INTENT_MS + 1000)).toBe(0);
    await expectMoneyInvariants();
  });

  it('after its commit, before any answer: every intent decided once, and the retries get those outcomes', {
    timeout: 120_000,
  }, async () => {
    const user = await createUser();
    await fund(user, 60);
    const orders = Array.from({ length: 6 }, (_, i) => views(3000 + i, 1000)); // Rs 20 each: 3 fit
    for (const [i, body] of orders.entries()) await queueOrder(identityOf(user), body, { idempotencyKey: `dies-after-${i}` });

    await kill(await leaderUntil(user.uid, 'after'));
    const placed = await ordersOf(user);
    expect(placed).toHaveLength(3);
    expect(await balanceOf(user)).toBe(0);
    const answers = await Promise.all(orders.map((body, i) => place(user, body, `dies-after-${i}`)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 400, 400, 400]);
    expect(answers.flatMap((a) => (a.status === 201 ? [a.body.order._id] : [])).sort()).toEqual(placed.map((doc) => doc.id).sort());
    expect(await decideStaleIntents(Date.now() + STALE_INTENT_MS + 1000)).toBe(0);
    expect(await ordersOf(user)).toHaveLength(3);
    await expectMoneyInvariants();
  });
});

/** A batch leader in a child process, its modules loaded: it reads the queue when sent 'go'. */
async function leaderReady(uid: string): Promise<ChildProcess> {
  const child = fork(join(import.meta.dirname, '../../../tests/support/group-commit-leader.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LEADER_UID: uid, LEADER_MODE: 'before', LEADER_WAIT: 'go' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the leader exited (${code}) before it was ready`)));
  });
  return child;
}

const placeWithoutKey = (user: TestUser, body: unknown) => call(api.url, 'POST', '/api/order/place', { token: user.token, body });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a batch leader that dies while requests wait on it', () => {
  it('every waiter answers what the store holds once its deadline passes under the dead batch’s locks: placed ↔ 201, busy ↔ withdrawn and nothing written', {
    timeout: 300_000,
  }, async () => {
    const user = await createUser();
    await fund(user, 100); // Rs 100: five orders of Rs 20
    // The queue's head: a request that died after writing its intent (its client retries with its key at the end).
    const head = views(7000, 1000);
    await queueOrder(identityOf(user), head, { idempotencyKey: 'stuck-head' });
    const leader = await leaderReady(user.uid);

    // Waiters: each finds the queue and joins it behind the head; half send an Idempotency-Key, half
    // none (an API v2 script, which sends an order again after a 5xx).
    const waiting = Array.from({ length: 6 }, (_, i) => views(7001 + i, 1000));
    const answers = waiting.map((body, i) => (i % 2 === 0 ? place(user, body, `stuck-${i}`) : placeWithoutKey(user, body)));
    const pending = intentsCollection(user.uid).where('state', '==', 'pending');
    for (const started = Date.now(); (await pending.get()).size < 1 + waiting.length; await pause(20)) {
      if (Date.now() - started > 30_000) throw new Error('the waiters did not queue');
    }
    // The leader reads the head and every waiter's intent (locking them and the balance), then dies
    // before its commit; its locks hold until Firestore expires the dead transaction (about a minute),
    // well past the waiters' deadline.
    const committing = new Promise((resolve) => leader.once('message', resolve));
    leader.send('go');
    await committing;
    await kill(leader);
    // Orders that come while the locks hold.
    const later = [views(7010, 1000), views(7011, 1000)];
    answers.push(...later.map((body) => placeWithoutKey(user, body)));
    const bodies = [...waiting, ...later];

    // Batches run beside them all along (the sweep's, as if the intents were old), racing their
    // withdrawals once the locks expire.
    let settled = false;
    const sweeping = (async () => {
      while (!settled) {
        await decideStaleIntents(Date.now() + STALE_INTENT_MS + 1000);
        await pause(1000);
      }
    })();
    const answered = await Promise.all(answers);
    settled = true;
    await sweeping;

    // Every answer agrees with the store: placed and paid, refused, or withdrawn with nothing written.
    const intents = (await intentsCollection(user.uid).get()).docs.map((doc) => doc.data() as IntentDoc);
    const placedLinks = (await ordersOf(user)).map((doc) => doc.data().link as string);
    answered.forEach((answer, i) => {
      const body = bodies[i] as (typeof bodies)[number];
      const intent = intents.find((candidate) => candidate.body.link === body.link);
      const orders = placedLinks.filter((link) => link === body.link);
      if (answer.status === 201) {
        expect(orders, body.link).toHaveLength(1);
        expect(answer.body.order.link).toBe(body.link);
      } else if (answer.status === 400) {
        expect(answer.body.code).toBe('insufficient_balance');
        expect(orders, body.link).toHaveLength(0);
      } else {
        expect({ link: body.link, status: answer.status, body: answer.body }).toMatchObject({ status: 503, body: { code: 'busy' } });
        expect(intent?.state, body.link).toBe('withdrawn');
        expect(orders, body.link).toHaveLength(0);
      }
    });
    // The head's client learns its outcome with its key; nothing else is ever decided later.
    const headAnswer = await place(user, head, 'stuck-head');
    expect([201, 400]).toContain(headAnswer.status);
    await decideStaleIntents(Date.now() + STALE_INTENT_MS + 1000);
    const accepted = [...answered, headAnswer].filter((answer) => answer.status === 201);
    const placed = await ordersOf(user);
    expect(placed.map((doc) => doc.id).sort()).toEqual(accepted.map((answer) => answer.body.order._id as string).sort());
    expect(await balanceOf(user)).toBe(10_000 - 2000 * placed.length);
    await expectMoneyInvariants();
  });
});

describe('an Idempotency-Key while the account has a queue', () => {
  it('a retry of an order placed replays it, after the key was reused for another order', { timeout: 60_000 }, async () => {
    const user = await createUser();
    await fund(user, 100);
    const order = views(6000, 1000);
    const first = await place(user, order, 'reused');
    expect(first.status).toBe(201);
    // Each request below finds a queue (an intent whose request died): it does not decide alone.
    await queueOrder(identityOf(user), views(6001, 500), { idempotencyKey: 'reused-queue-0' });
    const other = await place(user, views(6002, 500), 'reused');
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('idempotency_conflict');
    await queueOrder(identityOf(user), views(6003, 500), { idempotencyKey: 'reused-queue-1' });
    const retry = await place(user, order, 'reused');
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await ordersOf(user)).map((doc) => doc.id)).toContain(first.body.order._id);
    await decideStaleIntents(Date.now() + STALE_INTENT_MS + 1000);
    await expectMoneyInvariants();
  });

  it('a retry of an order placed, reaching the queue after contention, replays it though the intent under its key holds another body’s conflict', {
    timeout: 60_000,
  }, async () => {
    const user = await createUser();
    await fund(user, 100);
    const order = views(6200, 1000);
    const first = await place(user, order, 'contended'); // its own transaction: no intent under the key
    expect(first.status).toBe(201);
    // Another body under the key, queued (its request died), is decided a conflict: the intent under
    // the key now holds that body and its 409.
    await queueOrder(identityOf(user), views(6201, 500), { idempotencyKey: 'contended' });
    expect(await decideQueue(user.uid)).toEqual({ decided: 1, more: false });
    // The retry's own transaction runs out of its time (its revocation check is slow, here): it goes
    // the queue's way, and finds the intent under its key.
    const retry = await placeOrder(identityOf(user), order, { idempotencyKey: 'contended', precondition: pause(2500) });
    expect(retry).toEqual({ status: 201, body: first.body, replayed: true });
    expect(await ordersOf(user)).toHaveLength(1);
    await expectMoneyInvariants();
  });

  it('a key whose queued order was withdrawn (busy: nothing written) is free for another order, as without a queue', {
    timeout: 60_000,
  }, async () => {
    const user = await createUser();
    await fund(user, 100);
    const ref = await queueOrder(identityOf(user), views(6100, 500), { idempotencyKey: 'withdrawn' });
    // Its request reached its deadline and withdrew it (as withdraw() writes), answering busy.
    await ref.update({ state: 'withdrawn', expiresAt: new Date(Date.now() + 86_400_000) });
    await queueOrder(identityOf(user), views(6101, 500), { idempotencyKey: 'withdrawn-queue' });
    const answer = await place(user, views(6102, 500), 'withdrawn');
    expect(answer.status).toBe(201);
    expect(answer.body.order.link).toBe(views(6102, 500).link);
    const placed = (await ordersOf(user)).map((doc) => doc.data().link);
    expect(placed).not.toContain(views(6100, 500).link);
    expect(placed).toContain(views(6102, 500).link);
    await expectMoneyInvariants();
  });
});
