// The forwarding workers off Cloud Functions, for `npm start` and the stack tests (decision record 0008).
// The Functions emulator runs no Firestore trigger here (the Firestore emulator is the Cloud SDK's, which
// firebase-tools cannot subscribe to), so a listener stands in for `forwardQueuedOrder`: an Admin SDK
// query on the queued fulfilments that calls the same forwardOrder when one becomes queued. Beside it
// the ticker (ticker.ts) stands in for Cloud Scheduler. Both may overlap each other and themselves:
// forwardOrder's claim is the only gate, so a second call finds the order claimed and stops. A third
// listener stands in for `runRequestedWorkerRun` (the admin's Sync now, services sync and Check).
import type { Query, QuerySnapshot } from 'firebase-admin/firestore';
import type { FulfilmentDoc } from '../../functions/src/services/orders/fulfilment';
import type { ForwardDeps, ForwardOutcome } from '../../functions/src/workers/forward';
import type { ScheduledResult } from '../../functions/src/workers/scheduled';
import { startTicker, type Ticker } from './ticker';

export interface ForwardListener {
  /** Resolves once the listener has its first snapshot (the queued orders then are being sent). */
  ready: Promise<void>;
  /** Unsubscribes and waits for the sends under way. */
  stop(): Promise<void>;
}

export interface ForwardListenerOptions {
  /** The workers' clock (default Date.now). */
  now?: () => number;
  /** Each send's outcome (also a `skipped` one: already claimed, or kept queued with a reason). */
  onForward?: (orderId: string, outcome: ForwardOutcome) => void;
  onError?: (error: unknown) => void;
  /** How long to wait before subscribing again after the listener failed (default 5 s). */
  resubscribeAfterMs?: number;
  /** Sends at once at most (a burst of placements waits its turn; default 4). */
  concurrency?: number;
}

const logError = (error: unknown) => console.error('Forwarding listener:', error);

/**
 * Listens to `orderFulfilment` where state == 'queued' and forwards an order when it becomes queued
 * (a placement, or an admin's Resend), as the trigger does (`becameQueued`). A queued order that stays
 * queued (its provider disabled or short of funds: forwardOrder writes the reason) is modified without
 * becoming queued again, so it is not sent in a loop; the sweeper retries it. The first snapshot (and
 * the first after a resubscription) holds the orders queued meanwhile: they are sent at once.
 * The environment must already point the Admin SDK at the emulators.
 */
export async function startForwardListener(options: ForwardListenerOptions = {}): Promise<ForwardListener> {
  // Imported here, after the caller has set the emulators' environment (the Admin SDK reads it once).
  const { fulfilmentCollection } = await import('../../functions/src/services/orders/fulfilment');
  const { becameQueued, forwardOrder } = await import('../../functions/src/workers/forward');
  const { workerDeps } = await import('../../functions/src/workers/deps');
  const deps: ForwardDeps = workerDeps(options.now);
  const onError = options.onError ?? logError;
  const limit = options.concurrency ?? 4;

  /** The queued fulfilments as last seen: what a `modified` change is compared with. */
  const seen = new Map<string, FulfilmentDoc>();
  const waiting: string[] = [];
  const inFlight = new Set<string>();
  /** Became queued again while its send was under way (a Resend right after the answer): sent once more after it. */
  const again = new Set<string>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  const pump = () => {
    while (!stopped && inFlight.size < limit && waiting.length > 0) {
      const orderId = waiting.shift() as string;
      inFlight.add(orderId);
      const send = forwardOrder(orderId, deps)
        .then((outcome) => options.onForward?.(orderId, outcome))
        // A failed send (busy, an emulator restarting) leaves the order queued: the sweeper sends it.
        .catch((error: unknown) => onError(error))
        .finally(() => {
          inFlight.delete(orderId);
          running.delete(send);
          if (again.delete(orderId)) waiting.push(orderId);
          pump();
        });
      running.add(send);
    }
  };
  const enqueue = (orderId: string) => {
    if (inFlight.has(orderId)) again.add(orderId);
    if (inFlight.has(orderId) || waiting.includes(orderId)) return;
    waiting.push(orderId);
    pump();
  };

  const listener = listenAgainAfterErrors(
    fulfilmentCollection().where('state', '==', 'queued'),
    (snapshot) => {
      for (const change of snapshot.docChanges()) {
        const id = change.doc.id;
        if (change.type === 'removed') {
          seen.delete(id);
          continue;
        }
        const next = change.doc.data() as FulfilmentDoc;
        const prev = change.type === 'added' ? undefined : seen.get(id);
        seen.set(id, next);
        if (becameQueued(prev, next)) enqueue(id);
      }
    },
    { onError, resubscribeAfterMs: options.resubscribeAfterMs, onSubscribe: () => seen.clear() },
  );

  return {
    ready: listener.ready,
    stop: async () => {
      stopped = true;
      listener.stop();
      waiting.length = 0;
      again.clear();
      await Promise.all(running);
    },
  };
}

