// The admin's reports: a range's figures, charts, breakdowns and exports. The charts (and Chart.js with
// them) are a chunk of their own, requested only here, after the figures have come.
import { lazy, Suspense } from 'react';
import { Page } from '@/components/layout/page';
import { FormAlert } from '@/components/ui/form-field';
import { LoadingBlock } from '@/components/ui/spinner';
import { useReport } from '@/features/admin/reports/api/get-report';
import { ExportButtons } from '@/features/admin/reports/components/export-buttons';
import { ReportControls } from '@/features/admin/reports/components/report-controls';
import { ReportTables } from '@/features/admin/reports/components/report-tables';
import { OwedBalances, ReportTotals } from '@/features/admin/reports/components/report-totals';
import { rangeOf, useReportSearch } from '@/features/admin/reports/hooks/use-report-search';
import { ApiError } from '@/lib/api-error';
import { pakistanToday } from '@/lib/day-ranges';

const ReportCharts = lazy(() => import('@/features/admin/reports/components/report-charts').then((m) => ({ default: m.ReportCharts })));

/** A refused range says why (the server's message); anything else is a failure to load. */
function reportFailure(error: unknown): string {
  if (error instanceof ApiError && error.code === 'invalid_input') return error.message;
  return error instanceof ApiError
    ? `Could not load the report: ${error.message}`
    : 'Could not load the report. Check the connection and try again.';
}

export function AdminReportsRoute() {
  const [search, setSearch] = useReportSearch();
  const range = rangeOf(search, pakistanToday());
  const report = useReport(range ? { ...range, granularity: search.granularity } : null);
  const data = report.isError ? undefined : report.data;

  return (
    <Page title="Reports · Admin" heading="Reports" description="What came in, what went out and what the panel earned, in Pakistan days.">
      <div className="space-y-6">
        <div className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <ReportControls search={search} range={range} onChange={setSearch} />
          <ExportButtons range={report.isError ? null : range} />
        </div>
        {!range ? <FormAlert tone="info">Choose both days of the custom range.</FormAlert> : null}
        {report.isError ? <FormAlert>{reportFailure(report.error)}</FormAlert> : null}
        {range && report.isPending ? <LoadingBlock label="Loading the report..." /> : null}
        {data ? (
          <div className="space-y-6" aria-busy={report.isFetching || undefined}>
            <ReportTotals report={data} />
            <OwedBalances owed={data.owed} />
            <Suspense fallback={<LoadingBlock label="Loading the charts..." />}>
              <ReportCharts report={data} />
            </Suspense>
            <ReportTables report={data} />
          </div>
        ) : null}
      </div>
    </Page>
  );
}
