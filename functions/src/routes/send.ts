import type { Response } from 'express';
import type { Answer } from '../services/kernel/transactions';

/** Sends a money transaction's answer; a replay of an Idempotency-Key is marked as such. */
export function sendAnswer(res: Response, answer: Answer & { replayed: boolean }) {
  if (answer.replayed) res.set('Idempotent-Replayed', 'true');
  res.status(answer.status).json(answer.body);
}

/** A page of a list, under the name its answer gives the list: `{[name]: items, nextCursor}`. */
export function sendPage(res: Response, name: string, page: { items: unknown[]; nextCursor: string | null }) {
  res.json({ [name]: page.items, nextCursor: page.nextCursor });
}
