// The group commit (docs/decisions/0010) on the real emulators: one account's orders queued and decided
// in batches. Arrival order decides who is refused, nothing is decided twice or lost, and a batch's
// leader killed mid-way (a child process) leaves the queue for the next batch or the sweep.
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { Timestamp, Transaction } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../scripts/lib/seeded-random';
import { type ApiAnswer, apiServerForFile, call, createUser, fund, retryWhileBusy, type TestUser } from '../../../../tests/support/api';
import { expectMoneyInvariants } from '../../../../tests/support/money-invariants';
import { fundedUser } from '../../../../tests/support/users';
import { db } from '../../lib/admin';
import { isAppError } from '../../lib/errors';
import { orderPrice } from '../../shared/money';
import { idempotencyRef } from '../kernel/transactions';
import { decideQueue, decideStaleIntents, type IntentDoc, intentsCollection, placeOrder, queueOrder, STALE_INTENT_MS } from './place-order';

const SEED = Number(process.env.GROUP_SEED ?? 20_261_124);
const VIEWS_RATE_PAISA = 2000; // tt-views-fast: Rs 20 per 1000

const api = apiServerForFile({ moneyInvariants: true });
const place = (user: TestUser, body: unknown, key: string) =>
  call(api.url, 'POST', '/api/order/place', { token: user.token, body, headers: { 'Idempotency-Key': key } });
const identityOf = (user: TestUser) => ({ uid: user.uid, email: user.email, name: user.name, admin: false });
const views = (i: number, quantity: number) => ({ serviceId: 'tt-views-fast', link: `https://www.tiktok.com/@queue/video/${i}`, quantity });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
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

/** A retry's answer is the replay of the first: the same 201 and body, marked replayed. */
function expectReplayOf(retry: Awaited<ReturnType<typeof place>>, first: Awaited<ReturnType<typeof place>>) {
  expect(retry.status).toBe(201);
  expect(retry.body).toEqual(first.body);
  expect(retry.headers.get('idempotent-replayed')).toBe('true');
}

/** Moves the account's intents back in time, past the window in which its new orders join the queue directly. */
async function endBurst(user: TestUser) {
  const intents = await intentsCollection(user.uid).get();
  await Promise.all(intents.docs.map((doc) => doc.ref.update({ arrivedAt: Timestamp.fromMillis(Date.now() - 60_000) })));
}

/** The intent under an order's Idempotency-Key: there is one only when the order went through the queue. */
const intentUnderKey = async (user: TestUser, key: string) =>
  (
    await intentsCollection(user.uid)
      .doc(idempotencyRef('order.place', user.uid, key).id)
      .get()
  ).data() as IntentDoc | undefined;

