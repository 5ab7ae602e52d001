// Terms (`/terms`): the refund policy and what partial, cancel and refill mean, in the version in force.
import { Page } from '@/components/layout/page';
import { TermsText } from '@/components/terms/terms-text';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/spinner';
import { formatPakistanDateTime } from '@/lib/format';
import { useTerms } from '@/lib/terms';

export function TermsRoute() {
  const terms = useTerms();
  return (
    <Page
      title="Terms"
      heading="Terms"
      description={
        terms.data
          ? `Version ${terms.data.version}${terms.data.updatedAt ? `, updated ${formatPakistanDateTime(terms.data.updatedAt)}` : ''}`
          : 'Refunds, cancel, refill, and what is never refunded.'
      }
    >
      <Card aria-label="Terms">
        {terms.data ? (
          <TermsText text={terms.data.text} />
        ) : terms.isError ? (
          <LoadError what="The terms" retrying={terms.isFetching} onRetry={() => void terms.refetch()} />
        ) : (
          <LoadingBlock className="min-h-40" />
        )}
      </Card>
    </Page>
  );
}
