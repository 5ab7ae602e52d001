import { Page } from '@/components/layout/page';
import { ApiAccess } from '@/features/api-keys/components/api-access';

export function ApiAccessRoute() {
  return (
    <Page title="API" heading="Reseller API" description="Sell our services from your own site or script, paid from your balance.">
      <ApiAccess />
    </Page>
  );
}
