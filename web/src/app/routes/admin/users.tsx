import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { UsersPanel } from '@/features/admin/components/users-panel';

export function AdminUsersRoute() {
  return (
    <Page title="Users · Admin" heading="Users" description="Every account, its balance and state. Open one to adjust or block it.">
      <Card>
        <UsersPanel />
      </Card>
    </Page>
  );
}
