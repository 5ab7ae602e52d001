// The report's breakdowns: by platform, by service, by provider, and the top customers (each a link to
// the customer's admin page). Wide tables scroll inside their box, never the page.
import { PLATFORM_LABELS } from '@shared/platforms';
import type { Report } from '@shared/reports';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatAmount } from '@/lib/format';

interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** A long name that wraps (the other cells never do). */
  wraps?: boolean;
}

function FiguresTable<Row>({
  id,
  title,
  columns,
  rows,
  getKey,
}: {
  id: string;
  title: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  getKey: (row: Row) => string;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id={id} className="mb-3 text-base font-bold text-slate-900">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing in this range.</p>
      ) : (
        // A scrolling box must be reachable by keyboard to scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        <section className="overflow-x-auto" tabIndex={0} aria-labelledby={id}>
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.header}
                    scope="col"
                    className={`border-b border-slate-200 px-2 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase ${column.numeric ? 'text-right' : ''}`}
                  >
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={getKey(row)}>
                  {columns.map((column) => (
                    <td
                      key={column.header}
                      className={`border-b border-slate-100 px-2 py-2 ${column.numeric ? 'text-right tabular-nums' : ''} ${column.wraps ? 'min-w-[14rem]' : 'whitespace-nowrap'}`}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}

type Figures = { revenue: number; refunds: number; cost: number; profit: number; orders: number };
const figureColumns = <Row extends Figures>(): Column<Row>[] => [
  { header: 'Orders', cell: (row) => row.orders, numeric: true },
  { header: 'Revenue', cell: (row) => formatAmount(row.revenue), numeric: true },
  { header: 'Refunds', cell: (row) => formatAmount(row.refunds), numeric: true },
  { header: 'Cost', cell: (row) => formatAmount(row.cost), numeric: true },
  { header: 'Profit', cell: (row) => formatAmount(row.profit), numeric: true },
];

export function ReportTables({ report }: { report: Report }) {
  return (
    <div className="grid grid-cols-1 gap-4 2xl:grid-cols-2">
      <FiguresTable
        id="by-platform-heading"
        title="By platform"
        rows={report.byPlatform}
        getKey={(row) => row.platform}
        columns={[{ header: 'Platform', cell: (row) => PLATFORM_LABELS[row.platform] }, ...figureColumns<Report['byPlatform'][number]>()]}
      />
      <FiguresTable
        id="by-provider-heading"
        title="By provider"
        rows={report.byProvider}
        getKey={(row) => row.providerId}
        columns={[{ header: 'Provider', cell: (row) => row.name }, ...figureColumns<Report['byProvider'][number]>()]}
      />
      <div className="min-w-0 2xl:col-span-2">
        <FiguresTable
          id="by-service-heading"
          title="By service"
          rows={report.byService}
          getKey={(row) => row.serviceId}
          columns={[
            { header: 'Service', cell: (row) => row.service, wraps: true },
            { header: 'Platform', cell: (row) => PLATFORM_LABELS[row.platform] },
            ...figureColumns<Report['byService'][number]>(),
          ]}
        />
      </div>
      <div className="min-w-0 2xl:col-span-2">
        <FiguresTable
          id="top-customers-heading"
          title="Top customers"
          rows={report.topCustomers}
          getKey={(row) => row.uid}
          columns={[
            {
              header: 'Customer',
              cell: (row) => (
                <Link to={paths.adminUser.getHref(row.uid)} className="inline-flex items-center font-medium text-brand-700 hover:underline">
                  {row.name || row.email}
                </Link>
              ),
            },
            { header: 'Email', cell: (row) => row.email },
            { header: 'Orders', cell: (row) => row.orders, numeric: true },
            { header: 'Revenue', cell: (row) => formatAmount(row.revenue), numeric: true },
          ]}
        />
      </div>
    </div>
  );
}
