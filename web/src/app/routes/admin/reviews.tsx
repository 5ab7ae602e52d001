// /admin/reviews: the reviews visitors posted, held until an admin approves them for About (issue 29).
import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { ReviewsPanel } from '@/features/admin/components/reviews-panel';

export function AdminReviewsRoute() {
  return (
    <Page title="Reviews · Admin" heading="Reviews" description="Reviews show on About once approved; the longest waiting on top.">
      <Card>
        <ReviewsPanel />
      </Card>
    </Page>
  );
}
