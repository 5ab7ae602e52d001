// The customer's statement: every movement of their balance, newest first, with the balance after it;
// filtered by days and type (in the URL), a page at a time, and the filtered range as a CSV file.
// Offline it shows what the service worker saved of /api/ledger, like the dashboard.
import { useState } from 'react';
import { BackToDashboard } from '@/components/layout/back-to-dashboard';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-field';
import { LoadMoreFooter } from '@/components/ui/load-more';
import { LoadingBlock } from '@/components/ui/spinner';
import { downloadStatement, useStatement } from '@/features/statement/api/get-statement';
import { StatementFilters } from '@/features/statement/components/statement-filters';
import { StatementTable } from '@/features/statement/components/statement-table';
import { useStatementFilter } from '@/features/statement/hooks/use-statement-filter';
import { ApiError, errorMessage } from '@/lib/api-error';

function loadFailure(error: unknown): string {
  if (error instanceof ApiError && error.code === 'invalid_input') return error.message;
  return errorMessage(error, 'Could not load your statement. Check the connection and try again.');
}

export function StatementRoute() {
  const [filter, setFilter] = useStatementFilter();
  const statement = useStatement(filter);
  const filtered = Boolean(filter.from || filter.to || filter.type);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadStatement(filter);
    } catch (error) {
      setDownloadError(errorMessage(error, 'The CSV could not be downloaded. Check the connection and try again.'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Page
      title="Statement"
      heading="Statement"
      description="Every top-up, order, refund and correction of your balance, newest first, in Pakistan time."
      actions={
        <Button variant="secondary" size="sm" loading={downloading} onClick={() => void download()}>
          Download CSV
        </Button>
      }
    >
      <div className="space-y-4">
        {downloadError ? <FormAlert>{downloadError}</FormAlert> : null}
        <Card aria-label="Filters">
          <StatementFilters key={`${filter.from}|${filter.to}|${filter.type}`} filter={filter} onApply={setFilter} />
        </Card>
        <Card aria-labelledby="statement-heading">
          <h2 id="statement-heading" className="sr-only">
            Entries
          </h2>
          {statement.isPending ? (
            <LoadingBlock className="min-h-40" />
          ) : statement.isError ? (
            <FormAlert>{loadFailure(statement.error)}</FormAlert>
          ) : (
            <StatementTable
              entries={statement.entries}
              emptyText={filtered ? 'No entries match these filters.' : 'No entries yet. Your top-ups and orders will show here.'}
              footer={<LoadMoreFooter query={statement} />}
            />
          )}
          {statement.isFetchNextPageError ? <FormAlert>{loadFailure(statement.error)}</FormAlert> : null}
        </Card>
        <BackToDashboard />
      </div>
    </Page>
  );
}
