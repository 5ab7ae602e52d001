// A queue's batch leader in a process of its own, for the tests that kill one mid-batch
// (functions/src/services/orders/place-order.emulator.test.ts). It runs one batch over LEADER_UID's queue and
// tells its parent over IPC when the batch commits: LEADER_MODE=before stops just before the commit is
// sent (the batch read, decided and queued its writes), LEADER_MODE=after just after it succeeded (the
// answers are never given). Either way it then hangs until the parent kills it. With LEADER_WAIT=go it
// first says 'ready' (its modules loaded) and starts the batch only when the parent sends 'go', so the
// batch reads the queue at a moment the test chooses.
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

const { decideQueue } = await import('../../functions/src/services/orders/place-order');
if (process.env.LEADER_WAIT === 'go') {
  // Its connection made first, so that the batch reads at once on 'go'.
  const { db } = await import('../../functions/src/lib/admin');
  await db.collection('users').doc(uid).get();
  await new Promise<void>((resolve) => {
    process.once('message', () => resolve());
    process.send?.('ready');
  });
}
await decideQueue(uid);
