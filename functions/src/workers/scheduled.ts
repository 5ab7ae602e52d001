// The every-minute work (decision record 0008): the sweep (lost triggers, expired claims), the status
// sync, then the refills asked of providers. One body for the scheduled function and for `npm start`'s ticker, which runs it on the
// emulators because the Functions emulator does not run scheduled functions.
import { type ForwardDeps, type SweepResult, sweep } from './forward';
import { type RefillWorkResult, runRefillWork } from './refill';
import { type SyncResult, syncAll } from './sync';

export interface ScheduledResult {
  sweep: SweepResult;
  sync: SyncResult;
  refills: RefillWorkResult;
}

export async function runScheduledWork(deps: ForwardDeps): Promise<ScheduledResult> {
  const swept = await sweep(deps);
  const synced = await syncAll(deps);
  const refills = await runRefillWork(deps);
  return { sweep: swept, sync: synced, refills };
}
