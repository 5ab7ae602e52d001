// public/push-sw.js is plain JS run by the service worker as it is (no imports): its kinds and its test
// of an app path must stay those of the shared contract.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appPath, NOTIFICATION_KINDS } from '@shared/notifications';
import { describe, expect, it } from 'vitest';

// (The tests run from the repository's root.)
const source = readFileSync(join(process.cwd(), 'web', 'public', 'push-sw.js'), 'utf8');

describe('push-sw.js', () => {
  it('knows the contract’s kinds', () => {
    const kinds = /const KINDS = (\[[^\]]*\]);/.exec(source)?.[1] ?? '';
    expect(JSON.parse(kinds.replace(/'/g, '"'))).toEqual([...NOTIFICATION_KINDS]);
  });

  it('tests an app path as the contract does', () => {
    const pattern = /const APP_PATH = \/(.+)\/;/.exec(source)?.[1];
    const regex = appPath.def.checks?.map((check) => (check as unknown as { _zod: { def: { pattern?: RegExp } } })._zod.def.pattern)[0];
    expect(regex?.source).toBe(String.raw`^\/(?!\/)[^\s\\]*$`);
    expect(pattern).toBe(regex?.source);
  });
});
