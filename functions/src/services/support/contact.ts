// Contact messages (contactMessages/{id}): anyone may send one, within the per-address limit; admins
// read them newest first.
import { z } from 'zod';
import { pageNewestFirst } from '../../lib/pagination';
import { timestampSchema, typedCollection } from '../../lib/typed-collection';
import type { ContactMessage } from '../../shared/schemas/support';
import { checkRateLimit } from '../kernel/rate-limit';
import { runInTransaction } from '../kernel/transactions';

const contactMessageDocSchema = z.object({ name: z.string(), email: z.string(), message: z.string(), createdAt: timestampSchema });
export type ContactMessageDoc = z.infer<typeof contactMessageDocSchema>;

export const contactMessagesCollection = () => typedCollection('contactMessages', contactMessageDocSchema);

export function contactMessageToWire(id: string, doc: ContactMessageDoc): ContactMessage {
  return { _id: id, name: doc.name, email: doc.email, message: doc.message, createdAt: doc.createdAt.toDate().toISOString() };
}

/** Stores the message and counts it against the sender's address in one transaction. */
export async function sendContactMessage(input: { name: string; email: string; message: string }, address: string): Promise<void> {
  // The shared transaction runner: AppError refusals, busy on contention or past the deadline.
  await runInTransaction(null, async (tx, now) => {
    const limit = await checkRateLimit(tx, 'contact', { address }, now);
    limit.record();
    const doc: ContactMessageDoc = { name: input.name, email: input.email, message: input.message, createdAt: now };
    tx.create(contactMessagesCollection().doc(), doc);
  });
}

export async function listContactMessages(page: { limit: number; cursor?: string | undefined }) {
  return pageNewestFirst(contactMessagesCollection(), 'createdAt', page, (d) => contactMessageToWire(d.id, d.data()));
}
