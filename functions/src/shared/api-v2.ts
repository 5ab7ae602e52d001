// The reseller API v2 (../../../../shared/spec/api-v2.md): the de-facto standard SMM panel API. Its
// words and error strings are matched by existing client scripts, so they live here once, for the
// function and for the web app's API documentation page.
import { MESSAGES } from './messages';
import type { OrderStatus } from './order-status';

export const API_V2_PATH = '/api/v2';
export const API_V2_CURRENCY = 'PKR';
export const API_V2_MAX_IDS = 100;

/** Longest text id we keep (provider ids are numbers in practice; anything longer is not an id). */
const MAX_ID_LENGTH = 64;

/**
 * An order, refill or service id as a provider sends it (upstream/answers.ts reads them with it) or an admin
 * types it: a positive integer or a short word (letters, digits, _ . : -), as a string; else null.
 */
export function parseId(value: unknown): string | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? String(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text.length === 0 || text.length > MAX_ID_LENGTH || !/^[\w.:-]+$/.test(text)) return null;
  // Digits stay text (an id past 2^53 must not be rounded); "007" and "7" are the same order.
  if (/^[+-]?\d+$/.test(text)) {
    const digits = text.replace(/^\+?0*/, '');
    return text.startsWith('-') || digits.length === 0 ? null : digits;
  }
  return text;
}

export const API_V2_ACTIONS = ['services', 'add', 'status', 'cancel', 'refill', 'refill_status', 'balance'] as const;
export type ApiV2Action = (typeof API_V2_ACTIONS)[number];

export const API_V2_STATUS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'In progress',
  completed: 'Completed',
  partial: 'Partial',
  cancelled: 'Canceled',
};

export const REFILL_STATUSES = ['pending', 'completed', 'rejected'] as const;
export type RefillStatus = (typeof REFILL_STATUSES)[number];
export const API_V2_REFILL_STATUS: Record<RefillStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  rejected: 'Rejected',
};

export const API_V2_ERRORS = {
  invalidKey: 'Invalid API key',
  incorrectRequest: 'Incorrect request',
  incorrectService: 'Incorrect service ID',
  badLink: 'Bad link',
  quantityLess: (min: number) => `Quantity less than minimal ${min}`,
  quantityMore: (max: number) => `Quantity more than maximal ${max}`,
  notEnoughFunds: 'Not enough funds on balance',
  incorrectOrder: 'Incorrect order ID',
  refillNotFound: 'Refill not found',
  tooManyRequests: 'Too many requests',
  activeOrder: 'You have active order with this link. Please wait until order being completed.',
  cannotCancel: 'Order can not be canceled',
  notEligibleForRefill: MESSAGES.notEligibleForRefill,
  /** The key's account is blocked by an admin: every action is refused. */
  accountSuspended: MESSAGES.accountSuspended,
  /** Contention: nothing was written, the same request may be sent again. */
  busy: MESSAGES.busy,
  /** Anything unexpected (logged). */
  serverError: 'Server error, try again',
} as const;

/** The actions a status loop sends: they read and change nothing, so a key may send many. */
export const API_V2_READ_ACTIONS = ['status', 'balance', 'services', 'refill_status'] as const satisfies readonly ApiV2Action[];
/** The actions that place or change orders. An unknown action counts as a read. */
export const API_V2_WRITE_ACTIONS = ['add', 'cancel', 'refill'] as const satisfies readonly ApiV2Action[];
export type ApiV2LimitClass = 'read' | 'write';
export const limitClassOf = (action: string | undefined): ApiV2LimitClass =>
  (API_V2_WRITE_ACTIONS as readonly string[]).includes(action ?? '') ? 'write' : 'read';

/**
 * Per-account limits (every key of the account together), over any minute (decision record 0009): a script that checks one order per request
 * needs 1,000 reads a minute, and may send them in a burst; orders are fewer. Reads and writes are
 * counted apart, so a status loop never blocks an order.
 */
export const API_V2_RATE_LIMITS = {
  read: { windowMs: 60_000, max: 1200 },
  write: { windowMs: 60_000, max: 150 },
} as const satisfies Record<ApiV2LimitClass, { windowMs: number; max: number }>;

/**
 * Requests with a missing or wrong key, per client address: a script with a stale key keeps working
 * through a retry loop, a key guesser gets 429 (valid keys from the address are not affected).
 */
export const API_V2_WRONG_KEY_LIMITS = [
  { windowMs: 60_000, max: 30 },
  { windowMs: 3_600_000, max: 300 },
] as const;

/** Paisa as the API's decimal string: 1250 → "12.50". */
export function paisaString(paisa: number): string {
  const sign = paisa < 0 ? '-' : '';
  const abs = Math.abs(paisa);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** API v2 `services`' measured fields (ours, after the protocol's) of a service none of whose orders has ended yet. */
export const API_V2_UNMEASURED = {
  average_time_per_1000: null,
  median_start: null,
  completed_percent: null,
  orders_30_days: 0,
  new: true,
} as const;
