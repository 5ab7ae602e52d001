// The every-minute work (decision record 0008), in runScheduledWork's order: order queues a dead instance left (0010),
// balances, drip-feed runs due, the sweep (lost triggers, expired claims, orders waiting for funds), automatic refunds,
// the status sync, refills, services syncs due (every 6 hours), the autopilot's safety net, pushes due, services' measured figures, and last the
// reports' rollups (0011). One body for the scheduled function, the admin's "Sync now" (workers/runs.ts; without the
// rollups, which trail by 10 minutes anyway) and `npm start`'s ticker (the Functions emulator runs no schedule). One run
// at a time under workerLeases/scheduled (services/kernel/lease.ts), which only saves calls: each step has its own claims.
import { db } from '../lib/admin';
import { logger } from '../lib/logger';
import { type FiguresResult, foldServiceFigures } from '../services/catalogue/service-figures';
import { claimLease, releaseLease } from '../services/kernel/lease';
import { decideStaleIntents } from '../services/orders/place-order';
import { type FoldResult, foldReports } from '../services/reports/daily-rollups';
import { type PushWorkResult, sendDuePushes } from '../services/support/notifications';
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
  /** Order intents decided whose requests had died (services/orders/place-order.ts). */
  intents: number;
  balances: BalanceResult;
  dripFeed: DripFeedResult;
  sweep: SweepResult;
  refunded: number;
  sync: SyncResult;
  refills: RefillWorkResult;
  services: ServiceSyncResult;
  /** The top-up autopilot's safety net and the wallet phones' health (decision record 0015). */
  wallet: WalletWorkResult;
  pushes: PushWorkResult;
  /** Services' measured figures (services/catalogue/service-figures.ts); null when the fold failed (logged). */
  figures: FiguresResult | null;
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
    // On its own: a failure here is logged and leaves the reports' rollups after it to run.
    const figures = await foldServiceFigures(deps.now()).catch((error: unknown) => {
      logger.error('Service figures: the fold stopped for this run', { error: String(error) });
      return null;
    });
    const reports = options.foldReports ? await foldReports(deps) : null;
    return { intents, balances, dripFeed, sweep: swept, refunded, sync: synced, refills, services, wallet, pushes, figures, reports };
  } finally {
    await releaseLease(runLeaseRef(), null, token);
  }
}
