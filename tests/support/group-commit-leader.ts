// A queue's batch leader in a process of its own, for the test that kills one mid-batch
// (functions/src/services/group-commit.emulator.test.ts). It runs one batch over LEADER_UID's queue and
// tells its parent over IPC when the batch commits: LEADER_MODE=before stops just before the commit is
// sent (the batch read, decided and queued its writes), LEADER_MODE=after just after it succeeded (the
// answers are never given). Either way it then hangs until the parent kills it.
import { Transaction } from 'firebase-admin/firestore';

const mode = process.env.LEADER_MODE;
const uid = process.env.LEADER_UID ?? '';
const internal = Transaction.prototype as unknown as { commit: (this: Transaction) => Promise<unknown> };
const commit = internal.commit;
internal.commit = async function (this: Transaction) {
  if (mode === 'before') {
    process.send?.('committing');
    return new Promise(() => undefined);
  }
  await commit.call(this);
  process.send?.('committed');
  return new Promise(() => undefined);
};

const { decideQueue } = await import('../../functions/src/services/group-commit');
await decideQueue(uid);
