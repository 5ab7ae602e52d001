// The reply box's state and submit, shared by the customer's thread and the admin's: the message checked
// by the contract's schema, sent once per attempt (an Idempotency-Key kept across retries of the same
// text), cleared when sent; a refusal because the ticket closed meanwhile refreshes the thread.
import { ticketMessageBody } from '@shared/tickets';
import { type FormEvent, useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { useIdempotencyKey } from '@/lib/idempotency';
import { useFieldError } from '@/lib/use-field-error';

export function useReply(options: {
  ticketId: string;
  send: (body: { id: string; message: string; idempotencyKey: string }) => Promise<unknown>;
  /** The words of a failure (each side has its own). */
  failure: (error: unknown) => string;
  /** The thread is out of date (the ticket was closed meanwhile). */
  onStale: () => void;
}) {
  const attempts = useIdempotencyKey();
  const [message, setMessage] = useState('');
  const { error, setError, passed } = useFieldError();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ticketMessageBody.safeParse({ message });
    if (!passed(parsed)) return;
    try {
      const body = { id: options.ticketId, message: parsed.data.message };
      await attempts.send(body, (idempotencyKey) => options.send({ ...body, idempotencyKey }));
      setMessage('');
    } catch (failed) {
      setError(options.failure(failed));
      if (failed instanceof ApiError && failed.code === 'ticket_closed') options.onStale();
    }
  };

  return { message, setMessage, error, onSubmit };
}
