import { useCallback, useRef } from 'react';
import { ApiError } from '@/lib/api-error';

/**
 * An Idempotency-Key per submission attempt: the same key while the same body is retried after an
 * answer that does not say what happened (no answer, a 5xx, a gateway's 504: the order may have been
 * placed), so a retry never charges twice; a new one once an attempt got a definite answer (success, a
 * 4xx refusal, or `busy`: nothing was written) or the body changed.
 */
/** The server decided (a 4xx) or wrote nothing (busy); anything else leaves the outcome unknown. */
export function isDefiniteFailure(error: unknown): boolean {
  return error instanceof ApiError && ((error.status >= 400 && error.status < 500) || error.code === 'busy');
}

export function useIdempotencyKey() {
  const attempt = useRef<{ key: string; body: string } | null>(null);

  /** Sends `body` with its attempt's key; a definite answer ends the attempt. */
  const send = useCallback(async <T>(body: unknown, call: (idempotencyKey: string) => Promise<T>): Promise<T> => {
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { key: crypto.randomUUID(), body: text };
    try {
      const answer = await call(attempt.current.key);
      attempt.current = null;
      return answer;
    } catch (error) {
      if (isDefiniteFailure(error)) attempt.current = null;
      throw error;
    }
  }, []);

  return { send };
}
