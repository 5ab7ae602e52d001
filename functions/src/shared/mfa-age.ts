// Without zod (the schemas are mfa.ts'): the web app's entry reads a remembered token's second factor with it
// (web/src/lib/session-cache.ts) and must not load zod.

/**
 * How long a passed second factor opens the console (the custom token's `mfaAt` claim, checked by the API
 * and the rules): a stolen session or refresh token does not keep it for ever.
 */
export const MFA_MAX_AGE_SECONDS = 12 * 60 * 60;
