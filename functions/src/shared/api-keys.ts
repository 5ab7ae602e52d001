// How many API keys an account holds and what they are called: zod-free, so a page that only words these
// figures (the API documentation) builds no schema. shared/schemas/accounts.ts re-exports them.

/**
 * An account's API keys: the default one (POST /api/api-key makes or replaces it) and up to `named` named ones
 * (POST /api/api-keys), one per site or script, each `name` characters at most. Every key of an account shares
 * its API v2 limits.
 */
export const API_KEY_LIMITS = { named: 3, name: 40 } as const;

/** The id of the default key in GET /api/api-keys and DELETE /api/api-keys/{id}. */
export const DEFAULT_API_KEY_ID = 'default';
