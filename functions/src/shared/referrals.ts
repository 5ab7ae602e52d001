// Referral commissions (issue 34): a customer's link brings sign-ups who are theirs; they earn a percent of every
// top-up credited to those accounts, into a referral balance of their own, moved to the main balance at or above a
// minimum. The rule and its limits, imported by the function and the web app. zod-free.
import { divideRoundHalfUp, type Paisa } from './money';

export const REFERRAL_LIMITS = {
  /** The least one transfer to the main balance moves, in rupees. */
  minTransfer: 100,
  /** How long a device remembers the link it came through, in days: a sign-up after that is nobody's. */
  windowDays: 30,
  /** A programme percent, at most. */
  maxPercent: 50,
  /** Months of earnings and sign-ups the Referrals page shows. */
  months: 12,
  /** A referral code's length bounds (codes are uppercase letters and digits). */
  codeMax: 16,
} as const;

export const DEFAULT_REFERRAL_SETTINGS = { enabled: true, percent: 5 };

/** What a credit of `amountPaisa` earns the referrer at `percent` (2 decimals at most), half up to the paisa. */
export const commissionOf = (amountPaisa: Paisa, percent: number): Paisa =>
  divideRoundHalfUp(amountPaisa * Math.round(percent * 100), 10_000);

/** A referral code as typed or linked: trimmed and uppercased; null when it cannot be one. */
export function normalizeReferralCode(code: string): string | null {
  // Codes are Crockford base32: typed by hand, O is 0 and I or L is 1.
  const normalized = code.trim().toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  return new RegExp(`^[0-9A-Z]{4,${REFERRAL_LIMITS.codeMax}}$`).test(normalized) ? normalized : null;
}

/** The path of a customer's referral link (the web app's /r/{code} route remembers the code and opens sign-up). */
export const referralPath = (code: string) => `/r/${code}`;

/** Where the web app keeps the code it came through (localStorage): `{code, at}` (ms). */
export const REFERRAL_STORAGE_KEY = 'shohrat:referral';
