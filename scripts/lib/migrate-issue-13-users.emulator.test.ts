import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetEmulators } from '../../tests/support/api';
import { ROOT } from './emulators';
import { migrateIssue13Users } from './migrate-issue-13-users';

const oldProfile = (name: unknown, email: string) => ({
  name,
  email,
  role: 'user',
  balancePaisa: 0,
  lastRecharge: null,
  createdAt: Timestamp.fromMillis(Date.UTC(2026, 0, 1)),
});

describe('npm run migrate:issue-13-users', () => {
  beforeAll(async () => {
    await resetEmulators();
  });

  it('gives profiles written before issue 13 the name the search matches, page by page; a second run changes nothing', async () => {
    const { db } = await import('../../functions/src/lib/admin');
    const { listUsers, newUserDoc } = await import('../../functions/src/services/accounts/users');
    const users = db.collection('users');
    await users.doc('old1').set(oldProfile('Ayesha Khan', 'a@example.com'));
    await users.doc('old2').set(oldProfile('AYAN Ali', 'b@example.com'));
    await users.doc('old3').set(oldProfile('Bilal', 'c@example.com'));
    await users.doc('odd').set(oldProfile(42, 'd@example.com'));
    const now = Timestamp.now();
    await users.doc('new1').set(newUserDoc({ uid: 'new1', email: 'e@example.com', name: 'Ayla', admin: false }, now));

    const search = async (q: string) => (await listUsers({ limit: 50, q, by: 'name' })).items.map((u) => u._id);
    // Before: only the profile the current code wrote is found by its name.
    expect(await search('ay')).toEqual(['new1']);

    const lines: string[] = [];
    const report = await migrateIssue13Users({ batchSize: 2, log: (line) => lines.push(line) });
    expect(report).toEqual({ scanned: 5, updated: 3, skipped: 1 });
    expect(lines).toEqual(['users/odd: no name, left as it is']);
    expect(await search('AY')).toEqual(['old2', 'old1', 'new1']);
    expect((await users.doc('old1').get()).data()).toMatchObject({ name: 'Ayesha Khan', nameLower: 'ayesha khan', email: 'a@example.com' });

    const times = async () => (await users.get()).docs.map((d) => `${d.id}@${d.updateTime.toMillis()}`).sort();
    const before = await times();
    const second = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'scripts', 'migrate-issue-13-users.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: process.env,
    });
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toContain('users: 5 read, 0 migrated, 1 left as they are');
    expect(await times()).toEqual(before);
  });
});
