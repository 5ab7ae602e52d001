// The one-off backfill for profiles written before the search by name (`npm run migrate:issue-13-users`):
// users/* get `nameLower`, the lowercased name the admin's search by name matches (as newUserDoc writes it).
// Paged (scripts/lib/backfill.ts); a profile that has it is skipped, so a second run, or a run after
// an interrupted one, changes nothing that was done. Names do not change after a profile is made, so a
// batched write cannot undo a concurrent one.
import { backfill } from './backfill';

export interface UsersMigrationReport {
  scanned: number;
  updated: number;
  /** Profiles without a text name, left as they are (logged). */
  skipped: number;
}

export async function migrateIssue13Users(
  options: { batchSize?: number; log?: (line: string) => void } = {},
): Promise<UsersMigrationReport> {
  const log = options.log ?? (() => {});
  const { nameSearchKey } = await import('../../functions/src/services/accounts/users');
  let skipped = 0;
  const { scanned, updated } = await backfill({
    collection: 'users',
    fields: ['name', 'nameLower'],
    batchSize: options.batchSize ?? 300,
    change: (doc) => {
      const name: unknown = doc.get('name');
      if (typeof name !== 'string') {
        skipped++;
        log(`users/${doc.id}: no name, left as it is`);
        return null;
      }
      return doc.get('nameLower') === nameSearchKey(name) ? null : { nameLower: nameSearchKey(name) };
    },
  });
  return { scanned, updated, skipped };
}
