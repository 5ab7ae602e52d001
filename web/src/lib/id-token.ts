// An ID token's claims as the page and the service worker read them (sw.ts keys a user's saved answers by its uid).

/** The claims of an ID token (a JWT's payload, read, not verified: the server verifies), or null when it is not one. */
export function tokenClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
