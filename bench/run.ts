// `npm run bench`: what users feel, measured on the local emulator stack, with budgets. Writes
// bench/results/latest.md and latest.json, prints a table, exits 1 when a budget is missed.
// Emulator figures track regressions and ratios measured in one run, not production latency.
// `npm run bench -- --only=web` (or api, wallet, sync) measures one part alone, into latest-web.md/json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, type Stack, startStackOnFreePorts } from '../scripts/lib/emulators';
import type { Figure } from './figures';
import { renderMarkdown, renderTable } from './figures';
import { ensureBenchInstall } from './install';

const PARTS = ['api', 'web', 'wallet', 'sync'] as const;
const onlyArg = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
if (onlyArg !== undefined && !PARTS.includes(onlyArg as (typeof PARTS)[number])) {
  console.error(`--only= takes one of ${PARTS.join(', ')}`);
  process.exit(2);
}
const runs = (part: (typeof PARTS)[number]) => onlyArg === undefined || onlyArg === part;

if (runs('web')) ensureBenchInstall();

const figures: Figure[] = [];
let stack: Stack | undefined;
// The function counts the documents each request reads (X-Firestore-Reads): on the emulators only.
process.env.COUNT_FIRESTORE_READS = 'true';
try {
  stack = await startStackOnFreePorts({
    emulators: ['firestore', 'auth', 'functions', 'hosting'],
    projectId: 'demo-smm-bench',
    output: 'file',
    label: 'bench',
  });
  Object.assign(process.env, stack.env);
  // The emulators run in process groups of their own: an interrupted bench must stop them itself.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stack?.stop().finally(() => process.exit(130));
    });
  }
  figures.push({
    name: 'Cold start: first answer of the api function after start',
    value: stack.functionsColdStartMs ?? Number.NaN,
    unit: 'ms',
    note: 'Functions emulator worker start + module load; no budget',
  });
  // Imported only now: the Admin SDK must initialise with the emulator variables set.
  const { seed } = await import('../scripts/lib/seed');
  const { apiFigures } = await import('./api');
  const { webFigures } = await import('./web');
  const { syncFigures } = await import('./sync');
  const { walletFigures } = await import('./wallet');
  await seed();
  if (runs('api')) figures.push(...(await apiFigures(stack.hostingUrl, (line) => console.log(line))));
  if (runs('web')) figures.push(...(await webFigures(stack.hostingUrl, (line) => console.log(line))));
  if (runs('wallet')) figures.push(...(await walletFigures(stack.hostingUrl, (line) => console.log(line))));
  // Last: its 10,000 fulfilment documents each wake the forwarding trigger, load that must not touch
  // the timings and Lighthouse above.
  if (runs('sync')) figures.push(...(await syncFigures((line) => console.log(line))));
} finally {
  await stack?.stop();
}

const dir = join(ROOT, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const when = new Date().toISOString();
const name = onlyArg === undefined ? 'latest' : `latest-${onlyArg}`;
writeFileSync(join(dir, `${name}.json`), `${JSON.stringify({ when, figures }, null, 2)}\n`);
writeFileSync(join(dir, `${name}.md`), renderMarkdown(figures, when));
console.log(`\n${renderTable(figures)}`);
const missed = figures.filter((f) => f.pass === false);
console.log(missed.length === 0 ? '\nEvery budget met.' : `\n${missed.length} budget(s) missed: ${missed.map((f) => f.name).join('; ')}`);
process.exit(missed.length === 0 ? 0 : 1);
