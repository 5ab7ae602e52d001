import { z } from 'zod';

// Runtime configuration of the function, parsed once. On the emulators the project id is a `demo-`
// one; in production Cloud Functions sets GCLOUD_PROJECT.
const env = z
  .object({
    GCLOUD_PROJECT: z.string().min(1).optional(),
    FUNCTIONS_EMULATOR: z.string().optional(),
    FIRESTORE_EMULATOR_HOST: z.string().optional(),
    FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
    /** How long one transaction may take, retries included, before it answers busy with nothing written. */
    TRANSACTION_DEADLINE_MS: z.coerce.number().int().min(1000).max(50_000).default(20_000),
  })
  .parse(process.env);

export const config = {
  projectId: env.GCLOUD_PROJECT ?? 'demo-smm-panel',
  region: 'asia-south1',
  /** Largest request body accepted (the contract: over 64 KiB answers 413). */
  bodyLimitBytes: 64 * 1024,
  /** How long an Idempotency-Key is remembered (the contract asks for at least 24 hours). */
  idempotencyTtlMs: 48 * 60 * 60 * 1000,
  /** A transaction's total time, retries included (well under the function's 60 s timeout). */
  transactionDeadlineMs: env.TRANSACTION_DEADLINE_MS,
  /** The SDK's attempts of one transaction under contention (the deadline usually comes first). */
  transactionAttempts: 30,
  /** How long an instance trusts what Auth said of an API key's account (disabled, sessions ended). */
  accountCheckTtlMs: 30_000,
  usingEmulators: Boolean(env.FUNCTIONS_EMULATOR || env.FIRESTORE_EMULATOR_HOST),
} as const;
