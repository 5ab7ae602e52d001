// An offer the user dismissed (install the app, turn on pushes) stays away for a while: the time of the
// dismissal is kept in localStorage, which may be unavailable (then the offer is away for this visit only).

/** Whether the offer under `key` was dismissed less than `quietMs` ago. */
export function dismissedWithin(key: string, quietMs: number, now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(key));
    return Number.isFinite(at) && at > 0 && now - at < quietMs;
  } catch {
    return false;
  }
}

/** Notes that the offer under `key` was dismissed `now`. */
export function rememberDismissal(key: string, now = Date.now()): void {
  try {
    localStorage.setItem(key, String(now));
  } catch {
    // Storage unavailable: the caller hides the offer for this visit.
  }
}
