// Close (or Reopen) on a ticket's page, shared by the customer's and the admin's: the refusal is shown in
// `alert`; a 409 means the ticket moved meanwhile (closed elsewhere, reopened), so it is shown as it is now.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-error';

export function useTicketAction(options: {
  ticketId: string;
  /** The words of a failure (each side has its own). */
  failure: (error: unknown) => string;
  /** Refetches the ticket. */
  onStale: () => void;
}) {
  const [alert, setAlert] = useState<string | null>(null);
  const act = async (action: (id: string) => Promise<unknown>) => {
    setAlert(null);
    try {
      await action(options.ticketId);
    } catch (error) {
      setAlert(options.failure(error));
      if (error instanceof ApiError && error.status === 409) options.onStale();
    }
  };
  /** The action's button, busy while its call runs. */
  const button = (label: string, action: { isPending: boolean; mutateAsync: (id: string) => Promise<unknown> }) => (
    <Button size="sm" variant="secondary" loading={action.isPending} onClick={() => void act(action.mutateAsync)}>
      {label}
    </Button>
  );
  return { alert, button };
}
