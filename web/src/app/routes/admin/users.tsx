// Until the Users section (issue 13, USERS) lands: the accounts list the old dashboard had.
import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { UsersPanel } from '@/features/admin/components/users-panel';

export function AdminUsersRoute() {
  return (
    <Page title="Users · Admin" heading="Users">
      <Card>
        <UsersPanel />
      </Card>
    </Page>
  );
}
