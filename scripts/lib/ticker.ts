// `npm start`'s stand-in for Cloud Scheduler: the Functions emulator does not run scheduled functions
// (it would need the Pub/Sub emulator, which needs a download), so this process runs the scheduled
// function's body (workers/scheduled.ts: balances, sweep, automatic refunds, status sync) against the emulators every minute.
// The workers’ claims and leases make a tick safe beside the trigger (or its local stand-in, the listener
// in local-workers.ts) and beside another tick.
import type { ScheduledResult } from '../../functions/src/workers/scheduled';

export interface Ticker {
  /** Runs the work now (or waits for the run under way and returns null): what the timer calls. */
  tick(): Promise<ScheduledResult | null>;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

export interface TickerOptions {
  intervalMs?: number;
  /** The workers' clock (tests move it past the sweep's and the sync's delays). */
  now?: () => number;
  onResult?: (result: ScheduledResult) => void;
  onError?: (error: unknown) => void;
}

/** Starts ticking; the environment must already point the Admin SDK at the emulators. */
export async function startTicker(options: TickerOptions = {}): Promise<Ticker> {
  // Imported here, after the caller has set the emulators' environment (the Admin SDK reads it once).
  const { runScheduledWork } = await import('../../functions/src/workers/scheduled');
  const { workerDeps } = await import('../../functions/src/workers/deps');
  const deps = workerDeps(options.now);
  let running: Promise<ScheduledResult | null> | null = null;

  const tick = async (): Promise<ScheduledResult | null> => {
    // One run at a time: a slow provider must not pile runs up (each would wait on the same leases).
    if (running) {
      await running;
      return null;
    }
    running = runScheduledWork(deps)
      .then((result) => {
        // null: another run (the admin's Sync now) holds the run lease and does this work.
        if (result) options.onResult?.(result);
        return result;
      })
      .catch((error: unknown) => {
        // A failed run (an emulator restarting, say) is logged; the next minute tries again.
        (options.onError ?? ((e) => console.error('Forwarding tick failed:', e)))(error);
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => void tick(), options.intervalMs ?? 60_000);
  return {
    tick,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
