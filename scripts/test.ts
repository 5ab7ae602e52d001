// `npm test`: every check of the project, in the order that fails fastest, and one summary line.
// typecheck → lint → the functions lockfile → build (the stack tests serve the built app) → all Vitest
// projects (unit, web, emulator: starts Firestore + Auth; stack: starts Hosting + Functions + Firestore
// + Auth once for the HTTP and the browser tests).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ROOT } from './lib/emulators';

const extraArgs = process.argv.slice(2);
const steps: { name: string; command: string; args: string[] }[] = [
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  // What Cloud Build does on deploy: `npm ci` in functions/ alone, from its own lockfile.
  { name: 'functions lockfile', command: 'npm', args: ['run', '--silent', 'lock:functions', '--', '--check'] },
  { name: 'build', command: 'npm', args: ['run', '--silent', 'build'] },
];

/** The first lines of an error, without colours, each cut short. */
function excerpt(message: string): string {
  return stripVTControlCharacters(message)
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\s*at .*node_modules/.test(line))
    .slice(0, 12)
    .map((line) => `    ${line.slice(0, 240)}`)
    .join('\n');
}

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
// Each failed test's name and the first lines of its error, repeated at the end: CI keeps only the tail
// of a run's output, and a failure printed mid-run would be lost with the rest.
const failures: string[] = [];
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
        testResults?: {
          name: string;
          message?: string;
          assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
        }[];
      };
      passed += json.numPassedTests;
      failed += json.numFailedTests;
      skipped += json.numPendingTests + json.numTodoTests;
      counted = json.numFailedTests;
      for (const file of json.testResults ?? []) {
        const where = file.name.startsWith(ROOT) ? file.name.slice(ROOT.length + 1) : file.name;
        const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
        for (const t of failedTests) failures.push(`✗ ${where} > ${t.fullName}\n${excerpt(t.failureMessages?.join('\n') ?? '')}`);
        if (failedTests.length === 0 && file.message) failures.push(`✗ ${where}\n${excerpt(file.message)}`);
      }
    }
    if (code !== 0) {
      failedSteps.push(`tests: ${testRun.name}`);
      if (counted === 0) failed += 1; // a suite that crashed before its tests ran
    }
  }
}

console.log('');
if (failures.length > 0) console.log(`Failed tests:\n${failures.slice(0, 20).join('\n')}\n`);
if (failedSteps.length > 0) console.log(`Failed: ${failedSteps.join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
