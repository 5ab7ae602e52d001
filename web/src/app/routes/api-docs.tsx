import { Page } from '@/components/layout/page';
import { ApiDocs } from '@/features/api-docs/components/api-docs';

export function ApiDocsRoute() {
  return (
    <Page
      title="API documentation"
      heading="API documentation"
      description="Everything a reseller script needs to order, track, cancel and refill through our API v2."
      width="max-w-4xl"
    >
      <ApiDocs />
    </Page>
  );
}
