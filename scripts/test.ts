// `npm test`: every check of the project, in the order that fails fastest, and one summary line.
// typecheck → lint → build (the stack tests serve the built app) → all Vitest projects (unit, web,
// emulator: starts Firestore + Auth; stack: starts Hosting + Functions + Firestore + Auth).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/emulators';

const extraArgs = process.argv.slice(2);
const steps: { name: string; command: string; args: string[] }[] = [
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
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
if (failedSteps.length === 0) {
  console.log('\n▶ tests (vitest: unit, web, emulator, stack)');
  const resultsDir = join(ROOT, 'test-results');
  mkdirSync(resultsDir, { recursive: true });
  const report = join(resultsDir, 'vitest.json');
  rmSync(report, { force: true });
  const code = run(join(ROOT, 'node_modules', '.bin', 'vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...extraArgs,
  ]);
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
    passed = json.numPassedTests;
    failed = json.numFailedTests;
    skipped = json.numPendingTests + json.numTodoTests;
  }
  if (code !== 0) failedSteps.push('tests');
  if (code !== 0 && failed === 0) failed = 1; // a suite that crashed before its tests ran
}

console.log('');
if (failedSteps.length > 0) console.log(`Failed: ${failedSteps.join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
