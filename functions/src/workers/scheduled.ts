// The every-minute work (decision record 0008): the sweep (lost triggers, expired claims), then the
// status sync, and the services sync of each provider due for one (every 6 hours). One body for the scheduled function and for `npm start`'s ticker, which runs it on the
// emulators because the Functions emulator does not run scheduled functions.
import { type ForwardDeps, type SweepResult, sweep } from './forward';
import { type ServiceSyncResult, syncDueProviderServices } from './service-sync';
import { type SyncResult, syncAll } from './sync';

export interface ScheduledResult {
  sweep: SweepResult;
  sync: SyncResult;
  services: ServiceSyncResult;
}

export async function runScheduledWork(deps: ForwardDeps): Promise<ScheduledResult> {
  const swept = await sweep(deps);
  const synced = await syncAll(deps);
  const services = await syncDueProviderServices(deps);
  return { sweep: swept, sync: synced, services };
}
