import { useCallback, useRef } from 'react';
import { ApiError } from '@/lib/api-error';

/**
 * An Idempotency-Key per submission attempt: the same key while the same body is retried after an
 * unanswered request (so a double tap or a retry never charges twice), a new one once an attempt got
 * a definite answer (success or an ApiError) or the body changed.
 */
export function useIdempotencyKey() {
  const attempt = useRef<{ key: string; body: string } | null>(null);

  /** Sends `body` with its attempt's key; any answer from the server ends the attempt. */
  const send = useCallback(async <T>(body: unknown, call: (idempotencyKey: string) => Promise<T>): Promise<T> => {
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { key: crypto.randomUUID(), body: text };
    try {
      const answer = await call(attempt.current.key);
      attempt.current = null;
      return answer;
    } catch (error) {
      if (error instanceof ApiError) attempt.current = null;
      throw error;
    }
  }, []);

  return { send };
}
