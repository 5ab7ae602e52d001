import { z } from 'zod';
import { readCountingEnabled } from './read-counter';

/** The longest TRANSACTION_DEADLINE_MS accepted (the function's timeout is sized on it). */
export const MAX_TRANSACTION_DEADLINE_MS = 50_000;

// Runtime configuration of the function, parsed once. On the emulators the project id is a `demo-`
// one; in production Cloud Functions sets GCLOUD_PROJECT.
const env = z
  .object({
    GCLOUD_PROJECT: z.string().min(1).optional(),
    FUNCTIONS_EMULATOR: z.string().optional(),
    FIRESTORE_EMULATOR_HOST: z.string().optional(),
    FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
    /** Cloud Functions (and the Functions emulator) set it: JSON with the project's storageBucket. */
    FIREBASE_CONFIG: z.string().optional(),
    /** How long the check of a payment proof's object in Storage may take. */
    STORAGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
    /** How long one transaction may take, retries included, before it answers busy with nothing written. */
    TRANSACTION_DEADLINE_MS: z.coerce.number().int().min(1000).max(MAX_TRANSACTION_DEADLINE_MS).default(20_000),
    // See README, Security: how many X-Forwarded-For entries our own proxies append.
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(2),
    PUBLIC_WRITE_CEILING_PER_HOUR: z.coerce.number().int().min(1).default(100),
    /** How long a call to a provider may take, the whole answer read (the upstream client's deadline). */
    PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    LOG_FORWARDED_FOR: z.enum(['true', 'false']).default('false'),
    /** The benchmark's read counter (lib/read-counter.ts): honoured on the emulators only. */
    COUNT_FIRESTORE_READS: z.enum(['true', 'false']).optional(),
    /**
     * Who sends Web Pushes (lib/push-sender.ts): `fcm` (Firebase Cloud Messaging) or `record` (written to
     * emulatorPushes for the tests). Default: `record` on the emulators, `fcm` otherwise.
     */
    PUSH_SENDER: z.enum(['fcm', 'record']).optional(),
    /** Concurrent orders of one account share transactions (docs/decisions/0010); `off`: one transaction per order. */
    GROUP_COMMIT: z.enum(['on', 'off']).default('on'),
    /**
     * Firebase App Check on the web app's writes: `enforce` refuses a write without a valid
     * token, `off` checks none. Default: `off` on the emulators (no App Check there), `enforce` otherwise.
     */
    APP_CHECK: z.enum(['enforce', 'off']).optional(),
    /**
     * The emulator tests only: the Firestore project of one test file (tests/support/emulator-project.ts),
     * so files run side by side; Auth stays in GCLOUD_PROJECT (the Auth emulator serves one project to
     * sign-ins). Ignored unless FIRESTORE_EMULATOR_HOST is set and the id is a `demo-` one.
     */
    TEST_FIRESTORE_PROJECT: z.string().startsWith('demo-').optional(),
  })
  .parse(process.env);

const projectId = env.GCLOUD_PROJECT ?? 'demo-smm-panel';

/** The default bucket as Cloud Functions names it, else the default bucket's name for the project. */
function storageBucketOf(firebaseConfig: string | undefined): string {
  try {
    const parsed = z.object({ storageBucket: z.string().min(1) }).safeParse(JSON.parse(firebaseConfig ?? ''));
    if (parsed.success) return parsed.data.storageBucket;
  } catch {
    // Not JSON (or absent): the default below.
  }
  return `${projectId}.appspot.com`;
}

export const config = {
  projectId,
  /** The project whose Firestore `db` opens: the project's own, but for an emulator test file's. */
  firestoreProjectId: env.FIRESTORE_EMULATOR_HOST && env.TEST_FIRESTORE_PROJECT ? env.TEST_FIRESTORE_PROJECT : projectId,
  /** Where payment proofs are (the web app uploads to the same bucket, named in its Firebase config). */
  storageBucket: storageBucketOf(env.FIREBASE_CONFIG),
  storageTimeoutMs: env.STORAGE_TIMEOUT_MS,
  region: 'asia-south1',
  /** Largest request body accepted (the contract: over 64 KiB answers 413). */
  bodyLimitBytes: 64 * 1024,
  /** How long an Idempotency-Key is remembered (the contract asks for at least 24 hours). */
  idempotencyTtlMs: 48 * 60 * 60 * 1000,
  /** A transaction's total time, retries included (well under the function's timeout). */
  transactionDeadlineMs: env.TRANSACTION_DEADLINE_MS,
  /** The SDK's attempts of one transaction under contention (the deadline usually comes first). */
  transactionAttempts: 30,
  /** Orders of one account contending for its balance join a queue decided in batches (docs/decisions/0010). */
  groupCommit: env.GROUP_COMMIT === 'on',
  /**
   * How long an order's own transaction may take before it joins its account's queue instead: well
   * above an uncontended transaction, well below what waiting on a busy balance's lock costs.
   */
  ownAttemptMs: 1500,
  /**
   * How long past its deadline a queued order may take to settle its intent (withdraw it, or learn a
   * batch's outcome) before it answers 500: a batch whose leader died holds its locks until Firestore
   * expires the dead transaction, 60 s after its last operation (docs/decisions/0010).
   */
  settleMs: 90_000,
  /**
   * The `api` function's timeout (Cloud Functions 2nd gen allows HTTP functions up to 3,600 s): the
   * longest deadline (50 s), an order's own attempt and its settling, with margin.
   */
  apiTimeoutSeconds: 180,
  /** How long an instance trusts what Auth said of an API key's account (disabled, sessions ended). */
  accountCheckTtlMs: 30_000,
  /**
   * The proxies in front of the app that each append the address they were called from to
   * X-Forwarded-For: the client's address is this many entries from the right. Firebase Hosting
   * appends the client's; Cloud Run's front end (Cloud Functions 2nd gen) appends Hosting's.
   */
  trustedProxyHops: env.TRUSTED_PROXY_HOPS,
  /** GET /api/health logs X-Forwarded-For and the address taken from it: to check the hop count on a deploy. */
  logForwardedFor: env.LOG_FORWARDED_FOR === 'true',
  /** Contact messages (and reviews) accepted per hour from all addresses together. */
  publicWriteCeilingPerHour: env.PUBLIC_WRITE_CEILING_PER_HOUR,
  providerTimeoutMs: env.PROVIDER_TIMEOUT_MS,
  pushSender: env.PUSH_SENDER ?? (env.FUNCTIONS_EMULATOR === 'true' || env.FIRESTORE_EMULATOR_HOST ? 'record' : 'fcm'),
  usingEmulators: Boolean(env.FUNCTIONS_EMULATOR || env.FIRESTORE_EMULATOR_HOST),
  /** App Check on the web app's writes (middleware/app-check.ts). */
  appCheck: env.APP_CHECK ?? (env.FUNCTIONS_EMULATOR || env.FIRESTORE_EMULATOR_HOST ? 'off' : 'enforce'),
  /** Each answer says in X-Firestore-Reads how many documents it read (the benchmark's; never in production). */
  countFirestoreReads: readCountingEnabled(env, Boolean(env.FUNCTIONS_EMULATOR || env.FIRESTORE_EMULATOR_HOST)),
} as const;
