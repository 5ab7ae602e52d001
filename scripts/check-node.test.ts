import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib/emulators';

const { satisfies, range } = createRequire(import.meta.url)('./check-node.cjs') as {
  satisfies: (version: string, range: string) => boolean;
  range: string;
};
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

describe('the Node.js version', () => {
  it('is Node 22 everywhere: engines, the pinned version CI installs, the function runtime and its bundle target', () => {
    const pinned = read('.nvmrc').trim();
    const rootPkg = JSON.parse(read('package.json')) as { devEngines: { runtime: { name: string; version: string; onFail: string } } };
    expect(rootPkg.devEngines.runtime).toEqual({ name: 'node', version: range, onFail: 'error' });
    const functionsPkg = JSON.parse(read('functions/package.json')) as { engines: { node: string } };
    const firebase = JSON.parse(read('firebase.json')) as { functions: { runtime: string }[] };
    expect(range).toMatch(/^\^22\./);
    expect(satisfies(pinned, range)).toBe(true);
    expect(functionsPkg.engines.node).toBe('22');
    expect(firebase.functions.map((codebase) => codebase.runtime)).toEqual(['nodejs22']);
    expect(read('functions/build.mjs')).toContain("target: 'node22'");
  });

  it('runs these tests', () => {
    expect(satisfies(process.versions.node, range)).toBe(true);
  });

  it('is checked the way npm reads engines ranges', () => {
    expect(satisfies('22.22.2', '^22.22.2')).toBe(true);
    expect(satisfies('22.23.3', '^22.22.2')).toBe(true);
    expect(satisfies('22.22.1', '^22.22.2')).toBe(false);
    expect(satisfies('20.20.2', '^22.22.2')).toBe(false);
    expect(satisfies('24.1.0', '^22.22.2')).toBe(false);
    expect(satisfies('22.5.0', '>=22 <23')).toBe(true);
    expect(satisfies('23.0.0', '>=22 <23')).toBe(false);
    expect(() => satisfies('22.0.0', '22.x || 24')).toThrow(/cannot read the engines range/);
  });
});
