// What only the bench needs (Lighthouse and chrome-launcher, ~80 MB) is not in the root install: every
// `npm ci` of CI and of a newcomer would carry it for a run that comes rarely. bench/package.json lists
// it with its own lockfile, and the bench installs it into bench/node_modules on its first run (again
// when the lockfile names other versions).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const BENCH = import.meta.dirname;

/** The version of `name` bench/package-lock.json pins, and the one installed (undefined: none). */
function versions(name: string): { locked: string | undefined; installed: string | undefined } {
  const lock = JSON.parse(readFileSync(join(BENCH, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  const installedPath = join(BENCH, 'node_modules', name, 'package.json');
  return {
    locked: lock.packages[`node_modules/${name}`]?.version,
    installed: existsSync(installedPath) ? (JSON.parse(readFileSync(installedPath, 'utf8')) as { version: string }).version : undefined,
  };
}

export function ensureBenchInstall(): void {
  const stale = ['lighthouse', 'chrome-launcher'].filter((name) => {
    const { locked, installed } = versions(name);
    return locked === undefined || locked !== installed;
  });
  if (stale.length === 0) return;
  console.log(`Installing the bench's own packages into bench/node_modules (${stale.join(', ')})…`);
  const result = spawnSync('npm', ['ci', '--prefix', BENCH, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm ci --prefix bench failed (exit ${result.status})`);
}
