import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { ProvidersPanel } from '@/features/admin/components/providers-panel';

export function AdminProvidersRoute() {
  return (
    <Page title="Providers · Admin" heading="Providers" description="The panels we resell, their balances and their services.">
      <Card>
        <ProvidersPanel />
      </Card>
    </Page>
  );
}
