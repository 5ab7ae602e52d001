// The function's timeout against the waits it must cover (decision record 0010): an answer cut off
// by the platform says nothing, so a queued order must settle well before it.
import { describe, expect, it } from 'vitest';
import { config, MAX_TRANSACTION_DEADLINE_MS } from './config';

/** Firestore expires a dead transaction's locks 60 s after its last operation. */
const DEAD_TRANSACTION_LOCKS_MS = 60_000;

describe('the api function’s timeout', () => {
  it('outlasts a queued order’s settling past a dead batch’s locks, and stays within Cloud Functions’ limit for HTTP', () => {
    expect(config.settleMs).toBeGreaterThanOrEqual(DEAD_TRANSACTION_LOCKS_MS + 20_000);
    const longest = MAX_TRANSACTION_DEADLINE_MS + config.ownAttemptMs + config.settleMs;
    expect(config.apiTimeoutSeconds * 1000).toBeGreaterThanOrEqual(longest + 20_000);
    expect(config.apiTimeoutSeconds).toBeLessThanOrEqual(3600);
  });
});
