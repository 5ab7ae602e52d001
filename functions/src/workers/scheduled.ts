// The every-minute work (decision record 0008): order queues a dead instance left (0010), providers' balances, the drip-feed runs due (issue 15), the sweep (lost triggers, expired
// claims, orders waiting for funds), the automatic refund of failed orders, the status sync, the refills
// asked of providers, then the services sync of each provider due for one (every 6 hours, workers/service-sync.ts),
// the top-up autopilot's safety net and the wallet phones' health (workers/wallet.ts), the customers' pushes still due (services/notifications.ts: this run's changes among them), and last the
// reports' rollups (services/report-fold.ts: outside every money transaction, trailing by minutes). One
// body for the scheduled function, the admin's "Sync now" (a requested run, workers/runs.ts) and `npm
// start`'s ticker, which runs it on the emulators because the Functions emulator does not run scheduled
// functions. "Sync now" leaves the rollups out, as it did when it ran inside the admin's request: the
// figures trail by 10 minutes anyway (the next scheduled run folds them).
//
// One run at a time: a run claims workerLeases/scheduled (services/lease.ts), so "Sync now" pressed while
// the schedule runs (or twice) does not double it; every step is safe to overlap anyway (each order and
// each provider has its own claim), the run lease only saves the calls.
import { db } from '../lib/admin';
import { decideStaleIntents } from '../services/group-commit';
import { claimLease, releaseLease } from '../services/lease';
import { type PushWorkResult, sendDuePushes } from '../services/notifications';
import { type FoldResult, foldReports } from '../services/report-fold';
import { refundFailedOrders } from './auto-refund';
import { type BalanceResult, refreshBalances } from './balances';
import { type DripFeedResult, startDueRuns } from './drip-feed';
import { type ForwardDeps, type SweepResult, sweep } from './forward';
import { type RefillWorkResult, runRefillWork } from './refill';
import { type ServiceSyncResult, syncDueProviderServices } from './service-sync';
import { type SyncResult, syncAll } from './sync';
import { runWalletWork, type WalletWorkResult } from './wallet';

/** As long as the scheduled function may run: a run that dies frees the next one after it. */
export const RUN_LEASE_MS = 5 * 60_000;

export interface ScheduledResult {
  /** Order intents decided whose requests had died (services/group-commit.ts). */
  intents: number;
  balances: BalanceResult;
  dripFeed: DripFeedResult;
  sweep: SweepResult;
  refunded: number;
  sync: SyncResult;
  refills: RefillWorkResult;
  services: ServiceSyncResult;
  /** The top-up autopilot's safety net and the wallet phones' health (issue 28). */
  wallet: WalletWorkResult;
  pushes: PushWorkResult;
  /** null: this run did not fold (the admin's "Sync now"). */
  reports: FoldResult | null;
}

export interface ScheduledOptions {
  /** Fold the reports' rollups (the scheduled function and the ticker); false for the admin's Sync now. */
  foldReports: boolean;
}

export const runLeaseRef = () => db.collection('workerLeases').doc('scheduled');

/** The whole run; null when another run holds the lease (it is doing this work now). */
export async function runScheduledWork(
  deps: ForwardDeps,
  options: ScheduledOptions = { foldReports: true },
): Promise<ScheduledResult | null> {
  const token = await claimLease(runLeaseRef(), null, RUN_LEASE_MS, deps.now());
  if (!token) return null;
  try {
    // Orders first: a queue left by a dead instance is decided before anything reads the balances.
    const intents = await decideStaleIntents(deps.now());
    // Then balances: orders released by fresh funds go out in this run's sweep.
    const balances = await refreshBalances(deps);
    // Runs due start before the sweep (no call out: their orders are queued for the trigger, or the sweep).
    const dripFeed = await startDueRuns(deps);
    const swept = await sweep(deps);
    const refunded = await refundFailedOrders(deps);
    const synced = await syncAll(deps);
    const refills = await runRefillWork(deps);
    const services = await syncDueProviderServices(deps);
    const wallet = await runWalletWork(deps);
    const pushes = await sendDuePushes(deps);
    const reports = options.foldReports ? await foldReports(deps) : null;
    return { intents, balances, dripFeed, sweep: swept, refunded, sync: synced, refills, services, wallet, pushes, reports };
  } finally {
    await releaseLease(runLeaseRef(), null, token);
  }
}
