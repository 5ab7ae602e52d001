// The reseller API v2 (../../../../shared/spec/api-v2.md): the de-facto standard SMM panel API. Its
// words and error strings are matched by existing client scripts, so they live here once, for the
// function and for the web app's API documentation page.
import { MESSAGES } from './messages';
import type { OrderStatus } from './order-status';

export const API_V2_PATH = '/api/v2';
export const API_V2_CURRENCY = 'PKR';
export const API_V2_MAX_IDS = 100;

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
  notEligibleForRefill: 'Order not eligible for refill.',
  /** The key's account is blocked by an admin: every action is refused. */
  accountSuspended: MESSAGES.accountSuspended,
  /** Contention: nothing was written, the same request may be sent again. */
  busy: MESSAGES.busy,
  /** Anything unexpected (logged). */
  serverError: 'Server error, try again',
} as const;

/**
 * Per-key limits: 10 requests a second on average over 10 seconds (a script may burst, as clients
 * that fire a batch of orders at once do) and 600 a minute.
 */
export const API_V2_RATE_LIMITS = [
  { windowMs: 10_000, max: 100 },
  { windowMs: 60_000, max: 600 },
] as const;

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
