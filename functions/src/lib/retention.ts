// The collections that hold only short-lived records, each deleted by a Firestore TTL policy on one field
// (declared in firestore.indexes.json's fieldOverrides, listed in README's "Retention" table). A
// record is kept at least as long as anything reads it, and at most as long as it says here past that;
// Firestore deletes an expired document within about a day. Everything else (money, orders, audit,
// payments' SMS) is kept for good and backed up (README, Deploying).
export interface ShortLivedCollection {
  /** The collection (group) name. */
  collection: string;
  /** The timestamp field its TTL policy reads. */
  field: 'expiresAt';
  /** What the records are, and how long each is kept (the code that sets the field says it too). */
  what: string;
  keptFor: string;
}

export const SHORT_LIVED: readonly ShortLivedCollection[] = [
  { collection: 'idempotency', field: 'expiresAt', what: 'Idempotency-Key records (answers and refusals to replay)', keptFor: '48 hours' },
  {
    collection: 'rateLimits',
    field: 'expiresAt',
    what: 'per-customer and per-address rate-limit windows',
    keptFor: 'the longest window (a day)',
  },
  { collection: 'rateCeilings', field: 'expiresAt', what: 'the hourly ceilings of public writes, in shards', keptFor: '2 hours' },
  { collection: 'apiRateLimits', field: 'expiresAt', what: 'the reseller API’s per-instance counts', keptFor: 'its window and a minute' },
  {
    collection: 'orderIntents',
    field: 'expiresAt',
    what: 'group commit’s order intents, once decided, expired or withdrawn',
    keptFor: '24 hours',
  },
  {
    collection: 'notifications',
    field: 'expiresAt',
    what: 'customers’ notifications (the bell) and their push delivery state',
    keptFor: '90 days',
  },
  {
    collection: 'walletEvents',
    field: 'expiresAt',
    what: 'wallet phones’ SMS that are not payments (ignored, unparsed); payments have no expiresAt and are kept',
    keptFor: '30 days',
  },
  {
    collection: 'autoCredits',
    field: 'expiresAt',
    what: 'the top-up autopilot’s automatic credits per customer and day',
    keptFor: '3 days',
  },
  {
    collection: 'workerRuns',
    field: 'expiresAt',
    what: 'the admin’s requested runs (Sync now, a provider’s services sync or check) and how each ended',
    keptFor: '24 hours',
  },
];
