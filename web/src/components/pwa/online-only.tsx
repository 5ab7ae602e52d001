import { type ReactNode, useId } from 'react';
import { OfflineReason } from '@/components/pwa/offline-reason';
import { useOnline } from '@/lib/network';

/**
 * Disables every control inside while offline (a disabled fieldset, which reaches into dialogs
 * rendered inside too), with the reason above them: for screens whose every action needs the server.
 */
export function OnlineOnly({ reason, children }: { reason: string; children: ReactNode }) {
  const online = useOnline();
  const reasonId = useId();
  return (
    <fieldset disabled={!online} aria-describedby={online ? undefined : reasonId} className="min-w-0">
      {online ? null : (
        <div className="mx-auto max-w-6xl px-4 pt-4">
          <OfflineReason id={reasonId}>{reason}</OfflineReason>
        </div>
      )}
      {children}
    </fieldset>
  );
}
