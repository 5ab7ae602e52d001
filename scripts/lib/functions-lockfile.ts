// functions/ deploys with its own package.json: Cloud Build runs `npm ci` in the uploaded folder, so it
// needs its own lockfile (the root one covers the workspaces together). That lockfile must stay in step
// with functions/package.json, and lock only versions the root lockfile installs, so what is deployed is
// what the tests ran.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './emulators';

export interface LockEntry {
  name?: string;
  version?: string;
  link?: boolean;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  [field: string]: unknown;
}

export interface Lockfile {
  name?: string;
  lockfileVersion?: number;
  packages: Record<string, LockEntry>;
}

export type PackageJson = Record<string, unknown>;

export const FUNCTIONS_DIR = join(ROOT, 'functions');
export const FUNCTIONS_LOCKFILE = join(FUNCTIONS_DIR, 'package-lock.json');

// The fields of package.json that npm copies into the lockfile's root entry.
const ROOT_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'engines'] as const;

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** The package a lockfile path holds: `node_modules/a/node_modules/@b/c` → `@b/c`. */
export function packageName(path: string, entry: LockEntry): string {
  return entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/** name → every version the lockfile installs (workspace links left out). */
export function lockedVersions(lock: Lockfile): Map<string, Set<string>> {
  const versions = new Map<string, Set<string>>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === '' || entry.link || !entry.version || !path.includes('node_modules/')) continue;
    const name = packageName(path, entry);
    if (!versions.has(name)) versions.set(name, new Set());
    versions.get(name)?.add(entry.version);
  }
  return versions;
}

const canonical = (value: unknown) =>
  JSON.stringify(Object.entries((value ?? {}) as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)));

/** What is wrong with the functions lockfile, in words; empty when it is in step. */
export function lockfileProblems(pkg: PackageJson, lock: Lockfile, rootLock: Lockfile): string[] {
  const problems: string[] = [];
  const root = lock.packages[''] ?? {};
  for (const field of ROOT_FIELDS) {
    if (canonical(pkg[field]) !== canonical(root[field])) {
      problems.push(`"${field}" differ: functions/package.json has ${canonical(pkg[field])}, its lockfile ${canonical(root[field])}`);
    }
  }
  const tested = lockedVersions(rootLock);
  for (const [name, versions] of lockedVersions(lock)) {
    for (const version of versions) {
      if (!tested.get(name)?.has(version)) {
        problems.push(
          `${name}@${version} is locked for functions/ but the root lockfile installs ${[...(tested.get(name) ?? [])].join(', ') || 'no version of it'}`,
        );
      }
    }
  }
  return problems;
}

function npm(cwd: string, args: string[]): void {
  // Resolved URLs are left out, as in the root lockfile: Cloud Build reads them from its own registry.
  const result = spawnSync('npm', [...args, '--ignore-scripts', '--no-audit', '--no-fund', '--omit-lockfile-registry-resolved'], {
    cwd,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    // npm follows its reason with the command's whole usage text: keep the reason.
    const reason = `${result.stdout}${result.stderr}`.split('\n').filter((line) => !/Unknown (env|user) config/.test(line));
    throw new Error(`npm ${args.join(' ')} failed in ${cwd}:\n${reason.slice(0, 12).join('\n')}`);
  }
}

function withIsolatedCopy<T>(files: string[], work: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'shohrat-functions-'));
  try {
    for (const file of files) copyFileSync(join(FUNCTIONS_DIR, file), join(dir, file));
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const FLAGS = ['dev', 'optional', 'devOptional', 'peer'] as const;

/**
 * Writes functions/package-lock.json as npm resolves functions/package.json on its own (outside the
 * workspace), then moves every package it can onto the version the root lockfile installs: the entry is
 * taken from the root lockfile and npm re-checks the tree, keeping it where it satisfies every range.
 * Returns what still differs from the root lockfile.
 */
export function writeFunctionsLockfile(): string[] {
  const rootLock = readJson<Lockfile>(join(ROOT, 'package-lock.json'));
  const pkg = readJson<PackageJson>(join(FUNCTIONS_DIR, 'package.json'));
  const tested = new Map<string, LockEntry[]>();
  for (const [path, entry] of Object.entries(rootLock.packages)) {
    if (path === '' || entry.link || !entry.version || !path.includes('node_modules/')) continue;
    const name = packageName(path, entry);
    tested.set(name, [...(tested.get(name) ?? []), entry]);
  }
  return withIsolatedCopy(['package.json'], (dir) => {
    const lockPath = join(dir, 'package-lock.json');
    npm(dir, ['install', '--package-lock-only']);
    for (let round = 0; round < 5; round++) {
      const lock = readJson<Lockfile>(lockPath);
      let moved = 0;
      for (const [path, entry] of Object.entries(lock.packages)) {
        if (path === '' || !entry.version) continue;
        const candidates = tested.get(packageName(path, entry)) ?? [];
        if (candidates.length === 0 || candidates.some((c) => c.version === entry.version)) continue;
        // The root's version of the same major, if there is one: npm undoes the move if a range refuses it.
        const major = entry.version.split('.')[0];
        const replacement = candidates.find((c) => c.version?.split('.')[0] === major);
        if (!replacement) continue;
        const { resolved: _resolved, link: _link, ...rest } = replacement;
        const moved_entry: LockEntry = { ...rest };
        for (const flag of FLAGS) {
          delete moved_entry[flag];
          if (entry[flag]) moved_entry[flag] = true;
        }
        lock.packages[path] = moved_entry;
        moved++;
      }
      if (moved === 0) break;
      writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
      npm(dir, ['install', '--package-lock-only']);
    }
    copyFileSync(lockPath, FUNCTIONS_LOCKFILE);
    return lockfileProblems(pkg, readJson<Lockfile>(lockPath), rootLock);
  });
}

/** The lockfile's problems, then what Cloud Build does with it: `npm ci` in a copy of functions/ alone. */
export function checkFunctionsLockfile(): string[] {
  const problems = lockfileProblems(
    readJson<PackageJson>(join(FUNCTIONS_DIR, 'package.json')),
    readJson<Lockfile>(FUNCTIONS_LOCKFILE),
    readJson<Lockfile>(join(ROOT, 'package-lock.json')),
  );
  if (problems.length > 0) return problems;
  try {
    withIsolatedCopy(['package.json', 'package-lock.json'], (dir) => npm(dir, ['ci']));
  } catch (error) {
    return [(error as Error).message];
  }
  return [];
}
