// Starts the whole emulator suite (Firestore, Auth, Functions, Hosting) on free ports from the built
// app (npm test builds first), seeds it like `npm start`, and hands its URL to the `stack` project (HTTP and browser tests).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { emulatorLogPath, ROOT, type Stack, startStackOnFreePorts } from '../../scripts/lib/emulators';

const LABEL = 'stack-tests';
let stack: Stack | undefined;

export async function setup(project: TestProject) {
  for (const built of ['web/dist/index.html', 'functions/lib/index.js']) {
    if (!existsSync(join(ROOT, built))) throw new Error(`Missing ${built}: run \`npm run build\` before the stack tests.`);
  }
  stack = await startStackOnFreePorts({
    emulators: ['firestore', 'auth', 'functions', 'hosting'],
    output: 'file',
    label: LABEL,
  });
  Object.assign(process.env, stack.env);
  project.provide('stack', { url: stack.hostingUrl, env: stack.env, firebaseLog: emulatorLogPath(LABEL, 'firebase') });
}

export async function teardown() {
  await stack?.stop();
}
