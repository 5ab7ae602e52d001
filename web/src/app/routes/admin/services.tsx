import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { ServicesPanel } from '@/features/admin/catalogue/components/services-panel';
import { UpdatesPanel } from '@/features/admin/catalogue/components/updates-panel';

export function AdminServicesRoute() {
  return (
    <Page
      title="Services · Admin"
      heading="Services"
      description="The catalogue: services, prices, categories, and the updates feed customers read."
    >
      <div className="space-y-6">
        <Card>
          <ServicesPanel />
        </Card>
        <Card>
          <UpdatesPanel />
        </Card>
      </div>
    </Page>
  );
}
