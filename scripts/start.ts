// `npm start`: the whole app on the emulator suite, seeded, at http://127.0.0.1:5000.
// (The npm script builds the web app and the functions first.)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ADMIN, DEMO_USER } from './lib/demo';
import { assertPortsFree, DEFAULT_PORTS, ROOT, startStack } from './lib/emulators';

for (const built of ['web/dist/index.html', 'functions/lib/index.js']) {
  if (!existsSync(join(ROOT, built))) {
    console.error(`Missing ${built}: run \`npm start\` (it builds first) or \`npm run build\`.`);
    process.exit(1);
  }
}

const ports = DEFAULT_PORTS;
await assertPortsFree(ports, ['hosting', 'functions', 'firestore', 'auth', 'hub', 'logging']);
console.log('Starting the emulators (Firestore, Auth, Functions, Hosting)…');
const stack = await startStack({ emulators: ['firestore', 'auth', 'functions', 'hosting'], ports, output: 'inherit', label: 'start' });

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the emulators…');
  await stack.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  Object.assign(process.env, stack.env);
  const { seed } = await import('./lib/seed');
  await seed();
} catch (error) {
  console.error('Seeding failed:', error);
  await shutdown(1);
}

console.log(`
  Shohrat is running at ${stack.hostingUrl}

  Admin:     ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}
  Customer:  ${DEMO_USER.email} / ${DEMO_USER.password}  (Rs 500 balance)

  API:       ${stack.hostingUrl}/api/services
  Press Ctrl-C to stop.
`);
