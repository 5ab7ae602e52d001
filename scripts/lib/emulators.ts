// Starts the Firebase emulator suite for `npm start`, the tests and the benchmarks.
// Firestore: firebase-tools' own emulator needs Java ≥ 21 (and a download); on Java 17 machines the
// Cloud SDK's `cloud_firestore_emulator` (preinstalled, or apt package google-cloud-cli-firestore-emulator)
// runs instead, with the same firestore.rules. Auth, Functions, Hosting and Storage come from firebase-tools
// (Storage with the rules runtime of storage-rules-runtime.ts).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { withConnectSources } from './hosting-headers';
import { prepareStorageRulesRuntime } from './storage-rules-runtime';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const PROJECT_ID = 'demo-smm-panel';

/**
 * The Firestore emulator's JVM compiles with C1 only and collects with one thread: our runs are minutes of
 * short requests, where C2's compiling cost more CPU than it saved. The rules matrix: the emulator's CPU
 * 61 s → 29 s, on two cores (docs/decisions/0017).
 */
export const EMULATOR_JVM_FLAGS = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';

export type EmulatorName = 'firestore' | 'auth' | 'functions' | 'hosting' | 'storage';

export interface Ports {
  firestore: number;
  auth: number;
  functions: number;
  hosting: number;
  storage: number;
  hub: number;
  logging: number;
}

export const DEFAULT_PORTS: Ports = {
  firestore: 8080,
  auth: 9099,
  functions: 5001,
  hosting: 5000,
  storage: 9199,
  hub: 4400,
  logging: 4500,
};

/** For the CLI scripts: the emulators of `npm start` (default ports), unless the environment says otherwise. */
export function defaultToLocalEmulators(): void {
  process.env.GCLOUD_PROJECT ??= PROJECT_ID;
  process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${DEFAULT_PORTS.firestore}`;
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${DEFAULT_PORTS.auth}`;
  process.env.FIREBASE_STORAGE_EMULATOR_HOST ??= `127.0.0.1:${DEFAULT_PORTS.storage}`;
  process.env.METADATA_SERVER_DETECTION ??= 'none';
}

export interface StackOptions {
  emulators: EmulatorName[];
  ports: Ports;
  projectId?: string;
  /** Where emulator output goes: the terminal, or a log file under .emulators/. */
  output: 'inherit' | 'file';
  /** A name for the log files and the generated firebase config. */
  label: string;
}

