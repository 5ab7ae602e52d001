import { PanelPage } from '@/app/routes/admin/panel-page';
import { ServicesPanel } from '@/features/admin/catalogue/components/services-panel';

export function AdminServicesRoute() {
  return (
    <PanelPage section="Services" description="The catalogue: services, prices, categories.">
      <ServicesPanel />
    </PanelPage>
  );
}
