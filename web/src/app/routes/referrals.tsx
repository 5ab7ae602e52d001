import { Page } from '@/components/layout/page';
import { ReferralsOverview } from '@/features/referrals/components/referrals-overview';

export function ReferralsRoute() {
  return (
    <Page title="Referrals" heading="Referrals" description="Share your link: you earn from every top-up of the accounts it brings.">
      <ReferralsOverview />
    </Page>
  );
}
