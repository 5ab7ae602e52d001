import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { ServicesPanel } from '@/features/admin/components/services-panel';

export function AdminServicesRoute() {
  return (
    <Page title="Services · Admin" heading="Services" description="The catalogue: services, prices, categories.">
      <Card>
        <ServicesPanel />
      </Card>
    </Page>
  );
}
