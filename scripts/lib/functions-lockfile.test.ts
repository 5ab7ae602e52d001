import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './emulators';
import { FUNCTIONS_DIR, FUNCTIONS_LOCKFILE, type Lockfile, lockfileProblems, type PackageJson } from './functions-lockfile';

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const pkg = () => readJson<PackageJson>(join(FUNCTIONS_DIR, 'package.json'));
const lock = () => readJson<Lockfile>(FUNCTIONS_LOCKFILE);
const rootLock = () => readJson<Lockfile>(join(ROOT, 'package-lock.json'));

describe('the lockfile functions/ deploys with', () => {
  it('is in step with functions/package.json and locks only versions the root lockfile installs', () => {
    expect(lockfileProblems(pkg(), lock(), rootLock())).toEqual([]);
  });

  it('locks the function runtime dependencies at the versions the tests run', () => {
    const locked = lock().packages;
    const tested = rootLock().packages;
    for (const name of Object.keys(pkg().dependencies as Record<string, string>)) {
      // The workspace's own copy when npm nested it there, else the hoisted one.
      const inRoot = tested[`functions/node_modules/${name}`] ?? tested[`node_modules/${name}`];
      expect(locked[`node_modules/${name}`]?.version, name).toBe(inRoot?.version);
    }
  });

  it('is reported out of step when package.json gains or changes a dependency, or a version was never tested', () => {
    const changed = pkg();
    changed.dependencies = { ...(changed.dependencies as Record<string, string>), ms: '^2.1.3' };
    expect(lockfileProblems(changed, lock(), rootLock())).toEqual([expect.stringMatching(/^"dependencies" differ/)]);

    const olderEngines = { ...pkg(), engines: { node: '20' } };
    expect(lockfileProblems(olderEngines, lock(), rootLock())).toEqual([expect.stringMatching(/^"engines" differ/)]);

    const untested = lock();
    untested.packages = { ...untested.packages, 'node_modules/zod': { ...untested.packages['node_modules/zod'], version: '4.0.0' } };
    expect(lockfileProblems(pkg(), untested, rootLock())).toEqual([
      expect.stringMatching(/^zod@4\.0\.0 is locked for functions\/ but the root lockfile installs /),
    ]);
  });
});
