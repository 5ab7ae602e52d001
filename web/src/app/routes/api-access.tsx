import { Page } from '@/components/layout/page';
import { OnlineOnly } from '@/components/pwa/online-only';
import { ApiAccess } from '@/features/api-keys/components/api-access';

export function ApiAccessRoute() {
  return (
    <Page title="API" heading="Reseller API" description="Sell our services from your own site or script, paid from your balance.">
      {/* Every action here needs the server (keys are never cached). */}
      <OnlineOnly reason="You are offline. API keys can be created, replaced or revoked once you are back online.">
        <ApiAccess />
      </OnlineOnly>
    </Page>
  );
}