describe('group commit on one balance', () => {
  it('decides a queue in arrival order against the running balance: exactly the refusals that order implies', {
    timeout: 120_000,
  }, async () => {
    const user = await fundedUser(300);
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
    const user = await fundedUser(500);
    const random = seededRandom(SEED + 1);
    const orders = Array.from({ length: 60 }, (_, i) => views(1000 + i, 100 + Math.floor(random() * 1900)));
    const sends = orders.flatMap((body, i) => [{ body, key: `burst-${i}` }, ...(random() < 0.3 ? [{ body, key: `burst-${i}` }] : [])]);
    // A client as the API docs ask: busy (503: nothing written, e.g. its deadline passed on a starved
    // machine) is sent again with its key. Every attempt is kept: an order placed after a busy answer
    // would be answered to its retry only as a replay.
    const attempts: { key: string; answer: ApiAnswer }[] = [];
    const send = (body: unknown, key: string) =>
      retryWhileBusy(
        async () => {
          const answer = await place(user, body, key);
          attempts.push({ key, answer });
          return answer;
        },
        (answer) => answer.status === 503,
      );
    const first = await Promise.all(sends.map(({ body, key }) => send(body, key)));
    // Later retries of some of them, with their keys: the first answers again.
    const again = await Promise.all(sends.slice(0, 15).map(({ body, key }) => send(body, key)));
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
    // Each key's outcome was answered first-hand (not replayed) to one of its attempts: none was decided
    // after its request answered busy.
    for (const key of byKey.keys()) {
      const fresh = attempts.filter(
        (a) => a.key === key && a.answer.status !== 503 && a.answer.headers.get('idempotent-replayed') !== 'true',
      );
      expect(fresh.length, `key ${key}`).toBeGreaterThan(0);
    }
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

describe('an order while its account’s burst is on', () => {
  it('joins the queue without a transaction of its own; once the burst is over, an order is decided in its own', {
    timeout: 60_000,
  }, async () => {
    const user = await fundedUser(100);
    // The burst: an intent queued and decided a moment ago (its order took the queue's way).
    const burst = await queueOrder(identityOf(user), views(7000, 500), { idempotencyKey: 'burst-0' });
    expect(await decideQueue(user.uid)).toEqual({ decided: 1, more: false });
    await burst.update({ arrivedAt: Timestamp.now() }); // however slow the machine, it arrived just now

    const during = await place(user, views(7001, 500), 'burst-1');
    expect(during.status).toBe(201);
    expect(await intentUnderKey(user, 'burst-1')).toMatchObject({ state: 'decided', outcome: { kind: 'answer', status: 201 } });

    await endBurst(user);
    const after = await place(user, views(7002, 500), 'burst-2');
    expect(after.status).toBe(201);
    expect(await intentUnderKey(user, 'burst-2')).toBeUndefined();
    expect(await balanceOf(user)).toBe(10_000 - 3 * orderPrice(VIEWS_RATE_PAISA, 500));
    await expectMoneyInvariants();
  });
});

describe('the sweep', () => {
  it('expires the intents whose requests died once past their answerBy, never accepts one; their keys are free', async () => {
    const user = await fundedUser(30);
    const orders = [views(4000, 1000), views(4001, 1000), views(4002, 500)]; // Rs 20, 20, 10
    for (const [i, body] of orders.entries()) await queueOrder(identityOf(user), body, { idempotencyKey: `swept-${i}` });
    expect(await decideStaleIntents()).toBe(0); // not past their answerBy: their requests may still be waiting
    expect(await decideStaleIntents(Date.now() + STALE_INTENT_MS + 1000)).toBe(3);
    expect(await decideStaleIntents(Date.now() + STALE_INTENT_MS + 1000)).toBe(0);
    const intents = (await intentsCollection(user.uid).get()).docs.map((doc) => doc.data() as IntentDoc);
    expect(intents.map((intent) => intent.state)).toEqual(['expired', 'expired', 'expired']);
    expect(await balanceOf(user)).toBe(3000);
    expect(await ordersOf(user)).toHaveLength(0);
    // The clients' retries with their keys are new orders (nothing was written for the expired ones).
    const answers = await Promise.all(orders.map((body, i) => place(user, body, `swept-${i}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 400]);
    expect(answers.map((a) => a.headers.get('idempotent-replayed'))).toEqual([null, null, null]);
    expect(await ordersOf(user)).toHaveLength(2);
    await expectMoneyInvariants();
  });
});

describe('an intent read past its answerBy', () => {
  it('is expired by the batch (no order, no money), and the others are decided in arrival order against the balance', async () => {
    const user = await fundedUser(50);
    const orders = [views(4100, 1000), views(4101, 1000), views(4102, 1000), views(4103, 1000), views(4104, 500)]; // Rs 20, 20, 20, 20, 10
    const refs = [];
    for (const [i, body] of orders.entries()) {
      // The second one's request waits 1 s only: its answerBy passes before the batch.
      refs.push(await queueOrder(identityOf(user), body, { idempotencyKey: `late-${i}` }, i === 1 ? 1000 : undefined));
    }
    const answerBy = ((await refs[1]?.get())?.get('answerBy') as { toMillis(): number } | undefined)?.toMillis() ?? Date.now();
    await pause(Math.max(0, answerBy - Date.now()) + 100);
    expect(await decideQueue(user.uid)).toEqual({ decided: 4, more: false });
    const states = await Promise.all(refs.map(async (ref) => (await ref.get()).data() as IntentDoc));
    expect(states.map((intent) => intent.state)).toEqual(['decided', 'expired', 'decided', 'decided', 'decided']);
    expect(states[1]?.outcome).toBeUndefined();
    // Rs 50: 20 and 20 accepted, 20 refused (Rs 10 left), 10 accepted; the expired one costs nothing.
    const others = [0, 2, 3, 4];
    const answers = await Promise.all(others.map((i) => place(user, orders[i], `late-${i}`)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 400, 201]);
    expect(answers.map((a) => a.headers.get('idempotent-replayed'))).toEqual(['true', 'true', 'true', 'true']);
    expect(await balanceOf(user)).toBe(0);
    expect((await ordersOf(user)).map((doc) => doc.data().link).sort()).toEqual(
      [orders[0], orders[2], orders[4]].map((body) => body?.link).sort(),
    );
    // Its key is free: with the money, its client's retry places it, once.
    await fund(user, 20);
    const retry = await place(user, orders[1], 'late-1');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await place(user, orders[1], 'late-1')).toMatchObject({ status: 201, body: retry.body });
    expect(await ordersOf(user)).toHaveLength(4);
    await expectMoneyInvariants();
  });
});

describe('a drip-feed in the queue', () => {
  it('is decided in the batch like any order: its parent and run 1 written together, paid once', async () => {
    const user = await fundedUser(100);
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
  const child = fork(join(import.meta.dirname, '../../../../tests/support/group-commit-leader.ts'), {
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
  it('before its commit: nothing was decided, and the next batch, after its locks, expires every intent (past its answerBy); the retries place anew', {
    tags: ['slow'],
    timeout: 200_000,
  }, async () => {
    const user = await fundedUser(100);
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
    // About a minute: every intent is past its answerBy (its request answered busy, or was cut off).
    expect(decided).toBe(0);
    const after = (await intentsCollection(user.uid).get()).docs.map((doc) => doc.data() as IntentDoc);
    expect(after.map((intent) => intent.state)).toEqual(Array(8).fill('expired'));
    expect(await balanceOf(user)).toBe(10_000);
    expect(await ordersOf(user)).toHaveLength(0);
    // The clients' retries with their keys are new orders, each decided once.
    const answers = await Promise.all(orders.map((body, i) => place(user, body, `dies-before-${i}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 201, 400, 400, 400]);
    expect(answers.map((a) => a.headers.get('idempotent-replayed'))).toEqual(Array(8).fill(null));
    expect(await balanceOf(user)).toBe(0);
    expect(await ordersOf(user)).toHaveLength(5);
    expect(await decideStaleIntents(Date.now() + STALE_INTENT_MS + 1000)).toBe(0);
    await expectMoneyInvariants();
  });

  it('after its commit, before any answer: every intent decided once, and the retries get those outcomes', {
    timeout: 120_000,
  }, async () => {
    const user = await fundedUser(60);
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
  const child = fork(join(import.meta.dirname, '../../../../tests/support/group-commit-leader.ts'), {
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

/** Firebase Hosting's answer when a function has not answered within 60 s (the function goes on). */
const HOSTING_CUTOFF_MS = 60_000;

describe('a queue headed by more dead requests than one batch decides', () => {
  it('a live request behind them takes over within its deadline: it and every dead one decided once', { timeout: 120_000 }, async () => {
    const user = await createUser();
    const dead = Array.from({ length: 25 }, (_, i) => views(6000 + i, 1000)); // Rs 20 each
    await fund(user, 20 * (dead.length + 1));
    // A whole instance's requests died after writing their intents, together: no one heads the queue.
    // (Written at once: one after another on a loaded machine, the first ones would be past their
    // answerBy by the takeover's batch, and expired rather than decided.)
    await Promise.all(dead.map((body, i) => queueOrder(identityOf(user), body, { idempotencyKey: `crowd-${i}` })));

    const live = await place(user, views(6100, 1000), 'crowd-live');
    expect(live.status).toBe(201);
    expect(live.headers.get('idempotent-replayed')).toBeNull();
    const intents = (await intentsCollection(user.uid).get()).docs.map((doc) => doc.data() as IntentDoc);
    expect(intents.map((intent) => intent.state)).toEqual(Array(dead.length + 1).fill('decided'));
    expect(await balanceOf(user)).toBe(0);
    expect(await ordersOf(user)).toHaveLength(dead.length + 1);
    // The dead requests' clients retry with their keys: each gets its order, placed once.
    const retries = await Promise.all(dead.map((body, i) => place(user, body, `crowd-${i}`)));
    expect(retries.map((a) => a.status)).toEqual(Array(dead.length).fill(201));
    expect(retries.map((a) => a.headers.get('idempotent-replayed'))).toEqual(Array(dead.length).fill('true'));
    expect(await ordersOf(user)).toHaveLength(dead.length + 1);
    await expectMoneyInvariants();
  });
});

describe('a batch leader that dies while requests wait on it', () => {
  it('no intent is accepted after its request may have stopped waiting: a client retrying every non-201 without a key gets exactly one order each', {
    tags: ['slow'],
    timeout: 400_000,
  }, async () => {
    const user = await createUser();
    await fund(user, 1000); // every order fits: a refusal is never the answer
    // The queue's head: a request that died after writing its intent (its client retries with its key at the end).
    const head = views(7000, 1000);
    const headRef = await queueOrder(identityOf(user), head, { idempotencyKey: 'stuck-head' });
    const leader = await leaderReady(user.uid);

    // Every request goes through Hosting: cut off at 60 s with a 504 (the function itself goes on).
    const running: Promise<unknown>[] = [];
    const viaHosting = (request: Promise<ApiAnswer>) => {
      running.push(request);
      return Promise.race([request, pause(HOSTING_CUTOFF_MS).then(() => ({ status: 504, body: undefined }) as const)]);
    };
    const answers: { link: string; status: number; body: any }[] = [];
    // A client sends its order (with a key or without), then, like an API v2 script, sends it again
    // without a key after any answer but 201.
    const client = async (body: ReturnType<typeof views>, key?: string) => {
      for (let attempt = 0; attempt < 10; attempt++) {
        const answer = await viaHosting(attempt === 0 && key !== undefined ? place(user, body, key) : placeWithoutKey(user, body));
        answers.push({ link: body.link, status: answer.status, body: answer.body });
        if (answer.status === 201) return;
        expect([503, 504], JSON.stringify(answer.body)).toContain(answer.status);
      }
      throw new Error(`${body.link}: no order after 10 attempts`);
    };

    // Waiters: each finds the queue and joins it behind the head; half send an Idempotency-Key.
    const waiting = Array.from({ length: 6 }, (_, i) => views(7001 + i, 1000));
    const clients = waiting.map((body, i) => client(body, i % 2 === 0 ? `stuck-${i}` : undefined));
    const pending = intentsCollection(user.uid).where('state', '==', 'pending');
    for (const started = Date.now(); (await pending.get()).size < 1 + waiting.length; await pause(20)) {
      if (Date.now() - started > 30_000) throw new Error('the waiters did not queue');
    }
    // The leader reads the head and every waiter's intent (locking them and the balance), then dies
    // before its commit; its locks hold until Firestore expires the dead transaction (about a minute),
    // past the waiters' deadline and Hosting's cut-off.
    const committing = new Promise((resolve) => leader.once('message', resolve));
    leader.send('go');
    await committing;
    const read = new Set((await pending.get()).docs.map((doc) => doc.id));
    await kill(leader);
    // Orders that come while the locks hold.
    const later = [views(7010, 1000), views(7011, 1000)];
    clients.push(...later.map((body) => client(body)));

    // Batches run beside them all along (another request's, the sweep's), racing the waiters'
    // withdrawals once the locks expire.
    let settled = false;
    const batches = (async () => {
      while (!settled) {
        await Promise.all([decideQueue(user.uid).catch(() => undefined), decideStaleIntents()]);
        await pause(500);
      }
    })();
    await Promise.all(clients);
    await Promise.all(running); // the requests cut off answer too, once settled
    settled = true;
    await batches;

    // Exactly one order per intended order, and each is an answer its client saw.
    const placed = await ordersOf(user);
    const links = placed.map((doc) => doc.data().link as string);
    for (const body of [...waiting, ...later])
      expect(
        links.filter((link) => link === body.link),
        body.link,
      ).toHaveLength(1);
    const accepted = answers.filter((answer) => answer.status === 201);
    expect(accepted.map((answer) => answer.body.order._id as string).sort()).toEqual(placed.map((doc) => doc.id).sort());
    for (const answer of accepted) expect(answer.body.order.link).toBe(answer.link);
    // The intents the dead batch read were never accepted: past their answerBy, expired (the head's,
    // which no request settles) or withdrawn by their requests.
    const intents = new Map((await intentsCollection(user.uid).get()).docs.map((doc) => [doc.id, doc.data() as IntentDoc]));
    expect(read.size).toBe(7);
    for (const id of read) expect(['expired', 'withdrawn'], id).toContain(intents.get(id)?.state);
    expect(read.has(headRef.id)).toBe(true);
    expect(intents.get(headRef.id)?.state).toBe('expired');
    // Every intent accepted was decided before its answerBy: its request was still waiting for it.
    for (const intent of intents.values()) {
      if (intent.state === 'decided') expect(intent.decidedAt?.toMillis()).toBeLessThanOrEqual(intent.answerBy?.toMillis() ?? 0);
    }
    // The head's client retries with its key: expired, the key is free, placed once.
    const headAnswer = await place(user, head, 'stuck-head');
    expect(headAnswer.status).toBe(201);
    expect(headAnswer.headers.get('idempotent-replayed')).toBeNull();
    expect(await ordersOf(user)).toHaveLength(waiting.length + later.length + 1);
    expect(await balanceOf(user)).toBe(100_000 - 2000 * (waiting.length + later.length + 1));
    await expectMoneyInvariants();
  });
});

describe('an Idempotency-Key while the account has a queue', () => {
  it('a retry of an order placed replays it, after the key was reused for another order', { timeout: 60_000 }, async () => {
    const user = await fundedUser(100);
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
    expectReplayOf(retry, first);
    expect((await ordersOf(user)).map((doc) => doc.id)).toContain(first.body.order._id);
    await decideStaleIntents(Date.now() + STALE_INTENT_MS + 1000);
    await expectMoneyInvariants();
  });

  it('a retry of an order placed in its own transaction, while the account has a queue, is answered at once by its key: it writes no intent', {
    timeout: 60_000,
  }, async () => {
    const user = await fundedUser(100);
    const order = views(6400, 1000);
    const first = await place(user, order, 'answered');
    expect(first.status).toBe(201);
    expect(await intentUnderKey(user, 'answered')).toBeUndefined();
    await queueOrder(identityOf(user), views(6401, 500), { idempotencyKey: 'answered-queue' }); // its request died
    const retry = await place(user, order, 'answered');
    expectReplayOf(retry, first);
    // Not queued behind the dead request (whose intent a batch would take after the takeover's wait).
    expect(await intentUnderKey(user, 'answered')).toBeUndefined();
    expect((await intentsCollection(user.uid).where('state', '==', 'pending').get()).size).toBe(1);
    await decideStaleIntents(Date.now() + STALE_INTENT_MS + 1000);
    await expectMoneyInvariants();
  });

  it('a retry of an order placed replays it while another body waits in the queue under its key (which is then the conflict)', {
    timeout: 60_000,
  }, async () => {
    const user = await fundedUser(100);
    const order = views(6300, 1000);
    const first = await place(user, order, 'waiting-other');
    expect(first.status).toBe(201);
    // Another body sent under the key; its request waits in the queue (here: died before a batch).
    await queueOrder(identityOf(user), views(6301, 500), { idempotencyKey: 'waiting-other' });
    const retry = await place(user, order, 'waiting-other');
    expectReplayOf(retry, first);
    expect(await decideQueue(user.uid)).toEqual({ decided: 1, more: false });
    expect(await intentUnderKey(user, 'waiting-other')).toMatchObject({
      state: 'decided',
      outcome: { kind: 'refusal', code: 'idempotency_conflict' },
    });
    expect(await ordersOf(user)).toHaveLength(1);
    await expectMoneyInvariants();
  });

  it('a retry of an order placed, reaching the queue after contention, replays it though the intent under its key holds another body’s conflict', {
    timeout: 60_000,
  }, async () => {
    const user = await fundedUser(100);
    const order = views(6200, 1000);
    const first = await place(user, order, 'contended'); // its own transaction: no intent under the key
    expect(first.status).toBe(201);
    // Another body under the key, queued (its request died), is decided a conflict: the intent under
    // the key now holds that body and its 409.
    await queueOrder(identityOf(user), views(6201, 500), { idempotencyKey: 'contended' });
    expect(await decideQueue(user.uid)).toEqual({ decided: 1, more: false });
    await endBurst(user);
    // The retry's own transaction runs out of its time (its revocation check is slow, here): it goes
    // the queue's way, and finds the intent under its key.
    const retry = await placeOrder(identityOf(user), order, { idempotencyKey: 'contended', precondition: pause(2500) });
    expect(retry).toEqual({ value: first.body, replayed: true });
    expect(await ordersOf(user)).toHaveLength(1);
    await expectMoneyInvariants();
  });

  it('a key whose queued order was withdrawn (busy: nothing written) is free for another order, as without a queue', {
    timeout: 60_000,
  }, async () => {
    const user = await fundedUser(100);
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

describe('a reused Idempotency-Key while a request waits in the queue', () => {
  it('a request whose intent was expired and re-queued under its key with another body answers busy, not that body’s order', {
    timeout: 60_000,
  }, async () => {
    const user = await fundedUser(100);
    await queueOrder(identityOf(user), views(8000, 500), { idempotencyKey: 'reused-wait-head' }); // a head whose request died
    const mine = views(8001, 500);
    const theirs = views(8002, 500);
    // When the waiting request's takeover batch starts (it read its intent pending just before), its
    // intent is expired and another body queued under its key.
    const internal = Transaction.prototype as unknown as { get: (this: Transaction, ...args: unknown[]) => Promise<unknown> };
    const get = internal.get;
    let armed = true;
    internal.get = async function (this: Transaction, ...args: unknown[]) {
      if (armed) {
        armed = false;
        const ref = intentsCollection(user.uid).doc(idempotencyRef('order.place', user.uid, 'reused-wait').id);
        await ref.update({ state: 'expired' });
        await queueOrder(identityOf(user), theirs, { idempotencyKey: 'reused-wait' });
      }
      return get.apply(this, args);
    };
    try {
      const answer = placeOrder(identityOf(user), mine, { idempotencyKey: 'reused-wait' });
      await expect(answer).rejects.toSatisfy((error) => isAppError(error, 'busy'));
      expect(armed).toBe(false);
    } finally {
      internal.get = get;
    }
    const links = (await ordersOf(user)).map((doc) => doc.data().link);
    expect(links).toContain(theirs.link);
    expect(links).not.toContain(mine.link);
    await expectMoneyInvariants();
  });
});

describe('a re-queue under a key whose commit fails but lands late', () => {
  it('the request answers busy only once the late intent can no longer be accepted: no order after busy', {
    timeout: 60_000,
  }, async () => {
    const user = await fundedUser(100);
    await queueOrder(identityOf(user), views(8100, 500), { idempotencyKey: 'late-queue-head' }); // a head whose request died
    const order = views(8101, 500);
    // An earlier request with the key: its intent expired (nothing written), so the key is free.
    const ref = await queueOrder(identityOf(user), order, { idempotencyKey: 'late-queue' });
    await ref.update({ state: 'expired' });
    // The retry's re-queue (enqueue's transaction) is answered UNAVAILABLE, while its commit lands a
    // second later (after the request has read the intent, still expired).
    type Internal = { commit: (this: Transaction) => Promise<unknown>; _transactionIdPromise?: Promise<unknown>; _writeBatch: any };
    const internal = Transaction.prototype as unknown as Internal;
    const commit = internal.commit;
    let late: Promise<unknown> | undefined;
    internal.commit = async function (this: Transaction) {
      const tx = this as unknown as Internal;
      if (late !== undefined) return commit.call(this);
      const transactionId = await tx._transactionIdPromise;
      tx._transactionIdPromise = undefined; // no rollback: the commit is on its way
      const batch = tx._writeBatch;
      late = pause(1000).then(() => batch._commit({ transactionId }));
      late.catch(() => undefined);
      throw Object.assign(new Error('14 UNAVAILABLE: the connection dropped'), { code: 14 });
    };
    try {
      await expect(placeOrder(identityOf(user), order, { idempotencyKey: 'late-queue' })).rejects.toSatisfy((error) =>
        isAppError(error, 'busy'),
      );
    } finally {
      internal.commit = commit;
    }
    expect(late).toBeDefined();
    await late?.catch(() => undefined);
    // Batches after it: the intent is not accepted (the request said busy, nothing written).
    await decideQueue(user.uid);
    expect((await ordersOf(user)).map((doc) => doc.data().link)).not.toContain(order.link);
    expect((await ref.get()).get('state')).not.toBe('decided');
    await expectMoneyInvariants();
  });
});
