// The dashboard's spending over the last 30 days: a bar a day, drawn as plain SVG (no charting library:
// the customer's pages never load one), with its sum said in words for everyone. Loaded after the
// dashboard has rendered (deferred-spending.tsx), so it costs the first paint nothing.
import { useSpending } from '@/features/dashboard/api/get-spending';
import { formatAmount, formatDay, formatPakistanDateTime } from '@/lib/format';

const WIDTH = 300;
const HEIGHT = 64;

export function SpendingChart() {
  const spending = useSpending();
  if (spending.isPending) return <p className="text-sm text-slate-600">Loading your spending…</p>;
  if (spending.isError) return <p className="text-sm text-slate-600">Your spending could not be loaded just now.</p>;
  const { days } = spending.data;
  const total = days.reduce((sum, day) => sum + day.spent, 0);
  const highest = Math.max(...days.map((day) => day.spent), 0);
  const barWidth = days.length ? WIDTH / days.length : WIDTH;
  const summary = `${formatAmount(total)} spent in the last ${days.length} days`;
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm text-slate-800">
        <span className="font-semibold" data-testid="spending-summary">
          {summary}
        </span>
        {/* Up to when it counts: every charge and refund of the statement before this time. */}
        <span className="block text-xs text-slate-600" data-testid="spending-as-of">
          Counted up to {formatPakistanDateTime(spending.data.asOf)}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-16 w-full" preserveAspectRatio="none" role="img" aria-label={summary}>
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stroke-slate-200" strokeWidth="1" />
        {days.map((day, i) => {
          // A day with any spending shows at least a sliver; a refund larger than the day's charges draws nothing.
          const height = highest > 0 && day.spent > 0 ? Math.max(2, (day.spent / highest) * (HEIGHT - 4)) : 0;
          return (
            <rect
              key={day.day}
              x={i * barWidth + 1}
              y={HEIGHT - height}
              width={Math.max(1, barWidth - 2)}
              height={height}
              className="fill-brand-500"
            >
              <title>{`${formatDay(day.day)}: ${formatAmount(day.spent)}`}</title>
            </rect>
          );
        })}
      </svg>
    </figure>
  );
}
