// What a provider's status answer means for our order, as a pure function: the sync applies the
// result through the one status transaction (orders.ts), which refunds exactly once. Whatever is not
// certain is a flag for the admin and moves no money: an unknown status word, an order the provider
// does not know, a partial whose `remains` cannot be read.
import type { OrderStatus } from '../shared/order-status';
import type { StatusEntry } from './answers';

export type UpstreamMapping =
  | {
      action: 'set';
      status: OrderStatus;
      /** For `partial` only: the undelivered quantity, 1..quantity − 1 (what updateOrderStatus accepts). */
      remains?: number;
      /**
       * Why the status is not the provider's word for word: `remains_clamped` (a partial's remains above
       * the quantity, counted as the quantity), `partial_nothing_left` (a partial with remains 0 is a
       * completed order: no refund), `partial_nothing_delivered` (a partial with remains = quantity is
       * a cancelled one: the full refund, which is the same sum).
       */
      notes?: MappingNote[];
    }
  | { action: 'flag'; reason: FlagReason; detail: string };

export type MappingNote = 'remains_clamped' | 'partial_nothing_left' | 'partial_nothing_delivered';
export type FlagReason = 'order_error' | 'order_missing' | 'unreadable_answer' | 'unknown_status' | 'unusable_remains';

/** "In progress", "IN_PROGRESS", " in-progress " → "in progress". */
export const normalizeStatusWord = (word: string) =>
  word
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** The words the standard uses and its known spellings; anything else is flagged, not guessed. */
const WORDS: Record<string, OrderStatus> = {
  pending: 'pending',
  'in progress': 'processing',
  processing: 'processing',
  completed: 'completed',
  partial: 'partial',
  canceled: 'cancelled',
  cancelled: 'cancelled',
  refunded: 'cancelled',
};

export function mapUpstreamStatus(entry: StatusEntry, quantity: number): UpstreamMapping {
  if (entry.kind === 'error') return { action: 'flag', reason: 'order_error', detail: entry.error };
  if (entry.kind === 'missing') return { action: 'flag', reason: 'order_missing', detail: 'the provider did not answer for this order' };
  if (entry.kind === 'unreadable') return { action: 'flag', reason: 'unreadable_answer', detail: entry.raw ?? '' };

  const { status: word, remains, remainsRaw } = entry.status;
  const status = WORDS[normalizeStatusWord(word)];
  if (status === undefined) return { action: 'flag', reason: 'unknown_status', detail: word };
  if (status !== 'partial') return { action: 'set', status };

  if (remains === null || remains < 0) {
    return { action: 'flag', reason: 'unusable_remains', detail: `Partial with remains ${remainsRaw ?? '(missing)'}` };
  }
  const notes: MappingNote[] = remains > quantity ? ['remains_clamped'] : [];
  const left = Math.min(remains, quantity);
  if (left === 0) return { action: 'set', status: 'completed', notes: [...notes, 'partial_nothing_left'] };
  if (left === quantity) return { action: 'set', status: 'cancelled', notes: [...notes, 'partial_nothing_delivered'] };
  return { action: 'set', status: 'partial', remains: left, ...(notes.length > 0 ? { notes } : {}) };
}
