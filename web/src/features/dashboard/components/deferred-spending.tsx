// Where the spending chart goes on the dashboard. Its code and its request wait until the dashboard has
// rendered and the browser is idle (or the card scrolls into view), so the dashboard's first paint and
// its own JavaScript do not grow by it.
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Card } from '@/components/ui/card';

const loadChart = () => import('@/features/dashboard/components/spending-chart').then((m) => ({ default: m.SpendingChart }));

export function DeferredSpending() {
  const box = useRef<HTMLDivElement>(null);
  const [Chart, setChart] = useState<ComponentType | null>(null);

  useEffect(() => {
    let done = false;
    const show = () => {
      if (done) return;
      done = true;
      setChart(() => lazy(loadChart));
    };
    const idle =
      'requestIdleCallback' in window ? window.requestIdleCallback(show, { timeout: 3000 }) : (setTimeout(show, 1500) as unknown as number);
    const observer =
      'IntersectionObserver' in window
        ? new IntersectionObserver((seen) => {
            if (seen.some((entry) => entry.isIntersecting)) show();
          })
        : null;
    if (box.current) observer?.observe(box.current);
    return () => {
      done = true;
      observer?.disconnect();
      if ('cancelIdleCallback' in window) window.cancelIdleCallback(idle);
      else clearTimeout(idle);
    };
  }, []);

  return (
    <div ref={box}>
      <Card aria-labelledby="spending-heading">
        <h2 id="spending-heading" className="mb-2 text-lg font-bold text-slate-900">
          Spending
        </h2>
        {Chart ? (
          <Suspense fallback={<p className="text-sm text-slate-600">Loading your spending…</p>}>
            <Chart />
          </Suspense>
        ) : (
          <p className="text-sm text-slate-600">Loading your spending…</p>
        )}
      </Card>
    </div>
  );
}
