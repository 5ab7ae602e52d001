import { PanelPage } from '@/app/routes/admin/panel-page';
import { UsersPanel } from '@/features/admin/accounts/components/users-panel';

export function AdminUsersRoute() {
  return (
    <PanelPage section="Users" description="Every account, its balance and state. Open one to adjust or block it.">
      <UsersPanel />
    </PanelPage>
  );
}
