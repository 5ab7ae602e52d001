import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { screenFrames } from '@/config/screen-frames';
import { AccountSuspended } from '@/features/dashboard/components/account-suspended';
import { OrderServices } from '@/features/orders/components/order-services';
import { OrderTips } from '@/features/orders/components/order-tips';
import { useProfile } from '@/lib/profile';
import { useSettings } from '@/lib/settings';

export function OrderRoute() {
  const [search] = useSearchParams();
  const profile = useProfile();
  const settings = useSettings();
  return (
    <Page {...screenFrames.order}>
      <div className="space-y-6">
        <AccountSuspended blocked={profile.data?.blocked} supportChat={settings.data?.supportChat} />
        <OrderServices
          balance={profile.data?.balance}
          balanceFailed={profile.isError ? { retry: () => void profile.refetch() } : undefined}
          search={search}
          suspended={Boolean(profile.data?.blocked)}
        />
        <p className="text-sm text-slate-600">
          Many orders at once?{' '}
          <Link to={paths.massOrder.getHref()} className="font-semibold text-brand-700 hover:underline">
            Mass Order
          </Link>
        </p>
        <OrderTips />
      </div>
    </Page>
  );
}
