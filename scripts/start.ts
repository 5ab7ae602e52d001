// `npm start`: the whole app on the emulator suite, seeded, at http://127.0.0.1:5000, with the demo
// provider on a local port and the local workers (local-workers.ts): a listener that forwards an order
// within seconds of its placement (the Firestore trigger's stand-in) and a ticker running the
// every-minute work (sweep, status sync), so orders go to the provider and come back completed with
// nothing to press; and the demo wallet phone (decision record 0015), which pings every 5 minutes as the
// SMS Gateway app does, so `npm run wallet:sms` payments credit by themselves.
// (The npm script builds the web app and the functions first.)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ADMIN, DEMO_PROVIDER, DEMO_USER } from './lib/demo';
import { type DemoProvider, startDemoProvider } from './lib/demo-provider';
import { assertPortsFree, DEFAULT_PORTS, ROOT, startStack } from './lib/emulators';
import type { LocalWorkers } from './lib/local-workers';
import { DEMO_PHONE, deliver, pingBody } from './lib/wallet-phone';

for (const built of ['web/dist/index.html', 'functions/lib/index.js']) {
  if (!existsSync(join(ROOT, built))) {
    console.error(`Missing ${built}: run \`npm start\` (it builds first) or \`npm run build\`.`);
    process.exit(1);
  }
}

const ports = DEFAULT_PORTS;
await assertPortsFree(ports, ['hosting', 'functions', 'firestore', 'auth', 'storage', 'hub', 'logging']);
let demoProvider: DemoProvider;
try {
  demoProvider = await startDemoProvider({
    port: DEMO_PROVIDER.port,
    key: DEMO_PROVIDER.key,
    balance: DEMO_PROVIDER.balanceUsd,
    timing: DEMO_PROVIDER.timing,
    seed: Date.now(),
  });
} catch (error) {
  console.error(`The demo provider could not listen on port ${DEMO_PROVIDER.port}: ${(error as Error).message}. Free it and try again.`);
  process.exit(1);
}
console.log('Starting the emulators (Firestore, Auth, Functions, Hosting, Storage)…');
const stack = await startStack({
  emulators: ['firestore', 'auth', 'functions', 'hosting', 'storage'],
  ports,
  output: 'inherit',
  label: 'start',
});
let workers: LocalWorkers | undefined;
let phonePings: NodeJS.Timeout | undefined;

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the forwarding workers, the demo provider and the emulators…');
  clearInterval(phonePings);
  await workers?.stop();
  await demoProvider.close();
  await stack.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  Object.assign(process.env, stack.env);
  const { seed } = await import('./lib/seed');
  const seeded = await seed({ demoProvider: { url: demoProvider.url, key: demoProvider.key }, history: true });
  if (seeded.history)
    console.log(
      `Demo history: ${seeded.history.customers} customers, ${seeded.history.orders} orders over the last 60 days, folded into the reports.`,
    );
  const { startLocalWorkers } = await import('./lib/local-workers');
  workers = await startLocalWorkers({
    onForward: (orderId, outcome) => {
      if (outcome.kind === 'sent') console.log(`Forwarding: order ${orderId} sent (provider order ${outcome.providerOrderId})`);
      else if (outcome.kind === 'failed') console.log(`Forwarding: order ${orderId} failed: ${outcome.error}`);
      else if (outcome.kind === 'unknown') console.log(`Forwarding: order ${orderId} unknown: ${outcome.reason}`);
      else if (outcome.kind === 'skipped' && outcome.reason) console.log(`Forwarding: order ${orderId} waits: ${outcome.reason}`);
    },
    onTick: ({ sweep, refunded, sync, refills }) => {
      if (sweep.sent + sweep.expired + refunded + sync.changed + sync.flagged > 0) {
        console.log(
          `Forwarding: ${sweep.sent} sent, ${sweep.expired} unanswered (unknown), ${refunded} failed refunded; status sync: ${sync.checked} checked, ${sync.changed} changed, ${sync.flagged} flagged`,
        );
      }
      if (refills.sent + refills.decided + refills.expired > 0) {
        console.log(`Refills at providers: ${refills.sent} asked, ${refills.decided} decided, ${refills.expired} unanswered (unknown)`);
      }
    },
  });
  // The demo phone's pings (the app's Settings → Ping), so it stays healthy and Easypaisa stays automatic.
  const ping = () =>
    deliver(stack.hostingUrl, DEMO_PHONE.id, DEMO_PHONE.signingKey, pingBody()).catch((error: Error) =>
      console.log(`Demo wallet phone: ping failed: ${error.message}`),
    );
  await ping();
  phonePings = setInterval(() => void ping(), 5 * 60_000);
} catch (error) {
  console.error('Seeding failed:', error);
  await shutdown(1);
}

console.log(`
  Shohrat is running at ${stack.hostingUrl}

  Admin:     ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}, then the two-step code: npm run admin:code
             (its authenticator key: ${DEMO_ADMIN.totpSecret})
  Customer:  ${DEMO_USER.email} / ${DEMO_USER.password}  (Rs 500 balance)

  API:       ${stack.hostingUrl}/api/services
  Provider:  ${DEMO_PROVIDER.name} at ${demoProvider.url}; its services are linked (forwarded on placement, synced every minute)
  Wallet:    ${DEMO_PHONE.name} is paired for ${DEMO_PHONE.wallet}. Request a top-up as the demo customer (paid from
             0345 1234567), then send its SMS as the phone:
             npm run wallet:sms -- --wallet ${DEMO_PHONE.wallet} --amount 500 --tid 12345678901 --from 03451234567
  Press Ctrl-C to stop.
`);
