import { Link, useParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { UserDetail } from '@/features/admin/components/user-detail';

export function AdminUserRoute() {
  const { uid = '' } = useParams();
  return (
    <Page
      title="User · Admin"
      heading="User"
      description={
        <Link to={paths.adminUsers.getHref()} className="text-brand-700 underline-offset-2 hover:underline">
          ← All users
        </Link>
      }
    >
      <UserDetail key={uid} uid={uid} />
    </Page>
  );
}