/**
 * Listens to `workerRuns` where state == 'queued' and runs each (runRequestedWork), as the trigger
 * `runRequestedWorkerRun` does on its creation; the run's own claim (queued → running) makes a second call
 * a no-op. The environment must already point the Admin SDK at the emulators.
 */
export async function startRunListener(options: Pick<ForwardListenerOptions, 'now' | 'onError' | 'resubscribeAfterMs'> = {}) {
  const { workerRunsCollection } = await import('../../functions/src/services/providers/worker-runs');
  const { runRequestedWork } = await import('../../functions/src/workers/runs');
  const { workerDeps } = await import('../../functions/src/workers/deps');
  const deps = workerDeps(options.now);
  const onError = options.onError ?? ((error: unknown) => console.error('Run listener:', error));
  const running = new Set<Promise<void>>();
  let stopped = false;
  const listener = listenAgainAfterErrors(
    workerRunsCollection().where('state', '==', 'queued'),
    (snapshot) => {
      for (const change of snapshot.docChanges()) {
        if (change.type !== 'added' || stopped) continue;
        const run = runRequestedWork(change.doc.id, deps)
          .catch((error: unknown) => onError(error))
          .finally(() => running.delete(run));
        running.add(run);
      }
    },
    { onError, resubscribeAfterMs: options.resubscribeAfterMs },
  );
  return {
    ready: listener.ready,
    stop: async () => {
      stopped = true;
      listener.stop();
      await Promise.all(running);
    },
  };
}

/**
 * A snapshot listener that subscribes again `resubscribeAfterMs` (default 5 s) after it failed (the SDK
 * retries what it can; an error ends the listener), and is ready at its first snapshot. `onSubscribe`
 * runs before each subscription: the first snapshot of a new one holds everything that matches again.
 */
function listenAgainAfterErrors<T>(
  query: Query<T>,
  onSnapshot: (snapshot: QuerySnapshot<T>) => void,
  options: { onError: (error: unknown) => void; resubscribeAfterMs?: number | undefined; onSubscribe?: () => void },
) {
  let stopped = false;
  let unsubscribe: (() => void) | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const subscribe = () => {
    retryTimer = null;
    if (stopped) return;
    options.onSubscribe?.();
    unsubscribe = query.onSnapshot(
      (snapshot) => {
        onSnapshot(snapshot);
        markReady();
      },
      (error) => {
        options.onError(error);
        unsubscribe = null;
        if (!stopped) retryTimer = setTimeout(subscribe, options.resubscribeAfterMs ?? 5_000);
      },
    );
  };
  subscribe();
  return {
    ready,
    stop: () => {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      unsubscribe?.();
    },
  };
}

export type RunListener = Awaited<ReturnType<typeof startRunListener>>;

export interface LocalWorkers {
  listener: ForwardListener;
  runs: RunListener;
  ticker: Ticker;
  /** Stops both, waiting for the work under way. */
  stop(): Promise<void>;
}

export interface LocalWorkersOptions {
  /** The workers' clock for both (default Date.now). */
  now?: () => number;
  /** The ticker's interval (default a minute, as the scheduled function). */
  intervalMs?: number;
  onForward?: ForwardListenerOptions['onForward'];
  onTick?: (result: ScheduledResult) => void;
  onError?: (error: unknown) => void;
}

/** The triggers' and the scheduler's stand-ins together, on one clock. */
export async function startLocalWorkers(options: LocalWorkersOptions = {}): Promise<LocalWorkers> {
  const listener = await startForwardListener({
    ...(options.now ? { now: options.now } : {}),
    ...(options.onForward ? { onForward: options.onForward } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  });
  const runs = await startRunListener({
    ...(options.now ? { now: options.now } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  });
  const ticker = await startTicker({
    ...(options.now ? { now: options.now } : {}),
    ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}),
    ...(options.onTick ? { onResult: options.onTick } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  });
  return {
    listener,
    runs,
    ticker,
    stop: async () => {
      await Promise.all([listener.stop(), runs.stop(), ticker.stop()]);
    },
  };
}