export interface Stack {
  ports: Ports;
  projectId: string;
  env: Record<string, string>;
  hostingUrl: string;
  /** The first answer of the `api` function after start (a cold start), in ms, when it was started. */
  functionsColdStartMs?: number;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function freePorts(): Promise<Ports> {
  const taken = new Set<number>();
  const next = async () => {
    for (;;) {
      const port = await freePort();
      if (!taken.has(port)) {
        taken.add(port);
        return port;
      }
    }
  };
  return {
    firestore: await next(),
    auth: await next(),
    functions: await next(),
    hosting: await next(),
    storage: await next(),
    hub: await next(),
    logging: await next(),
  };
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

export async function assertPortsFree(ports: Ports, names: (keyof Ports)[]): Promise<void> {
  for (const name of names) {
    if (!(await portIsFree(ports[name]))) {
      throw new Error(`Port ${ports[name]} (${name}) is in use. Stop the other emulators (or whatever holds it) and try again.`);
    }
  }
}

export function javaMajorVersion(): number {
  try {
    const out = execFileSync('java', ['-version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return parseJavaVersion(out);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    return parseJavaVersion(stderr);
  }
}

function parseJavaVersion(text: string): number {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(text);
  if (!match) return 0;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

export function findCloudSdkFirestoreEmulator(): string | null {
  const candidates = [
    process.env.CLOUD_FIRESTORE_EMULATOR,
    '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator',
    '/usr/share/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator',
    '/opt/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator',
  ];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  return null;
}

/** The Firebase rules engine the Storage rules runtime is built on: the Cloud SDK Firestore emulator's jar. */
function storageEngineJar(): string {
  const launcher = findCloudSdkFirestoreEmulator();
  const jar = launcher ? join(launcher, '..', 'cloud-firestore-emulator.jar') : null;
  if (!jar || !existsSync(jar)) {
    throw new Error(
      'The Storage emulator needs the Cloud SDK Firestore emulator (its jar holds the rules engine the Storage rules runtime runs on): `apt-get install -y google-cloud-cli-firestore-emulator`, or set CLOUD_FIRESTORE_EMULATOR to its launcher.',
    );
  }
  return jar;
}

/** Which Firestore emulator this machine runs: firebase-tools' on Java ≥ 21, else the Cloud SDK's. */
export function firestoreEmulatorKind(): 'firebase-tools' | 'cloud-sdk' {
  if (process.env.SHOHRAT_FIRESTORE_EMULATOR === 'cloud-sdk') return 'cloud-sdk';
  if (process.env.SHOHRAT_FIRESTORE_EMULATOR === 'firebase-tools') return 'firebase-tools';
  return javaMajorVersion() >= 21 ? 'firebase-tools' : 'cloud-sdk';
}

/** Polls `url` until ready; returns how long the successful request itself took (ms). */
async function waitFor(
  url: string,
  what: string,
  timeoutMs: number,
  isReady: (res: Response) => boolean | Promise<boolean>,
  child?: ChildProcess,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} before it was ready`);
    const started = performance.now();
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      if (await isReady(res)) return performance.now() - started;
      lastError = `HTTP ${res.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await sleep(250);
  }
  throw new Error(`${what} was not ready at ${url} within ${timeoutMs / 1000} s (${lastError})`);
}

/** Where an emulator's output goes when StackOptions.output is 'file'. */
export function emulatorLogPath(label: string, name: string): string {
  return join(ROOT, '.emulators', `${label}-${name}.log`);
}

function logTarget(options: StackOptions, name: string): 'inherit' | number {
  if (options.output === 'inherit') return 'inherit';
  mkdirSync(join(ROOT, '.emulators'), { recursive: true });
  return openSync(emulatorLogPath(options.label, name), 'w');
}

/**
 * The Functions emulator runs the function on the Node that runs firebase-tools (it only warns when that
 * is not the runtime in firebase.json), so firebase-tools is started with this process's Node, and that
 * must be the runtime's major version.
 */
export function assertNodeMatchesFunctionsRuntime(nodeVersion = process.versions.node): void {
  const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as { functions: { runtime: string }[] };
  for (const { runtime } of config.functions) {
    const wanted = /^nodejs(\d+)$/.exec(runtime)?.[1];
    if (wanted !== nodeVersion.split('.')[0]) {
      throw new Error(
        `The function runs on ${runtime} (firebase.json) but this is Node ${nodeVersion}: the Functions emulator would run it on Node ${nodeVersion}. Put Node ${wanted} first on PATH (\`. scripts/ensure-node.sh\`) and try again.`,
      );
    }
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  killGroup(child, 'SIGINT');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 8000);
  await exited;
  clearTimeout(timer);
}

export async function startStack(options: StackOptions): Promise<Stack> {
  if (options.emulators.includes('functions')) assertNodeMatchesFunctionsRuntime();
  const projectId = options.projectId ?? PROJECT_ID;
  const { ports } = options;
  const children: ChildProcess[] = [];
  const host = '127.0.0.1';
  const env: Record<string, string> = {
    GCLOUD_PROJECT: projectId,
    GOOGLE_CLOUD_PROJECT: projectId,
    FIRESTORE_EMULATOR_HOST: `${host}:${ports.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `${host}:${ports.auth}`,
    ...(options.emulators.includes('storage') ? { FIREBASE_STORAGE_EMULATOR_HOST: `${host}:${ports.storage}` } : {}),
    // No Google Cloud metadata server here: without this, google-auth probes for one and warns.
    METADATA_SERVER_DETECTION: 'none',
  };
  const stop = async () => {
    await Promise.all(children.reverse().map(stopChild));
  };
  let functionsColdStartMs: number | undefined;

  try {
    const wantFirestore = options.emulators.includes('firestore');
    const kind = wantFirestore ? firestoreEmulatorKind() : 'cloud-sdk';
    const toolsEmulators = options.emulators.filter((name) => name !== 'firestore' || kind === 'firebase-tools');

    if (wantFirestore && kind === 'cloud-sdk') {
      const binary = findCloudSdkFirestoreEmulator();
      if (!binary) {
        throw new Error(
          'No Firestore emulator: this machine has Java < 21, so the Cloud SDK emulator is needed. Install it with `apt-get install -y google-cloud-cli-firestore-emulator` (or set CLOUD_FIRESTORE_EMULATOR to its launcher), or install Java 21+.',
        );
      }
      const child = spawn(
        binary,
        ['--host', host, '--port', String(ports.firestore), '--rules', join(ROOT, 'firestore.rules'), '--project_id', projectId],
        {
          cwd: ROOT,
          detached: true,
          stdio: ['ignore', logTarget(options, 'firestore'), logTarget(options, 'firestore-err')],
          // The launcher runs `$JAVA <flags> -cp …`, its JAVA word-split: these flags reach the JVM.
          env: { ...process.env, JAVA: `${process.env.JAVA ?? 'java'} ${EMULATOR_JVM_FLAGS}` },
        },
      );
      children.push(child);
      await waitFor(
        `http://${host}:${ports.firestore}/`,
        'Firestore emulator',
        60_000,
        async (res) => res.ok && (await res.text()).trim() === 'Ok',
        child,
      );
    }

    if (toolsEmulators.length > 0) {
      const base = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as Record<string, unknown>;
      const emulators = {
        auth: { host, port: ports.auth },
        functions: { host, port: ports.functions },
        firestore: { host, port: ports.firestore },
        hosting: { host, port: ports.hosting },
        storage: { host, port: ports.storage },
        hub: { host, port: ports.hub },
        logging: { host, port: ports.logging },
        ui: { enabled: false },
        singleProjectMode: true,
      };
      // The page signs in against the Auth emulator and uploads to the Storage emulator, other origins than
      // Hosting's: this run's policy allows them (firebase.json keeps the production policy, which allows
      // no local origin).
      const localOrigins = (['auth', 'storage'] as const)
        .filter((name) => toolsEmulators.includes(name))
        .map((name) => `http://${host}:${ports[name]}`);
      const config = localOrigins.length > 0 ? withConnectSources(base, localOrigins) : base;
      const storageRuntime = toolsEmulators.includes('storage')
        ? prepareStorageRulesRuntime(ROOT, storageEngineJar(), javaMajorVersion())
        : {};
      // One config per run: two runs in one checkout (a test run beside `npm start`) must not share it.
      const configPath = join(ROOT, `.firebase.${options.label}-${process.pid}.json`);
      writeFileSync(configPath, JSON.stringify({ ...config, emulators }, null, 2));
      // The Storage emulator keeps uploads in `${os.tmpdir()}/firebase/storage/blobs`, one folder for every
      // instance on the machine, and an instance wipes it when it starts or stops: a test run beside
      // another (or beside `npm start`) lost its uploads mid-request. Each run gets a temp folder of its own.
      const runTmp = mkdtempSync(join(tmpdir(), `shohrat-${options.label}-`));
      const firebaseBin = join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
      const child = spawn(
        process.execPath,
        [firebaseBin, 'emulators:start', '--only', toolsEmulators.join(','), '--project', projectId, '--config', configPath],
        {
          cwd: ROOT,
          detached: true,
          stdio: ['ignore', logTarget(options, 'firebase'), logTarget(options, 'firebase-err')],
          env: {
            ...process.env,
            ...env,
            ...storageRuntime,
            TMPDIR: runTmp,
            FIREBASE_CLI_EXPERIMENTS: process.env.FIREBASE_CLI_EXPERIMENTS ?? '',
          },
        },
      );
      children.push(child);
      const stopConfigCleanup = () => {
        rmSync(configPath, { force: true });
        rmSync(runTmp, { recursive: true, force: true });
      };
      child.once('exit', stopConfigCleanup);
      if (toolsEmulators.includes('auth')) {
        await waitFor(`http://${host}:${ports.auth}/`, 'Auth emulator', 90_000, (res) => res.ok, child);
      }
      if (toolsEmulators.includes('storage')) {
        // Any answer means it listens (its root answers 501).
        await waitFor(`http://${host}:${ports.storage}/`, 'Storage emulator', 90_000, () => true, child);
      }
      if (kind === 'firebase-tools' && wantFirestore) {
        await waitFor(`http://${host}:${ports.firestore}/`, 'Firestore emulator', 90_000, (res) => res.ok, child);
      }
      if (toolsEmulators.includes('hosting')) {
        await waitFor(`http://${host}:${ports.hosting}/`, 'Hosting emulator', 90_000, (res) => res.ok, child);
      }
      if (toolsEmulators.includes('functions')) {
        const url = toolsEmulators.includes('hosting')
          ? `http://${host}:${ports.hosting}/api/health`
          : `http://${host}:${ports.functions}/${projectId}/asia-south1/api/api/health`;
        functionsColdStartMs = await waitFor(url, 'Functions emulator', 120_000, (res) => res.ok, child);
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    ports,
    projectId,
    env,
    hostingUrl: `http://${host}:${ports.hosting}`,
    ...(functionsColdStartMs !== undefined ? { functionsColdStartMs } : {}),
    stop,
  };
}

/**
 * startStack on free ports, retried with new ports when an emulator could not bind (another process
 * can take a port between our probe and the emulator's bind).
 */
export async function startStackOnFreePorts(options: Omit<StackOptions, 'ports'>, attempts = 3): Promise<Stack> {
  if (options.emulators.includes('functions')) assertNodeMatchesFunctionsRuntime(); // no retry can fix it
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await startStack({ ...options, ports: await freePorts() });
    } catch (error) {
      lastError = error;
      console.warn(`Emulators did not start (attempt ${attempt} of ${attempts}): ${(error as Error).message}`);
    }
  }
  throw lastError;
}
