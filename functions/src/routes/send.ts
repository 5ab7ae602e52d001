import type { Response } from 'express';
import type { Decided } from '../services/kernel/transactions';

/**
 * Sends what a money transaction decided, with the status the route gives it; a replay of an
 * Idempotency-Key is marked as such (and answered with the same status, as the route chooses it alike).
 */
export function sendDecided(res: Response, status: number, decided: Decided<unknown>) {
  if (decided.replayed) res.set('Idempotent-Replayed', 'true');
  res.status(status).json(decided.value);
}

/** A page of a list, under the name its answer gives the list: `{[name]: items, nextCursor}`. */
export function sendPage(res: Response, name: string, page: { items: unknown[]; nextCursor: string | null }) {
  res.json({ [name]: page.items, nextCursor: page.nextCursor });
}
