import { useEffect, useState } from 'react';
import { useLastAnswerAt } from '@/lib/data-freshness';
import { formatDateTime, formatSavedAt } from '@/lib/format';
import { useOnline } from '@/lib/network';

/** "now", refreshed every `everyMs` while `active`, so "5 minutes ago" keeps counting. */
function useNow(active: boolean, everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}

/** Says, while there is no connection, that what is on screen is saved data and how old it is. */
export function OfflineBanner() {
  const online = useOnline();
  const lastAt = useLastAnswerAt();
  const now = useNow(!online);
  // The live region stays in the page, so the message is announced when it appears.
  return (
    <div role="status" className="sticky top-16 z-30">
      {online ? null : (
        <p className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900">
          <span aria-hidden="true">⚠️ </span>
          {lastAt === null ? (
            'You are offline — showing saved data where there is some.'
          ) : (
            <>
              You are offline — showing saved data from{' '}
              <time dateTime={new Date(lastAt).toISOString()} title={formatDateTime(new Date(lastAt).toISOString())}>
                {formatSavedAt(lastAt, now)}
              </time>
              .
            </>
          )}
        </p>
      )}
    </div>
  );
}
