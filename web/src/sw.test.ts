// sw.ts writes out what it shares with the app (its modules would bring zod and React Query into the
// worker): its kinds, its test of an app path and the message it posts must stay those of the contract.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appPath, NOTIFICATION_KINDS } from '@shared/notifications';
import { describe, expect, it } from 'vitest';
import { PUSH_MESSAGE_TYPE } from '@/lib/unread-notifications';

// (The tests run from the repository's root.)
const source = readFileSync(join(process.cwd(), 'web', 'src', 'sw.ts'), 'utf8');

describe('sw.ts', () => {
  it('knows the contract’s kinds', () => {
    const kinds = /const KINDS: readonly string\[\] = (\[[^\]]*\])/.exec(source)?.[1] ?? '';
    expect(JSON.parse(kinds.replace(/'/g, '"'))).toEqual([...NOTIFICATION_KINDS]);
  });

  it('tests an app path as the contract does', () => {
    const pattern = /const APP_PATH = \/(.+)\/;/.exec(source)?.[1];
    const regex = appPath.def.checks?.map((check) => (check as unknown as { _zod: { def: { pattern?: RegExp } } })._zod.def.pattern)[0];
    expect(regex?.source).toBe(String.raw`^\/(?!\/)[^\s\\]*$`);
    expect(pattern).toBe(regex?.source);
  });

  it('tells the open pages of a push as the app listens for it', () => {
    expect(/const PUSH_MESSAGE_TYPE = '([^']+)';/.exec(source)?.[1]).toBe(PUSH_MESSAGE_TYPE);
  });
});
