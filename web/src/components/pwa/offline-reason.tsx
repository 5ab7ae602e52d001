import type { ReactNode } from 'react';

/** Why an action is disabled right now: shown next to it, and named by the control's aria-describedby. */
export function OfflineReason({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-200 ring-inset">
      {children}
    </p>
  );
}
