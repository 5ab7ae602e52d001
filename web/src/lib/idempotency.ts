import { useCallback, useRef } from 'react';

/**
 * An Idempotency-Key per submission attempt: the same key while the same body is retried after an
 * unanswered request (so a double tap or a retry never charges twice), a new one once an attempt got
 * a definite answer or the body changed.
 */
export function useIdempotencyKey() {
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const keyFor = useCallback((body: unknown): string => {
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { key: crypto.randomUUID(), body: text };
    return attempt.current.key;
  }, []);

  /** Call when the server answered (success or a definite refusal): the next submit is a new attempt. */
  const settle = useCallback(() => {
    attempt.current = null;
  }, []);

  return { keyFor, settle };
}
