import { useEffect, useState } from 'react';
import { useOnline } from '@/lib/network';

export function Spinner({ className = 'size-6', label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <svg className={`animate-spin motion-reduce:animate-none ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      {label ? <span>{label}</span> : null}
    </span>
  );
}

/**
 * How long a loading state may spin offline before it says why: what a screen saved comes from the service
 * worker's cache at once, so a wait this long offline means there is nothing saved for it.
 */
export const OFFLINE_NOTICE_MS = 3000;
export const NOTHING_SAVED_OFFLINE =
  'No connection, and nothing of this is saved on this device yet. It loads once the connection is back.';

/** Whether the page has been offline for OFFLINE_NOTICE_MS (false again once it is back online). */
function useOfflineForAWhile(): boolean {
  const online = useOnline();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    setWaited(false);
    if (online) return;
    const timer = setTimeout(() => setWaited(true), OFFLINE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [online]);
  return waited && !online;
}

/**
 * A full-area loading state that keeps its height, so content arriving does not shift the page. Offline, once it
 * has waited OFFLINE_NOTICE_MS, it says that nothing is saved for it instead of spinning for ever (issue 32).
 */
export function LoadingBlock({ label = 'Loading...', className = 'min-h-48' }: { label?: string; className?: string }) {
  const stuckOffline = useOfflineForAWhile();
  return (
    <div className={`flex items-center justify-center text-slate-600 ${className}`}>
      {stuckOffline ? (
        <p role="status" className="max-w-sm text-center text-sm font-medium text-slate-700">
          {NOTHING_SAVED_OFFLINE}
        </p>
      ) : (
        <Spinner label={label} />
      )}
    </div>
  );
}
