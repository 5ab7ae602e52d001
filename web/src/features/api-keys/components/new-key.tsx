// A key just made, shown once: kept only in the component's state, never in the query cache.
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { CopyableCode } from '@/components/ui/copy-button';

/** What a failed key request says when the server did not answer. */
export const NO_ANSWER = 'Could not reach the server, try again.';

/** The key just created: shown here once, kept only in this component's state. */
export function NewKey({
  value,
  onDone,
  lost = 'If you lose it, create a new key (the old one then stops working).',
}: {
  value: string;
  onDone: () => void;
  /** What to do if it is lost. */
  lost?: string;
}) {
  const box = useRef<HTMLElement>(null);
  const heading = useId();
  useEffect(() => {
    box.current?.focus();
  }, []);
  return (
    <section ref={box} tabIndex={-1} aria-labelledby={heading} className="space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300">
      <h3 id={heading} className="font-bold text-amber-950">
        Your new API key
      </h3>
      <CopyableCode className="rounded-lg bg-white px-3 py-2 ring-1 ring-amber-200" value={value} label="API key" testId="new-api-key" />
      <p className="text-sm font-medium text-amber-950">Copy it now and keep it secret: it will not be shown again. {lost}</p>
      <Button variant="secondary" onClick={onDone}>
        I have saved my key
      </Button>
    </section>
  );
}
