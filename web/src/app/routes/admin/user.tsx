import { ByParam } from '@/app/by-param';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { UserDetail } from '@/features/admin/accounts/components/user-detail';

export function AdminUserRoute() {
  return (
    <Page title="User · Admin" heading="User" back={{ to: paths.adminUsers.getHref(), label: 'All users' }}>
      <ByParam name="uid">{(uid) => <UserDetail uid={uid} />}</ByParam>
    </Page>
  );
}
