// The one-off backfill for drip-feeds placed before the customer's Orders page (`npm run migrate:issue-31`):
// orders/* with a `dripFeed` get `isDripFeed: true`, what the page's Drip-feed tab filters on (as placement
// writes it now). An order that has it is skipped (scripts/lib/backfill.ts). Nothing else writes or removes the field.
import { backfill } from './backfill';

export interface DripFeedMigrationReport {
  scanned: number;
  updated: number;
}

export function migrateIssue31(options: { batchSize?: number } = {}): Promise<DripFeedMigrationReport> {
  return backfill({
    collection: 'orders',
    fields: ['dripFeed', 'isDripFeed'],
    batchSize: options.batchSize ?? 300,
    change: (doc) => (doc.get('dripFeed') === undefined || doc.get('isDripFeed') === true ? null : { isDripFeed: true }),
  });
}
