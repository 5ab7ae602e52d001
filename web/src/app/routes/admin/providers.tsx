import { PanelPage } from '@/app/routes/admin/panel-page';
import { ProvidersPanel } from '@/features/admin/providers/components/providers-panel';

export function AdminProvidersRoute() {
  return (
    <PanelPage section="Providers" description="The panels we resell, their balances and their services.">
      <ProvidersPanel />
    </PanelPage>
  );
}
