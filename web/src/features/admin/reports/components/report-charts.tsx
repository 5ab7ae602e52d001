// The report's three charts (revenue and profit over time, orders by status, top services). The one
// module that imports Chart.js: the reports page loads it lazily, so its code (about 65 KB gzip, see
// docs/decisions/0012-charts.md) is in a chunk of its own that no other screen requests. Only the parts
// drawn here are registered (tree-shaken). Chart.js draws on a canvas and sizes it through the CSSOM,
// which the served policy (style-src 'self') allows; it needs no eval and no inline <style>.
import { ORDER_STATUSES } from '@shared/order-status';
import type { Report } from '@shared/reports';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  type Scale,
  Tooltip,
} from 'chart.js';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { formatAmount, formatCompactRupees, formatDay } from '@/lib/format';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend);

const COLORS = { revenue: '#4f46e5', profit: '#059669', bars: '#6366f1' } as const;
/** How many services the top services chart shows (the table below lists every one). */
export const TOP_SERVICES_CHARTED = 10;

const rupeeTick = (value: string | number) => formatCompactRupees(Number(value));
const shorten = (name: string, max = 28) => (name.length > max ? `${name.slice(0, max - 1)}…` : name);

/** A canvas Chart.js draws `config` on, named for assistive technology; resized with its box. */
function ChartCanvas({ label, config }: { label: string; config: ChartConfiguration }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

/** A chart with its heading and, for anyone who cannot see it, the same figures as a table. */
function ChartFigure({ id, title, children, table }: { id: string; title: string; children: ReactNode; table: ReactNode }) {
  return (
    <figure aria-labelledby={id} className="min-w-0 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <figcaption id={id} className="mb-3 text-base font-bold text-slate-900">
        {title}
      </figcaption>
      {children}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Show as table</summary>
        <div className="mt-2 overflow-x-auto">{table}</div>
      </details>
    </figure>
  );
}

function SimpleTable({ caption, head, rows }: { caption: string; head: string[]; rows: { key: string; cells: (string | number)[] }[] }) {
  return (
    <table className="w-full min-w-max text-left text-sm tabular-nums">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col" className="border-b border-slate-200 px-2 py-1 text-xs font-semibold text-slate-600 uppercase">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, i) => (
              <td key={head[i]} className="border-b border-slate-100 px-2 py-1">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const baseOptions = {
  responsive: true,
  maintainAspectRatio: false,
  // Drawn at once: nothing to wait for, and no frames spent on a phone.
  animation: false,
} as const;

/** The three charts' settings, made once per report (a new object redraws its chart). */
function chartConfigs(report: Report): Record<'overTime' | 'byStatus' | 'services', ChartConfiguration> {
  const withYear = report.from.slice(0, 4) !== report.to.slice(0, 4);
  const topServices = report.byService.slice(0, TOP_SERVICES_CHARTED);
  return {
    overTime: {
      type: 'line',
      data: {
        labels: report.series.map((bucket) => formatDay(bucket.start, withYear)),
        datasets: [
          { label: 'Revenue', data: report.series.map((b) => b.revenue), borderColor: COLORS.revenue, backgroundColor: COLORS.revenue },
          { label: 'Profit', data: report.series.map((b) => b.profit), borderColor: COLORS.profit, backgroundColor: COLORS.profit },
        ],
      },
      options: {
        ...baseOptions,
        scales: { y: { ticks: { callback: rupeeTick } } },
        plugins: { tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${formatAmount(Number(item.raw))}` } } },
      },
    },
    byStatus: {
      type: 'bar',
      data: {
        labels: [...ORDER_STATUSES],
        datasets: [{ label: 'Orders', data: ORDER_STATUSES.map((status) => report.ordersByStatus[status]), backgroundColor: COLORS.bars }],
      },
      options: { ...baseOptions, plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
    },
    services: {
      type: 'bar',
      data: {
        labels: topServices.map((row) => row.service),
        datasets: [{ label: 'Revenue', data: topServices.map((row) => row.revenue), backgroundColor: COLORS.revenue }],
      },
      options: {
        ...baseOptions,
        indexAxis: 'y',
        plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item) => formatAmount(Number(item.raw)) } } },
        scales: {
          x: { beginAtZero: true, ticks: { callback: rupeeTick } },
          // Names cut to what a phone's width leaves beside the bars (the tooltip and the table have them whole).
          y: {
            ticks: {
              callback(this: Scale, value: string | number) {
                return shorten(this.getLabelForValue(Number(value)), this.chart.width < 480 ? 16 : 28);
              },
            },
          },
        },
      },
    },
  };
}

export function ReportCharts({ report }: { report: Report }) {
  const topServices = report.byService.slice(0, TOP_SERVICES_CHARTED);
  const { overTime, byStatus, services } = useMemo(() => chartConfigs(report), [report]);

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <div className="min-w-0 lg:col-span-2">
        <ChartFigure
          id="chart-over-time"
          title="Revenue and profit over time"
          table={
            <SimpleTable
              caption="Revenue and profit over time"
              head={['From', 'Revenue', 'Profit', 'Orders']}
              rows={report.series.map((b) => ({
                key: b.start,
                cells: [formatDay(b.start, true), formatAmount(b.revenue), formatAmount(b.profit), b.orders],
              }))}
            />
          }
        >
          <ChartCanvas label="Revenue and profit over time" config={overTime} />
        </ChartFigure>
      </div>
      <ChartFigure
        id="chart-by-status"
        title="Orders by status"
        table={
          <SimpleTable
            caption="Orders by status"
            head={['Status', 'Orders']}
            rows={ORDER_STATUSES.map((status) => ({ key: status, cells: [status, report.ordersByStatus[status]] }))}
          />
        }
      >
        <ChartCanvas label="Orders by status" config={byStatus} />
      </ChartFigure>
      <ChartFigure
        id="chart-top-services"
        title={`Top services by revenue (top ${TOP_SERVICES_CHARTED})`}
        table={
          <SimpleTable
            caption="Top services by revenue"
            head={['Service', 'Revenue', 'Orders']}
            rows={topServices.map((row) => ({ key: row.serviceId, cells: [row.service, formatAmount(row.revenue), row.orders] }))}
          />
        }
      >
        {topServices.length ? (
          <ChartCanvas label="Top services by revenue" config={services} />
        ) : (
          <p className="py-8 text-center text-sm text-slate-600">No orders in this range.</p>
        )}
      </ChartFigure>
    </div>
  );
}
