import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { AccountSuspended } from '@/features/dashboard/components/account-suspended';
import { MassOrderForm } from '@/features/orders/components/mass-order-form';
import { useProfile } from '@/lib/profile';
import { useSettings } from '@/lib/settings';

export function MassOrderRoute() {
  const profile = useProfile();
  const settings = useSettings();
  return (
    <Page title="Mass Order" heading="Mass Order" description="Place many orders at once: one order per line, each placed on its own.">
      <div className="space-y-6">
        <AccountSuspended blocked={profile.data?.blocked} supportChat={settings.data?.supportChat} />
        <MassOrderForm balance={profile.data?.balance} suspended={Boolean(profile.data?.blocked)} />
        <p className="text-sm text-slate-600">
          One order at a time?{' '}
          <Link to={paths.order.getHref()} className="font-semibold text-brand-700 hover:underline">
            Order Services
          </Link>
        </p>
      </div>
    </Page>
  );
}
