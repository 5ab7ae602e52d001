// `npm test`: every check of the project, in the order that fails fastest, and one summary line.
// typecheck → lint → the functions lockfile → build (the stack tests serve the built app) → all Vitest
// projects (unit, web, emulator: starts Firestore + Auth; stack: starts Hosting + Functions + Firestore
// + Auth once for the HTTP and the browser tests).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/emulators';

const extraArgs = process.argv.slice(2);
const steps: { name: string; command: string; args: string[] }[] = [
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  // What Cloud Build does on deploy: `npm ci` in functions/ alone, from its own lockfile.
  { name: 'functions lockfile', command: 'npm', args: ['run', '--silent', 'lock:functions', '--', '--check'] },
  { name: 'build', command: 'npm', args: ['run', '--silent', 'build'] },
];

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

const failedSteps: string[] = [];
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  if (run(step.command, step.args) !== 0) {
    failedSteps.push(step.name);
    break;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
// The Vitest projects run one after the other (each starts its own emulators), so a run on two cores
// never has an emulator suite, a whole stack and a browser competing for them at once.
const testRuns: { name: string; projects: string[] }[] = [
  { name: 'unit and web', projects: ['unit', 'web'] },
  { name: 'emulator (API, rules, seed)', projects: ['emulator'] },
  { name: 'stack and browser (Hosting → Functions → Firestore, Chromium)', projects: ['stack'] },
];
if (failedSteps.length === 0) {
  const resultsDir = join(ROOT, 'test-results');
  mkdirSync(resultsDir, { recursive: true });
  for (const testRun of testRuns) {
    console.log(`\n▶ tests: ${testRun.name}`);
    const report = join(resultsDir, `vitest-${testRun.projects.join('-')}.json`);
    rmSync(report, { force: true });
    const code = run(join(ROOT, 'node_modules', '.bin', 'vitest'), [
      'run',
      ...testRun.projects.flatMap((project) => ['--project', project]),
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...extraArgs,
    ]);
    let counted = 0;
    if (existsSync(report)) {
      const json = JSON.parse(readFileSync(report, 'utf8')) as {
        numPassedTests: number;
        numFailedTests: number;
        numPendingTests: number;
        numTodoTests: number;
      };
      passed += json.numPassedTests;
      failed += json.numFailedTests;
      skipped += json.numPendingTests + json.numTodoTests;
      counted = json.numFailedTests;
    }
    if (code !== 0) {
      failedSteps.push(`tests: ${testRun.name}`);
      if (counted === 0) failed += 1; // a suite that crashed before its tests ran
    }
  }
}

console.log('');
if (failedSteps.length > 0) console.log(`Failed: ${failedSteps.join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
