import { Page } from '@/components/layout/page';
import { ReferralsOverview } from '@/features/referrals/components/referrals-overview';

export function ReferralsRoute() {
  return (
    <Page title="Referrals" heading="Referrals" description="Your link, the accounts it brought and what they earned you.">
      <ReferralsOverview />
    </Page>
  );
}
