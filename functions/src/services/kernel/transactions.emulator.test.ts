// The transaction runner against the real Firestore emulator: a total deadline after which nothing is
// written, retries of contention only, and refusals remembered under their Idempotency-Key.
process.env.TRANSACTION_DEADLINE_MS = '2000';

import { randomUUID } from 'node:crypto';
import { Transaction } from 'firebase-admin/firestore';
import { describe, expect, inject, it } from 'vitest';

Object.assign(process.env, inject('emulatorEnv'));
const { db } = await import('../../lib/admin');
const { AppError, isAppError } = await import('../../lib/errors');
const { runInTransaction, ReplayedRefusal, transact } = await import('./transactions');

const scratch = () => db.collection('scratch').doc(randomUUID());
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('runInTransaction', () => {
  it('answers busy with nothing written when the work outlives the deadline', async () => {
    const ref = scratch();
    const outcome = runInTransaction(null, async (tx) => {
      await tx.get(ref);
      await sleep(2500);
      tx.create(ref, { written: true });
      return null;
    });
    await expect(outcome).rejects.toSatisfy((error) => isAppError(error, 'busy'));
    await sleep(1000);
    expect((await ref.get()).exists).toBe(false);
  });

  it('retries contention until the deadline, then answers busy', async () => {
    let attempts = 0;
    const outcome = runInTransaction(null, async () => {
      attempts++;
      throw Object.assign(new Error('10 ABORTED: contention'), { code: 10 });
    });
    await expect(outcome).rejects.toSatisfy((error) => isAppError(error, 'busy'));
    expect(attempts).toBeGreaterThan(1);
  });

  it('does not retry a failure that is not contention', async () => {
    let attempts = 0;
    const ref = scratch();
    const outcome = runInTransaction(null, async (tx) => {
      attempts++;
      await tx.get(ref);
      // A write Firestore refuses: the commit fails, and no retry can make it succeed.
      tx.create(ref, { name: 'x\udfff' });
      return null;
    });
    await expect(outcome).rejects.toSatisfy((error) => !(error instanceof AppError));
    expect(attempts).toBe(1);
    expect((await ref.get()).exists).toBe(false);
  });

  it('remembers a refusal under its key: the same request replays it, another request is a conflict', async () => {
    const key = randomUUID();
    const ref = scratch();
    const options = (amount: number) => ({ scope: 'test.refusal', uid: 'u1', key, request: { amount } });
    let runs = 0;
    const refuse = async (tx: FirebaseFirestore.Transaction) => {
      runs++;
      await tx.get(ref);
      tx.create(ref, { queuedBeforeTheRefusal: true });
      throw new AppError('insufficient_balance', 'Insufficient Balance');
    };
    await expect(runInTransaction(options(10), refuse)).rejects.toSatisfy(
      (error) => isAppError(error, 'insufficient_balance') && !(error instanceof ReplayedRefusal),
    );
    // The same key and body: the refusal again, without running the work.
    const succeed = async () => {
      runs++;
      return { ok: true };
    };
    await expect(runInTransaction(options(10), succeed)).rejects.toSatisfy(
      (error) => error instanceof ReplayedRefusal && error.code === 'insufficient_balance' && error.message === 'Insufficient Balance',
    );
    await expect(runInTransaction(options(20), succeed)).rejects.toSatisfy((error) => isAppError(error, 'idempotency_conflict'));
    expect(runs).toBe(1);
    expect((await ref.get()).exists).toBe(false);
  });

  it('does not remember busy: the same key may be tried again and succeed', async () => {
    const key = randomUUID();
    const options = { scope: 'test.busy', uid: 'u1', key, request: { n: 1 } };
    await expect(
      runInTransaction(options, async () => {
        throw Object.assign(new Error('10 ABORTED'), { code: 10 });
      }),
    ).rejects.toSatisfy((error) => isAppError(error, 'busy'));
    const decided = await runInTransaction(options, async () => ({ ok: true }));
    expect(decided).toEqual({ value: { ok: true }, replayed: false });
    // Now the key holds that value: the same request is answered it again without running the work.
    const again = await runInTransaction(options, async () => ({ ok: false }));
    expect(again).toEqual({ value: { ok: true }, replayed: true });
  });
});

// transact wraps the SDK's Transaction.commit, which is not its public API (docs/decisions/0016): a
// commit's failure must leave the SDK's retry loop as it happens, contention must stay in it. An SDK
// upgrade that renames the commit or calls it another way fails here instead of bringing back up to 30
// silent retries of a failed commit.
describe('the wrapped commit', () => {
  const proto = Transaction.prototype as unknown as { commit: (this: Transaction) => Promise<void> };

  /** Runs `work` with the SDK's commit replaced by `commit`, which may call the real one. */
  async function withCommit<T>(commit: (real: () => Promise<void>) => Promise<void>, work: () => Promise<T>): Promise<T> {
    const real = proto.commit;
    proto.commit = function (this: Transaction) {
      return commit(() => real.call(this));
    };
    try {
      return await work();
    } finally {
      proto.commit = real;
    }
  }

  it('finds the SDK’s commit where it wraps it: Transaction.prototype.commit()', () => {
    expect(proto.commit).toBeTypeOf('function');
    expect(proto.commit.length).toBe(0);
  });

  it('takes a failed commit out of the SDK’s retry loop: one attempt, the failure as it was', async () => {
    const ref = scratch();
    let attempts = 0;
    let commits = 0;
    // UNAVAILABLE: a code the SDK itself would retry.
    const unavailable = Object.assign(new Error('14 UNAVAILABLE: injected'), { code: 14 });
    const outcome = withCommit(
      async () => {
        commits++;
        throw unavailable;
      },
      () =>
        transact(Date.now() + 20_000, async (tx, beforeCommit) => {
          attempts++;
          tx.set(ref, { n: 1 });
          beforeCommit();
        }),
    );
    await expect(outcome).rejects.toBe(unavailable);
    expect({ attempts, commits }).toEqual({ attempts: 1, commits: 1 });
    expect((await ref.get()).exists).toBe(false);
  });

  it('leaves contention at the commit to the SDK’s retry, whose next attempt commits', async () => {
    const ref = scratch();
    let attempts = 0;
    let commits = 0;
    await withCommit(
      async (real) => {
        commits++;
        if (commits === 1) throw Object.assign(new Error('10 ABORTED: injected'), { code: 10 });
        await real();
      },
      () =>
        transact(Date.now() + 20_000, async (tx, beforeCommit) => {
          attempts++;
          tx.set(ref, { n: attempts });
          beforeCommit();
        }),
    );
    expect({ attempts, commits }).toEqual({ attempts: 2, commits: 2 });
    expect((await ref.get()).data()).toEqual({ n: 2 });
  });
});
