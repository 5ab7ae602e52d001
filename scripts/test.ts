// `npm test`: every check of the project, and one summary line. What can run side by side does
// (docs/decisions/0017): the typecheck, lint, the functions lockfile check and the build beside the unit, web
// and emulator tests (which need no build: the emulator tests serve the app in process, each file with a
// Firestore project of its own); then the stack and browser tests, which serve the built app (Hosting →
// Functions → Firestore, Chromium).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ROOT } from './lib/emulators';

const extraArgs = process.argv.slice(2);
const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;

interface Step {
  name: string;
  command: string;
  args: string[];
}
const checks: Step[] = [
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  // What Cloud Build does on deploy: `npm ci` in functions/ alone, from its own lockfile.
  { name: 'functions lockfile', command: 'npm', args: ['run', '--silent', 'lock:functions', '--', '--check'] },
];
const build: Step = { name: 'build', command: 'npm', args: ['run', '--silent', 'build'] };

/** Runs a command; its output is printed as it comes (`inherit`) or kept and printed whole at the end. */
function run(step: Step, output: 'inherit' | 'keep'): Promise<{ code: number; text: string }> {
  return new Promise((done) => {
    const child = spawn(step.command, step.args, { cwd: ROOT, env: process.env, stdio: output === 'inherit' ? 'inherit' : 'pipe' });
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.on('error', (error) => done({ code: 1, text: `${text}${String(error)}\n` }));
    child.on('close', (code) => done({ code: code ?? 1, text }));
  });
}

/** A kept output, shown under its step's name with how it ended. */
function show(step: Step, result: { code: number; text: string }) {
  console.log(`\n▶ ${step.name} (${result.code === 0 ? 'passed' : `failed, exit ${result.code}`}, at ${elapsed()})`);
  if (result.text.trim() !== '') console.log(result.text.trimEnd());
}

/** The first lines of an error, without colours, each cut short. */
function excerpt(message: string): string {
  return stripVTControlCharacters(message)
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\s*at .*node_modules/.test(line))
    .slice(0, 12)
    .map((line) => `    ${line.slice(0, 240)}`)
    .join('\n');
}

const failedSteps: string[] = [];
let passed = 0;
let failed = 0;
let skipped = 0;
// Each failed test's name and the first lines of its error, repeated at the end: CI keeps only the tail
// of a run's output, and a failure printed mid-run would be lost with the rest.
const failures: string[] = [];
const resultsDir = join(ROOT, 'test-results');

interface TestRun {
  name: string;
  projects: string[];
}

/** One Vitest run of some projects, its JSON report read into the counts and the failures. */
async function runTests(testRun: TestRun, output: 'inherit' | 'keep'): Promise<void> {
  console.log(`\n▶ tests: ${testRun.name} (from ${elapsed()})`);
  const report = join(resultsDir, `vitest-${testRun.projects.join('-')}.json`);
  rmSync(report, { force: true });
  const { code, text } = await run(
    {
      name: testRun.name,
      command: join(ROOT, 'node_modules', '.bin', 'vitest'),
      args: [
        'run',
        ...testRun.projects.flatMap((project) => ['--project', project]),
        '--passWithNoTests',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...extraArgs,
      ],
    },
    output,
  );
  if (output === 'keep') console.log(`\n▶ tests: ${testRun.name}, its output\n${text.trimEnd()}`);
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
  console.log(`\n▶ tests: ${testRun.name} ended at ${elapsed()}`);
  if (code !== 0) {
    failedSteps.push(`tests: ${testRun.name}`);
    if (counted === 0) failed += 1; // a suite that crashed before its tests ran
  }
}

// Node caches the code it compiles (node_modules above all) for every process of the run: each test file's
// worker, the emulators, the function runtime import the same packages again.
process.env.NODE_COMPILE_CACHE ??= join(ROOT, 'node_modules', '.cache', 'node-compile-cache');
mkdirSync(resultsDir, { recursive: true });

console.log(`▶ ${[...checks, build].map((step) => step.name).join(', ')}: beside the tests (from ${elapsed()})`);
const checking = Promise.all(checks.map((step) => run(step, 'keep')));
const building = run(build, 'keep');
await runTests(
  { name: 'unit, web and emulator (API, rules, seed)', projects: ['unit', 'web', 'web-mocking', 'emulator', 'emulator-serial'] },
  'inherit',
);
const checked = await checking;
checks.forEach((step, i) => {
  const result = checked[i] as { code: number; text: string };
  show(step, result);
  if (result.code !== 0) failedSteps.push(step.name);
});
const built = await building;
show(build, built);
if (built.code !== 0) failedSteps.push(build.name);
// The stack after the rest: run beside it, the two cores were so busy that browser tests missed their waits
// (docs/decisions/0017).
else await runTests({ name: 'stack and browser (Hosting → Functions → Firestore, Chromium)', projects: ['stack'] }, 'inherit');

console.log('');
if (failures.length > 0) console.log(`Failed tests:\n${failures.slice(0, 20).join('\n')}\n`);
if (failedSteps.length > 0) console.log(`Failed: ${failedSteps.join(', ')}`);
console.log(`Took ${elapsed()}.`);
// A failed check (typecheck, lint, lockfile, build) counts as one failure: the summary never says 0 failed
// when something did.
const failedChecks = failedSteps.filter((step) => !step.startsWith('tests: ')).length;
console.log(`${passed} passed, ${failed + failedChecks} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
