import { useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { OrderServices } from '@/features/orders/components/order-services';
import { OrderTips } from '@/features/orders/components/order-tips';
import { QualityChips } from '@/features/orders/components/quality-chips';
import { useProfile } from '@/lib/profile';

export function OrderRoute() {
  const [search] = useSearchParams();
  const profile = useProfile();
  return (
    <Page
      title="Order Services"
      heading="Order Services"
      description="Pick a platform and a service, paste your link and choose a quantity."
    >
      <div className="space-y-6">
        <QualityChips />
        <OrderServices
          balance={profile.data?.balance}
          balanceFailed={profile.isError ? { retry: () => void profile.refetch() } : undefined}
          search={search}
        />
        <OrderTips />
      </div>
    </Page>
  );
}
