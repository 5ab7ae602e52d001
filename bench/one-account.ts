// A part of `npm run bench` on its own (decision records 0007, 0010): the API overhead and the two
// contention runs (20 accounts, then one account), without the scale seeding.
// `npx tsx bench/one-account.ts` after `npm run build`.
import { startStackOnFreePorts } from '../scripts/lib/emulators';
import { renderTable } from './figures';

const stack = await startStackOnFreePorts({
  emulators: ['firestore', 'auth', 'functions', 'hosting'],
  projectId: 'demo-smm-bench',
  output: 'file',
  label: 'bench',
});
try {
  Object.assign(process.env, stack.env);
  const { seed } = await import('../scripts/lib/seed');
  const { apiFigures } = await import('./api');
  await seed();
  const figures = await apiFigures(stack.hostingUrl, (line) => console.log(line), { scale: false });
  console.log(`\n${renderTable(figures)}`);
} finally {
  await stack.stop();
}
process.exit(0);
