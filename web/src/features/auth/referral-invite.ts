// The referral link a visitor came through (/r/{code}), remembered on this device so the sign-up that follows, even
// days later, names the customer who brought them: `{code, at}` (ms) in localStorage, for REFERRAL_LIMITS.windowDays.
// Storage may be missing or refuse (a private window, a full quota): a code that cannot be kept is simply not sent.
import { normalizeReferralCode, REFERRAL_LIMITS, REFERRAL_STORAGE_KEY } from '@shared/referrals';

const WINDOW_MS = REFERRAL_LIMITS.windowDays * 86_400_000;

/** Remembers `code` (as linked) from now; false when it cannot be a code or storage refused it. */
export function rememberReferral(code: string, now = Date.now()): boolean {
  const normalized = normalizeReferralCode(code);
  if (!normalized) return false;
  try {
    localStorage.setItem(REFERRAL_STORAGE_KEY, JSON.stringify({ code: normalized, at: now }));
    return true;
  } catch {
    return false;
  }
}

/** Forgets the remembered code (once an account was registered with it, or once it expired). */
export function forgetReferral(): void {
  try {
    localStorage.removeItem(REFERRAL_STORAGE_KEY);
  } catch {
    // Nothing kept, or nothing to do about it.
  }
}

/** The code remembered within the window; an expired or unreadable one is dropped. */
export function readReferral(now = Date.now()): string | null {
  let stored: string | null;
  try {
    stored = localStorage.getItem(REFERRAL_STORAGE_KEY);
  } catch {
    return null;
  }
  if (stored === null) return null;
  const remembered = parse(stored);
  const code = remembered && normalizeReferralCode(remembered.code);
  // Its age either way: a device whose clock was moved back does not keep a code for ever.
  if (!remembered || !code || Math.abs(now - remembered.at) >= WINDOW_MS) {
    forgetReferral();
    return null;
  }
  return code;
}

function parse(stored: string): { code: string; at: number } | null {
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null) return null;
    const { code, at } = value as Record<string, unknown>;
    return typeof code === 'string' && typeof at === 'number' && Number.isFinite(at) ? { code, at } : null;
  } catch {
    return null;
  }
}
